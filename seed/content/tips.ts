import { h, list, p, type ContentSeed } from "./types.ts";

export const tips: ContentSeed = {
  fa: {
    title: "نکته‌های سفر",
    description:
      "نکته‌های کاربردی برای سفری آسوده‌تر با هواپیما، قطار و اتوبوس: زمان خرید، مدارک، رسیدن به‌موقع، بلیط‌های پرتقاضا و لغو سفر.",
    h1: "نکته‌های سفر",
    h2: "چند کار ساده که سفر را آسوده‌تر می‌کند",
    blocks: [
      h("پیش از خرید"),
      list(
        "برای نوروز، تعطیلات تابستان و تعطیلی‌های چندروزه زودتر بلیط بخرید؛ مسیرهای پرمسافر مثل تهران–مشهد زودتر از بقیه پر می‌شوند.",
        "اگر تاریخ سفرتان جابه‌جاشدنی است، قیمت روزهای نزدیک را هم ببینید؛ گاهی یک روز جلو یا عقب رفتن تفاوت قیمت چشمگیری دارد.",
        "قطار دلخواهتان پر است؟ صندلی‌های استردادی بی‌درنگ دوباره به فروش می‌رسند و سهمیه نگه‌داشته‌شده معمولاً ساعت ۱۰ صبح روز پیش از حرکت آزاد می‌شود. «خبرم کن» را روشن کنید تا جا ماندن از این فرصت‌ها را به ما بسپارید.",
        "نام و کد ملی مسافران را درست مانند کارت شناسایی‌شان وارد کنید و برای پرواز خارجی نام لاتین را از روی گذرنامه بنویسید.",
      ),
      h("روز سفر"),
      list(
        "برای پرواز داخلی دست‌کم دو ساعت و برای پرواز خارجی سه ساعت پیش از پرواز در فرودگاه باشید و فرودگاه و ترمینال را از روی بلیط نگاه کنید.",
        "کارت ملی یا گذرنامه معتبر همراه داشته باشید؛ کودک و نوزاد هم مدرک شناسایی لازم دارند.",
        "اگر خودرویتان را با قطار می‌فرستید، ایستگاه از ساعت ۸ صبح روز سفر خودرو را تحویل می‌گیرد؛ مدارک خودرو را فراموش نکنید.",
        "بلیط الکترونیکی را روی گوشی ذخیره کنید تا بی‌اینترنت هم در دسترس باشد.",
      ),
      h("اگر برنامه عوض شد"),
      p(
        "هرچه زودتر لغو کنید، جریمه کمتری می‌پردازید. لغو بلیط قطار و اتوبوس در یک ساعت اول پس از خرید رایگان است (برای اتوبوس به شرط آنکه بیش از دو ساعت تا حرکت مانده باشد). شماره شبای خود را از پیش در حساب کاربری ثبت کنید تا مبلغ استرداد بی‌معطلی واریز شود.",
      ),
    ],
  },
  en: {
    title: "Travel tips",
    description:
      "Practical tips for an easier trip by plane, train or bus: when to book, what to carry, getting there on time, sold-out trains and changing your plans.",
    h1: "Travel tips",
    h2: "A few simple habits that make any trip easier",
    blocks: [
      h("Before you book"),
      list(
        "Book early for Nowruz, the summer holidays and long weekends; busy routes such as Tehran–Mashhad sell out first.",
        "If your dates are flexible, compare the days around them; moving a trip by a single day can change the price a lot.",
        "Your train is full? Returned seats go straight back on sale, and the held-back quota is usually released at 10:00 the day before departure. Turn on “notify me” and let us watch for those seats.",
        "Enter every passenger's name and national code exactly as on their ID, and for international flights copy the Latin name from the passport.",
      ),
      h("On the day"),
      list(
        "Be at the airport at least two hours before a domestic flight and three hours before an international one, and check the airport and terminal on your ticket.",
        "Carry a valid national ID card or passport; children and infants need identity documents too.",
        "Sending your car by train? The station accepts cars from 08:00 on the day of travel; bring the car's papers.",
        "Save your e-ticket on your phone so you have it even without a connection.",
      ),
      h("If your plans change"),
      p(
        "The sooner you cancel, the smaller the penalty. Train and bus tickets can be cancelled free of charge within the first hour after purchase (for buses, as long as more than two hours remain before departure). Register your Sheba number in your account ahead of time, so refunds reach you without delay.",
      ),
    ],
  },
  ar: {
    title: "نصائح السفر",
    description:
      "نصائح عملية لرحلة أكثر راحة بالطائرة أو القطار أو الحافلة: متى تحجزون، وماذا تحملون، والوصول في الموعد، والقطارات المكتملة، وتغيير الخطط.",
    h1: "نصائح السفر",
    h2: "عادات بسيطة تجعل أي رحلة أيسر",
    blocks: [
      h("قبل الحجز"),
      list(
        "احجزوا مبكرًا لعطلة النوروز وعطلة الصيف والعطل الطويلة؛ فالمسارات المزدحمة مثل طهران–مشهد تنفد تذاكرها أولًا.",
        "إن كانت مواعيدكم مرنة، فقارنوا الأسعار في الأيام المجاورة؛ فتقديم الرحلة أو تأخيرها يومًا واحدًا قد يغيّر السعر كثيرًا.",
        "القطار الذي تريدونه مكتمل؟ المقاعد المستردة تعود إلى البيع فورًا، والحصة المحجوزة تُطرح عادةً في الساعة العاشرة صباحًا من اليوم السابق للانطلاق. فعّلوا خدمة «أخبرني» ودعونا نراقب هذه المقاعد عنكم.",
        "أدخلوا اسم كل مسافر ورقمه الوطني كما في وثيقة هويته تمامًا، وفي الرحلات الدولية انسخوا الاسم اللاتيني من جواز السفر.",
      ),
      h("يوم السفر"),
      list(
        "كونوا في المطار قبل الرحلة الداخلية بساعتين على الأقل وقبل الرحلة الدولية بثلاث ساعات، وتأكدوا من المطار والمبنى المدوّنين على التذكرة.",
        "احملوا بطاقة هوية وطنية أو جواز سفر ساريًا؛ فالأطفال والرضّع يحتاجون أيضًا إلى وثائق هوية.",
        "هل ترسلون سيارتكم بالقطار؟ تستقبل المحطة السيارات من الساعة الثامنة صباحًا يوم السفر؛ لا تنسوا أوراق السيارة.",
        "احفظوا التذكرة الإلكترونية على هاتفكم لتكون متاحة حتى دون اتصال بالإنترنت.",
      ),
      h("إذا تغيّرت خططكم"),
      p(
        "كلما ألغيتم أبكر كانت الغرامة أقل. ويمكن إلغاء تذاكر القطار والحافلة مجانًا خلال الساعة الأولى بعد الشراء (في الحافلة بشرط أن يبقى أكثر من ساعتين على الانطلاق). سجّلوا رقم شبا في حسابكم مسبقًا ليصلكم مبلغ الاسترداد دون تأخير.",
      ),
    ],
  },
};
