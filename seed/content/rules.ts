import { h, list, p, type ContentSeed } from "./types.ts";

export const rules: ContentSeed = {
  fa: {
    title: "قوانین و مقررات",
    description:
      "شرایط خرید از {name}: مسئولیت اطلاعات مسافر، پرداخت به تومان از درگاه‌های بانکی شاپرک، صدور بلیط، لغو و استرداد و حریم خصوصی.",
    h1: "قوانین و مقررات",
    h2: "شرایط استفاده از خدمات {name}",
    blocks: [
      p(
        "با خرید از {name} این شرایط را می‌پذیرید. {name} بلیط و خدمات سفر را از سوی ایرلاین‌ها، راه‌آهن، شرکت‌های مسافربری، هتل‌ها و بیمه‌گران می‌فروشد. قوانین هر شرکت درباره سفر، بار و استرداد هم بخشی از این شرایط است و پیش از پرداخت به شما نشان داده می‌شود.",
      ),
      h("خرید و پرداخت"),
      list(
        "درستی نام، کد ملی یا شماره گذرنامه، تاریخ تولد و شماره تماس مسافران بر عهده خریدار است. بلیط پس از صدور به نام شخص دیگری منتقل نمی‌شود.",
        "در هر خرید دست‌کم یک بزرگسال لازم است؛ بزرگسالان و کودکان روی هم حداکثر ۹ نفرند و نوزادان نباید از بزرگسالان بیشتر باشند.",
        "همه قیمت‌ها به تومان و با همه هزینه‌ها نمایش داده می‌شود. اگر شرکت حمل‌ونقل پیش از پرداخت قیمت یا ظرفیت را تغییر دهد، پیش از گرفتن هر مبلغی به شما خبر می‌دهیم.",
        "پرداخت فقط از درگاه‌های بانکی عضو شاپرک و با کارت‌های شبکه شتاب انجام می‌شود. اطلاعات کارت را فقط در صفحه بانک وارد کنید؛ {name} شماره کارت، رمز دوم و CVV2 شما را نه می‌بیند و نه نگه می‌دارد.",
        "اگر پس از پرداخت بلیط صادر نشود، همه مبلغ بی‌کم‌وکاست به شما بازگردانده می‌شود.",
        "فاکتور رسمی خریدهای شرکتی ظرف ۷۲ ساعت در سامانه مؤدیان ثبت می‌شود.",
      ),
      h("لغو و استرداد"),
      p(
        "استرداد طبق قوانین شرکت حمل‌ونقل یا هتل و بر پایه زمان باقی‌مانده تا سفر انجام می‌شود و مبلغ جریمه پیش از تأیید لغو به شما نمایش داده می‌شود. مبلغ بازگشتی به حسابی واریز می‌شود که شماره شبای آن را ثبت کرده‌اید. جزئیات را در صفحه راهنمای استرداد بخوانید.",
      ),
      h("حریم خصوصی"),
      p(
        "اطلاعات شما فقط برای انجام خرید، صدور بلیط، پشتیبانی و انجام تکلیف‌های قانونی به کار می‌رود و تنها با شرکتی که سفر را ارائه می‌کند و نهادهای قانونی در میان گذاشته می‌شود. اطلاعات شما را به هیچ‌کس نمی‌فروشیم. کوکی‌های سایت فقط برای به خاطر سپردن زبان و نگه داشتن ورود شما به حساب کاربری به کار می‌روند.",
      ),
    ],
  },
  en: {
    title: "Terms and conditions",
    description:
      "The terms of buying from {name}: passenger details, paying in toman through Shaparak bank gateways, ticket issue, cancellations and refunds, and privacy.",
    h1: "Terms and conditions",
    h2: "The terms of using {name}",
    blocks: [
      p(
        "By buying from {name} you accept these terms. {name} sells tickets and travel services on behalf of airlines, the railway, coach companies, hotels and insurers. Each provider's own rules on travel, baggage and refunds are part of these terms, and they are shown to you before you pay.",
      ),
      h("Booking and payment"),
      list(
        "The buyer is responsible for the passengers' names, national codes or passport numbers, dates of birth and contact numbers being correct. Once issued, a ticket can't be transferred to another person.",
        "Every booking needs at least one adult; adults and children together are at most 9, and there can't be more infants than adults.",
        "All prices are shown in toman with every charge included. If a carrier changes the price or availability before you pay, we tell you before taking any money.",
        "Payment is made only through Shaparak-licensed bank gateways, with cards on the Shetab network. Enter your card details on the bank's page only; {name} never sees or stores your card number, online PIN or CVV2.",
        "If no ticket is issued after you pay, the whole amount is returned to you.",
        "Official invoices for company purchases are registered in the national tax system within 72 hours.",
      ),
      h("Cancellations and refunds"),
      p(
        "Refunds follow the rules of the carrier or hotel and depend on the time left before the trip; the penalty is shown to you before you confirm a cancellation. The money is paid into the account whose Sheba number you registered. The refund guide has the details.",
      ),
      h("Privacy"),
      p(
        "We use your details only to complete your booking, issue tickets, support you and meet our legal obligations, and share them only with the company providing your trip and with the authorities where the law requires it. We never sell your data. The site's cookies only remember your language and keep you signed in.",
      ),
    ],
  },
  ar: {
    title: "الشروط والأحكام",
    description:
      "شروط الشراء من {name}: بيانات المسافرين، والدفع بالتومان عبر بوابات شاپرك المصرفية، وإصدار التذاكر، والإلغاء والاسترداد، والخصوصية.",
    h1: "الشروط والأحكام",
    h2: "شروط استخدام خدمات {name}",
    blocks: [
      p(
        "بالشراء من {name} توافقون على هذه الشروط. يبيع {name} التذاكر وخدمات السفر نيابةً عن شركات الطيران والسكك الحديدية وشركات النقل بالحافلات والفنادق وشركات التأمين، وتُعدّ قواعد كل جهة بشأن السفر والأمتعة والاسترداد جزءًا من هذه الشروط، وتُعرض عليكم قبل الدفع.",
      ),
      h("الحجز والدفع"),
      list(
        "يتحمّل المشتري مسؤولية صحة أسماء المسافرين وأرقامهم الوطنية أو أرقام جوازاتهم وتواريخ ميلادهم وأرقام التواصل معهم. ولا يجوز نقل التذكرة بعد إصدارها إلى شخص آخر.",
        "لا بد في كل حجز من بالغ واحد على الأقل؛ ولا يتجاوز مجموع البالغين والأطفال ٩ أشخاص، ولا يزيد عدد الرضّع على عدد البالغين.",
        "تُعرض جميع الأسعار بالتومان شاملةً كل الرسوم. وإذا غيّرت شركة النقل السعر أو المقاعد المتاحة قبل الدفع، نُعلمكم بذلك قبل أن نتقاضى أي مبلغ.",
        "يتم الدفع حصرًا عبر بوابات مصرفية معتمدة من شبكة شاپرك وببطاقات شبكة شتاب. أدخلوا بيانات البطاقة في صفحة المصرف فقط؛ فلا يرى {name} رقم بطاقتكم ولا رمزها الثاني ولا رمز CVV2 ولا يحتفظ بها.",
        "إذا لم تصدر التذكرة بعد الدفع، يُعاد إليكم المبلغ كاملًا.",
        "تُسجَّل الفواتير الرسمية لمشتريات الشركات في منظومة الضرائب الوطنية خلال ٧٢ ساعة.",
      ),
      h("الإلغاء والاسترداد"),
      p(
        "يخضع الاسترداد لقواعد شركة النقل أو الفندق ويتوقف على الوقت المتبقي حتى موعد الرحلة، وتظهر لكم الغرامة قبل تأكيد الإلغاء. ويُحوَّل المبلغ إلى الحساب الذي سجّلتم رقم شبا الخاص به. التفاصيل في صفحة دليل الاسترداد.",
      ),
      h("الخصوصية"),
      p(
        "نستخدم بياناتكم فقط لإتمام الحجز وإصدار التذاكر وتقديم الدعم والوفاء بالتزاماتنا القانونية، ولا نشاركها إلا مع الجهة التي تقدّم رحلتكم ومع الجهات الرسمية حين يفرض القانون ذلك. لا نبيع بياناتكم لأحد. وتقتصر ملفات تعريف الارتباط في الموقع على تذكّر لغتكم والإبقاء على تسجيل دخولكم.",
      ),
    ],
  },
};
