import type { Airline } from "#core/flights/flight.ts";

/**
 * Carriers of the international house inventory: Iranian airlines that fly abroad and the foreign
 * airlines that fly to Iran. Names in Persian, English and Arabic (Arabic in Arabic letters). The
 * Iranian ones are also domestic carriers (seed/flights/airlines.ts); their names are the same.
 */
export interface InternationalAirlineSeed extends Airline {
  /** Where its connections are made (an online connection changes planes here). */
  hub: string;
  /** First flight number of its international block; numbers go up by two, out and back. */
  numbersFrom: number;
  /** How checked baggage is counted on its fares. */
  baggageBy: "kg" | "pieces";
  /** The through fare of a one-stop leg and of a round trip, as a percentage of the parts (core throughFare). */
  connectionPercent: number;
  roundTripPercent: number;
  /** Its cheapest economy class carries a cabin bag only (low-cost carriers). */
  cabinBagOnlySaver?: true;
}

export const INTERNATIONAL_AIRLINES: InternationalAirlineSeed[] = [
  {
    code: "IR",
    names: { fa: "ایران ایر", en: "Iran Air", ar: "إيران إير" },
    hub: "IKA",
    numbersFrom: 700,
    baggageBy: "kg",
    connectionPercent: 85,
    roundTripPercent: 90,
  },
  {
    code: "W5",
    names: { fa: "ماهان", en: "Mahan Air", ar: "ماهان إير" },
    hub: "IKA",
    numbersFrom: 60,
    baggageBy: "kg",
    connectionPercent: 80,
    roundTripPercent: 90,
  },
  {
    code: "QB",
    names: { fa: "قشم ایر", en: "Qeshm Air", ar: "قشم إير" },
    hub: "IKA",
    numbersFrom: 2200,
    baggageBy: "kg",
    connectionPercent: 85,
    roundTripPercent: 92,
  },
  {
    code: "EP",
    names: { fa: "آسمان", en: "Iran Aseman Airlines", ar: "إيران آسمان" },
    hub: "IKA",
    numbersFrom: 3800,
    baggageBy: "kg",
    connectionPercent: 85,
    roundTripPercent: 92,
  },
  {
    code: "TK",
    names: { fa: "ترکیش ایرلاینز", en: "Turkish Airlines", ar: "الخطوط الجوية التركية" },
    hub: "IST",
    numbersFrom: 870,
    baggageBy: "pieces",
    connectionPercent: 75,
    roundTripPercent: 88,
  },
  {
    code: "VF",
    names: { fa: "ای‌جت", en: "AJet", ar: "إيه جت" },
    hub: "SAW",
    numbersFrom: 1570,
    baggageBy: "kg",
    connectionPercent: 80,
    roundTripPercent: 95,
    cabinBagOnlySaver: true,
  },
  {
    code: "PC",
    names: { fa: "پگاسوس", en: "Pegasus Airlines", ar: "طيران بيغاسوس" },
    hub: "SAW",
    numbersFrom: 510,
    baggageBy: "kg",
    connectionPercent: 80,
    roundTripPercent: 95,
    cabinBagOnlySaver: true,
  },
  {
    code: "QR",
    names: { fa: "قطر ایرویز", en: "Qatar Airways", ar: "الخطوط الجوية القطرية" },
    hub: "DOH",
    numbersFrom: 490,
    baggageBy: "kg",
    connectionPercent: 75,
    roundTripPercent: 88,
  },
  {
    code: "EK",
    names: { fa: "امارات", en: "Emirates", ar: "طيران الإمارات" },
    hub: "DXB",
    numbersFrom: 970,
    baggageBy: "kg",
    connectionPercent: 75,
    roundTripPercent: 88,
  },
  {
    code: "FZ",
    names: { fa: "فلای دبی", en: "flydubai", ar: "فلاي دبي" },
    hub: "DXB",
    numbersFrom: 1920,
    baggageBy: "kg",
    connectionPercent: 80,
    roundTripPercent: 92,
    cabinBagOnlySaver: true,
  },
  {
    code: "J2",
    names: { fa: "آزال", en: "Azerbaijan Airlines", ar: "الخطوط الجوية الأذربيجانية" },
    hub: "GYD",
    numbersFrom: 40,
    baggageBy: "kg",
    connectionPercent: 85,
    roundTripPercent: 90,
  },
  {
    code: "WY",
    names: { fa: "عمان ایر", en: "Oman Air", ar: "الطيران العماني" },
    hub: "MCT",
    numbersFrom: 430,
    baggageBy: "kg",
    connectionPercent: 80,
    roundTripPercent: 90,
  },
  {
    code: "IA",
    names: { fa: "هواپیمایی عراق", en: "Iraqi Airways", ar: "الخطوط الجوية العراقية" },
    hub: "BGW",
    numbersFrom: 150,
    baggageBy: "kg",
    connectionPercent: 85,
    roundTripPercent: 92,
  },
];
