import type { FarePrice } from "#core/flights/flight.ts";
import type { VehicleType, WagonKind } from "#core/trains/train.ts";

/**
 * Prices of the house trains, in tomans. A bed costs a fixed part plus a rate per kilometre by
 * wagon kind, times the train's grade; Tehran–Mashhad (926 km) comes out at about 400,000 in a
 * salon seat and 2,500,000 in a VIP 4-bed compartment of a five-star train (iran-travel-facts.md).
 *
 * Children (2 to under 12) take a bed of their own at half the adult price; infants (under 2)
 * travel on a lap without a bed for a tenth of it (the facts' "child half fare, infant without
 * seat about 10%"). A coupe (whole-compartment) purchase pays every bed: empty beds at the adult
 * price, travellers at their own.
 */
export type TrainGrade = "economy" | "standard" | "premium" | "luxury";

const BED_RATES: Record<WagonKind, { fixed: number; perKm: number }> = {
  salon: { fixed: 40_000, perKm: 390 },
  compartment6: { fixed: 60_000, perKm: 600 },
  compartment4: { fixed: 80_000, perKm: 800 },
  vip4: { fixed: 100_000, perKm: 1_820 },
};

/** Percent of the standard price by grade. */
export const GRADE_PERCENT: Record<TrainGrade, number> = { economy: 90, standard: 100, premium: 120, luxury: 140 };

export const CHILD_PERCENT = 50;
export const INFANT_PERCENT = 10;

/** Prices are quoted in whole thousands of tomans. */
export function roundToman(amount: number): number {
  return Math.round(amount / 1_000) * 1_000;
}

/** The adult, child and infant price of a bed of `kind` over `km` on a train of `grade` (no party: `total` is one adult). */
export function bedFare(kind: WagonKind, km: number, grade: TrainGrade): FarePrice {
  const rate = BED_RATES[kind];
  const adult = roundToman(((rate.fixed + rate.perKm * km) * GRADE_PERCENT[grade]) / 100);
  return { adult, child: roundToman((adult * CHILD_PERCENT) / 100), infant: roundToman((adult * INFANT_PERCENT) / 100), total: adult };
}

/** Percent of a train's price on each weekday (JavaScript numbering, 0 Sunday … 6 Saturday): the Iranian weekend (Thursday, Friday) costs more. */
export const WEEKDAY_PRICE_PERCENT: readonly number[] = [95, 95, 100, 105, 110, 110, 95];

/** Car transport rates of a car-carrying train, by vehicle type, over `km`. */
export function carTransportRates(km: number): Record<VehicleType, number> {
  const sedan = 1_000_000 + 2_000 * km;
  return {
    sedan: Math.round(sedan / 10_000) * 10_000,
    suv: Math.round((sedan * 1.3) / 10_000) * 10_000,
    motorcycle: Math.round((sedan * 0.45) / 10_000) * 10_000,
  };
}

/**
 * What a train sells besides the bed: a choice of meal on trains of six hours or more (included,
 * at price 0, on premium and five-star trains), a breakfast on night trains arriving in the
 * morning, an extra meal, a snack pack on every train and bedding in sleeping compartments.
 */
export function extrasOf(input: {
  grade: TrainGrade;
  minutes: number;
  sleeper: boolean;
  arrivesMorning: boolean;
}): { code: string; price: number }[] {
  const included = input.grade === "premium" || input.grade === "luxury";
  const extras: { code: string; price: number }[] = [];
  if (input.minutes >= 360) {
    extras.push(
      { code: "meal-chicken", price: included ? 0 : 220_000 },
      { code: "meal-kebab", price: included ? 0 : 290_000 },
      { code: "meal-vegetarian", price: included ? 0 : 190_000 },
    );
    if (input.arrivesMorning) extras.push({ code: "meal-breakfast", price: included ? 0 : 120_000 });
    extras.push({ code: "extra-meal", price: 250_000 });
  }
  extras.push({ code: "snack", price: input.grade === "luxury" ? 0 : 85_000 });
  if (input.sleeper && input.minutes >= 360) extras.push({ code: "bedding", price: input.grade === "luxury" ? 0 : 120_000 });
  return extras;
}
