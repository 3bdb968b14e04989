import type { CitySeed } from "./types.ts";

/**
 * Iranian cities: every province capital, every city with a commercial airport or a passenger rail
 * station, and the towns people travel to. Popularity 0–100 orders suggestions; small towns sit at 5–30.
 */
export const IRAN_CITIES: CitySeed[] = [
  // Tehran
  { slug: "tehran", province: "tehran", names: { fa: "تهران", en: "Tehran", ar: "طهران" }, aliases: ["Teheran", "Tehrān", "طهران العاصمة"], popularity: 100, hotels: true, tours: true },
  { slug: "varamin", province: "tehran", names: { fa: "ورامین", en: "Varamin", ar: "ورامين" }, popularity: 12 },
  { slug: "firuzkuh", province: "tehran", names: { fa: "فیروزکوه", en: "Firuzkuh", ar: "فيروزكوه" }, aliases: ["Firouzkouh", "Firoozkooh"], popularity: 12 },
  { slug: "damavand", province: "tehran", names: { fa: "دماوند", en: "Damavand", ar: "دماوند" }, aliases: ["Demavend"], popularity: 15, tours: true },

  // Alborz
  { slug: "karaj", province: "alborz", names: { fa: "کرج", en: "Karaj", ar: "كرج" }, popularity: 45, hotels: true },

  // Qom
  { slug: "qom", province: "qom", names: { fa: "قم", en: "Qom", ar: "قم" }, aliases: ["Ghom", "Qum", "قم المقدسة"], popularity: 70, hotels: true, tours: true },

  // Markazi
  { slug: "arak", province: "markazi", names: { fa: "اراک", en: "Arak", ar: "أراك" }, popularity: 30, hotels: true },
  { slug: "saveh", province: "markazi", names: { fa: "ساوه", en: "Saveh", ar: "ساوة" }, popularity: 10 },
  { slug: "mahallat", province: "markazi", names: { fa: "محلات", en: "Mahallat", ar: "محلات" }, popularity: 12, hotels: true },

  // Qazvin
  { slug: "qazvin", province: "qazvin", names: { fa: "قزوین", en: "Qazvin", ar: "قزوين" }, aliases: ["Ghazvin", "Kazvin"], popularity: 30, hotels: true, tours: true },

  // Semnan
  { slug: "semnan", province: "semnan", names: { fa: "سمنان", en: "Semnan", ar: "سمنان" }, popularity: 25, hotels: true },
  { slug: "shahrud", province: "semnan", names: { fa: "شاهرود", en: "Shahrud", ar: "شاهرود" }, aliases: ["Shahroud", "Shahrood"], popularity: 25, hotels: true },
  { slug: "damghan", province: "semnan", names: { fa: "دامغان", en: "Damghan", ar: "دامغان" }, popularity: 15 },
  { slug: "garmsar", province: "semnan", names: { fa: "گرمسار", en: "Garmsar", ar: "كرمسار" }, popularity: 12 },

  // Isfahan
  { slug: "isfahan", province: "isfahan", names: { fa: "اصفهان", en: "Isfahan", ar: "أصفهان" }, aliases: ["Esfahan", "Ispahan", "Isfahān", "إصفهان"], popularity: 88, hotels: true, tours: true },
  { slug: "kashan", province: "isfahan", names: { fa: "کاشان", en: "Kashan", ar: "كاشان" }, aliases: ["Kāshān"], popularity: 55, hotels: true, tours: true },
  { slug: "shahreza", province: "isfahan", names: { fa: "شهرضا", en: "Shahreza", ar: "شهرضا" }, aliases: ["Shahr-e Reza", "Qomsheh"], popularity: 12 },
  { slug: "najafabad", province: "isfahan", names: { fa: "نجف‌آباد", en: "Najafabad", ar: "نجف آباد" }, aliases: ["نجف آباد", "Najaf Abad"], popularity: 12 },
  { slug: "nain", province: "isfahan", names: { fa: "نائین", en: "Nain", ar: "نائين" }, aliases: ["Naein", "Na'in", "نایین"], popularity: 10, hotels: true },

  // Fars
  { slug: "shiraz", province: "fars", names: { fa: "شیراز", en: "Shiraz", ar: "شيراز" }, aliases: ["Shīrāz", "Schiras"], popularity: 90, hotels: true, tours: true },
  { slug: "lar", province: "fars", names: { fa: "لار", en: "Lar", ar: "لار" }, aliases: ["Larestan", "لارستان"], popularity: 30, hotels: true },
  { slug: "lamerd", province: "fars", names: { fa: "لامرد", en: "Lamerd", ar: "لامرد" }, popularity: 12 },
  { slug: "marvdasht", province: "fars", names: { fa: "مرودشت", en: "Marvdasht", ar: "مرودشت" }, aliases: ["Persepolis", "تخت جمشید"], popularity: 15, tours: true },
  { slug: "jahrom", province: "fars", names: { fa: "جهرم", en: "Jahrom", ar: "جهرم" }, popularity: 15 },
  { slug: "kazerun", province: "fars", names: { fa: "کازرون", en: "Kazerun", ar: "كازرون" }, aliases: ["Kazeroon", "Kazeroun"], popularity: 10 },

  // Khuzestan
  { slug: "ahvaz", province: "khuzestan", names: { fa: "اهواز", en: "Ahvaz", ar: "الأهواز" }, aliases: ["Ahwaz", "Ahvāz", "أهواز"], popularity: 65, hotels: true, tours: true },
  { slug: "abadan", province: "khuzestan", names: { fa: "آبادان", en: "Abadan", ar: "عبادان" }, popularity: 40, hotels: true },
  { slug: "khorramshahr", province: "khuzestan", names: { fa: "خرمشهر", en: "Khorramshahr", ar: "خرمشهر" }, aliases: ["المحمرة", "Mohammerah"], popularity: 30, hotels: true, tours: true },
  { slug: "dezful", province: "khuzestan", names: { fa: "دزفول", en: "Dezful", ar: "دزفول" }, aliases: ["Dezfool"], popularity: 35, hotels: true },
  { slug: "andimeshk", province: "khuzestan", names: { fa: "اندیمشک", en: "Andimeshk", ar: "أنديمشك" }, popularity: 20 },
  { slug: "shushtar", province: "khuzestan", names: { fa: "شوشتر", en: "Shushtar", ar: "شوشتر" }, aliases: ["Shooshtar", "تستر"], popularity: 30, hotels: true, tours: true },
  { slug: "shush", province: "khuzestan", names: { fa: "شوش", en: "Shush", ar: "شوش" }, aliases: ["Susa", "السوس"], popularity: 20, tours: true },
  { slug: "mahshahr", province: "khuzestan", names: { fa: "ماهشهر", en: "Mahshahr", ar: "ماهشهر" }, aliases: ["بندر ماهشهر", "Bandar-e Mahshahr", "Bandar Mahshahr"], popularity: 20 },
  { slug: "behbahan", province: "khuzestan", names: { fa: "بهبهان", en: "Behbahan", ar: "بهبهان" }, popularity: 12 },
  { slug: "masjed-soleyman", province: "khuzestan", names: { fa: "مسجدسلیمان", en: "Masjed Soleyman", ar: "مسجد سليمان" }, aliases: ["مسجد سلیمان", "Masjed-e Soleyman", "Masjid Sulaiman"], popularity: 10 },

  // Hormozgan
  { slug: "bandar-abbas", province: "hormozgan", names: { fa: "بندرعباس", en: "Bandar Abbas", ar: "بندر عباس" }, aliases: ["بندر عباس", "Bandar-e Abbas", "Bandar Abas", "Bandarabbas"], popularity: 70, hotels: true, tours: true },
  { slug: "kish", province: "hormozgan", names: { fa: "کیش", en: "Kish", ar: "كيش" }, aliases: ["Kish Island", "جزیره کیش", "جزيرة كيش"], popularity: 92, hotels: true, tours: true },
  { slug: "qeshm", province: "hormozgan", names: { fa: "قشم", en: "Qeshm", ar: "قشم" }, aliases: ["Qeshm Island", "Gheshm", "Keshm", "جزیره قشم", "جزيرة قشم"], popularity: 80, hotels: true, tours: true },
  { slug: "hormuz", province: "hormozgan", names: { fa: "هرمز", en: "Hormuz", ar: "هرمز" }, aliases: ["Hormoz", "Hormuz Island", "جزیره هرمز", "جزيرة هرمز"], popularity: 35, hotels: true, tours: true },
  { slug: "bandar-lengeh", province: "hormozgan", names: { fa: "بندر لنگه", en: "Bandar Lengeh", ar: "بندر لنجة" }, aliases: ["بندرلنگه", "Bandar-e Lengeh", "Lengeh", "لنگه"], popularity: 25, hotels: true },
  { slug: "minab", province: "hormozgan", names: { fa: "میناب", en: "Minab", ar: "ميناب" }, popularity: 10 },
  { slug: "jask", province: "hormozgan", names: { fa: "جاسک", en: "Jask", ar: "جاسك" }, aliases: ["بندر جاسک", "Bandar-e Jask"], popularity: 12 },
  { slug: "sirri", province: "hormozgan", names: { fa: "سیری", en: "Sirri Island", ar: "جزيرة سري" }, aliases: ["Sirri", "جزیره سیری", "Siri"], popularity: 5 },

  // Bushehr
  { slug: "bushehr", province: "bushehr", names: { fa: "بوشهر", en: "Bushehr", ar: "بوشهر" }, aliases: ["Bushire", "Booshehr", "بندر بوشهر"], popularity: 45, hotels: true, tours: true },
  { slug: "asaluyeh", province: "bushehr", names: { fa: "عسلویه", en: "Asaluyeh", ar: "عسلوية" }, aliases: ["Assaluyeh", "Asaluye", "Asalouyeh", "عسلويه"], popularity: 25, hotels: true },
  { slug: "kangan", province: "bushehr", names: { fa: "کنگان", en: "Kangan", ar: "كنكان" }, aliases: ["بندر کنگان"], popularity: 10 },
  { slug: "kharg", province: "bushehr", names: { fa: "خارک", en: "Kharg", ar: "خارك" }, aliases: ["Khark", "Kharg Island", "جزیره خارک", "جزيرة خارك"], popularity: 8 },

  // Kerman
  { slug: "kerman", province: "kerman", names: { fa: "کرمان", en: "Kerman", ar: "كرمان" }, aliases: ["Kirman"], popularity: 60, hotels: true, tours: true },
  { slug: "bam", province: "kerman", names: { fa: "بم", en: "Bam", ar: "بم" }, popularity: 30, hotels: true, tours: true },
  { slug: "mahan", province: "kerman", names: { fa: "ماهان", en: "Mahan", ar: "ماهان" }, popularity: 15, tours: true },
  { slug: "sirjan", province: "kerman", names: { fa: "سیرجان", en: "Sirjan", ar: "سيرجان" }, popularity: 25, hotels: true },
  { slug: "rafsanjan", province: "kerman", names: { fa: "رفسنجان", en: "Rafsanjan", ar: "رفسنجان" }, popularity: 25, hotels: true },
  { slug: "jiroft", province: "kerman", names: { fa: "جیرفت", en: "Jiroft", ar: "جيرفت" }, popularity: 20 },
  { slug: "zarand", province: "kerman", names: { fa: "زرند", en: "Zarand", ar: "زرند" }, popularity: 10 },

  // Sistan and Baluchestan
  { slug: "zahedan", province: "sistan-and-baluchestan", names: { fa: "زاهدان", en: "Zahedan", ar: "زاهدان" }, popularity: 45, hotels: true },
  { slug: "chabahar", province: "sistan-and-baluchestan", names: { fa: "چابهار", en: "Chabahar", ar: "تشابهار" }, aliases: ["Chah Bahar", "جابهار", "بندر چابهار"], popularity: 55, hotels: true, tours: true },
  { slug: "zabol", province: "sistan-and-baluchestan", names: { fa: "زابل", en: "Zabol", ar: "زابل" }, popularity: 20, hotels: true },
  { slug: "iranshahr", province: "sistan-and-baluchestan", names: { fa: "ایرانشهر", en: "Iranshahr", ar: "إيرانشهر" }, popularity: 15 },
  { slug: "saravan", province: "sistan-and-baluchestan", names: { fa: "سراوان", en: "Saravan", ar: "سراوان" }, popularity: 10 },

  // Yazd
  { slug: "yazd", province: "yazd", names: { fa: "یزد", en: "Yazd", ar: "يزد" }, aliases: ["Yezd"], popularity: 70, hotels: true, tours: true },
  { slug: "meybod", province: "yazd", names: { fa: "میبد", en: "Meybod", ar: "ميبد" }, aliases: ["Maybod"], popularity: 12, hotels: true },
  { slug: "ardakan", province: "yazd", names: { fa: "اردکان", en: "Ardakan", ar: "أردكان" }, popularity: 10 },
  { slug: "bafq", province: "yazd", names: { fa: "بافق", en: "Bafq", ar: "بافق" }, aliases: ["Bafgh"], popularity: 10 },

  // Razavi Khorasan
  { slug: "mashhad", province: "razavi-khorasan", names: { fa: "مشهد", en: "Mashhad", ar: "مشهد" }, aliases: ["Mashad", "Meshhed", "Meshed", "مشهد مقدس", "مشهد المقدسة"], popularity: 98, hotels: true, tours: true },
  { slug: "neyshabur", province: "razavi-khorasan", names: { fa: "نیشابور", en: "Neyshabur", ar: "نيسابور" }, aliases: ["Nishapur", "Nishabur", "Neishabour", "Neyshapur"], popularity: 35, hotels: true, tours: true },
  { slug: "sabzevar", province: "razavi-khorasan", names: { fa: "سبزوار", en: "Sabzevar", ar: "سبزوار" }, aliases: ["Sabzavar"], popularity: 25, hotels: true },
  { slug: "torbat-e-heydarieh", province: "razavi-khorasan", names: { fa: "تربت حیدریه", en: "Torbat-e Heydarieh", ar: "تربة حيدرية" }, aliases: ["Torbat Heydarieh", "Torbat-e Heydariyeh", "تربت‌حیدریه"], popularity: 15 },
  { slug: "torbat-e-jam", province: "razavi-khorasan", names: { fa: "تربت جام", en: "Torbat-e Jam", ar: "تربة جام" }, aliases: ["Torbat Jam", "تربت‌جام"], popularity: 10 },
  { slug: "kashmar", province: "razavi-khorasan", names: { fa: "کاشمر", en: "Kashmar", ar: "كاشمر" }, popularity: 12 },
  { slug: "quchan", province: "razavi-khorasan", names: { fa: "قوچان", en: "Quchan", ar: "قوجان" }, aliases: ["Ghouchan", "Qouchan"], popularity: 10 },
  { slug: "gonabad", province: "razavi-khorasan", names: { fa: "گناباد", en: "Gonabad", ar: "كناباد" }, aliases: ["Gunabad"], popularity: 10 },
  { slug: "khaf", province: "razavi-khorasan", names: { fa: "خواف", en: "Khaf", ar: "خواف" }, popularity: 8 },
  { slug: "sarakhs", province: "razavi-khorasan", names: { fa: "سرخس", en: "Sarakhs", ar: "سرخس" }, popularity: 10 },

  // North Khorasan
  { slug: "bojnurd", province: "north-khorasan", names: { fa: "بجنورد", en: "Bojnurd", ar: "بجنورد" }, aliases: ["Bojnourd", "Bojnord"], popularity: 25, hotels: true },

  // South Khorasan
  { slug: "birjand", province: "south-khorasan", names: { fa: "بیرجند", en: "Birjand", ar: "بيرجند" }, popularity: 25, hotels: true },
  { slug: "tabas", province: "south-khorasan", names: { fa: "طبس", en: "Tabas", ar: "طبس" }, popularity: 15, hotels: true },

  // Mazandaran
  { slug: "sari", province: "mazandaran", names: { fa: "ساری", en: "Sari", ar: "ساري" }, popularity: 45, hotels: true, tours: true },
  { slug: "qaem-shahr", province: "mazandaran", names: { fa: "قائم‌شهر", en: "Qaem Shahr", ar: "قائم شهر" }, aliases: ["قائمشهر", "قائم شهر", "Qaemshahr", "Ghaemshahr", "Shahi"], popularity: 20 },
  { slug: "babol", province: "mazandaran", names: { fa: "بابل", en: "Babol", ar: "بابل" }, popularity: 30, hotels: true },
  { slug: "babolsar", province: "mazandaran", names: { fa: "بابلسر", en: "Babolsar", ar: "بابلسر" }, popularity: 35, hotels: true, tours: true },
  { slug: "amol", province: "mazandaran", names: { fa: "آمل", en: "Amol", ar: "آمل" }, popularity: 30, hotels: true },
  { slug: "mahmudabad", province: "mazandaran", names: { fa: "محمودآباد", en: "Mahmudabad", ar: "محمود آباد" }, aliases: ["محمود آباد", "Mahmoudabad"], popularity: 25, hotels: true, tours: true },
  { slug: "chalus", province: "mazandaran", names: { fa: "چالوس", en: "Chalus", ar: "تشالوس" }, aliases: ["Chaloos", "Chalous"], popularity: 50, hotels: true, tours: true },
  { slug: "nowshahr", province: "mazandaran", names: { fa: "نوشهر", en: "Nowshahr", ar: "نوشهر" }, aliases: ["Noshahr", "Nowshar"], popularity: 45, hotels: true, tours: true },
  { slug: "kelardasht", province: "mazandaran", names: { fa: "کلاردشت", en: "Kelardasht", ar: "كلاردشت" }, popularity: 25, hotels: true, tours: true },
  { slug: "tonekabon", province: "mazandaran", names: { fa: "تنکابن", en: "Tonekabon", ar: "تنكابن" }, aliases: ["Shahsavar", "شهسوار"], popularity: 20, hotels: true },
  { slug: "ramsar", province: "mazandaran", names: { fa: "رامسر", en: "Ramsar", ar: "رامسر" }, popularity: 50, hotels: true, tours: true },
  { slug: "behshahr", province: "mazandaran", names: { fa: "بهشهر", en: "Behshahr", ar: "بهشهر" }, popularity: 12 },

  // Gilan
  { slug: "rasht", province: "gilan", names: { fa: "رشت", en: "Rasht", ar: "رشت" }, aliases: ["Resht"], popularity: 60, hotels: true, tours: true },
  { slug: "bandar-anzali", province: "gilan", names: { fa: "بندر انزلی", en: "Bandar Anzali", ar: "بندر أنزلي" }, aliases: ["بندرانزلی", "انزلی", "Anzali", "Enzeli", "Bandar-e Anzali"], popularity: 45, hotels: true, tours: true },
  { slug: "lahijan", province: "gilan", names: { fa: "لاهیجان", en: "Lahijan", ar: "لاهيجان" }, popularity: 35, hotels: true, tours: true },
  { slug: "masuleh", province: "gilan", names: { fa: "ماسوله", en: "Masuleh", ar: "ماسوله" }, aliases: ["Masouleh", "Masule"], popularity: 30, hotels: true, tours: true },
  { slug: "fuman", province: "gilan", names: { fa: "فومن", en: "Fuman", ar: "فومن" }, aliases: ["Fouman"], popularity: 10 },
  { slug: "talesh", province: "gilan", names: { fa: "تالش", en: "Talesh", ar: "تالش" }, aliases: ["Hashtpar", "هشتپر"], popularity: 10 },
  { slug: "astara", province: "gilan", names: { fa: "آستارا", en: "Astara", ar: "آستارا" }, popularity: 30, hotels: true, tours: true },

  // Golestan
  { slug: "gorgan", province: "golestan", names: { fa: "گرگان", en: "Gorgan", ar: "جرجان" }, aliases: ["Gurgan", "Astarabad", "استرآباد", "كركان"], popularity: 35, hotels: true, tours: true },
  { slug: "gonbad-e-kavus", province: "golestan", names: { fa: "گنبد کاووس", en: "Gonbad-e Kavus", ar: "كنبد كاووس" }, aliases: ["Gonbad Kavus", "Gonbad-e Qabus", "گنبد", "گنبدکاووس"], popularity: 15, tours: true },
  { slug: "bandar-torkaman", province: "golestan", names: { fa: "بندر ترکمن", en: "Bandar Torkaman", ar: "بندر تركمن" }, aliases: ["بندرترکمن", "Bandar-e Torkaman", "Bandar Turkmen"], popularity: 12 },

  // Ardabil
  { slug: "ardabil", province: "ardabil", names: { fa: "اردبیل", en: "Ardabil", ar: "أردبيل" }, aliases: ["Ardebil"], popularity: 40, hotels: true, tours: true },
  { slug: "sareyn", province: "ardabil", names: { fa: "سرعین", en: "Sareyn", ar: "سرعين" }, aliases: ["Sarein", "Sar'eyn"], popularity: 40, hotels: true, tours: true },
  { slug: "meshginshahr", province: "ardabil", names: { fa: "مشگین‌شهر", en: "Meshginshahr", ar: "مشكين شهر" }, aliases: ["مشگین شهر", "Meshkinshahr", "Meshgin Shahr"], popularity: 12 },
  { slug: "parsabad", province: "ardabil", names: { fa: "پارس‌آباد", en: "Parsabad", ar: "بارس آباد" }, aliases: ["پارس آباد", "Pars Abad", "Parsabad-e Moghan", "پارس‌آباد مغان"], popularity: 12 },

  // East Azerbaijan
  { slug: "tabriz", province: "east-azerbaijan", names: { fa: "تبریز", en: "Tabriz", ar: "تبريز" }, aliases: ["Tebriz", "Tauris"], popularity: 85, hotels: true, tours: true },
  { slug: "maragheh", province: "east-azerbaijan", names: { fa: "مراغه", en: "Maragheh", ar: "مراغة" }, aliases: ["Maragha", "Maraghe"], popularity: 20, hotels: true },
  { slug: "miyaneh", province: "east-azerbaijan", names: { fa: "میانه", en: "Miyaneh", ar: "ميانه" }, aliases: ["Mianeh", "Miyana"], popularity: 15 },
  { slug: "marand", province: "east-azerbaijan", names: { fa: "مرند", en: "Marand", ar: "مرند" }, popularity: 12 },
  { slug: "jolfa", province: "east-azerbaijan", names: { fa: "جلفا", en: "Jolfa", ar: "جلفا" }, aliases: ["Julfa", "Aras Free Zone", "منطقه آزاد ارس"], popularity: 25, hotels: true, tours: true },
  { slug: "ahar", province: "east-azerbaijan", names: { fa: "اهر", en: "Ahar", ar: "أهر" }, popularity: 10 },

  // West Azerbaijan
  { slug: "urmia", province: "west-azerbaijan", names: { fa: "ارومیه", en: "Urmia", ar: "أرومية" }, aliases: ["Orumiyeh", "Oroumieh", "Orumieh", "Urumia", "Rezaiyeh"], popularity: 45, hotels: true, tours: true },
  { slug: "khoy", province: "west-azerbaijan", names: { fa: "خوی", en: "Khoy", ar: "خوي" }, aliases: ["Khoi", "Khvoy"], popularity: 15 },
  { slug: "mahabad", province: "west-azerbaijan", names: { fa: "مهاباد", en: "Mahabad", ar: "مهاباد" }, popularity: 15 },
  { slug: "miandoab", province: "west-azerbaijan", names: { fa: "میاندوآب", en: "Miandoab", ar: "مياندوآب" }, popularity: 10 },
  { slug: "salmas", province: "west-azerbaijan", names: { fa: "سلماس", en: "Salmas", ar: "سلماس" }, popularity: 10 },
  { slug: "maku", province: "west-azerbaijan", names: { fa: "ماکو", en: "Maku", ar: "ماكو" }, aliases: ["Makoo", "Maku Free Zone"], popularity: 15, hotels: true },
  { slug: "piranshahr", province: "west-azerbaijan", names: { fa: "پیرانشهر", en: "Piranshahr", ar: "بيرانشهر" }, popularity: 8 },

  // Zanjan
  { slug: "zanjan", province: "zanjan", names: { fa: "زنجان", en: "Zanjan", ar: "زنجان" }, popularity: 30, hotels: true },
  { slug: "soltaniyeh", province: "zanjan", names: { fa: "سلطانیه", en: "Soltaniyeh", ar: "السلطانية" }, aliases: ["Sultaniyeh"], popularity: 10, tours: true },

  // Hamadan
  { slug: "hamedan", province: "hamadan", names: { fa: "همدان", en: "Hamedan", ar: "همدان" }, aliases: ["Hamadan", "Ecbatana"], popularity: 40, hotels: true, tours: true },
  { slug: "malayer", province: "hamadan", names: { fa: "ملایر", en: "Malayer", ar: "ملاير" }, popularity: 15 },

  // Kermanshah
  { slug: "kermanshah", province: "kermanshah", names: { fa: "کرمانشاه", en: "Kermanshah", ar: "كرمانشاه" }, aliases: ["Kirmanshah", "Bakhtaran"], popularity: 40, hotels: true, tours: true },
  { slug: "qasr-e-shirin", province: "kermanshah", names: { fa: "قصر شیرین", en: "Qasr-e Shirin", ar: "قصر شيرين" }, aliases: ["Qasr Shirin", "Ghasr-e Shirin", "قصرشیرین"], popularity: 15 },

  // Kurdistan
  { slug: "sanandaj", province: "kurdistan", names: { fa: "سنندج", en: "Sanandaj", ar: "سنندج" }, aliases: ["Sine", "سنه"], popularity: 30, hotels: true },
  { slug: "marivan", province: "kurdistan", names: { fa: "مریوان", en: "Marivan", ar: "مريوان" }, popularity: 15, tours: true },
  { slug: "baneh", province: "kurdistan", names: { fa: "بانه", en: "Baneh", ar: "بانه" }, popularity: 20, hotels: true, tours: true },
  { slug: "saqqez", province: "kurdistan", names: { fa: "سقز", en: "Saqqez", ar: "سقز" }, aliases: ["Saqqaz", "Saghez"], popularity: 12 },

  // Lorestan
  { slug: "khorramabad", province: "lorestan", names: { fa: "خرم‌آباد", en: "Khorramabad", ar: "خرم آباد" }, aliases: ["خرم آباد", "خرماباد", "Khoramabad", "Khorram Abad"], popularity: 30, hotels: true, tours: true },
  { slug: "borujerd", province: "lorestan", names: { fa: "بروجرد", en: "Borujerd", ar: "بروجرد" }, aliases: ["Boroujerd"], popularity: 15 },
  { slug: "dorud", province: "lorestan", names: { fa: "دورود", en: "Dorud", ar: "دورود" }, aliases: ["Doroud"], popularity: 12 },

  // Ilam
  { slug: "ilam", province: "ilam", names: { fa: "ایلام", en: "Ilam", ar: "إيلام" }, popularity: 20, hotels: true },
  { slug: "mehran", province: "ilam", names: { fa: "مهران", en: "Mehran", ar: "مهران" }, aliases: ["مرز مهران", "Mehran border"], popularity: 20, tours: true },

  // Kohgiluyeh and Boyer-Ahmad
  { slug: "yasuj", province: "kohgiluyeh-and-boyer-ahmad", names: { fa: "یاسوج", en: "Yasuj", ar: "ياسوج" }, aliases: ["Yasouj"], popularity: 20, hotels: true },
  { slug: "gachsaran", province: "kohgiluyeh-and-boyer-ahmad", names: { fa: "گچساران", en: "Gachsaran", ar: "كجساران" }, aliases: ["دوگنبدان", "Dogonbadan"], popularity: 10 },

  // Chaharmahal and Bakhtiari
  { slug: "shahrekord", province: "chaharmahal-and-bakhtiari", names: { fa: "شهرکرد", en: "Shahrekord", ar: "شهركرد" }, aliases: ["Shahr-e Kord", "Shahrkord"], popularity: 25, hotels: true, tours: true },
];
