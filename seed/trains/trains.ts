import type { FarePrice } from "#core/flights/flight.ts";
import type { PlaceNames } from "#core/places/place.ts";
import type { VehicleType, WagonKind } from "#core/trains/train.ts";
import { wagonsOf, type MakeUp, type WagonSeed } from "./compositions.ts";
import { WEEKDAY_PRICE_PERCENT, bedFare, carTransportRates, extrasOf, type TrainGrade } from "./fares.ts";
import { trainRefundRuleId } from "./refund-rules.ts";
import { trainRoute } from "./routes.ts";

/**
 * One train as the inventory stores it: a number running one way every day at one clock. Its
 * departures are made by the supplier on the first search of each day of the sales window.
 */
export interface TrainSeed {
  /** As printed on the ticket, e.g. "101"; unique across the network. */
  number: string;
  operatorCode: string;
  /** The train's own brand name. */
  names: PlaceNames;
  /** Station slugs. */
  from: string;
  to: string;
  /** Departure clock in Tehran, "HH:MM". */
  departs: string;
  durationMinutes: number;
  /** Percent of the bed prices by weekday of departure (Tehran), Sunday first. */
  weekdayPercents: number[];
  grade: TrainGrade;
  foreignersAllowed: boolean;
  /** Rates per vehicle type when the train carries cars; null when it does not. */
  carTransport: Record<VehicleType, number> | null;
  wagons: WagonSeed[];
  /** The price of a bed of each wagon kind the train has (tomans; `total` is one adult). */
  fares: Partial<Record<WagonKind, FarePrice>>;
  /** Codes of TRAIN_EXTRAS it sells, with their price on this train (0: included in the fare). */
  extras: { code: string; price: number }[];
  refundRuleId: string;
}

/** Brand names of the trains (an operator's premium brand is often its own name). */
const BRANDS = {
  fadak: { fa: "فدک", en: "Fadak", ar: "فدك" },
  ghazal: { fa: "غزال", en: "Ghazal", ar: "غزال" },
  simorgh: { fa: "سیمرغ", en: "Simorgh", ar: "سيمرغ" },
  sepid: { fa: "سپید", en: "Sepid", ar: "سبيد" },
  kavir: { fa: "کویر", en: "Kavir", ar: "كوير" },
  noor: { fa: "نور", en: "Noor", ar: "نور" },
  joopar: { fa: "جوپار", en: "Joopar", ar: "جوبار" },
  pardis: { fa: "پردیس", en: "Pardis", ar: "برديس" },
  safir: { fa: "سفیر", en: "Safir", ar: "سفير" },
  khorshid: { fa: "خورشید", en: "Khorshid", ar: "خورشيد" },
  sabalan: { fa: "سبلان", en: "Sabalan", ar: "سبلان" },
  almas: { fa: "الماس", en: "Almas", ar: "ألماس" },
  naqshejahan: { fa: "نقش جهان", en: "Naqsh-e Jahan", ar: "نقش جهان" },
  pars: { fa: "پارس", en: "Pars", ar: "بارس" },
  khalijfars: { fa: "خلیج فارس", en: "Persian Gulf", ar: "الخليج الفارسي" },
  setareh: { fa: "ستاره", en: "Setareh", ar: "ستاره" },
  karun: { fa: "کارون", en: "Karun", ar: "كارون" },
  alborz: { fa: "البرز", en: "Alborz", ar: "البرز" },
  darya: { fa: "دریا", en: "Darya", ar: "دريا" },
  golestan: { fa: "گلستان", en: "Golestan", ar: "كلستان" },
  ofogh: { fa: "افق", en: "Ofogh", ar: "أفق" },
  taha: { fa: "طاها", en: "Taha", ar: "طاها" },
  mehr: { fa: "مهر", en: "Mehr", ar: "مهر" },
  hamoon: { fa: "هامون", en: "Hamoon", ar: "هامون" },
  shahab: { fa: "شهاب", en: "Shahab", ar: "شهاب" },
  alvand: { fa: "الوند", en: "Alvand", ar: "ألوند" },
  bisotun: { fa: "بیستون", en: "Bisotun", ar: "بيستون" },
  zagros: { fa: "زاگرس", en: "Zagros", ar: "زاغروس" },
} as const satisfies Record<string, PlaceNames>;

/**
 * A train pair: the same train running out (`numbers[0]` from the route's first station at
 * `departs[0]`) and back (`numbers[1]` at `departs[1]`), so every route runs both ways.
 */
