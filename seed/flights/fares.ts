import type { FlightCabin } from "#core/flights/flight.ts";

/**
 * Fare classes of the domestic airlines, as data. Prices are multipliers of the route's base fare
 * (seed/flights/routes.ts: the typical one-way adult economy fare), so one table serves every route.
 *
 * Systemic (scheduled) fares: several booking classes per flight, the cheapest sell first. Charter
 * fares: a block of seats an agency bought on a flight flown as a charter; one class, cheaper, and
 * non-refundable.
 *
 * Passenger types (iran-travel-facts.md): an infant (under 2, no seat) pays about 10% of the adult
 * fare. A child (2–11) pays the adult fare on both systemic and charter domestic fares here: Iranian
 * airlines price a child by the fare basis, and on today's domestic systemic fares that is mostly
 * the adult price (some fare bases give 75%); charter sellers count a child as an adult. The
 * percentage is kept per airline so a carrier with a child discount is a one-line change.
 */
export interface FareClassSeed {
  /** Booking class letter, e.g. "Y". */
  fareClass: string;
  cabin: FlightCabin;
  /** Adult price against the route's base fare. */
  multiplier: number;
  /** Seats sold in this class on one flight; scaled down on aircraft with fewer seats. */
  seats: number;
  /** Checked baggage allowance per adult, kg. */
  baggageKg: number;
  /** An id of seed/flights/refund-rules.ts. */
  refundRuleId: string;
  /** Only on these aircraft (the ones with the cabin) on routes with at least this many daily flights. */
  onlyOn?: { aircraft: string[]; minRouteDailyFlights: number };
}

export interface CharterFareSeed {
  /** Share (0–1) of the airline's timetable slots flown as charters. */
  share: number;
  fareClass: string;
  multiplier: number;
  seats: number;
  baggageKg: number;
  refundRuleId: string;
  childPercent: number;
  infantPercent: number;
}

export interface AirlineFares {
  airlineCode: string;
  /** Child price, percent of the adult price (systemic fares). */
  childPercent: number;
  /** Infant price, percent of the adult price (systemic fares). */
  infantPercent: number;
  /** Dearest first within a cabin; the economy classes fill from the cheapest up. */
  classes: FareClassSeed[];
  charter: CharterFareSeed | null;
}

const ECONOMY_KG = 20;
const BUSINESS_KG = 30;
const CHARTER_KG = 20;

/** Business cabins exist on the wide-bodies; sold on routes with 6 or more daily flights each way. */
const MAIN_ROUTE_DAILY_FLIGHTS = 6;
const WIDEBODIES_WITH_BUSINESS = ["Airbus A300-600", "Airbus A310"];

function economy(fareClass: string, multiplier: number, seats: number, refundRuleId: string): FareClassSeed {
  return { fareClass, cabin: "economy", multiplier, seats, baggageKg: ECONOMY_KG, refundRuleId };
}

function charter(airlineCode: string, share: number, multiplier: number, seats: number): CharterFareSeed {
  return {
    share,
    fareClass: "Y",
    multiplier,
    seats,
    baggageKg: CHARTER_KG,
    refundRuleId: `${airlineCode}-CHARTER`,
    childPercent: 100,
    infantPercent: 10,
  };
}

