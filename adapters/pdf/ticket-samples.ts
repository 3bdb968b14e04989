/**
 * Realistic e-ticket documents in fa, en and ar for the renderer's tests and for looking at the
 * output: a round trip (two legs), an Iranian adult with a national code, a German adult with a
 * passport and an Iranian child. Texts and digits are as the server would prepare them.
 */
import type { Locale } from "#core/i18n/locales.ts";
import type { TicketDocument } from "#core/tickets/ticket-document.ts";

export const HAMSAFAR_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Hamsafar"><rect width="64" height="64" rx="14" fill="#0059A8"/><path d="M14 38l30-14c3-1.4 6 .6 4.6 3.2L46 32l-9 4 5 12-4 2-8-10-8 3.5-1 5-3 1-1-7-5-3z" fill="#fff"/></svg>';

/** Codes are the same in every language: the PNRs, ticket numbers, flight numbers, reference. */
export const SAMPLE_CODES = {
  reference: "HS-7K2Q9M",
  pnrs: ["K7QW2M", "P3XR8D"],
  flightNumbers: ["IR 451", "W5 1064"],
  tickets: [
    ["IR-4512345678", "W5-1064987651"],
    ["IR-4512345679", "W5-1064987652"],
    ["IR-4512345680", "W5-1064987653"],
  ],
  latinNames: ["ALI REZAEI", "JOHANNA SCHMIDT", "MARYAM REZAEI"],
  /** The buyer of a company purchase: its ids are printed as stored. */
  companyName: "Nur Travel Co.",
  companyNationalId: "10380284790",
  economicCode: "411111111111",
} as const;

const tenant = {
  name: "همسفر",
  brandColor: "#0059A8",
  onBrandColor: "#FFFFFF",
  logoSvg: HAMSAFAR_LOGO_SVG,
  supportPhone: "۰۲۱-۹۱۰۰۴۵۶۷",
  website: "hamsafar.example",
};

const fa: TicketDocument = {
  locale: "fa",
  direction: "rtl",
  labels: {
    title: "بلیت الکترونیکی هواپیما",
    reference: "کد پیگیری",
    issuedAt: "تاریخ صدور",
    status: "وضعیت",
    flight: "پرواز",
    from: "مبدأ",
    to: "مقصد",
    departure: "حرکت",
    arrival: "رسیدن",
    class: "کلاس",
    baggage: "بار مجاز",
    pnr: "شماره رزرو (PNR)",
    passenger: "مسافر",
    ticketNumber: "شماره بلیت",
    identity: "کد ملی / گذرنامه",
    type: "رده سنی",
    fare: "نرخ بلیت",
    taxes: "عوارض و مالیات",
    discount: "تخفیف",
    total: "مبلغ پرداختی",
    paidBy: "روش پرداخت",
    company: "خریدار (شرکت)",
    companyNationalId: "شناسه ملی",
    economicCode: "کد اقتصادی",
    support: "پشتیبانی",
    notes: "نکته‌ها",
  },
  tenant,
  booking: { reference: SAMPLE_CODES.reference, status: "صادر شده", issuedAt: "۱۴۰۴/۰۵/۱۲ ساعت ۱۴:۳۰" },
  items: [
    {
      kind: "پرواز",
      operator: "ایران ایر",
      code: SAMPLE_CODES.flightNumbers[0],
      from: "تهران (THR)",
      to: "مشهد (MHD)",
      departure: "شنبه ۱۸ مرداد ۱۴۰۴، ۰۸:۳۰",
      arrival: "شنبه ۱۸ مرداد ۱۴۰۴، ۱۰:۰۵",
      details: [
        { label: "کلاس", value: "اکونومی (Y)" },
        { label: "بار مجاز", value: "۲۰ کیلوگرم" },
      ],
      pnr: SAMPLE_CODES.pnrs[0],
    },
    {
      kind: "پرواز",
      operator: "ماهان",
      code: SAMPLE_CODES.flightNumbers[1],
      from: "مشهد (MHD)",
      to: "تهران (THR)",
      departure: "جمعه ۲۴ مرداد ۱۴۰۴، ۲۱:۱۵",
      arrival: "جمعه ۲۴ مرداد ۱۴۰۴، ۲۲:۴۰",
      details: [
        { label: "کلاس", value: "اکونومی (M)" },
        { label: "بار مجاز", value: "۳۰ کیلوگرم" },
      ],
      pnr: SAMPLE_CODES.pnrs[1],
    },
  ],
  itemCodes: [...SAMPLE_CODES.flightNumbers],
  passengers: [
    {
      name: "علی رضایی",
      latinName: SAMPLE_CODES.latinNames[0],
      type: "بزرگسال",
      identity: "کد ملی ۰۰۱۲۳۴۵۶۷۸",
      ticketNumbers: [...SAMPLE_CODES.tickets[0]],
    },
    {
      name: "یوهانا اشمیت",
      latinName: SAMPLE_CODES.latinNames[1],
      type: "بزرگسال",
      identity: "گذرنامه C01X00T47 (آلمان)",
      ticketNumbers: [...SAMPLE_CODES.tickets[1]],
    },
    {
      name: "مریم رضایی",
      latinName: SAMPLE_CODES.latinNames[2],
      type: "کودک",
      identity: "کد ملی ۰۰۱۸۷۶۵۴۳۲",
      ticketNumbers: [...SAMPLE_CODES.tickets[2]],
    },
  ],
  price: { fare: "۲۴٬۳۰۰٬۰۰۰ تومان", taxes: "۱٬۰۵۰٬۰۰۰ تومان", discount: "۷۵۰٬۰۰۰ تومان", total: "۲۴٬۶۰۰٬۰۰۰ تومان" },
  payment: "درگاه زرین‌پال، کارت ۶۰۳۷-****-****-۱۲۳۴",
  company: { name: "شرکت سفرهای نور", nationalId: SAMPLE_CODES.companyNationalId, economicCode: SAMPLE_CODES.economicCode },
  notes: [
    "لطفاً دو ساعت پیش از پرواز در فرودگاه حاضر باشید و کارت ملی یا گذرنامه همراه داشته باشید.",
    "استرداد بلیت تا سه ساعت پیش از پرواز از بخش «سفرهای من» امکان‌پذیر است؛ جریمه طبق قوانین ایرلاین کسر می‌شود.",
  ],
};

