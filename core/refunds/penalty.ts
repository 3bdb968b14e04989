import type { RefundRule, RefundWindowRule } from "../flights/flight.ts";
import { addDays, tehranToday } from "../search/dates.ts";

/**
 * What a traveller gets back for cancelling a flight (iran-travel-facts.md, "Refund rules"): the
 * airline's penalty for the fare class, by the time left before departure; nothing is charged when
 * the airline cancelled the flight or it is more than 2 h late, whatever the rule says.
 *
 * Rules chosen here:
 * - Time: `departAt` is the scheduled (ticketed) departure and `delayedMinutes` the delay announced
 *   against it. The flight leaves at `departAt + delayedMinutes`, and the windows count from then
 *   (the traveller is never charged the no-show rate for a flight that has not left yet). Time is
 *   compared in absolute milliseconds, so time zones play no part: "at least N minutes remain"
 *   holds from exactly N minutes before, to the millisecond.
 * - Window: the one with the largest `minutesBefore` that is ≤ the time remaining, whatever the
 *   order the rule lists them in. The window closest to departure ("last") lasts until departure
 *   even if its `minutesBefore` is above 0. At the moment of departure the last window still
 *   applies; after it, `afterDeparturePercent`.
 * - Free: airline cancellation or a delay of more than {@link FREE_DELAY_MINUTES} minutes (121 and
 *   up; exactly 120 is not enough) makes the penalty 0, on non-refundable fares too, labelled
 *   "airline-cancelled".
 * - Money: integer tomans. penalty = floor(paid × percent / 100), rounded down so that any
 *   fraction of a toman stays with the traveller; refundAmount = paid − penalty. Percentages are
 *   clamped to 0–100, so neither can be negative. A `paid` that is not a non-negative safe integer
 *   is INVALID_AMOUNT; 0 is allowed and gives 0 back.
 * - An invalid Date, or a rule whose percentages or minutes are not finite numbers, is a
 *   programming or data error and throws a RangeError.
 */

/** Facts: a flight more than 2 h late is refunded without penalty. */
export const FREE_DELAY_MINUTES = 120;

export type RefundWindowLabel = "before" | "last" | "after-departure" | "airline-cancelled" | "free-after-issue";

export interface RefundWindow {
  /** The applying window's threshold in minutes before departure; null for a window to a fixed hour, after departure and when the operator is at fault. */
  minutesBefore: number | null;
  label: RefundWindowLabel;
  /** ISO instant the applying window ends (the next penalty starts); null after departure and when the operator is at fault. */
  endsAt?: string | null;
}

export interface RefundQuoteOk {
  ok: true;
  penaltyPercent: number;
  /** Integer tomans kept as penalty. */
  penalty: number;
  /** Integer tomans paid back: paid − penalty. */
  refundAmount: number;
  window: RefundWindow;
}

export type RefundError = "NON_REFUNDABLE" | "INVALID_AMOUNT";

export type RefundQuote = RefundQuoteOk | { ok: false; error: RefundError };

export interface RefundFlags {
  /** The airline cancelled the flight. */
  cancelledByAirline?: boolean;
  /** Announced delay against the scheduled departure, in minutes. */
  delayedMinutes?: number;
}

export interface RefundQuoteInput extends RefundFlags {
  rule: RefundRule;
  /** Integer tomans the traveller paid for this item. */
  paid: number;
  /** Scheduled departure. */
  departAt: Date;
  now: Date;
  /** When the ticket was issued: a rule's free period after issue counts from it. */
  issuedAt?: Date | null;
}

const MINUTE_MS = 60_000;
/** Iran has kept +03:30 all year since 2022: noon in Tehran as an instant. */
const TEHRAN_OFFSET = "+03:30";

/** The instant a window stops applying: N minutes before departure, or noon in Tehran N days before the departure's day. */
function windowEnd(window: RefundWindowRule, departMs: number, leavesMs: number): number {
  if ("noonDaysBefore" in window) {
    // A fixed hour of the scheduled day: a delay does not move it.
    const days = checkedMinutes(window.noonDaysBefore);
    return Date.parse(`${addDays(tehranToday(new Date(departMs)), -days)}T12:00:00${TEHRAN_OFFSET}`);
  }
  return leavesMs - checkedMinutes(window.minutesBefore) * MINUTE_MS;
}