export const AIRLINE_FARES: AirlineFares[] = [
  {
    airlineCode: "IR",
    childPercent: 100,
    infantPercent: 10,
    classes: [
      {
        fareClass: "C",
        cabin: "business",
        multiplier: 1.9,
        seats: 12,
        baggageKg: BUSINESS_KG,
        refundRuleId: "IR-ALL",
        onlyOn: { aircraft: WIDEBODIES_WITH_BUSINESS, minRouteDailyFlights: MAIN_ROUTE_DAILY_FLIGHTS },
      },
      economy("Y", 1.3, 20, "IR-ALL"),
      economy("M", 1.15, 25, "IR-ALL"),
      economy("Q", 1.0, 30, "IR-ALL"),
      economy("V", 0.92, 20, "IR-ALL"),
      economy("L", 0.85, 15, "IR-ALL"),
    ],
    // Iran Air flies scheduled services only in this seed.
    charter: null,
  },
  {
    airlineCode: "W5",
    childPercent: 100,
    infantPercent: 10,
    classes: [
      {
        fareClass: "C",
        cabin: "business",
        multiplier: 1.95,
        seats: 16,
        baggageKg: BUSINESS_KG,
        refundRuleId: "W5-C",
        onlyOn: { aircraft: WIDEBODIES_WITH_BUSINESS, minRouteDailyFlights: MAIN_ROUTE_DAILY_FLIGHTS },
      },
      economy("Y", 1.3, 20, "W5-FLEX"),
      economy("L", 1.1, 25, "W5-L"),
      economy("I", 1.0, 30, "W5-I"),
      economy("N", 0.92, 20, "W5-N"),
      economy("U", 0.82, 15, "W5-UW"),
    ],
    charter: charter("W5", 0.15, 0.88, 40),
  },
  {
    airlineCode: "EP",
    childPercent: 100,
    infantPercent: 10,
    classes: [
      economy("D", 1.3, 15, "EP-DIZ"),
      economy("Y", 1.15, 25, "EP-STD"),
      economy("M", 1.05, 25, "EP-STD"),
      economy("K", 0.95, 20, "EP-LHK"),
      economy("B", 0.85, 15, "EP-B"),
    ],
    charter: charter("EP", 0.1, 0.87, 30),
  },
  {
    airlineCode: "ZV",
    childPercent: 100,
    infantPercent: 10,
    classes: [
      economy("Z", 1.25, 20, "ZV-XZ"),
      economy("S", 1.1, 30, "ZV-STD"),
      economy("M", 1.0, 30, "ZV-MNR"),
      economy("Q", 0.9, 25, "ZV-QL"),
    ],
    charter: charter("ZV", 0.25, 0.85, 50),
  },
  {
    airlineCode: "I3",
    childPercent: 100,
    infantPercent: 10,
    classes: [
      economy("Y", 1.2, 20, "I3-ALL"),
      economy("M", 1.05, 30, "I3-ALL"),
      economy("K", 0.95, 30, "I3-ALL"),
      economy("L", 0.88, 20, "I3-ALL"),
    ],
    charter: charter("I3", 0.2, 0.85, 50),
  },
  {
    airlineCode: "Y9",
    childPercent: 100,
    infantPercent: 10,
    classes: [
      economy("Y", 1.2, 20, "Y9-A"),
      economy("H", 1.08, 25, "Y9-A"),
      economy("M", 1.0, 30, "Y9-B"),
      economy("L", 0.9, 25, "Y9-B"),
      economy("O", 0.84, 15, "Y9-B"),
    ],
    charter: charter("Y9", 0.3, 0.84, 50),
  },
  {
    airlineCode: "QB",
    childPercent: 100,
    infantPercent: 10,
    classes: [
      economy("Y", 1.2, 20, "QB-ARY"),
      economy("R", 1.08, 25, "QB-ARY"),
      economy("A", 0.98, 30, "QB-ARY"),
      economy("D", 0.9, 20, "QB-DUL"),
      economy("L", 0.82, 15, "QB-DUL"),
    ],
    charter: charter("QB", 0.25, 0.85, 50),
  },
  {
    airlineCode: "JI",
    childPercent: 100,
    infantPercent: 10,
    classes: [economy("Y", 1.2, 25, "JI-STD"), economy("M", 1.05, 35, "JI-STD"), economy("L", 0.92, 30, "JI-STD")],
    charter: charter("JI", 0.2, 0.86, 50),
  },
  {
    airlineCode: "HH",
    childPercent: 100,
    infantPercent: 10,
    classes: [
      economy("Y", 1.22, 20, "HH-STD"),
      economy("Z", 1.08, 30, "HH-STD"),
      economy("V", 0.98, 30, "HH-STD"),
      economy("H", 0.88, 20, "HH-NR"),
      economy("B", 0.82, 15, "HH-NR"),
    ],
    charter: charter("HH", 0.25, 0.84, 50),
  },
  {
    airlineCode: "B9",
    childPercent: 100,
    infantPercent: 10,
    classes: [economy("Y", 1.15, 30, "B9-STD"), economy("M", 1.0, 40, "B9-STD"), economy("O", 0.85, 20, "B9-O")],
    charter: charter("B9", 0.15, 0.86, 50),
  },
  {
    airlineCode: "RV",
    childPercent: 100,
    infantPercent: 10,
    classes: [
      economy("H", 1.2, 25, "RV-A"),
      economy("M", 1.05, 30, "RV-OM"),
      economy("K", 0.95, 25, "RV-K"),
      economy("L", 0.85, 20, "RV-NR"),
    ],
    charter: charter("RV", 0.3, 0.84, 60),
  },
  {
    airlineCode: "VR",
    childPercent: 100,
    infantPercent: 10,
    classes: [economy("Y", 1.15, 20, "VR-STD"), economy("M", 1.0, 30, "VR-STD"), economy("L", 0.9, 25, "VR-STD")],
    charter: charter("VR", 0.2, 0.86, 40),
  },
  {
    airlineCode: "IS",
    childPercent: 100,
    infantPercent: 10,
    classes: [economy("Y", 1.15, 25, "IS-ALL"), economy("M", 1.0, 35, "IS-ALL"), economy("Q", 0.9, 25, "IS-ALL")],
    charter: charter("IS", 0.2, 0.85, 50),
  },
  {
    airlineCode: "NV",
    childPercent: 100,
    infantPercent: 10,
    classes: [economy("Y", 1.15, 25, "NV-STD"), economy("M", 1.0, 30, "NV-STD"), economy("K", 0.92, 20, "NV-STD")],
    charter: charter("NV", 0.1, 0.88, 30),
  },
  {
    airlineCode: "QP",
    childPercent: 100,
    infantPercent: 10,
    classes: [economy("Y", 1.15, 20, "QP-ALL"), economy("M", 1.0, 25, "QP-ALL"), economy("L", 0.9, 20, "QP-ALL")],
    charter: charter("QP", 0.2, 0.86, 40),
  },
];

/**
 * How a flight's price moves around its fare table. Weekday numbers are JavaScript's (0 Sunday …
 * 6 Saturday); the Iranian weekend is Thursday and Friday.
 */
export const PRICING = {
  weekendDays: [4, 5] as readonly number[],
  /** Departures on Thursday and Friday. */
  weekendMultiplier: 1.06,
  /** Day-to-day wobble, ± this share. */
  dailyVariation: 0.03,
  /** Extra on a full flight (scaled by the share of seats sold). */
  loadMarkup: 0.08,
  /** Prices are whole tomans rounded to this step. */
  roundTo: 1000,
};

/**
 * Airport and security charges per departing seat (tomans), included in the adult and child fares
 * and shown apart on the pre-invoice. The larger airports charge more. These are the house
 * inventory's own figures, in the range Iranian domestic tickets show, not an official tariff.
 */
export const AIRPORT_CHARGES: Readonly<Record<string, number>> & { default: number } = {
  THR: 90_000,
  IKA: 90_000,
  MHD: 80_000,
  SYZ: 70_000,
  IFN: 70_000,
  TBZ: 70_000,
  AWZ: 60_000,
  KIH: 70_000,
  default: 50_000,
};
