import type { TrainTicketType, WagonKind } from "#core/trains/train.ts";

/**
 * The wagons a train is made of. Each compartment is of one ticket type for its whole journey
 * (general, brothers-only or sisters-only). A salon wagon has no compartments: its seats are
 * stored in bays of four (a row of 2 + 2 seats), each bay a "compartment" of the inventory, so a
 * party sits together and seats are numbered 1… along the wagon.
 */
export interface WagonSeed {
  /** Printed on the wagon and the ticket, from 1. */
  number: number;
  kind: WagonKind;
  /** Beds of each compartment (4 or 6; a salon bay has 4 seats). */
  bedsPerCompartment: number;
  /** The ticket type of each compartment, compartment 1 first. */
  compartments: TrainTicketType[];
}

/** Seats in a salon bay: a row of 2 + 2. */
export const SALON_BAY_SEATS = 4;
export const BEDS_PER_COMPARTMENT: Record<WagonKind, number> = { salon: SALON_BAY_SEATS, compartment4: 4, compartment6: 6, vip4: 4 };

/** How one kind of wagon is laid out: its compartments, how many are men's and women's. */
interface WagonPlan {
  kind: WagonKind;
  compartments: number;
  brothers: number;
  sisters: number;
}

const SALON: WagonPlan = { kind: "salon", compartments: 16, brothers: 0, sisters: 0 };
const SIX_BED: WagonPlan = { kind: "compartment6", compartments: 9, brothers: 3, sisters: 2 };
const FOUR_BED: WagonPlan = { kind: "compartment4", compartments: 11, brothers: 2, sisters: 2 };
const FOUR_BED_PREMIUM: WagonPlan = { kind: "compartment4", compartments: 10, brothers: 2, sisters: 2 };
const VIP: WagonPlan = { kind: "vip4", compartments: 8, brothers: 0, sisters: 0 };

/** Named make-ups of the trains of trains.ts, wagon 1 first. */
const MAKE_UPS = {
  /** A day train of salon seats only (short routes). */
  salon: [SALON, SALON, SALON, SALON, SALON, SALON],
  /** The ordinary sleeper: 6-bed compartments with a few 4-bed wagons. */
  sleeper6: [SIX_BED, SIX_BED, SIX_BED, SIX_BED, SIX_BED, FOUR_BED, FOUR_BED],
  /** A sleeper with a salon wagon or two for the thrifty. */
  mixed: [SALON, SALON, SIX_BED, SIX_BED, SIX_BED, SIX_BED, FOUR_BED, FOUR_BED, FOUR_BED],
  /** 4-bed compartments throughout. */
  sleeper4: [FOUR_BED, FOUR_BED, FOUR_BED, FOUR_BED, FOUR_BED, FOUR_BED, FOUR_BED],
  /** The operators' premium trains: 4-bed compartments and a VIP wagon. */
  premium: [FOUR_BED_PREMIUM, FOUR_BED_PREMIUM, FOUR_BED_PREMIUM, FOUR_BED_PREMIUM, FOUR_BED_PREMIUM, FOUR_BED_PREMIUM, VIP],
  /** Five-star trains: fewer, roomier 4-bed compartments and two VIP wagons. */
  luxury: [FOUR_BED_PREMIUM, FOUR_BED_PREMIUM, FOUR_BED_PREMIUM, FOUR_BED_PREMIUM, VIP, VIP],
} as const satisfies Record<string, readonly WagonPlan[]>;

export type MakeUp = keyof typeof MAKE_UPS;

/** The wagons of a make-up, numbered; the men's compartments come first in each wagon, then the women's. */
export function wagonsOf(makeUp: MakeUp): WagonSeed[] {
  return MAKE_UPS[makeUp].map((plan, index) => ({
    number: index + 1,
    kind: plan.kind,
    bedsPerCompartment: BEDS_PER_COMPARTMENT[plan.kind],
    compartments: Array.from({ length: plan.compartments }, (_, compartment): TrainTicketType =>
      compartment < plan.brothers ? "brothers" : compartment < plan.brothers + plan.sisters ? "sisters" : "general",
    ),
  }));
}
