import { trio as t } from "../hotels/types.ts";
import type { TourDestinationSeed, TourVisaSeed } from "./types.ts";

const IRAN = { scope: "domestic", countryCode: "IR", utcOffset: "+03:30", visa: null } as const;

/** Summer holidays make the north, the shrine cities and abroad dearer; the Gulf islands are too hot then and cheaper. */
const MAINLAND = { nowruz: 1.4, summer: 1.15 };
const GULF = { nowruz: 1.35, summer: 0.85 };
const ABROAD = { nowruz: 1.25, summer: 1.15 };

const NO_VISA_TURKEY: TourVisaSeed = {
  kind: "none",
  message: t(
    "برای گذرنامهٔ ایرانی تا ۹۰ روز ویزا لازم نیست؛ گذرنامه باید تا شش ماه پس از بازگشت اعتبار داشته باشد.",
    "Iranian passports need no visa for up to 90 days; the passport must be valid six months after the return.",
    "لا يحتاج جواز السفر الإيراني إلى تأشيرة حتى ٩٠ يومًا؛ ويجب أن يكون الجواز صالحًا ستة أشهر بعد العودة.",
  ),
  available: false,
  processingDays: null,
  fee: null,
};

/**
 * The destinations of the house tours (iran-travel-facts.md, Tours and insurance): eight at home,
 * six abroad, each with the airports it is flown to, what the days there are spent on, the boards
 * its hotels serve, its seasons, and abroad the visa an Iranian passport needs.
 */