const en: TicketDocument = {
  locale: "en",
  direction: "ltr",
  labels: {
    title: "Flight e-ticket",
    reference: "Booking reference",
    issuedAt: "Issued",
    status: "Status",
    flight: "Flight",
    from: "From",
    to: "To",
    departure: "Departure",
    arrival: "Arrival",
    class: "Class",
    baggage: "Baggage",
    pnr: "PNR",
    passenger: "Passenger",
    ticketNumber: "Ticket number",
    identity: "National code / passport",
    type: "Type",
    fare: "Fare",
    taxes: "Taxes and fees",
    discount: "Discount",
    total: "Total paid",
    paidBy: "Paid by",
    company: "Buyer (company)",
    companyNationalId: "National ID",
    economicCode: "Economic code",
    support: "Support",
    notes: "Notes",
  },
  tenant: { ...tenant, name: "Hamsafar", supportPhone: "021-91004567" },
  booking: { reference: SAMPLE_CODES.reference, status: "Issued", issuedAt: "3 Aug 2025, 14:30" },
  items: [
    {
      kind: "Flight",
      operator: "Iran Air",
      code: SAMPLE_CODES.flightNumbers[0],
      from: "Tehran (THR)",
      to: "Mashhad (MHD)",
      departure: "Sat, 9 Aug 2025, 08:30",
      arrival: "Sat, 9 Aug 2025, 10:05",
      details: [
        { label: "Class", value: "Economy (Y)" },
        { label: "Baggage", value: "20 kg" },
      ],
      pnr: SAMPLE_CODES.pnrs[0],
    },
    {
      kind: "Flight",
      operator: "Mahan Air",
      code: SAMPLE_CODES.flightNumbers[1],
      from: "Mashhad (MHD)",
      to: "Tehran (THR)",
      departure: "Fri, 15 Aug 2025, 21:15",
      arrival: "Fri, 15 Aug 2025, 22:40",
      details: [
        { label: "Class", value: "Economy (M)" },
        { label: "Baggage", value: "30 kg" },
      ],
      pnr: SAMPLE_CODES.pnrs[1],
    },
  ],
  itemCodes: [...SAMPLE_CODES.flightNumbers],
  passengers: [
    {
      name: "Ali Rezaei",
      latinName: SAMPLE_CODES.latinNames[0],
      type: "Adult",
      identity: "National code 0012345678",
      ticketNumbers: [...SAMPLE_CODES.tickets[0]],
    },
    {
      name: "Johanna Schmidt",
      latinName: SAMPLE_CODES.latinNames[1],
      type: "Adult",
      identity: "Passport C01X00T47 (Germany)",
      ticketNumbers: [...SAMPLE_CODES.tickets[1]],
    },
    {
      name: "Maryam Rezaei",
      latinName: SAMPLE_CODES.latinNames[2],
      type: "Child",
      identity: "National code 0018765432",
      ticketNumbers: [...SAMPLE_CODES.tickets[2]],
    },
  ],
  price: { fare: "24,300,000 toman", taxes: "1,050,000 toman", discount: "750,000 toman", total: "24,600,000 toman" },
  payment: "Zarinpal gateway, card 6037-****-****-1234",
  company: { name: SAMPLE_CODES.companyName, nationalId: SAMPLE_CODES.companyNationalId, economicCode: SAMPLE_CODES.economicCode },
  notes: [
    "Please be at the airport two hours before departure with your national card or passport.",
    "Tickets can be refunded up to three hours before departure from My trips; the airline's penalty is deducted.",
  ],
};

