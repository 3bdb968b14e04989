import type { Locale } from "#core/i18n/locales.ts";

/**
 * The demo agencies' magazine (issue 25): three articles, each in Persian, English and Arabic
 * (one translation key per article), with a drawn cover and links to the trips they describe.
 * `daysAgo` dates them from the moment they are seeded, so the demo always looks current.
 */
export interface DemoArticle {
  translationKey: string;
  cover: "kish" | "mashhad" | "train";
  daysAgo: number;
  versions: Record<
    Locale,
    {
      slug: string;
      title: string;
      summary: string;
      coverAlt: string;
      author: string;
      categories: string[];
      tags: string[];
      body: string;
      links: { label: string; path: string }[];
    }
  >;
}

export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    translationKey: "kish-guide",
    cover: "kish",
    daysAgo: 3,
    versions: {
      fa: {
        slug: "راهنمای-سفر-به-کیش",
        title: "راهنمای سفر به کیش: از ساحل مرجانی تا کشتی یونانی",
        summary: "بهترین فصل سفر، راه‌های رسیدن به جزیره، جاهای دیدنی و چند نکته برای اینکه سفر کیش ارزان‌تر و آرام‌تر تمام شود.",
        coverAlt: "ساحل کیش با آب فیروزه‌ای و درخت‌های نخل",
        author: "مریم احمدی",
        categories: ["راهنمای-سفر", "جزیره‌ها"],
        tags: ["کیش", "خلیج-فارس", "سفر-زمستانی"],
        body: `کیش از آبان تا فروردین در بهترین حال خود است: هوا معتدل است و دریا آرام. در تابستان رطوبت بالاست و بیشتر برنامه‌ها به عصر و شب می‌رود.

## چطور به کیش برویم

- **هواپیما:** از تهران پروازهای روزانه به فرودگاه کیش هست و سفر کمتر از دو ساعت طول می‌کشد.
- **کشتی:** از بندر چارک کشتی‌های مسافری در حدود یک ساعت به جزیره می‌رسند.

## جاهای دیدنی

1. **ساحل مرجانی** برای شنا و غواصی سبک؛ صبح زود آب زلال‌تر است.
2. **کشتی یونانی** هنگام غروب، بهترین عکس‌های سفر را می‌سازد.
3. **شهر زیرزمینی کاریز** در ظهرهای گرم، جایی خنک برای گشت‌وگذار است.

> نکته: کارت ملی یا گذرنامه را همراه داشته باشید؛ ورود به منطقه آزاد بدون آن ممکن نیست.

برای قیمت بلیط‌ها و تورهای کیش، [تقویم پروازهای تهران به کیش](/flight/THR-KIH) را ببینید.`,
        links: [
          { label: "تورهای کیش", path: "/tour/kish" },
          { label: "پرواز تهران به کیش", path: "/flight/THR-KIH" },
        ],
      },
      en: {
        slug: "kish-island-travel-guide",
        title: "Kish Island travel guide: from Coral Beach to the Greek Ship",
        summary: "When to go, how to get there, what to see, and a few tips that make a Kish trip cheaper and calmer.",
        coverAlt: "A Kish beach with turquoise water and palm trees",
        author: "Maryam Ahmadi",
        categories: ["travel-guides", "islands"],
        tags: ["kish", "persian-gulf", "winter-trips"],
        body: `Kish is at its best from November to April: mild air and a calm sea. Summers are humid, and most plans move to the late afternoon and evening.

## Getting there

- **By air:** daily flights from Tehran reach Kish airport in under two hours.
- **By sea:** passenger boats from Charak port cross in about an hour.

## What to see

1. **Coral Beach** for swimming and easy snorkelling; the water is clearest early in the morning.
2. **The Greek Ship** at sunset, for the best photos of the trip.
3. **Kariz underground city**, a cool place to walk at midday.

> Tip: bring your national ID card or passport; you cannot enter the free zone without it.

For fares and package tours, see the [Tehran to Kish flight calendar](/en/flight/THR-KIH).`,
        links: [
          { label: "Kish tours", path: "/en/tour/kish" },
          { label: "Flights from Tehran to Kish", path: "/en/flight/THR-KIH" },
        ],
      },
      ar: {
        slug: "دليل-السفر-إلى-كيش",
        title: "دليل السفر إلى جزيرة كيش: من الشاطئ المرجاني إلى السفينة اليونانية",
        summary: "أفضل موسم للسفر، وطرق الوصول إلى الجزيرة، والأماكن السياحية، ونصائح تجعل رحلتك إلى كيش أوفر وأهدأ.",
        coverAlt: "شاطئ في كيش بمياه فيروزية وأشجار نخيل",
        author: "مريم أحمدي",
        categories: ["أدلة-السفر", "الجزر"],
        tags: ["كيش", "الخليج", "رحلات-الشتاء"],
        body: `تكون كيش في أجمل حالاتها من نوفمبر إلى أبريل: الجو معتدل والبحر هادئ. أما الصيف فرطب، وتنتقل معظم الأنشطة إلى العصر والمساء.

## كيف تصل إلى كيش

- **بالطائرة:** رحلات يومية من طهران تصل إلى مطار كيش في أقل من ساعتين.
- **بالبحر:** قوارب الركاب من ميناء چارك تعبر في نحو ساعة.

## ماذا ترى

1. **الشاطئ المرجاني** للسباحة والغطس الخفيف؛ الماء أصفى في الصباح الباكر.
2. **السفينة اليونانية** عند الغروب لأجمل صور الرحلة.
3. **مدينة كاريز تحت الأرض** مكان بارد للتجول في الظهيرة.

> نصيحة: احمل بطاقة الهوية أو جواز السفر؛ لا يمكن دخول المنطقة الحرة من دونه.

للأسعار والجولات، راجع [تقويم رحلات طهران إلى كيش](/ar/flight/THR-KIH).`,
        links: [
          { label: "جولات كيش", path: "/ar/tour/kish" },
          { label: "رحلات طهران إلى كيش", path: "/ar/flight/THR-KIH" },
        ],
      },
    },
  },
  {
    translationKey: "mashhad-autumn",
    cover: "mashhad",
    daysAgo: 10,
    versions: {
      fa: {
        slug: "مشهد-در-پاییز",
        title: "مشهد در پاییز: زیارت، باغ‌های طرقبه و شب‌های خنک",
        summary: "پاییز فصل آرام مشهد است؛ هتل‌ها خلوت‌ترند و هوا برای گشتن در شهر و ییلاقات اطراف دلپذیر است.",
        coverAlt: "گنبد طلایی حرم امام رضا در غروب پاییز",
        author: "علی رضایی",
        categories: ["راهنمای-سفر", "زیارت"],
        tags: ["مشهد", "پاییز", "طرقبه"],
        body: `مهر و آبان بهترین ماه‌های سفر به مشهد است: روزها آفتابی و شب‌ها خنک. جز تعطیلات رسمی، حرم و بازارها خلوت‌ترند و قیمت هتل‌ها پایین‌تر.

## برنامه سه‌روزه پیشنهادی

- **روز اول:** زیارت و بازدید از موزه‌های حرم.
- **روز دوم:** طرقبه و شاندیز؛ ناهار کنار باغ‌های گردو.
- **روز سوم:** آرامگاه فردوسی در توس و خرید زعفران از بازار رضا.

قطار شبانه تهران–مشهد راحت‌ترین راه است: شب سوار می‌شوید و صبح در مشهد هستید. [زمان‌بندی قطارهای تهران به مشهد](/train/tehran-mashhad) را ببینید.`,
        links: [
          { label: "قطار تهران به مشهد", path: "/train/tehran-mashhad" },
          { label: "پرواز تهران به مشهد", path: "/flight/THR-MHD" },
        ],
      },
      en: {
        slug: "mashhad-in-autumn",
        title: "Mashhad in autumn: pilgrimage, Torqabeh's gardens and cool nights",
        summary:
          "Autumn is Mashhad's quiet season: hotels are emptier and the weather is right for walking the city and the hills around it.",
        coverAlt: "The golden dome of the Imam Reza shrine at an autumn sunset",
        author: "Ali Rezaei",
        categories: ["travel-guides", "pilgrimage"],
        tags: ["mashhad", "autumn", "torqabeh"],
        body: `October and November are the best months to visit Mashhad: sunny days and cool nights. Outside public holidays the shrine and bazaars are calmer and hotels cost less.

## A three-day plan

- **Day one:** the shrine and its museums.
- **Day two:** Torqabeh and Shandiz; lunch among the walnut orchards.
- **Day three:** Ferdowsi's tomb in Tus, and saffron from the Reza bazaar.

The overnight Tehran–Mashhad train is the easiest way there: board in the evening, wake up in Mashhad. See the [Tehran to Mashhad train timetable](/en/train/tehran-mashhad).`,
        links: [
          { label: "Trains from Tehran to Mashhad", path: "/en/train/tehran-mashhad" },
          { label: "Flights from Tehran to Mashhad", path: "/en/flight/THR-MHD" },
        ],
      },
      ar: {
        slug: "مشهد-في-الخريف",
        title: "مشهد في الخريف: الزيارة وبساتين طرقبه والليالي الباردة",
        summary: "الخريف موسم مشهد الهادئ: الفنادق أقل ازدحامًا والطقس مناسب للتجول في المدينة والمرتفعات حولها.",
        coverAlt: "القبة الذهبية لحرم الإمام الرضا عند غروب خريفي",
        author: "علي رضائي",
        categories: ["أدلة-السفر", "الزيارة"],
        tags: ["مشهد", "الخريف", "طرقبه"],
        body: `أكتوبر ونوفمبر أفضل شهرين لزيارة مشهد: أيام مشمسة وليالٍ باردة. وخارج العطل الرسمية يكون الحرم والأسواق أهدأ والفنادق أرخص.

## خطة لثلاثة أيام

- **اليوم الأول:** الحرم ومتاحفه.
- **اليوم الثاني:** طرقبه وشانديز؛ غداء بين بساتين الجوز.
- **اليوم الثالث:** ضريح الفردوسي في طوس، والزعفران من بازار الرضا.

قطار الليل بين طهران ومشهد أسهل طريق: تركب مساءً وتستيقظ في مشهد. راجع [مواعيد قطارات طهران إلى مشهد](/ar/train/tehran-mashhad).`,
        links: [
          { label: "قطارات طهران إلى مشهد", path: "/ar/train/tehran-mashhad" },
          { label: "رحلات طهران إلى مشهد", path: "/ar/flight/THR-MHD" },
        ],
      },
    },
  },
  {
    translationKey: "train-travel-guide",
    cover: "train",
    daysAgo: 24,
    versions: {
      fa: {
        slug: "راهنمای-سفر-با-قطار",
        title: "راهنمای سفر با قطار: کوپه، رستوران و حمل خودرو",
        summary: "فرق قطارهای چهارتخته و شش‌تخته، غذای بین راه، خدمات اضافه و اینکه چطور خودرویتان را هم با قطار ببرید.",
        coverAlt: "قطار مسافری در دشت هنگام طلوع آفتاب",
        author: "سارا کریمی",
        categories: ["نکته‌های-سفر"],
        tags: ["قطار", "کوپه", "حمل-خودرو"],
        body: `قطار برای مسیرهای طولانی مثل تهران–مشهد و تهران–تبریز راحت‌ترین انتخاب است: تخت دارید، می‌توانید راه بروید و وقت سفر، شب است.

## انتخاب کوپه

- **چهارتخته:** آرام‌تر و معمولاً با پذیرایی بهتر.
- **شش‌تخته:** ارزان‌تر؛ برای گروه‌های شش‌نفره کل کوپه را بگیرید.

## غذا و خدمات

هنگام انتخاب مسافران می‌توانید وعده غذایی و خدمات اضافه را برای هر نفر جدا انتخاب کنید. برای بردن خودرو هم گزینه **حمل خودرو** را بزنید و شماره پلاک را وارد کنید.

[قطارهای تهران به تبریز](/train/tehran-tabriz) و [تهران به مشهد](/train/tehran-mashhad) را ببینید.`,
        links: [
          { label: "قطار تهران به مشهد", path: "/train/tehran-mashhad" },
          { label: "قطار تهران به تبریز", path: "/train/tehran-tabriz" },
        ],
      },
      en: {
        slug: "train-travel-guide",
        title: "Travelling by train: compartments, meals and taking your car",
        summary: "Four-berth or six-berth, meals on board, extra services, and how to bring your car on the same train.",
        coverAlt: "A passenger train crossing the plain at sunrise",
        author: "Sara Karimi",
        categories: ["travel-tips"],
        tags: ["trains", "compartments", "car-transport"],
        body: `For long routes like Tehran–Mashhad and Tehran–Tabriz the train is the most comfortable choice: you have a bed, you can walk around, and the journey happens overnight.

## Choosing a compartment

- **Four-berth:** quieter, usually with better catering.
- **Six-berth:** cheaper; a group of six can take the whole compartment.

## Meals and services

When you enter the passengers you can choose a meal and extra services for each person. To bring your car, tick **car transport** and give its plate number.

See [trains from Tehran to Tabriz](/en/train/tehran-tabriz) and [to Mashhad](/en/train/tehran-mashhad).`,
        links: [
          { label: "Trains from Tehran to Mashhad", path: "/en/train/tehran-mashhad" },
          { label: "Trains from Tehran to Tabriz", path: "/en/train/tehran-tabriz" },
        ],
      },
      ar: {
        slug: "دليل-السفر-بالقطار",
        title: "السفر بالقطار: المقصورات والوجبات ونقل السيارة",
        summary: "مقصورة بأربعة أسرّة أم بستة، الوجبات في الطريق، الخدمات الإضافية، وكيف تنقل سيارتك على القطار نفسه.",
        coverAlt: "قطار ركاب يعبر السهل عند الشروق",
        author: "سارا كريمي",
        categories: ["نصائح-السفر"],
        tags: ["القطارات", "المقصورات", "نقل-السيارة"],
        body: `في الطرق الطويلة مثل طهران–مشهد وطهران–تبريز يكون القطار الخيار الأكثر راحة: لديك سرير، ويمكنك المشي، والرحلة تمضي ليلًا.

## اختيار المقصورة

- **أربعة أسرّة:** أهدأ، وغالبًا بضيافة أفضل.
- **ستة أسرّة:** أرخص؛ ويمكن لمجموعة من ستة أشخاص حجز المقصورة كلها.

## الوجبات والخدمات

عند إدخال المسافرين يمكنك اختيار وجبة وخدمات إضافية لكل شخص. ولنقل سيارتك اختر **نقل السيارة** وأدخل رقم اللوحة.

راجع [قطارات طهران إلى تبريز](/ar/train/tehran-tabriz) و[إلى مشهد](/ar/train/tehran-mashhad).`,
        links: [
          { label: "قطارات طهران إلى مشهد", path: "/ar/train/tehran-mashhad" },
          { label: "قطارات طهران إلى تبريز", path: "/ar/train/tehran-tabriz" },
        ],
      },
    },
  },
];