export const TOUR_DESTINATIONS: readonly TourDestinationSeed[] = [
  {
    ...IRAN,
    city: "kish",
    names: t("کیش", "Kish", "كيش"),
    airports: ["KIH"],
    days: [
      t(
        "گشت دور جزیره: کشتی یونانی، شهر زیرزمینی کاریز",
        "Island tour: the Greek Ship and the underground Kariz city",
        "جولة في الجزيرة: السفينة اليونانية ومدينة كاريز الجوفية",
      ),
      t("ساحل مرجانی و ورزش‌های آبی (اختیاری)", "Coral beach and water sports (optional)", "شاطئ المرجان والرياضات المائية (اختياري)"),
      t("بازارهای مرکز خرید و اسکلهٔ تفریحی", "The shopping centres and the marina", "مراكز التسوق والمرسى"),
      t("روز آزاد در ساحل", "A free day on the beach", "يوم حر على الشاطئ"),
    ],
    boards: ["breakfast", "halfBoard"],
    seasons: GULF,
  },
  {
    ...IRAN,
    city: "qeshm",
    names: t("قشم", "Qeshm", "قشم"),
    airports: ["GSM"],
    days: [
      t("دره ستاره‌ها و غار نمکدان", "The Valley of Stars and Namakdan salt cave", "وادي النجوم وكهف نمكدان الملحي"),
      t("جنگل حرا با قایق و روستای لافت", "The Hara mangroves by boat and Laft village", "غابات الحراء بالقارب وقرية لافت"),
      t("جزیرهٔ هنگام و تماشای دلفین‌ها", "Hengam island and the dolphins", "جزيرة هنجام ومشاهدة الدلافين"),
      t("روز آزاد و بازار قشم", "A free day and the Qeshm bazaar", "يوم حر وسوق قشم"),
    ],
    boards: ["breakfast", "halfBoard"],
    seasons: GULF,
  },
  {
    ...IRAN,
    city: "mashhad",
    names: t("مشهد", "Mashhad", "مشهد"),
    airports: ["MHD"],
    days: [
      t("زیارت حرم امام رضا (ع)", "Pilgrimage to the Imam Reza shrine", "زيارة حرم الإمام الرضا (ع)"),
      t("آرامگاه فردوسی در توس و شاندیز", "The tomb of Ferdowsi at Tus, and Shandiz", "ضريح الفردوسي في طوس وشانديز"),
      t("طرقبه، کوهسنگی و بازار رضا", "Torghabeh, Kooh Sangi and the Reza bazaar", "طرقبة وكوه سنكي وسوق الرضا"),
      t("زیارت و روز آزاد", "Pilgrimage and a free day", "الزيارة ويوم حر"),
    ],
    boards: ["fullBoard", "halfBoard", "breakfast"],
    seasons: MAINLAND,
  },
  {
    ...IRAN,
    city: "shiraz",
    names: t("شیراز", "Shiraz", "شيراز"),
    airports: ["SYZ"],
    days: [
      t("تخت جمشید و نقش رستم", "Persepolis and Naqsh-e Rostam", "تخت جمشيد ونقش رستم"),
      t("حافظیه، سعدیه و باغ ارم", "The tombs of Hafez and Saadi, and Eram Garden", "ضريحا حافظ وسعدي وحديقة إرم"),
      t(
        "مسجد نصیرالملک، ارگ کریم‌خان و بازار وکیل",
        "Nasir al-Mulk mosque, the Karim Khan citadel and Vakil bazaar",
        "مسجد نصير الملك وقلعة كريم خان وسوق وكيل",
      ),
      t("روز آزاد در شیراز", "A free day in Shiraz", "يوم حر في شيراز"),
    ],
    boards: ["breakfast", "halfBoard"],
    seasons: MAINLAND,
  },
  {
    ...IRAN,
    city: "isfahan",
    names: t("اصفهان", "Isfahan", "أصفهان"),
    airports: ["IFN"],
    days: [
      t(
        "میدان نقش جهان، عالی‌قاپو و مسجد شیخ لطف‌الله",
        "Naqsh-e Jahan square, Ali Qapu and the Sheikh Lotfollah mosque",
        "ميدان نقش جهان وعالي قابو ومسجد الشيخ لطف الله",
      ),
      t(
        "سی‌وسه‌پل، پل خواجو و کاخ چهلستون",
        "Si-o-se Pol, Khaju bridge and Chehel Sotoun palace",
        "جسر سي وسه بل وجسر خواجو وقصر جهل ستون",
      ),
      t("محلهٔ جلفا و کلیسای وانک", "The Jolfa quarter and Vank cathedral", "حي جلفا وكاتدرائية فانك"),
      t("بازار قیصریه و روز آزاد", "The Qeysarieh bazaar and a free day", "سوق القيصرية ويوم حر"),
    ],
    boards: ["breakfast", "halfBoard"],
    seasons: MAINLAND,
  },
  {
    ...IRAN,
    city: "yazd",
    names: t("یزد", "Yazd", "يزد"),
    airports: ["AZD"],
    days: [
      t(
        "بافت تاریخی، مسجد جامع و بادگیرهای باغ دولت‌آباد",
        "The old town, the Jameh mosque and the Dowlatabad windcatcher",
        "المدينة القديمة والمسجد الجامع وبرج الرياح في دولت آباد",
      ),
      t("آتشکدهٔ یزد و دخمهٔ زرتشتیان", "The fire temple and the Zoroastrian tower of silence", "معبد النار وبرج الصمت الزرادشتي"),
      t("میبد و روستای خرانق", "Meybod and Kharanaq village", "ميبد وقرية خرانق"),
      t("روز آزاد و شیرینی‌فروشی‌های یزد", "A free day and the sweet shops of Yazd", "يوم حر ومحلات حلويات يزد"),
    ],
    boards: ["breakfast", "halfBoard"],
    seasons: MAINLAND,
  },
  {
    ...IRAN,
    city: "tabriz",
    names: t("تبریز", "Tabriz", "تبريز"),
    airports: ["TBZ"],
    days: [
      t("بازار تاریخی تبریز و مسجد کبود", "The historic bazaar and the Blue Mosque", "البازار التاريخي والمسجد الأزرق"),
      t("روستای کندوان", "Kandovan village", "قرية كندوان"),
      t("ائل‌گلی و خانه‌های قدیمی", "El Goli and the old houses", "إيل كلي والبيوت القديمة"),
      t("روز آزاد در تبریز", "A free day in Tabriz", "يوم حر في تبريز"),
    ],
    boards: ["breakfast", "halfBoard"],
    seasons: MAINLAND,
  },
  {
    ...IRAN,
    city: "ramsar",
    names: t("رامسر", "Ramsar", "رامسر"),
    airports: ["RZR"],
    days: [
      t("کاخ‌موزهٔ رامسر و ساحل", "The Ramsar palace museum and the shore", "متحف قصر رامسر والشاطئ"),
      t("تله‌کابین و جنگل‌های جواهرده", "The cable car and the Javaherdeh forests", "التلفريك وغابات جواهرده"),
      t("سفر به ماسوله", "A trip to Masuleh", "رحلة إلى ماسوله"),
      t("روز آزاد کنار دریا", "A free day by the sea", "يوم حر بجانب البحر"),
    ],
    boards: ["breakfast", "halfBoard"],
    seasons: MAINLAND,
  },
  {
    scope: "international",
    city: "istanbul",
    countryCode: "TR",
    utcOffset: "+03:00",
    names: t("استانبول", "Istanbul", "إسطنبول"),
    airports: ["IST", "SAW"],
    days: [
      t(
        "گشت شهری: ایاصوفیه، مسجد آبی و کاخ توپکاپی",
        "City tour: Hagia Sophia, the Blue Mosque and Topkapi palace",
        "جولة في المدينة: آيا صوفيا والمسجد الأزرق وقصر توبكابي",
      ),
      t("کشتی‌سواری در بسفر", "A cruise on the Bosphorus", "رحلة بحرية في البوسفور"),
      t("بازار بزرگ و خیابان استقلال", "The Grand Bazaar and Istiklal Avenue", "البازار الكبير وشارع الاستقلال"),
      t("روز آزاد برای خرید", "A free day for shopping", "يوم حر للتسوق"),
    ],
    boards: ["breakfast"],
    seasons: ABROAD,
    visa: NO_VISA_TURKEY,
  },
  {
    scope: "international",
    city: "dubai",
    countryCode: "AE",
    utcOffset: "+04:00",
    names: t("دبی", "Dubai", "دبي"),
    airports: ["DXB"],
    days: [
      t("گشت شهری: برج خلیفه و دبی مال", "City tour: Burj Khalifa and the Dubai Mall", "جولة في المدينة: برج خليفة ودبي مول"),
      t("سافاری صحرا و شام", "Desert safari with dinner", "رحلة سفاري في الصحراء مع العشاء"),
      t("کشتی‌سواری در مارینا و جمیرا", "A Marina cruise and Jumeirah", "رحلة بحرية في المرسى وجميرا"),
      t("بازار طلای دیره و روز آزاد", "The Deira gold souk and a free day", "سوق الذهب في ديرة ويوم حر"),
    ],
    boards: ["breakfast"],
    seasons: { nowruz: 1.25, summer: 0.9 },
    visa: {
      kind: "required",
      message: t(
        "ویزای توریستی امارات با حمایت آژانس صادر می‌شود؛ گذرنامه و عکس را دست‌کم ۷ روز پیش از حرکت بفرستید.",
        "The UAE tourist visa is issued with the agency as sponsor; send the passport scan and photo at least 7 days before departure.",
        "تصدر تأشيرة الإمارات السياحية بكفالة الوكالة؛ أرسلوا صورة الجواز والصورة الشخصية قبل ٧ أيام على الأقل من السفر.",
      ),
      available: true,
      processingDays: 5,
      fee: 6_900_000,
    },
  },
  {
    scope: "international",
    city: "antalya",
    countryCode: "TR",
    utcOffset: "+03:00",
    names: t("آنتالیا", "Antalya", "أنطاليا"),
    airports: ["AYT"],
    days: [
      t("شهر قدیم کالیچی و آبشار دودن", "Kaleici old town and the Duden waterfalls", "مدينة كاليتشي القديمة وشلالات دودن"),
      t("روز ساحل و استخر هتل", "A day on the beach and at the hotel pool", "يوم على الشاطئ وفي مسبح الفندق"),
      t("تله‌کابین تونکتپه و کشتی‌سواری", "The Tunektepe cable car and a boat trip", "تلفريك تونكتبه ورحلة بالقارب"),
      t("روز آزاد", "A free day", "يوم حر"),
    ],
    boards: ["allInclusive", "halfBoard"],
    seasons: { nowruz: 1.15, summer: 1.3 },
    visa: NO_VISA_TURKEY,
  },
  {
    scope: "international",
    city: "tbilisi",
    countryCode: "GE",
    utcOffset: "+04:00",
    names: t("تفلیس", "Tbilisi", "تبليسي"),
    airports: ["TBS"],
    days: [
      t(
        "شهر قدیم، قلعهٔ ناریکالا و حمام‌های گوگردی",
        "The old town, Narikala fortress and the sulphur baths",
        "المدينة القديمة وقلعة ناريكالا والحمامات الكبريتية",
      ),
      t("متسختا و صومعهٔ جواری", "Mtskheta and Jvari monastery", "متسخيتا ودير جفاري"),
      t("گشت کوهستانی کازبگی", "A mountain trip to Kazbegi", "رحلة جبلية إلى كازبيجي"),
      t("روز آزاد", "A free day", "يوم حر"),
    ],
    boards: ["breakfast"],
    seasons: ABROAD,
    visa: {
      kind: "eVisa",
      message: t(
        "ویزای الکترونیکی گرجستان لازم است و آژانس آن را می‌گیرد؛ مدارک را دست‌کم ۱۰ روز پیش از حرکت بفرستید.",
        "Georgia needs an e-visa, which the agency obtains; send the documents at least 10 days before departure.",
        "تحتاج جورجيا إلى تأشيرة إلكترونية تستخرجها الوكالة؛ أرسلوا المستندات قبل ١٠ أيام على الأقل من السفر.",
      ),
      available: true,
      processingDays: 7,
      fee: 2_400_000,
    },
  },
  {
    scope: "international",
    city: "yerevan",
    countryCode: "AM",
    utcOffset: "+04:00",
    names: t("ایروان", "Yerevan", "يريفان"),
    airports: ["EVN"],
    days: [
      t(
        "میدان جمهوری، آبشار و موزهٔ ماتناداران",
        "Republic Square, the Cascade and the Matenadaran",
        "ساحة الجمهورية والكاسكاد ومتحف ماتيناداران",
      ),
      t("معبد گارنی و صومعهٔ گغارد", "Garni temple and Geghard monastery", "معبد غارني ودير غيغارد"),
      t("دریاچهٔ سوان", "Lake Sevan", "بحيرة سيفان"),
      t("روز آزاد", "A free day", "يوم حر"),
    ],
    boards: ["breakfast"],
    seasons: ABROAD,
    visa: {
      kind: "none",
      message: t(
        "برای گذرنامهٔ ایرانی تا ۹۰ روز ویزا لازم نیست؛ گذرنامه باید تا شش ماه پس از بازگشت اعتبار داشته باشد.",
        "Iranian passports need no visa for up to 90 days; the passport must be valid six months after the return.",
        "لا يحتاج جواز السفر الإيراني إلى تأشيرة حتى ٩٠ يومًا؛ ويجب أن يكون الجواز صالحًا ستة أشهر بعد العودة.",
      ),
      available: false,
      processingDays: null,
      fee: null,
    },
  },
  {
    scope: "international",
    city: "kuala-lumpur",
    countryCode: "MY",
    utcOffset: "+08:00",
    names: t("کوالالامپور", "Kuala Lumpur", "كوالالمبور"),
    airports: ["KUL"],
    days: [
      t("برج‌های پتروناس و میدان مرده‌کا", "The Petronas Towers and Merdeka Square", "برجا بتروناس وساحة ميرديكا"),
      t("غارهای باتو و پارک پرندگان", "The Batu Caves and the bird park", "كهوف باتو وحديقة الطيور"),
      t("ارتفاعات گنتینگ", "The Genting Highlands", "مرتفعات جنتنج"),
      t("روز آزاد برای خرید در بوکیت بینتانگ", "A free day for shopping in Bukit Bintang", "يوم حر للتسوق في بوكيت بينتانج"),
    ],
    boards: ["breakfast"],
    seasons: { nowruz: 1.2, summer: 1.1 },
    visa: {
      kind: "eVisa",
      message: t(
        "ویزای الکترونیکی مالزی لازم است و آژانس آن را می‌گیرد؛ مدارک را دست‌کم ۷ روز پیش از حرکت بفرستید.",
        "Malaysia needs an e-visa, which the agency obtains; send the documents at least 7 days before departure.",
        "تحتاج ماليزيا إلى تأشيرة إلكترونية تستخرجها الوكالة؛ أرسلوا المستندات قبل ٧ أيام على الأقل من السفر.",
      ),
      available: true,
      processingDays: 5,
      fee: 2_900_000,
    },
  },
];

