import type { Airline } from "#core/flights/flight.ts";

/**
 * Iranian domestic airlines (iran-travel-facts.md: reference data) with the aircraft types each is
 * publicly known to fly on domestic routes. Fleets change often under sanctions; these lists are a
 * plausible recent picture from public fleet listings, not a registry of tail numbers.
 *
 * Arabic names are transliterations written with Arabic letters only (پ → ب, گ → غ, ک → ك, ی → ي).
 */
export const AIRLINES: (Airline & { fleet: string[] })[] = [
  {
    code: "IR",
    names: { fa: "ایران ایر", en: "Iran Air", ar: "إيران إير" },
    fleet: ["Airbus A300-600", "Airbus A321", "Airbus A320", "Fokker 100", "ATR 72-600"],
  },
  {
    code: "W5",
    names: { fa: "ماهان", en: "Mahan Air", ar: "ماهان إير" },
    fleet: ["Airbus A300-600", "Airbus A310", "Airbus A320", "BAe 146-300"],
  },
  {
    code: "EP",
    names: { fa: "آسمان", en: "Iran Aseman Airlines", ar: "إيران آسمان" },
    fleet: ["Fokker 100", "ATR 72-500", "Boeing 737-500"],
  },
  {
    code: "ZV",
    names: { fa: "زاگرس", en: "Zagros Airlines", ar: "طيران زاغروس" },
    fleet: ["Airbus A320", "Airbus A321", "MD-83"],
  },
  {
    code: "I3",
    names: { fa: "آتا", en: "ATA Airlines", ar: "طيران آتا" },
    fleet: ["Airbus A320", "MD-83", "Boeing 737-500", "Embraer E145"],
  },
  {
    code: "Y9",
    names: { fa: "کیش ایر", en: "Kish Air", ar: "كيش إير" },
    fleet: ["Fokker 100", "MD-83", "MD-82", "Airbus A321"],
  },
  {
    code: "QB",
    names: { fa: "قشم ایر", en: "Qeshm Air", ar: "قشم إير" },
    fleet: ["Airbus A320", "Fokker 100", "Airbus A300-600"],
  },
  {
    code: "JI",
    names: { fa: "معراج", en: "Meraj Airlines", ar: "طيران معراج" },
    fleet: ["Airbus A320"],
  },
  {
    code: "HH",
    names: { fa: "تابان", en: "Taban Air", ar: "طيران تابان" },
    fleet: ["MD-88", "MD-83", "Airbus A310"],
  },
  {
    code: "B9",
    names: { fa: "ایران ایرتور", en: "Iran Airtour", ar: "إيران إير تور" },
    fleet: ["MD-82", "MD-83"],
  },
  {
    code: "RV",
    names: { fa: "کاسپین", en: "Caspian Airlines", ar: "طيران كاسبيان" },
    fleet: ["MD-83", "MD-82", "Boeing 737-400"],
  },
  {
    code: "VR",
    names: { fa: "وارش", en: "Varesh Airlines", ar: "طيران وارش" },
    fleet: ["Embraer E145", "MD-83"],
  },
  {
    code: "IS",
    names: { fa: "سپهران", en: "Sepehran Airlines", ar: "طيران سبهران" },
    fleet: ["Boeing 737-400", "Boeing 737-500"],
  },
  {
    code: "NV",
    names: { fa: "کارون", en: "Karun Airlines", ar: "طيران كارون" },
    fleet: ["Fokker 100", "Fokker 50", "Boeing 737-300"],
  },
  {
    code: "QP",
    names: { fa: "پارس ایر", en: "Pars Air", ar: "بارس إير" },
    fleet: ["Bombardier CRJ200", "Boeing 737-400"],
  },
];

/**
 * Home airport of each airline. A base airline's flights on a route that touches its base leave
 * from the base in the morning and come back (the generator turns the route round accordingly).
 */
export const AIRLINE_BASES: Record<string, string> = {
  IR: "THR",
  W5: "THR",
  EP: "THR",
  ZV: "ABD",
  I3: "TBZ",
  Y9: "KIH",
  QB: "THR",
  JI: "THR",
  HH: "MHD",
  B9: "MHD",
  RV: "THR",
  VR: "SRY",
  IS: "THR",
  NV: "AWZ",
  QP: "SYZ",
};

/**
 * First flight number of each airline's domestic block. The generator hands numbers out in route
 * order: an odd number for the flight out of the base (or out of the route's first airport) and the
 * next even number for its return, so a number stays with its route and slot across days.
 */
export const FLIGHT_NUMBER_START: Record<string, number> = {
  IR: 451,
  W5: 1051,
  EP: 3701,
  ZV: 4001,
  I3: 6201,
  Y9: 7001,
  QB: 1201,
  JI: 4601,
  HH: 6301,
  B9: 9701,
  RV: 6001,
  VR: 5801,
  IS: 4901,
  NV: 2101,
  QP: 3101,
};

/**
 * Aircraft types of the fleets above. Seats are a typical domestic layout (both cabins).
 * - turboprop: block times up to 90 minutes;
 * - regional (50-seat jets, BAe 146): up to 130 minutes;
 * - narrowbody: any domestic route;
 * - widebody: only routes with at least 4 daily flights each way (the big airports).
 */
export type AircraftCategory = "turboprop" | "regional" | "narrowbody" | "widebody";

export const AIRCRAFT_TYPES: Record<string, { seats: number; category: AircraftCategory }> = {
  "Airbus A300-600": { seats: 250, category: "widebody" },
  "Airbus A310": { seats: 210, category: "widebody" },
  "Airbus A321": { seats: 180, category: "narrowbody" },
  "Airbus A320": { seats: 156, category: "narrowbody" },
  "Boeing 737-300": { seats: 130, category: "narrowbody" },
  "Boeing 737-400": { seats: 150, category: "narrowbody" },
  "Boeing 737-500": { seats: 120, category: "narrowbody" },
  "MD-82": { seats: 155, category: "narrowbody" },
  "MD-83": { seats: 160, category: "narrowbody" },
  "MD-88": { seats: 150, category: "narrowbody" },
  "Fokker 100": { seats: 100, category: "narrowbody" },
  "BAe 146-300": { seats: 100, category: "regional" },
  "Embraer E145": { seats: 50, category: "regional" },
  "Bombardier CRJ200": { seats: 50, category: "regional" },
  "ATR 72-500": { seats: 70, category: "turboprop" },
  "ATR 72-600": { seats: 70, category: "turboprop" },
  "Fokker 50": { seats: 50, category: "turboprop" },
};
