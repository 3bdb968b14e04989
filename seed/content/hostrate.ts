import { h, list, p, type ContentSeed } from "./types.ts";

export const hostrate: ContentSeed = {
  fa: {
    title: "امتیاز میزبانان",
    description:
      "امتیاز هتل‌ها و اقامتگاه‌ها در {name} چطور ساخته می‌شود: نظر مسافرانی که واقعاً اقامت داشته‌اند، در معیارهایی مانند پاکیزگی، موقعیت و برخورد کارکنان.",
    h1: "امتیاز میزبانان",
    h2: "امتیاز را مسافرانی می‌دهند که واقعاً آن‌جا اقامت داشته‌اند",
    blocks: [
      p(
        "پیش از رزرو هتل یا اقامتگاه، امتیاز آن را کنار نظر مسافران ببینید. فقط کسانی می‌توانند امتیاز بدهند که از راه {name} رزرو کرده‌اند و اقامتشان به پایان رسیده است؛ پس پشت هر امتیاز یک اقامت واقعی است.",
      ),
      h("معیارهای امتیازدهی"),
      list(
        "پاکیزگی اتاق و فضاهای عمومی",
        "موقعیت و دسترسی به مرکز شهر و جاذبه‌ها",
        "ارزش در برابر قیمت",
        "برخورد و پاسخگویی کارکنان",
        "امکانات و آسایش اقامت",
        "کیفیت غذا، اگر هتل پذیرایی دارد",
      ),
      h("امتیاز کل چطور ساخته می‌شود"),
      p(
        "امتیاز کل میانگین امتیاز همه معیارها در نظرهای تأییدشده است. نظرها پیش از انتشار بررسی می‌شوند تا توهین یا تبلیغ در آن‌ها نباشد، اما هیچ نظری به خاطر منفی بودن حذف نمی‌شود. میزبان‌ها نمی‌توانند امتیاز را تغییر دهند یا نظری را پنهان کنند.",
      ),
    ],
  },
  en: {
    title: "Host ratings",
    description:
      "How {name} rates hotels and guesthouses: reviews from guests who really stayed there, on cleanliness, location, staff and more.",
    h1: "Host ratings",
    h2: "Ratings come from guests who actually stayed there",
    blocks: [
      p(
        "Before you book a hotel or guesthouse, look at its rating next to what other travellers wrote. Only guests who booked through {name} and have finished their stay can rate a place, so every score stands for a real stay.",
      ),
      h("What guests rate"),
      list(
        "Cleanliness of the room and shared areas",
        "Location and access to the city centre and sights",
        "Value for money",
        "Friendliness and helpfulness of the staff",
        "Facilities and comfort",
        "Food, where the hotel serves meals",
      ),
      h("How the overall score is made"),
      p(
        "The overall score is the average of all the criteria across approved reviews. Reviews are checked before they are published to keep out insults and advertising, but no review is removed for being negative. Hosts can't change their scores or hide a review.",
      ),
    ],
  },
  ar: {
    title: "تقييم أماكن الإقامة",
    description: "كيف يقيّم {name} الفنادق ودور الضيافة: آراء نزلاء أقاموا فيها فعلًا، في النظافة والموقع وتعامل الموظفين وغيرها.",
    h1: "تقييم أماكن الإقامة",
    h2: "التقييمات من نزلاء أقاموا في المكان فعلًا",
    blocks: [
      p(
        "قبل حجز فندق أو دار ضيافة، اطّلعوا على تقييمه إلى جانب آراء المسافرين. لا يستطيع التقييم إلا من حجز عبر {name} وانتهت إقامته، فوراء كل تقييم إقامة حقيقية.",
      ),
      h("معايير التقييم"),
      list(
        "نظافة الغرفة والمرافق العامة",
        "الموقع وسهولة الوصول إلى وسط المدينة والمعالم",
        "القيمة مقابل السعر",
        "تعامل الموظفين وتجاوبهم",
        "المرافق والراحة",
        "جودة الطعام، إن كان الفندق يقدّم وجبات",
      ),
      h("كيف يُحسب التقييم العام"),
      p(
        "التقييم العام هو متوسط درجات جميع المعايير في الآراء المعتمدة. تُراجَع الآراء قبل نشرها لاستبعاد الإساءة والإعلانات، لكن لا يُحذف أي رأي لأنه سلبي. ولا يستطيع أصحاب أماكن الإقامة تعديل تقييمهم أو إخفاء أي رأي.",
      ),
    ],
  },
};
