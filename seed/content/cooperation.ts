import { h, list, p, steps, type ContentSeed } from "./types.ts";

export const cooperation: ContentSeed = {
  fa: {
    title: "همکاری با ما",
    description:
      "همکاری با {name} برای آژانس‌های مسافرتی، هتل‌ها، شرکت‌های حمل‌ونقل، برگزارکنندگان تور و سازمان‌ها: سایت فروش اختصاصی، عرضه ظرفیت و خرید سازمانی.",
    h1: "همکاری با {name}",
    h2: "با هم مسافران بیشتری را به مقصد برسانیم",
    blocks: [
      p(
        "{name} با آژانس‌های مسافرتی، هتل‌ها و اقامتگاه‌ها، شرکت‌های حمل‌ونقل، برگزارکنندگان تور و سازمان‌هایی که کارکنانشان زیاد سفر می‌کنند همکاری می‌کند. اگر در یکی از این گروه‌ها هستید، خوشحال می‌شویم از شما بشنویم.",
      ),
      h("راه‌های همکاری"),
      list(
        "آژانس‌های مسافرتی: سایت فروش با نام، دامنه، رنگ‌ها و لوگوی خودتان، با دسترسی به همه خدمات سفر و به سه زبان.",
        "هتل‌ها و اقامتگاه‌ها: عرضه اتاق‌ها به مسافران {name} و مدیریت قیمت و ظرفیت.",
        "شرکت‌های حمل‌ونقل و برگزارکنندگان تور: فروش بلیط و تور در کنار دیگر خدمات سایت.",
        "سازمان‌ها و شرکت‌ها: خرید سازمانی با فاکتور رسمی و پیگیری یکجای سفرهای کاری کارکنان.",
      ),
      h("شروع همکاری"),
      steps(
        "درخواستتان را با نام مجموعه، حوزه کاری و راه تماس به ایمیل {name} که در صفحه تماس با ما آمده است بفرستید.",
        "کارشناس همکاری با شما تماس می‌گیرد تا نیازتان را دقیق بشناسد.",
        "پس از توافق بر سر شرایط و امضای قرارداد، حساب یا سایت شما راه‌اندازی می‌شود.",
      ),
    ],
  },
  en: {
    title: "Work with us",
    description:
      "Partnering with {name} for travel agencies, hotels, carriers, tour operators and companies: your own booking site, selling your inventory, and corporate travel.",
    h1: "Work with {name}",
    h2: "Let's get more travellers where they're going, together",
    blocks: [
      p(
        "{name} works with travel agencies, hotels and guesthouses, transport companies, tour operators and organisations whose staff travel a lot. If you're one of them, we'd be glad to hear from you.",
      ),
      h("Ways to work together"),
      list(
        "Travel agencies: a booking site under your own name, domain, colours and logo, with every travel service and in three languages.",
        "Hotels and guesthouses: offer your rooms to {name}'s travellers and manage your own rates and availability.",
        "Transport companies and tour operators: sell your tickets and tours alongside the rest of the site.",
        "Companies and organisations: corporate purchases with official invoices, and all your staff's business trips in one place.",
      ),
      h("Getting started"),
      steps(
        "E-mail {name} at the address on the contact page with your organisation's name, what you do and how to reach you.",
        "One of our partnership team gets in touch to understand exactly what you need.",
        "Once we've agreed the terms and signed a contract, we set up your account or your site.",
      ),
    ],
  },
  ar: {
    title: "تعاونوا معنا",
    description:
      "الشراكة مع {name} لوكالات السفر والفنادق وشركات النقل ومنظّمي الجولات والمؤسسات: موقع حجز باسمكم، وعرض خدماتكم، ومشتريات الشركات.",
    h1: "تعاونوا مع {name}",
    h2: "معًا نوصل مزيدًا من المسافرين إلى وجهاتهم",
    blocks: [
      p(
        "يتعاون {name} مع وكالات السفر والفنادق ودور الضيافة وشركات النقل ومنظّمي الجولات السياحية والمؤسسات التي يكثر موظفوها من السفر. إن كنتم من هؤلاء، يسعدنا أن نسمع منكم.",
      ),
      h("مجالات التعاون"),
      list(
        "وكالات السفر: موقع حجز باسمكم ونطاقكم وألوانكم وشعاركم، مع جميع خدمات السفر وبثلاث لغات.",
        "الفنادق ودور الضيافة: اعرضوا غرفكم على مسافري {name} وأديروا أسعاركم والغرف المتاحة بأنفسكم.",
        "شركات النقل ومنظّمو الجولات: بيعوا تذاكركم وجولاتكم إلى جانب بقية خدمات الموقع.",
        "الشركات والمؤسسات: مشتريات بفاتورة رسمية، ومتابعة جميع رحلات العمل لموظفيكم في مكان واحد.",
      ),
      h("كيف نبدأ"),
      steps(
        "أرسلوا طلبكم إلى البريد الإلكتروني لـ{name} المذكور في صفحة اتصل بنا، مع اسم مؤسستكم ومجال عملها وطريقة التواصل معكم.",
        "يتواصل معكم أحد أعضاء فريق الشراكات ليتعرّف على احتياجاتكم بدقة.",
        "بعد الاتفاق على الشروط وتوقيع العقد، نجهّز حسابكم أو موقعكم.",
      ),
    ],
  },
};
