import { h, list, p, type ContentSeed } from "./types.ts";

export const flightinformation: ContentSeed = {
  fa: {
    title: "اطلاعات پرواز",
    description: "آنچه پیش از پرواز باید بدانید: زمان رسیدن به فرودگاه، مدارک لازم، بار مجاز، تأخیر و لغو پرواز.",
    h1: "اطلاعات پرواز",
    h2: "راهنمای مسافران پروازهای داخلی و خارجی",
    blocks: [
      h("رسیدن به فرودگاه"),
      p(
        "برای پروازهای داخلی دست‌کم دو ساعت و برای پروازهای خارجی سه ساعت پیش از پرواز در فرودگاه باشید. پذیرش مسافر کمی پیش از پرواز بسته می‌شود و پس از آن سوار شدن ممکن نیست. در تهران بیشتر پروازهای داخلی از فرودگاه مهرآباد و پروازهای خارجی از فرودگاه امام خمینی انجام می‌شود؛ فرودگاه و ترمینال را حتماً از روی بلیط نگاه کنید.",
      ),
      h("مدارک لازم"),
      list(
        "پرواز داخلی: کارت ملی یا مدرک شناسایی معتبر عکس‌دار؛ برای کودک و نوزاد شناسنامه.",
        "پرواز خارجی: گذرنامه‌ای که دست‌کم شش ماه اعتبار داشته باشد، و روادید مقصد اگر لازم است.",
        "نام روی بلیط باید با مدرک شناسایی یکی باشد؛ در پرواز خارجی، با نام لاتین گذرنامه.",
      ),
      h("بار مجاز"),
      p(
        "وزن بار مجاز را ایرلاین بر پایه مسیر و کلاس نرخی تعیین می‌کند و روی بلیط الکترونیکی نوشته شده است. در بار دستی پروازهای خارجی، مایعات باید در ظرف‌های حداکثر ۱۰۰ میلی‌لیتری باشند. پاوربانک و باتری یدکی را در بار دستی بگذارید، نه در چمدانی که تحویل می‌دهید.",
      ),
      h("تأخیر و لغو پرواز"),
      p(
        "اگر ایرلاین پرواز را لغو کند یا پرواز بیش از دو ساعت تأخیر داشته باشد، می‌توانید بلیط را بدون جریمه استرداد کنید. پیش از حرکت به سوی فرودگاه، وضعیت پرواز را بررسی کنید.",
      ),
    ],
  },
  en: {
    title: "Flight information",
    description:
      "What to know before you fly: when to get to the airport, the documents you need, baggage allowances, and delays and cancellations.",
    h1: "Flight information",
    h2: "A guide for domestic and international passengers",
    blocks: [
      h("Getting to the airport"),
      p(
        "Be at the airport at least two hours before a domestic flight and three hours before an international one. Check-in closes a little before departure, and after that you can't board. In Tehran most domestic flights leave from Mehrabad and international flights from Imam Khomeini Airport; always check the airport and terminal on your ticket.",
      ),
      h("Documents"),
      list(
        "Domestic flights: a national ID card or another valid photo ID; a birth certificate for children and infants.",
        "International flights: a passport valid for at least six more months, and a visa for your destination if one is needed.",
        "The name on the ticket must match the ID document; on international flights, the Latin name in the passport.",
      ),
      h("Baggage"),
      p(
        "The airline sets your baggage allowance by route and fare class, and it is printed on your e-ticket. On international flights, liquids in your hand luggage must be in containers of 100 ml or less. Keep power banks and spare batteries in your hand luggage, never in a checked bag.",
      ),
      h("Delays and cancellations"),
      p(
        "If the airline cancels your flight or it is more than two hours late, you can get a refund with no penalty. Check your flight's status before you set off for the airport.",
      ),
    ],
  },
  ar: {
    title: "معلومات الرحلات الجوية",
    description: "ما يجب معرفته قبل الطيران: موعد الوصول إلى المطار، والوثائق المطلوبة، والأمتعة المسموح بها، وتأخير الرحلات وإلغاؤها.",
    h1: "معلومات الرحلات الجوية",
    h2: "دليل لمسافري الرحلات الداخلية والدولية",
    blocks: [
      h("الوصول إلى المطار"),
      p(
        "كونوا في المطار قبل الرحلة الداخلية بساعتين على الأقل وقبل الرحلة الدولية بثلاث ساعات. يُغلق تسجيل المسافرين قبيل الإقلاع، ولا يمكن الصعود إلى الطائرة بعد ذلك. في طهران تنطلق معظم الرحلات الداخلية من مطار مهرآباد والرحلات الدولية من مطار الإمام الخميني؛ فتأكدوا دائمًا من المطار والمبنى المدوّنين على التذكرة.",
      ),
      h("الوثائق المطلوبة"),
      list(
        "الرحلات الداخلية: بطاقة الهوية الوطنية أو وثيقة هوية سارية تحمل صورة؛ وشهادة الميلاد للأطفال والرضّع.",
        "الرحلات الدولية: جواز سفر صالح لستة أشهر على الأقل، وتأشيرة الوجهة إن كانت مطلوبة.",
        "يجب أن يطابق الاسم في التذكرة ما في وثيقة الهوية، وفي الرحلات الدولية الاسمَ اللاتيني في جواز السفر.",
      ),
      h("الأمتعة"),
      p(
        "تحدد شركة الطيران الوزن المسموح به حسب المسار وفئة السعر، وهو مدوّن على التذكرة الإلكترونية. وفي الرحلات الدولية يجب أن تكون السوائل في حقيبة اليد في عبوات لا تزيد سعتها على ١٠٠ مليلتر. ضعوا بطاريات الشحن المحمولة والبطاريات الاحتياطية في حقيبة اليد، لا في الحقيبة التي تُشحن.",
      ),
      h("تأخير الرحلات وإلغاؤها"),
      p(
        "إذا ألغت شركة الطيران رحلتكم أو تأخرت أكثر من ساعتين، يمكنكم استرداد التذكرة دون أي غرامة. تحققوا من حالة الرحلة قبل التوجه إلى المطار.",
      ),
    ],
  },
};