interface TrainPairSeed {
  route: [string, string];
  operator: string;
  brand: keyof typeof BRANDS;
  numbers: [string, string];
  departs: [string, string];
  makeUp: MakeUp;
  grade: TrainGrade;
  /** Running time when it differs from the route's usual (express trains stop less). */
  minutes?: number;
  /** Some trains do not sell to foreign nationals. */
  foreignersAllowed?: false;
  /** Carries cars (Tehran–Mashhad and a few other long routes). */
  carTransport?: true;
}

// One train pair a line, the route first: a timetable reads better as a table.
// prettier-ignore
const PAIRS: readonly TrainPairSeed[] = [
  // Tehran–Mashhad: ten trains each way, most of them overnight.
  { route: ["tehran", "mashhad"], operator: "fadak", brand: "fadak", numbers: ["101", "102"], departs: ["20:30", "21:00"], makeUp: "luxury", grade: "luxury", minutes: 600 },
  { route: ["tehran", "mashhad"], operator: "ghazal", brand: "ghazal", numbers: ["103", "104"], departs: ["19:45", "20:15"], makeUp: "premium", grade: "premium", minutes: 630 },
  { route: ["tehran", "mashhad"], operator: "simorgh", brand: "simorgh", numbers: ["105", "106"], departs: ["18:30", "19:00"], makeUp: "premium", grade: "premium", minutes: 660 },
  { route: ["tehran", "mashhad"], operator: "raja", brand: "sepid", numbers: ["107", "108"], departs: ["07:00", "07:30"], makeUp: "mixed", grade: "standard" },
  { route: ["tehran", "mashhad"], operator: "raja", brand: "kavir", numbers: ["109", "110"], departs: ["08:15", "08:45"], makeUp: "salon", grade: "economy", minutes: 720, foreignersAllowed: false },
  { route: ["tehran", "mashhad"], operator: "sabz-noor", brand: "noor", numbers: ["111", "112"], departs: ["16:40", "17:10"], makeUp: "sleeper6", grade: "standard", carTransport: true },
  { route: ["tehran", "mashhad"], operator: "joopar", brand: "joopar", numbers: ["113", "114"], departs: ["22:15", "22:30"], makeUp: "sleeper4", grade: "standard", carTransport: true },
  { route: ["tehran", "mashhad"], operator: "pardis", brand: "pardis", numbers: ["115", "116"], departs: ["21:30", "20:45"], makeUp: "premium", grade: "premium", minutes: 650 },
  { route: ["tehran", "mashhad"], operator: "safir", brand: "safir", numbers: ["117", "118"], departs: ["17:50", "18:20"], makeUp: "sleeper6", grade: "standard" },
  { route: ["tehran", "mashhad"], operator: "raja", brand: "khorshid", numbers: ["119", "120"], departs: ["13:30", "14:00"], makeUp: "sleeper6", grade: "standard" },
  { route: ["tehran", "tabriz"], operator: "raja", brand: "sabalan", numbers: ["121", "122"], departs: ["17:30", "17:00"], makeUp: "sleeper6", grade: "standard", carTransport: true },
  { route: ["tehran", "tabriz"], operator: "fadak", brand: "fadak", numbers: ["123", "124"], departs: ["20:00", "19:30"], makeUp: "luxury", grade: "luxury", minutes: 700 },
  { route: ["tehran", "tabriz"], operator: "safir", brand: "almas", numbers: ["125", "126"], departs: ["18:40", "18:10"], makeUp: "premium", grade: "premium" },
  { route: ["tehran", "yazd"], operator: "raja", brand: "kavir", numbers: ["131", "132"], departs: ["21:45", "22:30"], makeUp: "mixed", grade: "standard" },
  { route: ["tehran", "yazd"], operator: "simorgh", brand: "simorgh", numbers: ["133", "134"], departs: ["22:50", "23:10"], makeUp: "premium", grade: "premium", minutes: 400 },
  { route: ["tehran", "isfahan"], operator: "raja", brand: "naqshejahan", numbers: ["141", "142"], departs: ["06:50", "15:30"], makeUp: "salon", grade: "economy" },
  { route: ["tehran", "isfahan"], operator: "sabz-noor", brand: "noor", numbers: ["143", "144"], departs: ["22:40", "22:55"], makeUp: "mixed", grade: "standard" },
  { route: ["tehran", "isfahan"], operator: "ghazal", brand: "ghazal", numbers: ["145", "146"], departs: ["23:30", "23:15"], makeUp: "premium", grade: "premium", minutes: 380 },
  { route: ["tehran", "shiraz"], operator: "raja", brand: "pars", numbers: ["151", "152"], departs: ["16:10", "15:40"], makeUp: "sleeper6", grade: "standard" },
  { route: ["tehran", "shiraz"], operator: "fadak", brand: "fadak", numbers: ["153", "154"], departs: ["17:45", "17:20"], makeUp: "luxury", grade: "luxury", minutes: 790 },
  { route: ["tehran", "bandar-abbas"], operator: "raja", brand: "khalijfars", numbers: ["161", "162"], departs: ["13:50", "12:40"], makeUp: "sleeper6", grade: "standard", carTransport: true },
  { route: ["tehran", "bandar-abbas"], operator: "pardis", brand: "pardis", numbers: ["163", "164"], departs: ["15:20", "14:50"], makeUp: "premium", grade: "premium", minutes: 1130 },
  { route: ["tehran", "kerman"], operator: "raja", brand: "setareh", numbers: ["171", "172"], departs: ["16:30", "15:55"], makeUp: "mixed", grade: "standard", carTransport: true },
  { route: ["tehran", "kerman"], operator: "joopar", brand: "joopar", numbers: ["173", "174"], departs: ["18:20", "17:40"], makeUp: "premium", grade: "premium", minutes: 750 },
  { route: ["tehran", "ahvaz"], operator: "raja", brand: "karun", numbers: ["181", "182"], departs: ["12:45", "14:10"], makeUp: "sleeper6", grade: "standard" },
  { route: ["tehran", "ahvaz"], operator: "safir", brand: "safir", numbers: ["183", "184"], departs: ["16:55", "17:25"], makeUp: "premium", grade: "premium", minutes: 810 },
  { route: ["tehran", "sari"], operator: "raja", brand: "alborz", numbers: ["191", "192"], departs: ["08:40", "14:20"], makeUp: "salon", grade: "economy" },
  { route: ["tehran", "sari"], operator: "sabz-noor", brand: "darya", numbers: ["193", "194"], departs: ["22:10", "21:50"], makeUp: "sleeper4", grade: "standard" },
  { route: ["tehran", "gorgan"], operator: "raja", brand: "golestan", numbers: ["195", "196"], departs: ["21:20", "20:40"], makeUp: "mixed", grade: "standard" },
  { route: ["tehran", "zanjan"], operator: "raja", brand: "sepid", numbers: ["201", "202"], departs: ["07:20", "16:15"], makeUp: "salon", grade: "economy" },
  { route: ["tehran", "zanjan"], operator: "ghazal", brand: "ofogh", numbers: ["203", "204"], departs: ["15:40", "07:50"], makeUp: "salon", grade: "standard", minutes: 255 },
  { route: ["tehran", "qom"], operator: "raja", brand: "taha", numbers: ["211", "212"], departs: ["06:30", "18:30"], makeUp: "salon", grade: "economy" },
  { route: ["tehran", "qom"], operator: "raja", brand: "mehr", numbers: ["213", "214"], departs: ["11:00", "14:15"], makeUp: "salon", grade: "economy", foreignersAllowed: false },
  { route: ["tehran", "qom"], operator: "pardis", brand: "pardis", numbers: ["215", "216"], departs: ["16:45", "08:10"], makeUp: "salon", grade: "standard", minutes: 100 },
  { route: ["tehran", "kashan"], operator: "raja", brand: "ofogh", numbers: ["221", "222"], departs: ["09:10", "16:40"], makeUp: "salon", grade: "economy" },
  { route: ["tehran", "zahedan"], operator: "raja", brand: "hamoon", numbers: ["231", "232"], departs: ["10:30", "11:20"], makeUp: "sleeper6", grade: "standard", foreignersAllowed: false },
  { route: ["tehran", "rasht"], operator: "raja", brand: "shahab", numbers: ["241", "242"], departs: ["07:40", "16:30"], makeUp: "salon", grade: "standard" },
  { route: ["tehran", "rasht"], operator: "simorgh", brand: "simorgh", numbers: ["243", "244"], departs: ["14:20", "08:20"], makeUp: "mixed", grade: "premium", minutes: 255 },
  { route: ["tehran", "hamedan"], operator: "raja", brand: "alvand", numbers: ["251", "252"], departs: ["22:00", "21:30"], makeUp: "mixed", grade: "standard" },
  { route: ["tehran", "kermanshah"], operator: "raja", brand: "bisotun", numbers: ["253", "254"], departs: ["21:15", "20:45"], makeUp: "sleeper6", grade: "standard" },
  { route: ["tehran", "arak"], operator: "raja", brand: "mehr", numbers: ["261", "262"], departs: ["14:30", "07:10"], makeUp: "salon", grade: "economy" },
  { route: ["tehran", "semnan"], operator: "raja", brand: "kavir", numbers: ["263", "264"], departs: ["10:20", "15:20"], makeUp: "salon", grade: "economy" },
  { route: ["tehran", "andimeshk"], operator: "raja", brand: "zagros", numbers: ["271", "272"], departs: ["19:10", "19:40"], makeUp: "mixed", grade: "standard" },
  { route: ["tehran", "khorramshahr"], operator: "raja", brand: "karun", numbers: ["273", "274"], departs: ["11:40", "12:30"], makeUp: "sleeper6", grade: "standard", foreignersAllowed: false },
  { route: ["tehran", "urmia"], operator: "raja", brand: "almas", numbers: ["281", "282"], departs: ["18:00", "17:20"], makeUp: "sleeper6", grade: "standard" },
  { route: ["mashhad", "yazd"], operator: "raja", brand: "kavir", numbers: ["301", "302"], departs: ["16:20", "15:30"], makeUp: "sleeper6", grade: "standard" },
  { route: ["mashhad", "qom"], operator: "raja", brand: "taha", numbers: ["303", "304"], departs: ["18:50", "19:20"], makeUp: "mixed", grade: "standard" },
  { route: ["mashhad", "qom"], operator: "fadak", brand: "fadak", numbers: ["305", "306"], departs: ["20:40", "21:10"], makeUp: "luxury", grade: "luxury", minutes: 740 },
  { route: ["mashhad", "tabriz"], operator: "raja", brand: "sabalan", numbers: ["307", "308"], departs: ["12:10", "11:30"], makeUp: "sleeper6", grade: "standard", carTransport: true },
  { route: ["mashhad", "isfahan"], operator: "raja", brand: "naqshejahan", numbers: ["311", "312"], departs: ["14:40", "13:20"], makeUp: "sleeper6", grade: "standard" },
  { route: ["mashhad", "kerman"], operator: "raja", brand: "setareh", numbers: ["313", "314"], departs: ["15:30", "16:10"], makeUp: "mixed", grade: "standard" },
  { route: ["mashhad", "bandar-abbas"], operator: "joopar", brand: "khalijfars", numbers: ["315", "316"], departs: ["11:50", "10:40"], makeUp: "sleeper6", grade: "standard" },
  { route: ["isfahan", "shiraz"], operator: "raja", brand: "pars", numbers: ["321", "322"], departs: ["22:30", "22:00"], makeUp: "mixed", grade: "standard" },
];