const ar: TicketDocument = {
  locale: "ar",
  direction: "rtl",
  labels: {
    title: "تذكرة طيران إلكترونية",
    reference: "رقم الحجز",
    issuedAt: "تاريخ الإصدار",
    status: "الحالة",
    flight: "الرحلة",
    from: "من",
    to: "إلى",
    departure: "المغادرة",
    arrival: "الوصول",
    class: "الدرجة",
    baggage: "الأمتعة",
    pnr: "رمز الحجز (PNR)",
    passenger: "المسافر",
    ticketNumber: "رقم التذكرة",
    identity: "الرقم الوطني / جواز السفر",
    type: "الفئة",
    fare: "سعر التذكرة",
    taxes: "الضرائب والرسوم",
    discount: "الخصم",
    total: "المبلغ المدفوع",
    paidBy: "طريقة الدفع",
    company: "المشتري (شركة)",
    companyNationalId: "المعرّف الوطني",
    economicCode: "الرمز الاقتصادي",
    support: "الدعم",
    notes: "ملاحظات",
  },
  tenant: { ...tenant, name: "همسفر", supportPhone: "٠٢١-٩١٠٠٤٥٦٧" },
  booking: { reference: SAMPLE_CODES.reference, status: "صادرة", issuedAt: "٣ أغسطس ٢٠٢٥، ١٤:٣٠" },
  items: [
    {
      kind: "الرحلة",
      operator: "إيران إير",
      code: SAMPLE_CODES.flightNumbers[0],
      from: "طهران (THR)",
      to: "مشهد (MHD)",
      departure: "السبت ٩ أغسطس ٢٠٢٥، ٠٨:٣٠",
      arrival: "السبت ٩ أغسطس ٢٠٢٥، ١٠:٠٥",
      details: [
        { label: "الدرجة", value: "الاقتصادية (Y)" },
        { label: "الأمتعة", value: "٢٠ كغ" },
      ],
      pnr: SAMPLE_CODES.pnrs[0],
    },
    {
      kind: "الرحلة",
      operator: "ماهان للطيران",
      code: SAMPLE_CODES.flightNumbers[1],
      from: "مشهد (MHD)",
      to: "طهران (THR)",
      departure: "الجمعة ١٥ أغسطس ٢٠٢٥، ٢١:١٥",
      arrival: "الجمعة ١٥ أغسطس ٢٠٢٥، ٢٢:٤٠",
      details: [
        { label: "الدرجة", value: "الاقتصادية (M)" },
        { label: "الأمتعة", value: "٣٠ كغ" },
      ],
      pnr: SAMPLE_CODES.pnrs[1],
    },
  ],
  itemCodes: [...SAMPLE_CODES.flightNumbers],
  passengers: [
    {
      name: "علي رضائي",
      latinName: SAMPLE_CODES.latinNames[0],
      type: "بالغ",
      identity: "الرقم الوطني ٠٠١٢٣٤٥٦٧٨",
      ticketNumbers: [...SAMPLE_CODES.tickets[0]],
    },
    {
      name: "يوهانا شميت",
      latinName: SAMPLE_CODES.latinNames[1],
      type: "بالغ",
      identity: "جواز السفر C01X00T47 (ألمانيا)",
      ticketNumbers: [...SAMPLE_CODES.tickets[1]],
    },
    {
      name: "مريم رضائي",
      latinName: SAMPLE_CODES.latinNames[2],
      type: "طفل",
      identity: "الرقم الوطني ٠٠١٨٧٦٥٤٣٢",
      ticketNumbers: [...SAMPLE_CODES.tickets[2]],
    },
  ],
  price: { fare: "٢٤٬٣٠٠٬٠٠٠ تومان", taxes: "١٬٠٥٠٬٠٠٠ تومان", discount: "٧٥٠٬٠٠٠ تومان", total: "٢٤٬٦٠٠٬٠٠٠ تومان" },
  payment: "بوابة زرين بال، بطاقة ٦٠٣٧-****-****-١٢٣٤",
  company: { name: "شركة سفرهای نور", nationalId: SAMPLE_CODES.companyNationalId, economicCode: SAMPLE_CODES.economicCode },
  notes: [
    "يرجى الحضور إلى المطار قبل ساعتين من موعد الإقلاع مع البطاقة الوطنية أو جواز السفر.",
    "يمكن استرداد التذكرة حتى ثلاث ساعات قبل الإقلاع من قسم «رحلاتي»، مع خصم غرامة شركة الطيران.",
  ],
};

const SAMPLES: Record<Locale, TicketDocument> = { fa, en, ar };

/** A fresh copy of the sample document in a language, safe to change in a test. */
export function sampleTicket(locale: Locale): TicketDocument {
  return structuredClone(SAMPLES[locale]);
}
