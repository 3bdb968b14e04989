import { h, list, p, type ContentSeed } from "./types.ts";

export const aboutus: ContentSeed = {
  fa: {
    title: "درباره ما",
    description:
      "{name} آژانس مسافرتی آنلاین برای خرید بلیط هواپیما، قطار و اتوبوس و رزرو هتل، تور و بیمه مسافرتی است؛ با قیمت روشن و پشتیبانی شبانه‌روزی.",
    h1: "درباره {name}",
    h2: "سفر را از نخستین جست‌وجو تا بازگشت ساده می‌کنیم",
    blocks: [
      p(
        "{name} یک آژانس مسافرتی آنلاین است. این‌جا می‌توانید بلیط پروازهای داخلی و خارجی، قطار و اتوبوس بخرید، هتل‌های ایران و کشورهای دیگر را رزرو کنید و تور و بیمه مسافرتی بگیرید؛ همه در یک جا و با یک حساب کاربری.",
      ),
      h("آنچه برایمان مهم است"),
      list(
        "قیمت روشن: مبلغی که پیش از پرداخت می‌بینید، به تومان و با همه هزینه‌ها، همان مبلغی است که می‌پردازید.",
        "قانون پیش از خرید: شرایط استرداد و بار مجاز هر بلیط پیش از پرداخت جلوی چشمتان است و جریمه لغو را پیش از تأیید نهایی می‌بینید.",
        "پرداخت امن: پرداخت از درگاه‌های بانکی عضو شاپرک انجام می‌شود و شماره کارت، رمز دوم و CVV2 شما هیچ‌وقت به دست ما نمی‌رسد.",
        "پشتیبانی واقعی: کارشناسان ما در همه ساعت‌های شبانه‌روز پاسخ می‌دهند.",
      ),
      h("برای چه کسانی کار می‌کنیم"),
      p(
        "از کسی که هر هفته میان تهران و مشهد رفت‌وآمد می‌کند تا خانواده‌ای که برای تعطیلات نوروز برنامه می‌ریزد و شرکتی که برای سفر کارکنانش بلیط با فاکتور رسمی می‌خواهد. سایت به سه زبان فارسی، انگلیسی و عربی در دسترس است تا مسافرانی که فارسی نمی‌خوانند هم بی‌واسطه خرید کنند.",
      ),
    ],
  },
  en: {
    title: "About us",
    description:
      "{name} is an online travel agency for flight, train and bus tickets, hotels, tours and travel insurance, with clear prices and support around the clock.",
    h1: "About {name}",
    h2: "Making travel simple, from the first search to the trip home",
    blocks: [
      p(
        "{name} is an online travel agency. Here you can buy tickets for domestic and international flights, trains and buses, book hotels in Iran and abroad, and arrange tours and travel insurance, all in one place and with one account.",
      ),
      h("What we care about"),
      list(
        "Clear prices: the amount you see before paying, in toman and with every charge included, is the amount you pay.",
        "Rules up front: each ticket's refund terms and baggage allowance are shown before you pay, and you see any cancellation penalty before you confirm.",
        "Safe payment: you pay through Shaparak-licensed bank gateways, and your card number, online PIN and CVV2 never reach us.",
        "Real support: our team answers at any hour of the day or night.",
      ),
      h("Who we work for"),
      p(
        "The commuter who flies between Tehran and Mashhad every week, the family planning a Nowruz holiday, the company that needs tickets with an official invoice for its staff. The site speaks Persian, English and Arabic, so travellers who don't read Persian can book on their own, too.",
      ),
    ],
  },
  ar: {
    title: "من نحن",
    description:
      "{name} وكالة سفر إلكترونية لحجز تذاكر الطيران والقطارات والحافلات والفنادق والجولات السياحية وتأمين السفر، بأسعار واضحة ودعم على مدار الساعة.",
    h1: "تعرّفوا على {name}",
    h2: "نجعل السفر سهلًا من أول بحث حتى العودة إلى البيت",
    blocks: [
      p(
        "{name} وكالة سفر تعمل عبر الإنترنت. يمكنكم هنا شراء تذاكر الرحلات الجوية الداخلية والدولية والقطارات والحافلات، وحجز الفنادق في إيران وخارجها، وترتيب الجولات السياحية وتأمين السفر، كل ذلك في مكان واحد وبحساب واحد.",
      ),
      h("ما يهمّنا"),
      list(
        "أسعار واضحة: المبلغ الذي ترونه قبل الدفع، بالتومان وشاملًا جميع الرسوم، هو نفسه ما تدفعونه.",
        "الشروط قبل الشراء: تُعرض شروط الاسترداد ووزن الأمتعة المسموح به لكل تذكرة قبل الدفع، وتعرفون غرامة الإلغاء قبل التأكيد النهائي.",
        "دفع آمن: يتم الدفع عبر بوابات مصرفية معتمدة من شبكة شاپرك، ولا يصل إلينا رقم بطاقتكم ولا رمزها الثاني ولا رمز CVV2.",
        "دعم حقيقي: يجيبكم فريقنا في أي ساعة من الليل أو النهار.",
      ),
      h("لمن نعمل"),
      p(
        "للمسافر الذي يتنقل كل أسبوع بين طهران ومشهد، وللعائلة التي تخطط لعطلة النوروز، وللشركة التي تحتاج تذاكر لموظفيها بفاتورة رسمية. والموقع متاح بالفارسية والإنجليزية والعربية، ليحجز المسافرون الذين لا يقرؤون الفارسية بأنفسهم دون وسيط.",
      ),
    ],
  },
};
