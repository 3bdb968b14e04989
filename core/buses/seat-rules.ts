import type { Gender } from "../passengers/passenger-rules.ts";
import type { BusSeat, BusSeatMap } from "./bus.ts";

/**
 * The seat rules of a bus (spec §5, iran-travel-facts.md "Buses"), the same on the results page,
 * in the selection and in the supplier's hold:
 * - The first row (behind the driver) is not sold to women: SEAT_FIRST_ROW_WOMEN.
 * - Strangers of different genders do not sit side by side: a seat beside a traveller of another
 *   booking is sold only to someone of that traveller's gender (SEAT_NEIGHBOUR_GENDER). Travellers of
 *   one booking may sit together whatever their genders. Side by side means the same row and the
 *   next column; the aisle is a column without seats, so seats across it are never neighbours.
 * - A seat must exist (SEAT_INVALID), be free (SEAT_TAKEN) and be chosen once (SEAT_DUPLICATE).
 */
export type SeatRuleError = "SEAT_INVALID" | "SEAT_TAKEN" | "SEAT_DUPLICATE" | "SEAT_FIRST_ROW_WOMEN" | "SEAT_NEIGHBOUR_GENDER";

/** The first row of the drawing: the one right behind the driver. */
export const FIRST_ROW = 1;

/** The seats beside a seat: same row, next column on either side. */
export function neighboursOf(map: Pick<BusSeatMap, "seats">, seat: Pick<BusSeat, "row" | "column">): BusSeat[] {
  return map.seats.filter((other) => other.row === seat.row && Math.abs(other.column - seat.column) === 1);
}

/**
 * Judges seats chosen together for one booking against the map as it is now (taken seats belong
 * to other bookings). Returns the refusal of each refused choice by its index; an empty object
 * when every choice may be sold. A choice without a known gender is judged on existence and
 * freedom only (its passenger's own gender field is refused elsewhere).
 */
export function seatRuleErrors(
  map: Pick<BusSeatMap, "seats">,
  chosen: readonly { number: number; gender: Gender | null }[],
): Record<number, SeatRuleError> {
  const errors: Record<number, SeatRuleError> = {};
  const byNumber = new Map(map.seats.map((seat) => [seat.number, seat]));
  const seen = new Set<number>();
  chosen.forEach((choice, index) => {
    const seat = byNumber.get(choice.number);
    if (!seat) errors[index] = "SEAT_INVALID";
    else if (seen.has(choice.number)) errors[index] = "SEAT_DUPLICATE";
    else if (seat.status === "taken") errors[index] = "SEAT_TAKEN";
    else if (choice.gender === "female" && seat.row === FIRST_ROW) errors[index] = "SEAT_FIRST_ROW_WOMEN";
    else if (
      choice.gender &&
      neighboursOf(map, seat).some((next) => next.status === "taken" && next.gender !== undefined && next.gender !== choice.gender)
    )
      errors[index] = "SEAT_NEIGHBOUR_GENDER";
    seen.add(choice.number);
  });
  return errors;
}

/**
 * Which genders a free seat may still be sold to, for drawing the map (a seat beside a woman of
 * another booking is marked "women only"): both, one, or none (a woman and a man on either side,
 * or a man beside a first-row seat).
 */
export function gendersAllowed(map: Pick<BusSeatMap, "seats">, seat: BusSeat): Gender[] {
  const allowed: Gender[] = ["male", "female"];
  return allowed.filter((gender) => Object.keys(seatRuleErrors(map, [{ number: seat.number, gender }])).length === 0);
}

/**
 * Seats chosen for travellers who did not pick them (a purchase the worker makes for them, issue
 * 22): each seated traveller in order takes the lowest-numbered free seat the rules let their
 * gender have, so a party sits in neighbouring seats where the map allows. Null when the map has
 * no such seat for someone: the purchase waits for the map to change.
 */
export function chooseSeats(
  map: Pick<BusSeatMap, "seats">,
  travellers: readonly { passenger: number; gender: Gender }[],
): { number: number; passenger: number; gender: Gender }[] | null {
  const free = map.seats.filter((seat) => seat.status === "free").sort((a, b) => a.number - b.number);
  const chosen: { number: number; passenger: number; gender: Gender }[] = [];
  for (const traveller of travellers) {
    // A free seat whose taken neighbours (other bookings') and row allow this traveller; the party's own seats never refuse each other.
    const seat = free.find(
      (candidate) =>
        !chosen.some((taken) => taken.number === candidate.number) &&
        Object.keys(seatRuleErrors(map, [{ number: candidate.number, gender: traveller.gender }])).length === 0,
    );
    if (!seat) return null;
    chosen.push({ number: seat.number, passenger: traveller.passenger, gender: traveller.gender });
  }
  return chosen;
}
