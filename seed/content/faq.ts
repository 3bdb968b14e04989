import { h, list, p, q, type ContentSeed } from "./types.ts";

export const faq: ContentSeed = {
  fa: {
    title: "پرسش‌های پرتکرار",
    description:
      "پاسخ پرسش‌های رایج درباره خرید بلیط، پرداخت، بلیط الکترونیکی، استرداد، تغییر نام، بار مجاز و بلیط کودک و نوزاد در {name}.",
    h1: "پرسش‌های پرتکرار",
    h2: "آنچه پیش از خرید و پس از آن باید بدانید",
    blocks: [
      p(
        "پاسخ رایج‌ترین پرسش‌های مسافران را درباره خرید، پرداخت، بلیط الکترونیکی، استرداد و سفر با کودک این‌جا گرد آورده‌ایم. اگر پاسخ پرسشتان را پیدا نکردید، پشتیبانی {name} در همه ساعت‌های شبانه‌روز پاسخگوست.",
      ),
      h("راه‌های کوتاه‌تر"),
      list(
        "دیدن وضعیت بلیط، دریافت دوباره آن و درخواست استرداد: بخش پیگیری خرید",
        "جریمه‌ها و مهلت‌های لغو هر نوع سفر: صفحه راهنمای استرداد",
        "حسابی که مبلغ استرداد به آن واریز می‌شود: صفحه شماره شبا",
      ),
    ],
    questions: [
      q(
        "برای خرید بلیط باید ثبت‌نام کنم؟",
        "نه. بدون ثبت‌نام هم می‌توانید خرید کنید و بلیط به شماره موبایل و ایمیلی که وارد کرده‌اید فرستاده می‌شود. اگر با شماره موبایل و کد تأییدی که برایتان پیامک می‌شود وارد حساب کاربری شوید، فهرست مسافران قبلی، سابقه خریدها و کیف پول را هم در اختیار دارید.",
      ),
      q(
        "خرید بلیط چه مراحلی دارد؟",
        "سفر را جست‌وجو کنید و گزینه مناسب را برگزینید، مشخصات مسافران را وارد کنید، اطلاعات را بازبینی و تأیید کنید و سپس پرداخت کنید. بلیط بلافاصله پس از پرداخت موفق صادر می‌شود و شماره آن را برایتان پیامک می‌کنیم.",
      ),
      q(
        "با چه کارت‌هایی می‌توانم پرداخت کنم؟",
        "با همه کارت‌های بانکی عضو شبکه شتاب و از راه درگاه‌های پرداختی که زیر نظر شاپرک کار می‌کنند. مبلغ‌ها به تومان نمایش داده می‌شوند. شماره کارت، رمز دوم و CVV2 را فقط در صفحه بانک وارد می‌کنید و این اطلاعات هرگز به ما نمی‌رسد. درگاه‌های بانکی برای هر نفر سقف پرداخت روزانه دارند (حدود ۱۰۰ میلیون تومان)؛ برای خریدهای بزرگ‌تر با پشتیبانی هماهنگ کنید تا پرداخت در چند مرحله انجام شود.",
      ),
      q(
        "پول از حسابم کم شد ولی بلیط صادر نشد. چه کنم؟",
        "نگران نباشید: هر پرداخت یا به صدور بلیط می‌رسد یا مبلغش به شما برمی‌گردد. اگر بانک پرداخت را برای ما تأیید نکند، خودش تراکنش را برگشت می‌زند و پول به کارتتان بازمی‌گردد. اگر پس از چند ساعت نه بلیطی داشتید و نه پولی برگشته بود، با شماره پیگیری خرید با پشتیبانی تماس بگیرید.",
      ),
      q(
        "بلیط الکترونیکی را کجا ببینم؟ باید آن را چاپ کنم؟",
        "پس از صدور، شماره بلیط پیامک و فایل آن به ایمیلتان فرستاده می‌شود و همیشه از بخش پیگیری خرید هم در دسترس است. در بیشتر سفرها نسخه روی گوشی به همراه کارت شناسایی معتبر کافی است. بعضی شرکت‌های اتوبوسرانی در پایانه کارت سوار شدن جداگانه می‌دهند؛ پس کمی زودتر به پایانه بروید.",
      ),
      q(
        "چطور بلیط را لغو کنم و چقدر جریمه دارد؟",
        "بلیط را در بخش پیگیری خرید پیدا کنید و درخواست استرداد بدهید. مبلغ جریمه و مبلغ بازگشتی پیش از تأیید نهایی نمایش داده می‌شود. جریمه به نوع سفر و زمان باقی‌مانده تا حرکت بستگی دارد: اتوبوس و قطار قانون ثابتی دارند و در پرواز، هر ایرلاین بر پایه کلاس نرخی بلیط جریمه خودش را تعیین می‌کند. جزئیات را در صفحه راهنمای استرداد ببینید.",
      ),
      q(
        "مبلغ استرداد کی و به کجا واریز می‌شود؟",
        "به حساب بانکی‌ای که شماره شبای آن را ثبت کرده‌اید. زمان واریز به شرکت حمل‌ونقل بستگی دارد؛ استرداد پرواز معمولاً ظرف ۲۴ تا ۷۲ ساعت پرداخت می‌شود. شماره شبا را با دقت وارد کنید تا واریز برگشت نخورد.",
      ),
      q(
        "می‌توانم نام مسافر را پس از خرید عوض کنم؟",
        "نه. بلیط به نام مسافر صادر می‌شود و به شخص دیگری منتقل نمی‌شود. اگر نام را اشتباه وارد کرده‌اید، هر چه زودتر با پشتیبانی تماس بگیرید؛ معمولاً باید بلیط را استرداد کنید و دوباره بخرید. اگر هنوز در یک ساعت اول پس از خرید بلیط قطار یا اتوبوس باشید، این کار جریمه ندارد (برای اتوبوس به شرط آنکه بیش از دو ساعت تا حرکت مانده باشد). در پرواز خارجی نام لاتین باید درست مانند گذرنامه نوشته شود.",
      ),
      q(
        "چقدر بار می‌توانم همراه داشته باشم؟",
        "بار مجاز پرواز را ایرلاین بر پایه مسیر و کلاس نرخی تعیین می‌کند و روی بلیط الکترونیکی نوشته شده است؛ در بسیاری از پروازهای داخلی، کلاس اقتصادی ۲۰ کیلوگرم بار دارد. بار اضافه را در فرودگاه با نرخ ایرلاین حساب می‌کنند. در قطار و اتوبوس، بار باید در جای مخصوص یا زیر صندلی جا شود؛ برای بار حجیم پیش از سفر با شرکت مسافربری هماهنگ کنید.",
      ),
      q(
        "بلیط کودک و نوزاد چطور حساب می‌شود؟",
        "سن مسافر در تاریخ آخرین بخش سفر ملاک است: نوزاد زیر ۲ سال، کودک از ۲ تا ۱۲ سال و بزرگسال از ۱۲ سال به بالا. نوزاد باید دست‌کم ۱۰ روز سن داشته باشد. در پرواز داخلی بلیط نوزاد حدود ۱۰ درصد قیمت بزرگسال است و صندلی جدا ندارد؛ در قطار کودک نیم‌بها و نوزاد بدون صندلی حدود ۱۰ درصد قیمت می‌پردازد. در هر خرید دست‌کم یک بزرگسال لازم است، نوزادان نباید از بزرگسالان بیشتر باشند و بزرگسالان و کودکان روی هم حداکثر ۹ نفرند.",
      ),
      q(
        "می‌توانم برای کس دیگری بلیط بخرم؟",
        "بله. مشخصات مسافر را همان‌طور که در کارت ملی یا گذرنامه اوست وارد کنید؛ خریدار و مسافر لازم نیست یکی باشند. اگر می‌خواهید کس دیگری هزینه را بپردازد، می‌توانید پیوند پرداخت را برایش بفرستید.",
      ),
      q(
        "پشتیبانی چه ساعت‌هایی پاسخ می‌دهد؟",
        "پشتیبانی {name} همه روزهای هفته و در تمام ساعت‌های شبانه‌روز، حتی روزهای تعطیل، پاسخگوست. شماره تلفن‌ها و نشانی ایمیل در صفحه تماس با ما آمده است.",
      ),
    ],
  },
  en: {
    title: "Frequently asked questions",
    description:
      "Answers about buying tickets with {name}: payment, e-tickets, refunds, name changes, baggage, and fares for children and infants.",
    h1: "Frequently asked questions",
    h2: "What to know before you book, and after",
    blocks: [
      p(
        "We've gathered the questions travellers ask most about booking, paying, e-tickets, refunds and travelling with children. If yours isn't here, {name} support answers at any hour of the day or night.",
      ),
      h("Shortcuts"),
      list(
        "Checking a ticket, downloading it again or asking for a refund: booking tracking",
        "Penalties and cancellation deadlines for each kind of trip: the refund guide",
        "The account your refunds are paid into: the Sheba number page",
      ),
    ],
    questions: [
      q(
        "Do I need an account to buy a ticket?",
        "No. You can book as a guest, and the ticket is sent to the mobile number and e-mail address you enter. If you sign in with your mobile number and the code we text you, you also get your saved passengers, your booking history and your wallet.",
      ),
      q(
        "How does booking work?",
        "Search for your trip and pick an option, enter the passengers' details, check and confirm them, then pay. The ticket is issued as soon as the payment goes through, and we text you its number.",
      ),
      q(
        "Which cards can I pay with?",
        "Any bank card on the Shetab network, through payment gateways licensed by Shaparak. Prices are shown in toman. You type your card number, online PIN and CVV2 only on the bank's own page, and they never reach us. Bank gateways cap what one person can pay in a day (about 100 million toman); for larger orders, talk to support and pay in stages.",
      ),
      q(
        "Money left my account but no ticket was issued. What now?",
        "Don't worry: every payment ends either in an issued ticket or in your money coming back. If the bank doesn't confirm the payment to us, it reverses the transaction itself and the amount returns to your card. If a few hours later you have neither a ticket nor your money, call support with your booking reference.",
      ),
      q(
        "Where is my e-ticket, and do I need to print it?",
        "Once issued, the ticket number is texted to you, the ticket itself is e-mailed, and it is always available under booking tracking. For most trips, the copy on your phone plus a valid photo ID is enough. Some bus companies hand out a separate boarding card at the terminal, so get there a little early.",
      ),
      q(
        "How do I cancel, and what will it cost?",
        "Find the ticket under booking tracking and ask for a refund. The penalty and the amount you'll get back are shown before you confirm. The penalty depends on the kind of trip and the time left before departure: buses and trains follow fixed rules, while each airline sets its own penalties by fare class. The refund guide has the details.",
      ),
      q(
        "When and where is my refund paid?",
        "Into the bank account whose Sheba number you registered. How long it takes depends on the carrier; flight refunds are usually paid within 24 to 72 hours. Enter your Sheba number carefully so the transfer doesn't bounce.",
      ),
      q(
        "Can I change the passenger's name after booking?",
        "No. A ticket is issued in the passenger's name and can't be passed to someone else. If you misspelled a name, contact support straight away; usually the ticket has to be refunded and bought again. Within the first hour after buying a train or bus ticket this costs nothing (for buses, as long as more than two hours remain before departure). On international flights the name in Latin letters must match the passport exactly.",
      ),
      q(
        "How much baggage can I take?",
        "The airline sets the allowance by route and fare class, and it is printed on your e-ticket; on many domestic flights economy passengers get 20 kg. Excess baggage is charged at the airport at the airline's rates. On trains and buses, luggage has to fit in the racks or the hold; check with the company before you travel with anything bulky.",
      ),
      q(
        "How are children and infants charged?",
        "Age on the date of the last leg of the trip counts: infants are under 2, children 2 to 12, adults 12 and over. An infant must be at least 10 days old. On domestic flights an infant pays about 10% of the adult fare and has no seat of its own; on trains a child pays half fare and an infant without a seat about 10%. Every booking needs at least one adult, there can't be more infants than adults, and adults and children together are at most 9.",
      ),
      q(
        "Can I buy a ticket for someone else?",
        "Yes. Enter the passenger's details exactly as they appear on their national ID card or passport; the buyer and the passenger don't have to be the same person. If someone else is paying, you can send them a payment link.",
      ),
      q(
        "When is support available?",
        "{name} support answers every day of the week, at any hour, public holidays included. You'll find the phone numbers and e-mail address on the contact page.",
      ),
    ],
  },
  ar: {
    title: "الأسئلة الشائعة",
    description:
      "إجابات عن شراء التذاكر من {name}: الدفع والتذكرة الإلكترونية والاسترداد وتغيير الاسم والأمتعة وأسعار تذاكر الأطفال والرضّع.",
    h1: "الأسئلة الشائعة",
    h2: "ما تحتاجون معرفته قبل الحجز وبعده",
    blocks: [
      p(
        "جمعنا هنا أكثر ما يسأل عنه المسافرون بشأن الحجز والدفع والتذكرة الإلكترونية والاسترداد والسفر مع الأطفال. وإن لم تجدوا جواب سؤالكم، فدعم {name} متاح في أي ساعة من الليل أو النهار.",
      ),
      h("طرق مختصرة"),
      list(
        "متابعة حالة التذكرة وتنزيلها من جديد وطلب الاسترداد: قسم متابعة الحجز",
        "الغرامات والمهل الخاصة بإلغاء كل نوع من الرحلات: صفحة دليل الاسترداد",
        "الحساب الذي يُحوَّل إليه مبلغ الاسترداد: صفحة رقم شبا",
      ),
    ],
    questions: [
      q(
        "هل أحتاج إلى التسجيل لشراء تذكرة؟",
        "لا. يمكنكم الشراء دون تسجيل، وتُرسل التذكرة إلى رقم الجوال والبريد الإلكتروني اللذين تدخلونهما. وإذا سجّلتم الدخول برقم الجوال ورمز التحقق الذي يصلكم برسالة نصية، فستجدون أيضًا قائمة المسافرين السابقين وسجل الحجوزات والمحفظة.",
      ),
      q(
        "ما خطوات شراء التذكرة؟",
        "ابحثوا عن رحلتكم واختاروا ما يناسبكم، ثم أدخلوا بيانات المسافرين وراجعوها وأكّدوها، ثم ادفعوا. تصدر التذكرة فور نجاح الدفع، ونرسل إليكم رقمها برسالة نصية.",
      ),
      q(
        "بأي بطاقات يمكنني الدفع؟",
        "بجميع البطاقات المصرفية المنضمة إلى شبكة شتاب، عبر بوابات دفع تعمل تحت إشراف شبكة شاپرك. تظهر المبالغ بالتومان. تُدخلون رقم البطاقة والرمز الثاني ورمز CVV2 في صفحة المصرف فقط، ولا تصل هذه البيانات إلينا أبدًا. وللبوابات المصرفية حدّ يومي لما يدفعه الشخص الواحد (نحو ١٠٠ مليون تومان)؛ وللطلبات الأكبر نسّقوا مع الدعم للدفع على مراحل.",
      ),
      q(
        "خُصم المبلغ من حسابي ولم تصدر التذكرة. ماذا أفعل؟",
        "لا تقلقوا: كل عملية دفع تنتهي إما بإصدار التذكرة وإما بإعادة المبلغ إليكم. فإذا لم يؤكّد المصرف الدفع لنا، يلغي العملية بنفسه ويعود المبلغ إلى بطاقتكم. وإن مرّت بضع ساعات دون تذكرة ودون أن يعود المبلغ، فاتصلوا بالدعم ومعكم رقم متابعة الحجز.",
      ),
      q(
        "أين أجد التذكرة الإلكترونية؟ وهل يجب أن أطبعها؟",
        "بعد الإصدار يصلكم رقم التذكرة برسالة نصية وتُرسل التذكرة إلى بريدكم الإلكتروني، وهي متاحة دائمًا في قسم متابعة الحجز. في أغلب الرحلات تكفي النسخة المحفوظة على الهاتف مع وثيقة هوية سارية. وبعض شركات الحافلات تسلّم بطاقة صعود منفصلة في المحطة، فاحرصوا على الوصول مبكرًا قليلًا.",
      ),
      q(
        "كيف ألغي التذكرة، وكم تبلغ الغرامة؟",
        "ابحثوا عن التذكرة في قسم متابعة الحجز واطلبوا الاسترداد. تظهر الغرامة والمبلغ المسترد قبل التأكيد النهائي. وتتوقف الغرامة على نوع الرحلة والوقت المتبقي حتى الانطلاق: للحافلات والقطارات قواعد ثابتة، أما في الطيران فتحدد كل شركة غراماتها حسب فئة سعر التذكرة. التفاصيل في صفحة دليل الاسترداد.",
      ),
      q(
        "متى وأين يُدفع مبلغ الاسترداد؟",
        "إلى الحساب المصرفي الذي سجّلتم رقم شبا الخاص به. وتتوقف المدة على شركة النقل؛ فمبالغ استرداد تذاكر الطيران تُدفع عادةً خلال ٢٤ إلى ٧٢ ساعة. أدخلوا رقم شبا بعناية حتى لا يُرفض التحويل ويعود.",
      ),
      q(
        "هل يمكنني تغيير اسم المسافر بعد الشراء؟",
        "لا. تصدر التذكرة باسم المسافر ولا يمكن نقلها إلى شخص آخر. إن أخطأتم في كتابة الاسم فاتصلوا بالدعم فورًا؛ وغالبًا ما يلزم استرداد التذكرة وشراء أخرى. وإن كنتم ما زلتم في الساعة الأولى بعد شراء تذكرة القطار أو الحافلة فلا غرامة على ذلك (في الحافلة بشرط أن يبقى أكثر من ساعتين على الانطلاق). وفي الرحلات الدولية يجب أن يطابق الاسم بالأحرف اللاتينية ما في جواز السفر تمامًا.",
      ),
      q(
        "ما وزن الأمتعة المسموح به؟",
        "تحدد شركة الطيران الوزن المسموح به حسب المسار وفئة السعر، وهو مدوّن على التذكرة الإلكترونية؛ وفي كثير من الرحلات الداخلية تسمح الدرجة الاقتصادية بـ ٢٠ كيلوغرامًا. وتُحسب الأمتعة الزائدة في المطار بتعرفة شركة الطيران. أما في القطار والحافلة فيجب أن تتسع الأمتعة في مكانها المخصص أو تحت المقعد؛ وللأمتعة الكبيرة نسّقوا مع الشركة قبل السفر.",
      ),
      q(
        "كيف تُحتسب تذاكر الأطفال والرضّع؟",
        "العبرة بعمر المسافر في تاريخ آخر جزء من الرحلة: الرضيع دون السنتين، والطفل من سنتين إلى ١٢ سنة، والبالغ من ١٢ سنة فما فوق. ويجب ألا يقل عمر الرضيع عن ١٠ أيام. في الرحلات الجوية الداخلية يدفع الرضيع نحو ١٠٪ من سعر البالغ ولا يحصل على مقعد مستقل؛ وفي القطار يدفع الطفل نصف السعر والرضيع بلا مقعد نحو ١٠٪. ولا بد في كل حجز من بالغ واحد على الأقل، ولا يجوز أن يزيد عدد الرضّع على عدد البالغين، ولا يتجاوز مجموع البالغين والأطفال ٩ أشخاص.",
      ),
      q(
        "هل يمكنني شراء تذكرة لشخص آخر؟",
        "نعم. أدخلوا بيانات المسافر كما هي في بطاقته الوطنية أو جواز سفره؛ فلا يشترط أن يكون المشتري هو المسافر. وإن أردتم أن يدفع شخص آخر، يمكنكم إرسال رابط الدفع إليه.",
      ),
      q(
        "في أي ساعات يعمل الدعم؟",
        "يجيب دعم {name} طوال أيام الأسبوع وعلى مدار الساعة، بما في ذلك أيام العطل الرسمية. تجدون أرقام الهواتف والبريد الإلكتروني في صفحة اتصل بنا.",
      ),
    ],
  },
};