/** Minutes after midnight of a "HH:MM" clock. */
export function clockMinutes(clock: string): number {
  const [hours, minutes] = clock.split(":").map(Number);
  return hours! * 60 + minutes!;
}

function trainOf(pair: TrainPairSeed, direction: 0 | 1): TrainSeed {
  const route = trainRoute(pair.route[0], pair.route[1]);
  if (!route) throw new Error(`no route ${pair.route.join("–")} for train ${pair.numbers[direction]}`);
  const minutes = pair.minutes ?? route.minutes;
  const wagons = wagonsOf(pair.makeUp);
  const kinds = [...new Set(wagons.map((wagon) => wagon.kind))];
  const departs = pair.departs[direction];
  const arrives = (clockMinutes(departs) + minutes) % (24 * 60);
  return {
    number: pair.numbers[direction],
    operatorCode: pair.operator,
    names: { ...BRANDS[pair.brand] },
    from: pair.route[direction],
    to: pair.route[1 - direction]!,
    departs,
    durationMinutes: minutes,
    weekdayPercents: [...WEEKDAY_PRICE_PERCENT],
    grade: pair.grade,
    foreignersAllowed: pair.foreignersAllowed ?? true,
    carTransport: pair.carTransport ? carTransportRates(route.km) : null,
    wagons,
    fares: Object.fromEntries(kinds.map((kind) => [kind, bedFare(kind, route.km, pair.grade)])),
    extras: extrasOf({
      grade: pair.grade,
      minutes,
      sleeper: kinds.some((kind) => kind !== "salon"),
      // A night train arriving between 04:00 and 11:00 serves breakfast.
      arrivesMorning: minutes >= 360 && arrives >= 4 * 60 && arrives <= 11 * 60,
    }),
    refundRuleId: trainRefundRuleId(pair.operator),
  };
}

/** Every train of the house inventory, both ways of every pair. */
export const TRAINS: readonly TrainSeed[] = PAIRS.flatMap((pair) => [trainOf(pair, 0), trainOf(pair, 1)]);
