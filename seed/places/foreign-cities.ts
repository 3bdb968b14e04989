import type { ForeignCitySeed } from "./types.ts";

/**
 * International destinations with their passenger airports. Cities without an airport of their own
 * (Karbala, Mecca) have `airports: []`: they are hotel and tour destinations, reached by way of a
 * neighbouring city's airport (Najaf, Jeddah).
 */
export const FOREIGN_CITIES: ForeignCitySeed[] = [
  // Turkey
  {
    slug: "istanbul",
    country: "TR",
    names: { fa: "استانبول", en: "Istanbul", ar: "إسطنبول" },
    aliases: ["Stanbul", "اسلامبول", "İstanbul", "اسطنبول"],
    popularity: 100,
    airports: [
      {
        iata: "IST",
        names: { fa: "فرودگاه استانبول", en: "Istanbul Airport", ar: "مطار إسطنبول" },
        aliases: ["فرودگاه جدید استانبول", "Istanbul New Airport"],
      },
      {
        iata: "SAW",
        names: { fa: "فرودگاه صبیحه گوکچن", en: "Istanbul Sabiha Gökçen International Airport", ar: "مطار صبيحة كوكجن الدولي" },
        aliases: ["Sabiha Gokcen", "صبیحه"],
      },
    ],
  },
  {
    slug: "antalya",
    country: "TR",
    names: { fa: "آنتالیا", en: "Antalya", ar: "أنطاليا" },
    aliases: ["آنتالیا ترکیه"],
    popularity: 78,
    airports: [{ iata: "AYT", names: { fa: "فرودگاه آنتالیا", en: "Antalya Airport", ar: "مطار أنطاليا" } }],
  },
  {
    slug: "izmir",
    country: "TR",
    names: { fa: "ازمیر", en: "Izmir", ar: "إزمير" },
    aliases: ["İzmir", "Smyrna"],
    popularity: 45,
    airports: [{ iata: "ADB", names: { fa: "فرودگاه عدنان مندرس ازمیر", en: "Izmir Adnan Menderes Airport", ar: "مطار عدنان مندريس" } }],
  },
  {
    slug: "ankara",
    country: "TR",
    names: { fa: "آنکارا", en: "Ankara", ar: "أنقرة" },
    popularity: 45,
    airports: [
      { iata: "ESB", names: { fa: "فرودگاه اسنبوغا آنکارا", en: "Ankara Esenboğa Airport", ar: "مطار إسنبوغا" }, aliases: ["Esenboga"] },
    ],
  },
  {
    slug: "van",
    country: "TR",
    names: { fa: "وان", en: "Van", ar: "وان" },
    popularity: 45,
    airports: [{ iata: "VAN", names: { fa: "فرودگاه وان", en: "Van Ferit Melen Airport", ar: "مطار وان" } }],
  },
  {
    slug: "bodrum",
    country: "TR",
    names: { fa: "بدروم", en: "Bodrum", ar: "بودروم" },
    aliases: ["بودروم"],
    popularity: 35,
    airports: [{ iata: "BJV", names: { fa: "فرودگاه میلاس بدروم", en: "Milas–Bodrum Airport", ar: "مطار ميلاس بودروم" } }],
  },
  {
    slug: "trabzon",
    country: "TR",
    names: { fa: "ترابزون", en: "Trabzon", ar: "طرابزون" },
    aliases: ["Trebizond"],
    popularity: 30,
    airports: [{ iata: "TZX", names: { fa: "فرودگاه ترابزون", en: "Trabzon Airport", ar: "مطار طرابزون" } }],
  },

  // United Arab Emirates
  {
    slug: "dubai",
    country: "AE",
    names: { fa: "دبی", en: "Dubai", ar: "دبي" },
    aliases: ["Dubay", "دوبی"],
    popularity: 95,
    airports: [
      { iata: "DXB", names: { fa: "فرودگاه بین‌المللی دبی", en: "Dubai International Airport", ar: "مطار دبي الدولي" } },
      {
        iata: "DWC",
        names: { fa: "فرودگاه آل مکتوم", en: "Al Maktoum International Airport", ar: "مطار آل مكتوم الدولي" },
        aliases: ["Dubai World Central"],
      },
    ],
  },
  {
    slug: "abu-dhabi",
    country: "AE",
    names: { fa: "ابوظبی", en: "Abu Dhabi", ar: "أبوظبي" },
    aliases: ["ابوظبي", "Abudhabi", "أبو ظبي"],
    popularity: 45,
    airports: [
      {
        iata: "AUH",
        names: { fa: "فرودگاه بین‌المللی زاید ابوظبی", en: "Zayed International Airport", ar: "مطار زايد الدولي" },
        aliases: ["Abu Dhabi International Airport", "فرودگاه ابوظبی"],
      },
    ],
  },
  {
    slug: "sharjah",
    country: "AE",
    names: { fa: "شارجه", en: "Sharjah", ar: "الشارقة" },
    aliases: ["Sharja"],
    popularity: 45,
    airports: [{ iata: "SHJ", names: { fa: "فرودگاه شارجه", en: "Sharjah International Airport", ar: "مطار الشارقة الدولي" } }],
  },

  // Iraq
  {
    slug: "najaf",
    country: "IQ",
    names: { fa: "نجف", en: "Najaf", ar: "النجف" },
    aliases: ["نجف اشرف", "النجف الأشرف", "Al Najaf", "Najaf al-Ashraf"],
    popularity: 90,
    airports: [{ iata: "NJF", names: { fa: "فرودگاه نجف", en: "Al Najaf International Airport", ar: "مطار النجف الأشرف الدولي" } }],
  },
  {
    slug: "karbala",
    country: "IQ",
    names: { fa: "کربلا", en: "Karbala", ar: "كربلاء" },
    aliases: ["کربلای معلی", "Kerbala", "كربلاء المقدسة"],
    popularity: 88,
    airports: [],
  },
  {
    slug: "baghdad",
    country: "IQ",
    names: { fa: "بغداد", en: "Baghdad", ar: "بغداد" },
    aliases: ["Kadhimiya", "کاظمین", "الكاظمية"],
    popularity: 70,
    airports: [{ iata: "BGW", names: { fa: "فرودگاه بغداد", en: "Baghdad International Airport", ar: "مطار بغداد الدولي" } }],
  },
  {
    slug: "basra",
    country: "IQ",
    names: { fa: "بصره", en: "Basra", ar: "البصرة" },
    aliases: ["Basrah"],
    popularity: 55,
    airports: [{ iata: "BSR", names: { fa: "فرودگاه بصره", en: "Basra International Airport", ar: "مطار البصرة الدولي" } }],
  },
  {
    slug: "erbil",
    country: "IQ",
    names: { fa: "اربیل", en: "Erbil", ar: "أربيل" },
    aliases: ["Arbil", "Hewler", "هولیر"],
    popularity: 45,
    airports: [{ iata: "EBL", names: { fa: "فرودگاه اربیل", en: "Erbil International Airport", ar: "مطار أربيل الدولي" } }],
  },
  {
    slug: "sulaymaniyah",
    country: "IQ",
    names: { fa: "سلیمانیه", en: "Sulaymaniyah", ar: "السليمانية" },
    aliases: ["Sulaimaniyah", "Slemani"],
    popularity: 40,
    airports: [{ iata: "ISU", names: { fa: "فرودگاه سلیمانیه", en: "Sulaimaniyah International Airport", ar: "مطار السليمانية الدولي" } }],
  },

  // Saudi Arabia
  {
    slug: "mecca",
    country: "SA",
    names: { fa: "مکه", en: "Mecca", ar: "مكة المكرمة" },
    aliases: ["مکه مکرمه", "Makkah", "مكة"],
    popularity: 60,
    airports: [],
  },
  {
    slug: "medina",
    country: "SA",
    names: { fa: "مدینه", en: "Medina", ar: "المدينة المنورة" },
    aliases: ["مدینه منوره", "Madinah", "Al Madinah"],
    popularity: 55,
    airports: [
      {
        iata: "MED",
        names: {
          fa: "فرودگاه مدینه",
          en: "Prince Mohammad bin Abdulaziz International Airport",
          ar: "مطار الأمير محمد بن عبدالعزيز الدولي",
        },
        aliases: ["Medina Airport"],
      },
    ],
  },
  {
    slug: "jeddah",
    country: "SA",
    names: { fa: "جده", en: "Jeddah", ar: "جدة" },
    aliases: ["Jidda", "Jiddah"],
    popularity: 45,
    airports: [
      {
        iata: "JED",
        names: { fa: "فرودگاه ملک عبدالعزیز جده", en: "King Abdulaziz International Airport", ar: "مطار الملك عبدالعزيز الدولي" },
        aliases: ["Jeddah Airport"],
      },
    ],
  },
  {
    slug: "riyadh",
    country: "SA",
    names: { fa: "ریاض", en: "Riyadh", ar: "الرياض" },
    popularity: 20,
    airports: [
      { iata: "RUH", names: { fa: "فرودگاه ملک خالد ریاض", en: "King Khalid International Airport", ar: "مطار الملك خالد الدولي" } },
    ],
  },

  // The Gulf and the Levant
  {
    slug: "doha",
    country: "QA",
    names: { fa: "دوحه", en: "Doha", ar: "الدوحة" },
    popularity: 65,
    airports: [
      {
        iata: "DOH",
        names: { fa: "فرودگاه حمد دوحه", en: "Hamad International Airport", ar: "مطار حمد الدولي" },
        aliases: ["Doha Airport"],
      },
    ],
  },
  {
    slug: "muscat",
    country: "OM",
    names: { fa: "مسقط", en: "Muscat", ar: "مسقط" },
    aliases: ["Masqat"],
    popularity: 60,
    airports: [{ iata: "MCT", names: { fa: "فرودگاه مسقط", en: "Muscat International Airport", ar: "مطار مسقط الدولي" } }],
  },
  {
    slug: "kuwait-city",
    country: "KW",
    names: { fa: "کویت", en: "Kuwait City", ar: "مدينة الكويت" },
    aliases: ["Kuwait", "الكويت", "کویت سیتی"],
    popularity: 40,
    airports: [{ iata: "KWI", names: { fa: "فرودگاه کویت", en: "Kuwait International Airport", ar: "مطار الكويت الدولي" } }],
  },
  {
    slug: "manama",
    country: "BH",
    names: { fa: "منامه", en: "Manama", ar: "المنامة" },
    aliases: ["Bahrain", "بحرین", "البحرين"],
    popularity: 25,
    airports: [{ iata: "BAH", names: { fa: "فرودگاه بحرین", en: "Bahrain International Airport", ar: "مطار البحرين الدولي" } }],
  },
  {
    slug: "beirut",
    country: "LB",
    names: { fa: "بیروت", en: "Beirut", ar: "بيروت" },
    aliases: ["Beyrouth"],
    popularity: 40,
    airports: [
      {
        iata: "BEY",
        names: { fa: "فرودگاه بیروت", en: "Beirut–Rafic Hariri International Airport", ar: "مطار بيروت رفيق الحريري الدولي" },
      },
    ],
  },
  {
    slug: "damascus",
    country: "SY",
    names: { fa: "دمشق", en: "Damascus", ar: "دمشق" },
    aliases: ["Sham", "شام", "الشام"],
    popularity: 50,
    airports: [{ iata: "DAM", names: { fa: "فرودگاه دمشق", en: "Damascus International Airport", ar: "مطار دمشق الدولي" } }],
  },
  {
    slug: "amman",
    country: "JO",
    names: { fa: "امان", en: "Amman", ar: "عمّان" },
    popularity: 20,
    airports: [
      { iata: "AMM", names: { fa: "فرودگاه ملکه علیا امان", en: "Queen Alia International Airport", ar: "مطار الملكة علياء الدولي" } },
    ],
  },
  {
    slug: "cairo",
    country: "EG",
    names: { fa: "قاهره", en: "Cairo", ar: "القاهرة" },
    popularity: 25,
    airports: [{ iata: "CAI", names: { fa: "فرودگاه قاهره", en: "Cairo International Airport", ar: "مطار القاهرة الدولي" } }],
  },

  // The Caucasus
  {
    slug: "tbilisi",
    country: "GE",
    names: { fa: "تفلیس", en: "Tbilisi", ar: "تبليسي" },
    aliases: ["Tiflis", "تبلیسی"],
    popularity: 85,
    airports: [{ iata: "TBS", names: { fa: "فرودگاه تفلیس", en: "Tbilisi International Airport", ar: "مطار تبليسي الدولي" } }],
  },
  {
    slug: "batumi",
    country: "GE",
    names: { fa: "باتومی", en: "Batumi", ar: "باتومي" },
    aliases: ["Batum"],
    popularity: 60,
    airports: [{ iata: "BUS", names: { fa: "فرودگاه باتومی", en: "Batumi International Airport", ar: "مطار باتومي الدولي" } }],
  },
  {
    slug: "kutaisi",
    country: "GE",
    names: { fa: "کوتائیسی", en: "Kutaisi", ar: "كوتايسي" },
    aliases: ["کوتایسی"],
    popularity: 25,
    airports: [{ iata: "KUT", names: { fa: "فرودگاه کوتائیسی", en: "Kutaisi International Airport", ar: "مطار كوتايسي الدولي" } }],
  },
  {
    slug: "yerevan",
    country: "AM",
    names: { fa: "ایروان", en: "Yerevan", ar: "يريفان" },
    aliases: ["Erevan", "Erivan"],
    popularity: 80,
    airports: [
      {
        iata: "EVN",
        names: { fa: "فرودگاه زوارتنوتس ایروان", en: "Zvartnots International Airport", ar: "مطار زفارتنوتس الدولي" },
        aliases: ["فرودگاه ایروان", "Yerevan Airport"],
      },
    ],
  },
  {
    slug: "baku",
    country: "AZ",
    names: { fa: "باکو", en: "Baku", ar: "باكو" },
    aliases: ["Bakı"],
    popularity: 75,
    airports: [
      {
        iata: "GYD",
        names: { fa: "فرودگاه حیدر علی‌اف باکو", en: "Heydar Aliyev International Airport", ar: "مطار حيدر علييف الدولي" },
        aliases: ["فرودگاه باکو", "Baku Airport"],
      },
    ],
  },

  // Russia and Belarus
  {
    slug: "moscow",
    country: "RU",
    names: { fa: "مسکو", en: "Moscow", ar: "موسكو" },
    aliases: ["Moskva"],
    popularity: 60,
    airports: [
      { iata: "SVO", names: { fa: "فرودگاه شرمتیوو", en: "Sheremetyevo International Airport", ar: "مطار شيريميتيفو الدولي" } },
      { iata: "DME", names: { fa: "فرودگاه دومودیدوو", en: "Moscow Domodedovo Airport", ar: "مطار دوموديدوفو" } },
      { iata: "VKO", names: { fa: "فرودگاه ونوکوو", en: "Vnukovo International Airport", ar: "مطار فنوكوفو الدولي" } },
    ],
  },
  {
    slug: "saint-petersburg",
    country: "RU",
    names: { fa: "سن‌پترزبورگ", en: "Saint Petersburg", ar: "سانت بطرسبرغ" },
    aliases: ["سن پترزبورگ", "St Petersburg", "St. Petersburg"],
    popularity: 30,
    airports: [{ iata: "LED", names: { fa: "فرودگاه پولکوو", en: "Pulkovo Airport", ar: "مطار بولكوفو" } }],
  },
  {
    slug: "kazan",
    country: "RU",
    names: { fa: "قازان", en: "Kazan", ar: "قازان" },
    popularity: 25,
    airports: [{ iata: "KZN", names: { fa: "فرودگاه قازان", en: "Kazan International Airport", ar: "مطار قازان الدولي" } }],
  },
  {
    slug: "minsk",
    country: "BY",
    names: { fa: "مینسک", en: "Minsk", ar: "مينسك" },
    popularity: 30,
    airports: [{ iata: "MSQ", names: { fa: "فرودگاه ملی مینسک", en: "Minsk National Airport", ar: "مطار مينسك الوطني" } }],
  },

  // Central Asia and Afghanistan
  {
    slug: "tashkent",
    country: "UZ",
    names: { fa: "تاشکند", en: "Tashkent", ar: "طشقند" },
    aliases: ["Toshkent"],
    popularity: 35,
    airports: [{ iata: "TAS", names: { fa: "فرودگاه تاشکند", en: "Tashkent International Airport", ar: "مطار طشقند الدولي" } }],
  },
  {
    slug: "samarkand",
    country: "UZ",
    names: { fa: "سمرقند", en: "Samarkand", ar: "سمرقند" },
    aliases: ["Samarqand"],
    popularity: 30,
    airports: [{ iata: "SKD", names: { fa: "فرودگاه سمرقند", en: "Samarkand International Airport", ar: "مطار سمرقند الدولي" } }],
  },
  {
    slug: "almaty",
    country: "KZ",
    names: { fa: "آلماتی", en: "Almaty", ar: "ألماتي" },
    aliases: ["Alma-Ata", "آلما آتا"],
    popularity: 30,
    airports: [{ iata: "ALA", names: { fa: "فرودگاه آلماتی", en: "Almaty International Airport", ar: "مطار ألماتي الدولي" } }],
  },
  {
    slug: "dushanbe",
    country: "TJ",
    names: { fa: "دوشنبه", en: "Dushanbe", ar: "دوشنبه" },
    popularity: 30,
    airports: [{ iata: "DYU", names: { fa: "فرودگاه دوشنبه", en: "Dushanbe International Airport", ar: "مطار دوشنبه الدولي" } }],
  },
  {
    slug: "ashgabat",
    country: "TM",
    names: { fa: "عشق‌آباد", en: "Ashgabat", ar: "عشق آباد" },
    aliases: ["عشق آباد", "Ashkhabad"],
    popularity: 25,
    airports: [{ iata: "ASB", names: { fa: "فرودگاه عشق‌آباد", en: "Ashgabat International Airport", ar: "مطار عشق آباد الدولي" } }],
  },
  {
    slug: "kabul",
    country: "AF",
    names: { fa: "کابل", en: "Kabul", ar: "كابل" },
    popularity: 35,
    airports: [{ iata: "KBL", names: { fa: "فرودگاه کابل", en: "Kabul International Airport", ar: "مطار كابل الدولي" } }],
  },
  {
    slug: "herat",
    country: "AF",
    names: { fa: "هرات", en: "Herat", ar: "هرات" },
    popularity: 30,
    airports: [{ iata: "HEA", names: { fa: "فرودگاه هرات", en: "Herat International Airport", ar: "مطار هرات الدولي" } }],
  },

  // South Asia and the Indian Ocean
  {
    slug: "delhi",
    country: "IN",
    names: { fa: "دهلی", en: "Delhi", ar: "دلهي" },
    aliases: ["New Delhi", "دهلی نو", "نيودلهي"],
    popularity: 45,
    airports: [
      {
        iata: "DEL",
        names: { fa: "فرودگاه ایندیرا گاندی دهلی", en: "Indira Gandhi International Airport", ar: "مطار إنديرا غاندي الدولي" },
      },
    ],
  },
  {
    slug: "mumbai",
    country: "IN",
    names: { fa: "بمبئی", en: "Mumbai", ar: "مومباي" },
    aliases: ["Bombay", "ممبئی"],
    popularity: 40,
    airports: [
      {
        iata: "BOM",
        names: { fa: "فرودگاه بمبئی", en: "Chhatrapati Shivaji Maharaj International Airport", ar: "مطار مومباي الدولي" },
        aliases: ["Mumbai Airport"],
      },
    ],
  },
  {
    slug: "karachi",
    country: "PK",
    names: { fa: "کراچی", en: "Karachi", ar: "كراتشي" },
    popularity: 15,
    airports: [{ iata: "KHI", names: { fa: "فرودگاه جناح کراچی", en: "Jinnah International Airport", ar: "مطار جناح الدولي" } }],
  },
  {
    slug: "colombo",
    country: "LK",
    names: { fa: "کلمبو", en: "Colombo", ar: "كولومبو" },
    popularity: 35,
    airports: [
      {
        iata: "CMB",
        names: { fa: "فرودگاه بندرانایکه کلمبو", en: "Bandaranaike International Airport", ar: "مطار باندارانايكه الدولي" },
        aliases: ["Colombo Airport"],
      },
    ],
  },
  {
    slug: "male",
    country: "MV",
    names: { fa: "ماله", en: "Malé", ar: "ماليه" },
    aliases: ["Male", "مالدیو", "Maldives"],
    popularity: 40,
    airports: [
      {
        iata: "MLE",
        names: { fa: "فرودگاه ولانا ماله", en: "Velana International Airport", ar: "مطار فيلانا الدولي" },
        aliases: ["Male Airport"],
      },
    ],
  },

  // East and Southeast Asia
  {
    slug: "kuala-lumpur",
    country: "MY",
    names: { fa: "کوالالامپور", en: "Kuala Lumpur", ar: "كوالالمبور" },
    aliases: ["KL", "کوالا لامپور"],
    popularity: 72,
    airports: [
      { iata: "KUL", names: { fa: "فرودگاه کوالالامپور", en: "Kuala Lumpur International Airport", ar: "مطار كوالالمبور الدولي" } },
    ],
  },
  {
    slug: "bangkok",
    country: "TH",
    names: { fa: "بانکوک", en: "Bangkok", ar: "بانكوك" },
    popularity: 70,
    airports: [
      {
        iata: "BKK",
        names: { fa: "فرودگاه سووارنابومی", en: "Suvarnabhumi Airport", ar: "مطار سوفارنابومي" },
        aliases: ["Bangkok Airport"],
      },
      { iata: "DMK", names: { fa: "فرودگاه دون موئانگ", en: "Don Mueang International Airport", ar: "مطار دون موانج الدولي" } },
    ],
  },
  {
    slug: "phuket",
    country: "TH",
    names: { fa: "پوکت", en: "Phuket", ar: "بوكيت" },
    aliases: ["پوکه"],
    popularity: 60,
    airports: [{ iata: "HKT", names: { fa: "فرودگاه پوکت", en: "Phuket International Airport", ar: "مطار بوكيت الدولي" } }],
  },
  {
    slug: "pattaya",
    country: "TH",
    names: { fa: "پاتایا", en: "Pattaya", ar: "باتايا" },
    popularity: 50,
    airports: [{ iata: "UTP", names: { fa: "فرودگاه یوتاپائو", en: "U-Tapao International Airport", ar: "مطار يوتاباو الدولي" } }],
  },
  {
    slug: "bali",
    country: "ID",
    names: { fa: "بالی", en: "Bali", ar: "بالي" },
    aliases: ["Denpasar", "دنپاسار"],
    popularity: 50,
    airports: [
      {
        iata: "DPS",
        names: { fa: "فرودگاه بالی", en: "I Gusti Ngurah Rai International Airport", ar: "مطار نغوراه راي الدولي" },
        aliases: ["Bali Airport", "Denpasar Airport"],
      },
    ],
  },
  {
    slug: "jakarta",
    country: "ID",
    names: { fa: "جاکارتا", en: "Jakarta", ar: "جاكرتا" },
    popularity: 20,
    airports: [
      {
        iata: "CGK",
        names: { fa: "فرودگاه سوکارنو هاتا", en: "Soekarno–Hatta International Airport", ar: "مطار سوكارنو هاتا الدولي" },
        aliases: ["Jakarta Airport"],
      },
    ],
  },
  {
    slug: "singapore",
    country: "SG",
    names: { fa: "سنگاپور", en: "Singapore", ar: "سنغافورة" },
    popularity: 35,
    airports: [{ iata: "SIN", names: { fa: "فرودگاه چانگی سنگاپور", en: "Singapore Changi Airport", ar: "مطار شانغي" } }],
  },
  {
    slug: "ho-chi-minh-city",
    country: "VN",
    names: { fa: "هوشی‌مین", en: "Ho Chi Minh City", ar: "مدينة هو تشي منه" },
    aliases: ["Saigon", "سایگون", "هوشی مین"],
    popularity: 20,
    airports: [
      { iata: "SGN", names: { fa: "فرودگاه تان سون نات", en: "Tan Son Nhat International Airport", ar: "مطار تان سون نهات الدولي" } },
    ],
  },
  {
    slug: "hanoi",
    country: "VN",
    names: { fa: "هانوی", en: "Hanoi", ar: "هانوي" },
    popularity: 20,
    airports: [{ iata: "HAN", names: { fa: "فرودگاه نوی بای", en: "Noi Bai International Airport", ar: "مطار نوي باي الدولي" } }],
  },
  {
    slug: "guangzhou",
    country: "CN",
    names: { fa: "گوانگژو", en: "Guangzhou", ar: "قوانغتشو" },
    aliases: ["گوانگجو", "Canton", "کانتون"],
    popularity: 45,
    airports: [
      {
        iata: "CAN",
        names: { fa: "فرودگاه بائیون گوانگژو", en: "Guangzhou Baiyun International Airport", ar: "مطار قوانغتشو بايون الدولي" },
      },
    ],
  },
  {
    slug: "beijing",
    country: "CN",
    names: { fa: "پکن", en: "Beijing", ar: "بكين" },
    aliases: ["Peking"],
    popularity: 40,
    airports: [
      {
        iata: "PEK",
        names: { fa: "فرودگاه بین‌المللی پایتخت پکن", en: "Beijing Capital International Airport", ar: "مطار بكين العاصمة الدولي" },
      },
      { iata: "PKX", names: { fa: "فرودگاه داشینگ پکن", en: "Beijing Daxing International Airport", ar: "مطار بكين داشينغ الدولي" } },
    ],
  },
  {
    slug: "shanghai",
    country: "CN",
    names: { fa: "شانگهای", en: "Shanghai", ar: "شانغهاي" },
    popularity: 30,
    airports: [
      {
        iata: "PVG",
        names: { fa: "فرودگاه پودونگ شانگهای", en: "Shanghai Pudong International Airport", ar: "مطار شانغهاي بودونغ الدولي" },
      },
    ],
  },
  {
    slug: "hong-kong",
    country: "HK",
    names: { fa: "هنگ‌کنگ", en: "Hong Kong", ar: "هونغ كونغ" },
    aliases: ["هنگ کنگ"],
    popularity: 15,
    airports: [{ iata: "HKG", names: { fa: "فرودگاه هنگ‌کنگ", en: "Hong Kong International Airport", ar: "مطار هونغ كونغ الدولي" } }],
  },
  {
    slug: "tokyo",
    country: "JP",
    names: { fa: "توکیو", en: "Tokyo", ar: "طوكيو" },
    popularity: 25,
    airports: [
      { iata: "NRT", names: { fa: "فرودگاه ناریتا", en: "Narita International Airport", ar: "مطار ناريتا الدولي" } },
      { iata: "HND", names: { fa: "فرودگاه هانه‌دا", en: "Haneda Airport", ar: "مطار هانيدا" } },
    ],
  },
  {
    slug: "seoul",
    country: "KR",
    names: { fa: "سئول", en: "Seoul", ar: "سيول" },
    popularity: 20,
    airports: [{ iata: "ICN", names: { fa: "فرودگاه اینچئون", en: "Incheon International Airport", ar: "مطار إنتشون الدولي" } }],
  },

  // Europe
  {
    slug: "frankfurt",
    country: "DE",
    names: { fa: "فرانکفورت", en: "Frankfurt", ar: "فرانكفورت" },
    aliases: ["Frankfurt am Main"],
    popularity: 45,
    airports: [{ iata: "FRA", names: { fa: "فرودگاه فرانکفورت", en: "Frankfurt Airport", ar: "مطار فرانكفورت" } }],
  },
  {
    slug: "hamburg",
    country: "DE",
    names: { fa: "هامبورگ", en: "Hamburg", ar: "هامبورغ" },
    popularity: 35,
    airports: [{ iata: "HAM", names: { fa: "فرودگاه هامبورگ", en: "Hamburg Airport", ar: "مطار هامبورغ" } }],
  },
  {
    slug: "munich",
    country: "DE",
    names: { fa: "مونیخ", en: "Munich", ar: "ميونخ" },
    aliases: ["München", "Muenchen"],
    popularity: 35,
    airports: [{ iata: "MUC", names: { fa: "فرودگاه مونیخ", en: "Munich Airport", ar: "مطار ميونخ" } }],
  },
  {
    slug: "berlin",
    country: "DE",
    names: { fa: "برلین", en: "Berlin", ar: "برلين" },
    popularity: 40,
    airports: [{ iata: "BER", names: { fa: "فرودگاه برلین براندنبورگ", en: "Berlin Brandenburg Airport", ar: "مطار برلين براندنبورغ" } }],
  },
  {
    slug: "cologne",
    country: "DE",
    names: { fa: "کلن", en: "Cologne", ar: "كولونيا" },
    aliases: ["Köln", "Koeln"],
    popularity: 25,
    airports: [{ iata: "CGN", names: { fa: "فرودگاه کلن بن", en: "Cologne Bonn Airport", ar: "مطار كولونيا بون" } }],
  },
  {
    slug: "paris",
    country: "FR",
    names: { fa: "پاریس", en: "Paris", ar: "باريس" },
    popularity: 50,
    airports: [
      { iata: "CDG", names: { fa: "فرودگاه شارل دوگل", en: "Paris Charles de Gaulle Airport", ar: "مطار شارل ديغول" } },
      { iata: "ORY", names: { fa: "فرودگاه اورلی", en: "Paris Orly Airport", ar: "مطار أورلي" } },
    ],
  },
  {
    slug: "london",
    country: "GB",
    names: { fa: "لندن", en: "London", ar: "لندن" },
    popularity: 50,
    airports: [
      { iata: "LHR", names: { fa: "فرودگاه هیترو", en: "Heathrow Airport", ar: "مطار هيثرو" } },
      { iata: "LGW", names: { fa: "فرودگاه گتویک", en: "Gatwick Airport", ar: "مطار غاتويك" } },
    ],
  },
  {
    slug: "amsterdam",
    country: "NL",
    names: { fa: "آمستردام", en: "Amsterdam", ar: "أمستردام" },
    popularity: 40,
    airports: [
      {
        iata: "AMS",
        names: { fa: "فرودگاه اسخیپول آمستردام", en: "Amsterdam Airport Schiphol", ar: "مطار سخيبول" },
        aliases: ["Schiphol", "فرودگاه شیپول"],
      },
    ],
  },
  {
    slug: "brussels",
    country: "BE",
    names: { fa: "بروکسل", en: "Brussels", ar: "بروكسل" },
    aliases: ["Bruxelles"],
    popularity: 20,
    airports: [{ iata: "BRU", names: { fa: "فرودگاه بروکسل", en: "Brussels Airport", ar: "مطار بروكسل" } }],
  },
  {
    slug: "rome",
    country: "IT",
    names: { fa: "رم", en: "Rome", ar: "روما" },
    aliases: ["Roma"],
    popularity: 40,
    airports: [
      {
        iata: "FCO",
        names: { fa: "فرودگاه فیومیچینو رم", en: "Rome Fiumicino Airport", ar: "مطار فيوميتشينو" },
        aliases: ["Leonardo da Vinci Airport"],
      },
    ],
  },
  {
    slug: "milan",
    country: "IT",
    names: { fa: "میلان", en: "Milan", ar: "ميلانو" },
    aliases: ["Milano"],
    popularity: 35,
    airports: [{ iata: "MXP", names: { fa: "فرودگاه مالپنسا میلان", en: "Milan Malpensa Airport", ar: "مطار مالبينسا" } }],
  },
  {
    slug: "vienna",
    country: "AT",
    names: { fa: "وین", en: "Vienna", ar: "فيينا" },
    aliases: ["Wien"],
    popularity: 40,
    airports: [{ iata: "VIE", names: { fa: "فرودگاه وین", en: "Vienna International Airport", ar: "مطار فيينا الدولي" } }],
  },
  {
    slug: "zurich",
    country: "CH",
    names: { fa: "زوریخ", en: "Zurich", ar: "زيورخ" },
    aliases: ["Zürich"],
    popularity: 30,
    airports: [{ iata: "ZRH", names: { fa: "فرودگاه زوریخ", en: "Zurich Airport", ar: "مطار زيورخ" } }],
  },
  {
    slug: "geneva",
    country: "CH",
    names: { fa: "ژنو", en: "Geneva", ar: "جنيف" },
    aliases: ["Genève"],
    popularity: 25,
    airports: [{ iata: "GVA", names: { fa: "فرودگاه ژنو", en: "Geneva Airport", ar: "مطار جنيف" } }],
  },
  {
    slug: "stockholm",
    country: "SE",
    names: { fa: "استکهلم", en: "Stockholm", ar: "ستوكهولم" },
    popularity: 40,
    airports: [{ iata: "ARN", names: { fa: "فرودگاه آرلاندا استکهلم", en: "Stockholm Arlanda Airport", ar: "مطار أرلاندا" } }],
  },
  {
    slug: "gothenburg",
    country: "SE",
    names: { fa: "گوتنبرگ", en: "Gothenburg", ar: "غوتنبرغ" },
    aliases: ["Göteborg", "یوتبوری"],
    popularity: 25,
    airports: [{ iata: "GOT", names: { fa: "فرودگاه لاندوتر گوتنبرگ", en: "Göteborg Landvetter Airport", ar: "مطار لاندفيتر" } }],
  },
  {
    slug: "copenhagen",
    country: "DK",
    names: { fa: "کپنهاگ", en: "Copenhagen", ar: "كوبنهاغن" },
    aliases: ["København"],
    popularity: 30,
    airports: [{ iata: "CPH", names: { fa: "فرودگاه کپنهاگ", en: "Copenhagen Airport", ar: "مطار كوبنهاغن" } }],
  },
  {
    slug: "oslo",
    country: "NO",
    names: { fa: "اسلو", en: "Oslo", ar: "أوسلو" },
    popularity: 30,
    airports: [{ iata: "OSL", names: { fa: "فرودگاه اسلو", en: "Oslo Airport, Gardermoen", ar: "مطار أوسلو" } }],
  },
  {
    slug: "madrid",
    country: "ES",
    names: { fa: "مادرید", en: "Madrid", ar: "مدريد" },
    popularity: 35,
    airports: [
      { iata: "MAD", names: { fa: "فرودگاه باراخاس مادرید", en: "Adolfo Suárez Madrid–Barajas Airport", ar: "مطار مدريد باراخاس" } },
    ],
  },
  {
    slug: "barcelona",
    country: "ES",
    names: { fa: "بارسلونا", en: "Barcelona", ar: "برشلونة" },
    popularity: 40,
    airports: [{ iata: "BCN", names: { fa: "فرودگاه ال پرات بارسلونا", en: "Barcelona–El Prat Airport", ar: "مطار برشلونة إل برات" } }],
  },
  {
    slug: "athens",
    country: "GR",
    names: { fa: "آتن", en: "Athens", ar: "أثينا" },
    popularity: 35,
    airports: [{ iata: "ATH", names: { fa: "فرودگاه آتن", en: "Athens International Airport", ar: "مطار أثينا الدولي" } }],
  },
  {
    slug: "larnaca",
    country: "CY",
    names: { fa: "لارناکا", en: "Larnaca", ar: "لارنكا" },
    popularity: 35,
    airports: [{ iata: "LCA", names: { fa: "فرودگاه لارناکا", en: "Larnaca International Airport", ar: "مطار لارنكا الدولي" } }],
  },
  {
    slug: "belgrade",
    country: "RS",
    names: { fa: "بلگراد", en: "Belgrade", ar: "بلغراد" },
    aliases: ["Beograd"],
    popularity: 30,
    airports: [
      { iata: "BEG", names: { fa: "فرودگاه نیکولا تسلا بلگراد", en: "Belgrade Nikola Tesla Airport", ar: "مطار بلغراد نيكولا تسلا" } },
    ],
  },
  {
    slug: "sarajevo",
    country: "BA",
    names: { fa: "سارایوو", en: "Sarajevo", ar: "سراييفو" },
    popularity: 15,
    airports: [{ iata: "SJJ", names: { fa: "فرودگاه سارایوو", en: "Sarajevo International Airport", ar: "مطار سراييفو الدولي" } }],
  },
  {
    slug: "budapest",
    country: "HU",
    names: { fa: "بوداپست", en: "Budapest", ar: "بودابست" },
    popularity: 20,
    airports: [
      {
        iata: "BUD",
        names: { fa: "فرودگاه بوداپست", en: "Budapest Ferenc Liszt International Airport", ar: "مطار بودابست فيرينتس ليست الدولي" },
      },
    ],
  },
  {
    slug: "prague",
    country: "CZ",
    names: { fa: "پراگ", en: "Prague", ar: "براغ" },
    aliases: ["Praha"],
    popularity: 20,
    airports: [
      { iata: "PRG", names: { fa: "فرودگاه واتسلاو هاول پراگ", en: "Václav Havel Airport Prague", ar: "مطار فاتسلاف هافل براغ" } },
    ],
  },
  {
    slug: "warsaw",
    country: "PL",
    names: { fa: "ورشو", en: "Warsaw", ar: "وارسو" },
    aliases: ["Warszawa"],
    popularity: 15,
    airports: [{ iata: "WAW", names: { fa: "فرودگاه شوپن ورشو", en: "Warsaw Chopin Airport", ar: "مطار وارسو شوبان" } }],
  },

  // The Americas and Oceania
  {
    slug: "toronto",
    country: "CA",
    names: { fa: "تورنتو", en: "Toronto", ar: "تورونتو" },
    popularity: 45,
    airports: [
      {
        iata: "YYZ",
        names: { fa: "فرودگاه پیرسون تورنتو", en: "Toronto Pearson International Airport", ar: "مطار تورونتو بيرسون الدولي" },
      },
    ],
  },
  {
    slug: "vancouver",
    country: "CA",
    names: { fa: "ونکوور", en: "Vancouver", ar: "فانكوفر" },
    aliases: ["ونکوبر"],
    popularity: 35,
    airports: [{ iata: "YVR", names: { fa: "فرودگاه ونکوور", en: "Vancouver International Airport", ar: "مطار فانكوفر الدولي" } }],
  },
  {
    slug: "montreal",
    country: "CA",
    names: { fa: "مونترال", en: "Montreal", ar: "مونتريال" },
    aliases: ["Montréal"],
    popularity: 25,
    airports: [
      {
        iata: "YUL",
        names: { fa: "فرودگاه ترودو مونترال", en: "Montréal–Trudeau International Airport", ar: "مطار مونتريال ترودو الدولي" },
      },
    ],
  },
  {
    slug: "new-york",
    country: "US",
    names: { fa: "نیویورک", en: "New York", ar: "نيويورك" },
    aliases: ["NYC", "New York City"],
    popularity: 30,
    airports: [
      { iata: "JFK", names: { fa: "فرودگاه جان اف کندی", en: "John F. Kennedy International Airport", ar: "مطار جون إف كينيدي الدولي" } },
    ],
  },
  {
    slug: "los-angeles",
    country: "US",
    names: { fa: "لس‌آنجلس", en: "Los Angeles", ar: "لوس أنجلوس" },
    aliases: ["لس آنجلس", "LA"],
    popularity: 30,
    airports: [{ iata: "LAX", names: { fa: "فرودگاه لس‌آنجلس", en: "Los Angeles International Airport", ar: "مطار لوس أنجلوس الدولي" } }],
  },
  {
    slug: "sao-paulo",
    country: "BR",
    names: { fa: "سائوپائولو", en: "São Paulo", ar: "ساو باولو" },
    aliases: ["Sao Paulo", "سائو پائولو"],
    popularity: 10,
    airports: [
      {
        iata: "GRU",
        names: {
          fa: "فرودگاه گوارولیوس سائوپائولو",
          en: "São Paulo/Guarulhos International Airport",
          ar: "مطار ساو باولو غوارولوس الدولي",
        },
      },
    ],
  },
  {
    slug: "sydney",
    country: "AU",
    names: { fa: "سیدنی", en: "Sydney", ar: "سيدني" },
    popularity: 30,
    airports: [{ iata: "SYD", names: { fa: "فرودگاه سیدنی", en: "Sydney Airport", ar: "مطار سيدني" } }],
  },
  {
    slug: "melbourne",
    country: "AU",
    names: { fa: "ملبورن", en: "Melbourne", ar: "ملبورن" },
    popularity: 25,
    airports: [{ iata: "MEL", names: { fa: "فرودگاه ملبورن", en: "Melbourne Airport", ar: "مطار ملبورن" } }],
  },

  // Africa
  {
    slug: "zanzibar",
    country: "TZ",
    names: { fa: "زنگبار", en: "Zanzibar", ar: "زنجبار" },
    aliases: ["Stone Town", "زنزیبار"],
    popularity: 20,
    airports: [
      {
        iata: "ZNZ",
        names: { fa: "فرودگاه زنگبار", en: "Abeid Amani Karume International Airport", ar: "مطار عبيد أماني كرومي الدولي" },
        aliases: ["Zanzibar Airport"],
      },
    ],
  },
  {
    slug: "nairobi",
    country: "KE",
    names: { fa: "نایروبی", en: "Nairobi", ar: "نيروبي" },
    popularity: 10,
    airports: [
      {
        iata: "NBO",
        names: { fa: "فرودگاه جومو کنیاتا نایروبی", en: "Jomo Kenyatta International Airport", ar: "مطار جومو كينياتا الدولي" },
      },
    ],
  },
  {
    slug: "tunis",
    country: "TN",
    names: { fa: "تونس", en: "Tunis", ar: "تونس" },
    popularity: 10,
    airports: [
      { iata: "TUN", names: { fa: "فرودگاه تونس کارتاژ", en: "Tunis–Carthage International Airport", ar: "مطار تونس قرطاج الدولي" } },
    ],
  },
];