export function refundQuote(input: RefundQuoteInput): RefundQuote {
  const { rule, paid, departAt, now } = input;
  if (!isValidAmount(paid)) return { ok: false, error: "INVALID_AMOUNT" };
  const departMs = checkedTime(departAt, "departAt");
  const nowMs = checkedTime(now, "now");

  const delay = delayOf(input.delayedMinutes);
  if (input.cancelledByAirline === true || delay > FREE_DELAY_MINUTES) {
    return quote(paid, 0, { minutesBefore: null, label: "airline-cancelled" });
  }
  if (!rule.refundable) return { ok: false, error: "NON_REFUNDABLE" };

  const leavesMs = departMs + delay * MINUTE_MS;
  if (nowMs > leavesMs)
    return quote(paid, checkedPercent(rule.afterDeparturePercent), { minutesBefore: null, label: "after-departure", endsAt: null });

  // Just issued: free for the rule's grace period (never past departure).
  if (input.issuedAt && rule.freeMinutesAfterIssue !== undefined) {
    const freeUntil = checkedTime(input.issuedAt, "issuedAt") + checkedMinutes(rule.freeMinutesAfterIssue) * MINUTE_MS;
    if (nowMs <= freeUntil)
      return quote(paid, 0, {
        minutesBefore: null,
        label: "free-after-issue",
        endsAt: new Date(Math.min(freeUntil, leavesMs)).toISOString(),
      });
  }

  // Earliest end first; the last one lasts until departure.
  const windows = rule.windows
    .map((window) => ({
      minutesBefore: "minutesBefore" in window ? checkedMinutes(window.minutesBefore) : null,
      endsMs: windowEnd(window, departMs, leavesMs),
      penaltyPercent: checkedPercent(window.penaltyPercent),
    }))
    .sort((a, b) => a.endsMs - b.endsMs);
  const last = windows.at(-1);
  // A rule without windows has nothing before departure: the after-departure rate is all it says.
  if (!last)
    return quote(paid, checkedPercent(rule.afterDeparturePercent), {
      minutesBefore: null,
      label: "last",
      endsAt: new Date(leavesMs).toISOString(),
    });
  const applying = windows.find((window) => nowMs <= window.endsMs) ?? last;
  const endsAt = new Date(applying === last ? leavesMs : applying.endsMs).toISOString();
  return quote(paid, applying.penaltyPercent, {
    minutesBefore: applying.minutesBefore,
    label: applying === last ? "last" : "before",
    endsAt,
  });
}

export interface BookingRefundItem extends RefundFlags {
  rule: RefundRule;
  /** Integer tomans paid for this item. */
  paid: number;
  /** Scheduled departure of this item's flight. */
  departAt: Date;
}

export interface BookingRefundLine extends Omit<RefundQuoteOk, "ok"> {
  /** The item's position in the list given. */
  index: number;
  paid: number;
}

export type BookingRefundQuote =
  | { ok: true; lines: BookingRefundLine[]; paid: number; penalty: number; refundAmount: number }
  | { ok: false; error: RefundError; /** The first item that failed. */ index: number };

/**
 * The refund for cancelling every item of a booking (a round trip's legs can sit in different
 * windows): one line per item and the sums. `flags` apply to every item; an item's own
 * `cancelledByAirline` / `delayedMinutes` override them (one leg cancelled by the airline).
 * All or nothing: if one item is non-refundable the booking cannot be cancelled as a whole, and
 * the error names that item; quote the refundable items alone to cancel just those.
 */
export function quoteBooking(items: readonly BookingRefundItem[], now: Date, flags: RefundFlags = {}): BookingRefundQuote {
  const lines: BookingRefundLine[] = [];
  let paid = 0;
  let penalty = 0;
  let refundAmount = 0;
  for (const [index, item] of items.entries()) {
    const result = refundQuote({
      rule: item.rule,
      paid: item.paid,
      departAt: item.departAt,
      now,
      cancelledByAirline: item.cancelledByAirline ?? flags.cancelledByAirline,
      delayedMinutes: item.delayedMinutes ?? flags.delayedMinutes,
    });
    if (!result.ok) return { ok: false, error: result.error, index };
    lines.push({
      index,
      paid: item.paid,
      penaltyPercent: result.penaltyPercent,
      penalty: result.penalty,
      refundAmount: result.refundAmount,
      window: result.window,
    });
    paid += item.paid;
    penalty += result.penalty;
    refundAmount += result.refundAmount;
  }
  return { ok: true, lines, paid, penalty, refundAmount };
}

/**
 * floor(paid × percent / 100). For a whole percent it is exact at any safe amount: paid = 100q + r,
 * so it is q × percent + floor(r × percent / 100) and no product leaves the safe integers.
 */
function penaltyOf(paid: number, percent: number): number {
  if (!Number.isInteger(percent)) return Math.min(paid, Math.floor((paid * percent) / 100));
  return Math.floor(paid / 100) * percent + Math.floor(((paid % 100) * percent) / 100);
}

function quote(paid: number, penaltyPercent: number, window: RefundWindow): RefundQuoteOk {
  const penalty = penaltyOf(paid, penaltyPercent);
  return { ok: true, penaltyPercent, penalty, refundAmount: paid - penalty, window };
}

function isValidAmount(paid: number): boolean {
  return Number.isSafeInteger(paid) && paid >= 0;
}

function delayOf(minutes: number | undefined): number {
  return minutes !== undefined && Number.isFinite(minutes) && minutes > 0 ? minutes : 0;
}

function checkedTime(date: Date, name: string): number {
  const ms = date.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`refundQuote: ${name} is not a valid date`);
  return ms;
}

function checkedPercent(percent: number): number {
  if (!Number.isFinite(percent)) throw new RangeError(`refundQuote: penalty percent ${percent} is not a number`);
  return Math.min(100, Math.max(0, percent));
}

function checkedMinutes(minutes: number): number {
  if (!Number.isFinite(minutes)) throw new RangeError(`refundQuote: window minutesBefore ${minutes} is not a number`);
  return minutes;
}