/** Home cities the packages leave from, with their clock and the airports their flights use (IKA abroad). */
export const TOUR_ORIGINS: Record<
  string,
  { names: { fa: string; en: string; ar: string }; domesticAirports: string[]; abroadAirports: string[] }
> = {
  tehran: { names: t("تهران", "Tehran", "طهران"), domesticAirports: ["THR"], abroadAirports: ["IKA"] },
  isfahan: { names: t("اصفهان", "Isfahan", "أصفهان"), domesticAirports: ["IFN"], abroadAirports: ["IFN"] },
  shiraz: { names: t("شیراز", "Shiraz", "شيراز"), domesticAirports: ["SYZ"], abroadAirports: ["SYZ"] },
  mashhad: { names: t("مشهد", "Mashhad", "مشهد"), domesticAirports: ["MHD"], abroadAirports: ["MHD"] },
  tabriz: { names: t("تبریز", "Tabriz", "تبريز"), domesticAirports: ["TBZ"], abroadAirports: ["TBZ"] },
  ahvaz: { names: t("اهواز", "Ahvaz", "الأهواز"), domesticAirports: ["AWZ"], abroadAirports: ["AWZ"] },
  yazd: { names: t("یزد", "Yazd", "يزد"), domesticAirports: ["AZD"], abroadAirports: ["AZD"] },
};
