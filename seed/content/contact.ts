import { h, list, p, type ContentSeed } from "./types.ts";

/** The page also lists the agency's phones, e-mails and address from its own configuration. */
export const contact: ContentSeed = {
  fa: {
    title: "تماس با ما",
    description: "راه‌های تماس با پشتیبانی {name}: تلفن، ایمیل و نشانی دفتر، برای پیگیری خرید، استرداد و هر پرسش دیگر.",
    h1: "تماس با ما",
    h2: "پشتیبانی {name} همه روزهای هفته پاسخگوی شماست",
    blocks: [
      p(
        "اگر درباره خرید، پرداخت، استرداد یا تغییر برنامه سفرتان پرسشی دارید، کارشناسان ما در تمام ساعات شبانه‌روز، حتی روزهای تعطیل، کنارتان هستند. شماره تلفن‌ها، نشانی ایمیل و آدرس دفتر {name} را در ادامه همین صفحه می‌بینید.",
      ),
      h("پیش از تماس این‌ها را دم دست داشته باشید"),
      list("شماره پیگیری خرید یا شماره بلیط", "شماره موبایلی که هنگام خرید وارد کرده‌اید", "نام مسافر و تاریخ سفر"),
      p(
        "بسیاری از کارها به تماس نیاز ندارد: دیدن و دریافت دوباره بلیط و درخواست استرداد را خودتان از بخش پیگیری خرید انجام می‌دهید. برای پیشنهاد همکاری و کارهای اداری بهتر است ایمیل بزنید تا پاسخ مکتوب داشته باشید.",
      ),
    ],
  },
  en: {
    title: "Contact us",
    description: "How to reach {name} support by phone, e-mail or at our office, about a booking, a refund or anything else.",
    h1: "Contact us",
    h2: "{name} support is here every day of the week",
    blocks: [
      p(
        "Whether your question is about a booking, a payment, a refund or a change of plans, our support team answers around the clock, weekends and public holidays included. You'll find {name}'s phone numbers, e-mail addresses and office address further down this page.",
      ),
      h("Before you call, have these at hand"),
      list(
        "Your booking reference or ticket number",
        "The mobile number you gave when booking",
        "The passenger's name and the travel date",
      ),
      p(
        "Plenty of things need no call at all: you can view or re-download a ticket and ask for a refund yourself under booking tracking. For partnership proposals and paperwork, e-mail works best, so you get your answer in writing.",
      ),
    ],
  },
  ar: {
    title: "اتصل بنا",
    description: "طرق التواصل مع دعم {name} بالهاتف أو البريد الإلكتروني أو في المكتب، لمتابعة حجز أو استرداد أو أي استفسار آخر.",
    h1: "اتصل بنا",
    h2: "فريق دعم {name} في خدمتكم طوال أيام الأسبوع",
    blocks: [
      p(
        "إن كان لديكم سؤال عن حجز أو دفع أو استرداد أو تغيير في خطة السفر، فإن فريق الدعم لدينا يجيب على مدار الساعة، بما في ذلك أيام العطل الرسمية. تجدون أرقام هواتف {name} وعناوين بريده الإلكتروني وعنوان مكتبه في أسفل هذه الصفحة.",
      ),
      h("قبل الاتصال، أبقوا هذه المعلومات في متناول اليد"),
      list("رقم متابعة الحجز أو رقم التذكرة", "رقم الجوال الذي أدخلتموه عند الحجز", "اسم المسافر وتاريخ السفر"),
      p(
        "كثير من الأمور لا يحتاج إلى اتصال أصلًا: يمكنكم عرض التذكرة وتنزيلها من جديد وطلب الاسترداد بأنفسكم من قسم متابعة الحجز. أما عروض الشراكة والمعاملات الإدارية فالأفضل إرسالها بالبريد الإلكتروني ليصلكم الرد مكتوبًا.",
      ),
    ],
  },
};
