import { fareTotal } from "../flights/pricing.ts";
import type { FarePrice } from "../flights/flight.ts";
import type { Passengers } from "../search/search-forms.ts";

/**
 * Prices of international fares, in integer tomans. A fare is data: a base fare per adult, the
 * charges of each departure airport per seat, and the child and infant shares of the base
 * (typically 75% and 10% abroad, set per airline and class). Charges are paid by every traveller
 * with a seat; an infant on a lap pays only its share of the base.
 */
export interface InternationalFare {
  /** Adult base fare, before charges. */
  base: number;
  /** Departure charges per seat (the sum over every departure of the trip). */
  taxes: number;
  childPercent: number;
  infantPercent: number;
}

/** Prices end in whole thousands of tomans, as airlines file them. */
export const PRICE_STEP = 1000;

function whole(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative whole number, got ${String(value)}`);
  return value;
}

function percent(value: number, what: string): number {
  if (!Number.isFinite(value) || value < 0 || value > 100) throw new RangeError(`${what} must be a percentage 0–100, got ${String(value)}`);
  return value;
}

/** Rounds to PRICE_STEP, half up. */
export function roundPrice(value: number): number {
  return Math.round(value / PRICE_STEP) * PRICE_STEP;
}

/** Per-passenger prices of a fare and their total for the party (throws RangeError on a float, negative or unsafe amount). */
export function partyPrice(fare: InternationalFare, party: Passengers): FarePrice {
  const base = whole(fare.base, "base fare");
  const taxes = whole(fare.taxes, "taxes");
  const adult = base + taxes;
  const child = roundPrice((base * percent(fare.childPercent, "child percent")) / 100) + taxes;
  const infant = roundPrice((base * percent(fare.infantPercent, "infant percent")) / 100);
  return fareTotal({ adult, child, infant }, party);
}

/**
 * The base fare of a through ticket made of parts: a one-stop connection (its segments' own fares)
 * or a round trip (its two legs). The rule, chosen for the house inventory:
 *
 * - it is the sum of the parts times the airline's factor (≤ 1: a connection or a return is sold
 *   cheaper than its pieces, which is why it exists), rounded to PRICE_STEP;
 * - never cheaper than the dearest part alone: a longer journey never costs less than a piece
 *   of it, so nobody buys the through ticket to fly only one part;
 * - never dearer than the parts bought one by one.
 *
 * Throws RangeError when there are no parts, a part is not a whole amount, or the factor is not in (0, 1].
 */
export function throughFare(parts: readonly number[], factor: number): number {
  if (parts.length === 0) throw new RangeError("a through fare needs at least one part");
  if (!Number.isFinite(factor) || factor <= 0 || factor > 1) throw new RangeError(`factor must be in (0, 1], got ${String(factor)}`);
  let sum = 0;
  let dearest = 0;
  for (const part of parts) {
    whole(part, "part fare");
    sum += part;
    dearest = Math.max(dearest, part);
  }
  return Math.min(sum, Math.max(dearest, roundPrice(sum * factor)));
}
