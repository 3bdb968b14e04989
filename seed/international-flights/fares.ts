import type { FlightCabin, RefundRule } from "#core/flights/flight.ts";
import { INTERNATIONAL_AIRLINES } from "./airlines.ts";

/**
 * Fare classes of the international inventory, the same three for every carrier with the
 * carrier's own baggage and refund terms (data, never code): a saver and a flexible economy fare
 * and a business fare. Prices are multiples of a route's base fare (routes.ts); children pay 75%
 * of the base and infants on a lap 10%, as airlines file them for international fares.
 */
export interface InternationalFareClassSeed {
  fareClass: string;
  cabin: FlightCabin;
  multiplier: number;
  /** Share of the economy seats sold in this class (economy classes only). */
  economyShare?: number;
  childPercent: number;
  infantPercent: number;
  /** Checked baggage when counted by weight, and when counted by pieces (23 kg each). */
  checkedKg: number;
  checkedPieces: number;
  cabinKg: number;
}

export const FARE_CLASSES: InternationalFareClassSeed[] = [
  {
    fareClass: "V",
    cabin: "economy",
    multiplier: 0.85,
    economyShare: 0.45,
    childPercent: 75,
    infantPercent: 10,
    checkedKg: 20,
    checkedPieces: 1,
    cabinKg: 7,
  },
  {
    fareClass: "Y",
    cabin: "economy",
    multiplier: 1.3,
    economyShare: 0.55,
    childPercent: 75,
    infantPercent: 10,
    checkedKg: 30,
    checkedPieces: 2,
    cabinKg: 7,
  },
  { fareClass: "J", cabin: "business", multiplier: 3.2, childPercent: 75, infantPercent: 10, checkedKg: 40, checkedPieces: 2, cabinKg: 12 },
];

/** Seats per cabin of the aircraft the routes name. */
export const AIRCRAFT_SEATS: Readonly<Record<string, { economy: number; business: number }>> = {
  "Airbus A320": { economy: 144, business: 12 },
  "Airbus A320neo": { economy: 186, business: 0 },
  "Airbus A321": { economy: 170, business: 12 },
  "Airbus A300-600": { economy: 230, business: 24 },
  "Airbus A310": { economy: 196, business: 20 },
  "Airbus A330-300": { economy: 261, business: 28 },
  "Airbus A350-900": { economy: 247, business: 36 },
  "Boeing 737-800": { economy: 159, business: 12 },
  "Boeing 737 MAX 8": { economy: 162, business: 10 },
  "Boeing 777-300ER": { economy: 304, business: 42 },
  "Boeing 787-9": { economy: 270, business: 30 },
  "Fokker 100": { economy: 97, business: 0 },
};

/** Departure charges per seat of each airport (tomans), the same for every class. */
export const DEPARTURE_CHARGES: Readonly<Record<string, number>> = {
  IKA: 900_000,
  MHD: 800_000,
  SYZ: 800_000,
  IFN: 800_000,
  TBZ: 800_000,
  KIH: 700_000,
  IST: 1_600_000,
  SAW: 1_400_000,
  AYT: 1_300_000,
  DXB: 1_500_000,
  DOH: 1_400_000,
  FRA: 2_800_000,
  HAM: 2_600_000,
  CDG: 3_000_000,
  LHR: 4_500_000,
  default: 1_000_000,
};

const HOURS = 60;

/** Refund rule of a carrier's class: `${airline}-INT-${class}`. */
export function refundRuleId(airlineCode: string, fareClass: string): string {
  return `${airlineCode}-INT-${fareClass}`;
}

/**
 * Refund terms per carrier and class. Foreign carriers' saver fares keep the money; Iranian
 * carriers refund them with a heavy penalty, as their published international rules do. Flexible
 * and business fares refund with penalties that grow towards departure; a no-show forfeits all
 * (economy) or half (business).
 */
export const INTERNATIONAL_REFUND_RULES: RefundRule[] = INTERNATIONAL_AIRLINES.flatMap((airline) => {
  const iranian = ["IR", "W5", "QB", "EP"].includes(airline.code);
  const base = { airlineCode: airline.code, charter: false };
  const saver: RefundRule = iranian
    ? {
        ...base,
        id: refundRuleId(airline.code, "V"),
        fareClasses: ["V"],
        refundable: true,
        windows: [
          { minutesBefore: 72 * HOURS, penaltyPercent: 40 },
          { minutesBefore: 3 * HOURS, penaltyPercent: 60 },
          { minutesBefore: 0, penaltyPercent: 80 },
        ],
        afterDeparturePercent: 100,
      }
    : {
        ...base,
        id: refundRuleId(airline.code, "V"),
        fareClasses: ["V"],
        refundable: false,
        windows: [{ minutesBefore: 0, penaltyPercent: 100 }],
        afterDeparturePercent: 100,
      };
  return [
    saver,
    {
      ...base,
      id: refundRuleId(airline.code, "Y"),
      fareClasses: ["Y"],
      refundable: true,
      windows: [
        { minutesBefore: 72 * HOURS, penaltyPercent: 10 },
        { minutesBefore: 24 * HOURS, penaltyPercent: 20 },
        { minutesBefore: 3 * HOURS, penaltyPercent: 30 },
        { minutesBefore: 0, penaltyPercent: 50 },
      ],
      afterDeparturePercent: 100,
    },
    {
      ...base,
      id: refundRuleId(airline.code, "J"),
      fareClasses: ["J"],
      refundable: true,
      windows: [
        { minutesBefore: 24 * HOURS, penaltyPercent: 5 },
        { minutesBefore: 0, penaltyPercent: 20 },
      ],
      afterDeparturePercent: 50,
    },
  ];
});
