import type { RoomType } from "#core/hotels/hotel.ts";
import { trio as t, type Trio } from "./types.ts";

/** Words Iranian hotels are named by, anywhere in the country. */
export const IRAN_WORDS: Trio[] = [
  t("پارسیان", "Parsian", "بارسيان"),
  t("هما", "Homa", "هما"),
  t("آسمان", "Aseman", "آسمان"),
  t("کوثر", "Kowsar", "الكوثر"),
  t("گلستان", "Golestan", "كلستان"),
  t("آزادی", "Azadi", "آزادي"),
  t("ستاره", "Setareh", "ستاره"),
  t("نگین", "Negin", "نكين"),
  t("مهر", "Mehr", "مهر"),
  t("صبا", "Saba", "صبا"),
  t("پارس", "Pars", "بارس"),
  t("سپید", "Sepid", "سبيد"),
  t("فردوسی", "Ferdowsi", "الفردوسي"),
  t("نسیم", "Nasim", "نسيم"),
  t("مینا", "Mina", "مينا"),
  t("باران", "Baran", "باران"),
  t("اطلس", "Atlas", "أطلس"),
  t("جهان", "Jahan", "جهان"),
  t("مهتاب", "Mahtab", "مهتاب"),
  t("آریا", "Aria", "آريا"),
  t("سفیر", "Safir", "السفير"),
  t("امید", "Omid", "أميد"),
  t("کیان", "Kian", "كيان"),
  t("بهار", "Bahar", "بهار"),
  t("زمرد", "Zomorrod", "الزمرد"),
  t("یاس", "Yas", "ياس"),
];

/** Words hotels abroad are named by, written in Persian and Arabic as travellers say them. */
export const ABROAD_WORDS: Trio[] = [
  t("گرند", "Grand", "غراند"),
  t("رویال", "Royal", "رويال"),
  t("پلازا", "Plaza", "بلازا"),
  t("پالاس", "Palace", "بالاس"),
  t("گاردن", "Garden", "غاردن"),
  t("سیتی", "City", "سيتي"),
  t("پارک", "Park", "بارك"),
  t("کراون", "Crown", "كراون"),
  t("سنترال", "Central", "سنترال"),
  t("استار", "Star", "ستار"),
  t("گلدن", "Golden", "غولدن"),
  t("اسکای", "Sky", "سكاي"),
  t("ریجنسی", "Regency", "ريجنسي"),
  t("ویستا", "Vista", "فيستا"),
  t("هورایزن", "Horizon", "هورايزن"),
  t("متروپل", "Metropol", "متروبول"),
];

/** "هتل X" / "X Hotel" / "فندق X" for each kind of house. */
export function kindName(kind: "hotel" | "apartment" | "traditional", word: Trio, grand: boolean): Trio {
  const en = grand ? `Grand ${word.en}` : word.en;
  const fa = grand ? `بزرگ ${word.fa}` : word.fa;
  const ar = grand ? `${word.ar} الكبير` : word.ar;
  if (kind === "apartment") return t(`هتل آپارتمان ${fa}`, `${en} Apartment Hotel`, `شقق ${ar} الفندقية`);
  if (kind === "traditional") return t(`اقامتگاه سنتی ${fa}`, `${en} Traditional House`, `بيت ${ar} التقليدي`);
  return t(`هتل ${fa}`, `${en} Hotel`, `فندق ${ar}`);
}

export const ROOM_NAMES: Record<RoomType, Trio> = {
  single: t("اتاق یک‌تخته", "Single room", "غرفة مفردة"),
  double: t("اتاق دوتخته دبل", "Double room", "غرفة مزدوجة"),
  twin: t("اتاق دوتخته توئین", "Twin room", "غرفة بسريرين"),
  triple: t("اتاق سه‌تخته", "Triple room", "غرفة ثلاثية"),
  suite: t("سوئیت", "Suite", "جناح"),
};

/** Extra words some rooms carry ("with a city view"). */
export const ROOM_VIEWS: Trio[] = [
  t(" رو به شهر", " with a city view", " مطلة على المدينة"),
  t(" رو به حیاط", " overlooking the courtyard", " مطلة على الفناء"),
  t(" رو به کوه", " with a mountain view", " مطلة على الجبل"),
];

export const BASE_RULES: Trio[] = [
  t(
    "ساعت ورود ۱۴:۰۰ و ساعت خروج ۱۲:۰۰ است.",
    "Check-in from 14:00, check-out by 12:00.",
    "تسجيل الدخول من الساعة ١٤:٠٠ والمغادرة حتى الساعة ١٢:٠٠.",
  ),
  t(
    "ارائه کارت ملی یا گذرنامه هنگام ورود الزامی است.",
    "A national ID card or passport is asked for at check-in.",
    "يُطلب تقديم بطاقة الهوية أو جواز السفر عند الوصول.",
  ),
];

export const IRAN_RULES: Trio[] = [
  t(
    "زوج‌ها هنگام ورود مدرک ازدواج ارائه کنند.",
    "Couples show a marriage certificate at check-in.",
    "يقدّم الأزواج وثيقة الزواج عند الوصول.",
  ),
];

export const OTHER_RULES: Trio[] = [
  t("ورود حیوانات خانگی مجاز نیست.", "Pets are not allowed.", "لا يُسمح بالحيوانات الأليفة."),
  t("استعمال دخانیات در اتاق‌ها ممنوع است.", "No smoking in the rooms.", "يُمنع التدخين في الغرف."),
  t(
    "اقامت کودکان زیر ۵ سال بدون تخت اضافه رایگان است.",
    "Children under 5 stay free without an extra bed.",
    "إقامة الأطفال دون ٥ سنوات مجانية دون سرير إضافي.",
  ),
  t(
    "تخت اضافه با درخواست قبلی و هزینه جداگانه است.",
    "An extra bed is on request and priced apart.",
    "السرير الإضافي عند الطلب وبسعر منفصل.",
  ),
  t(
    "ورود زودتر از ساعت ۱۴:۰۰ با هزینه نیم‌شب ممکن است.",
    "Early check-in before 14:00 costs half a night.",
    "الدخول المبكر قبل الساعة ١٤:٠٠ بتكلفة نصف ليلة.",
  ),
];

/** What each gallery picture shows, in the order /hotel-images draws them. */
export const IMAGE_SUBJECTS: Trio[] = [
  t("نمای ساختمان", "the building", "واجهة المبنى"),
  t("لابی", "the lobby", "الردهة"),
  t("اتاق", "a room", "غرفة"),
  t("نمای شب", "the building at night", "المبنى ليلاً"),
  t("رستوران", "the restaurant", "المطعم"),
  t("استخر", "the pool", "المسبح"),
  t("منظره", "the view", "الإطلالة"),
];
