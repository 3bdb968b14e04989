import { parseDateTime, toZoned } from "@internationalized/date";
import type { RefundRule, RefundWindowRule } from "../flights/flight.ts";
import { TRAVEL_TIME_ZONE, addDays, tehranToday } from "../search/dates.ts";

/**
 * What a traveller gets back for cancelling a trip (iran-travel-facts.md, "Refund rules"): the
 * operator's penalty for the fare, by when the traveller cancels; nothing is charged when the
 * operator cancelled the trip or it is more than 2 h late, whatever the rule says. One rule shape
 * serves every service: an airline's windows counted back from departure, and Raja's windows to a
 * fixed noon and its free hour after issue.
 *
 * Rules chosen here:
 * - Time: `departAt` is the scheduled (ticketed) departure and `delayedMinutes` the delay announced
 *   against it. The trip leaves at `departAt + delayedMinutes`. Time is compared in absolute
 *   milliseconds, so the Dates' time zones play no part.
 * - Windows end at an instant, and each one includes its end: a window of `minutesBefore` N ends N
 *   minutes before the (delayed) departure, so "at least N minutes remain" holds from exactly N
 *   minutes before, to the millisecond; a window of `noonDaysBefore` N ends at 12:00 Tehran time N
 *   days before the scheduled departure's day (a delay does not move it: it is an hour of the
 *   calendar, not a distance from departure). The next window starts a millisecond later.
 * - Timeline ({@link refundTimeline}): the free period after issue first (when the rule has one
 *   and the issue time is known), then the windows in the order they end, whatever the order the
 *   rule lists them in, then after departure. The window that ends last lasts until departure
 *   even if it ends earlier ("last"); a window that ends no later than one before it (under the
 *   free period, or two ending together) never applies and is left out; none lasts past departure.
 *   Which applies: the first whose end is not yet past; at the moment of departure the last one
 *   still does, and after it `afterDeparturePercent` (no refund at 100).
 * - Free after issue: `freeMinutesAfterIssue` minutes from `issuedAt`, end included, never past
 *   departure. Without `issuedAt` (not known, or a rule without the period) it plays no part.
 * - In person only: a rule with `inPersonFromMinutesBefore` N refunds online until N minutes before
 *   the (delayed) departure, end included; from a millisecond later until departure the quote is
 *   refused with IN_PERSON_ONLY, naming `inPersonPenaltyPercent` and that stage ("in-person", ending
 *   at departure): the traveller is refunded at the operator's counter (a bus: 50% at the terminal).
 *   The online windows and the free period after issue end where it begins; after departure
 *   `afterDeparturePercent` applies as usual.
 * - Operator at fault: a cancellation or a delay of more than {@link FREE_DELAY_MINUTES} minutes
 *   (121 and up; exactly 120 is not enough) makes the penalty 0, on non-refundable fares too,
 *   labelled "airline-cancelled".
 * - Money: integer tomans. penalty = floor(paid × percent / 100), rounded down so that any
 *   fraction of a toman stays with the traveller; refundAmount = paid − penalty. Percentages are
 *   clamped to 0–100, so neither can be negative. A `paid` that is not a non-negative safe integer
 *   is INVALID_AMOUNT; 0 is allowed and gives 0 back.
 * - An invalid Date, or a rule whose percentages, minutes or days are not numbers (days: whole and
 *   not negative), is a programming or data error and throws a RangeError.
 */

/** Facts: a flight more than 2 h late is refunded without penalty. */
export const FREE_DELAY_MINUTES = 120;

/**
 * Which kind of window applies: one before the last, the last (until departure), after departure,
 * the operator at fault (cancelled or more than 2 h late), the free period after issue, and the
 * stage before departure refunded only in person at the operator's counter.
 */
export const REFUND_WINDOW_LABELS = ["before", "last", "after-departure", "airline-cancelled", "free-after-issue", "in-person"] as const;
export type RefundWindowLabel = (typeof REFUND_WINDOW_LABELS)[number];

export interface RefundWindow {
  /** For a window counted back from departure, its minutes before it; null for one to a fixed hour (noon), the free period after issue, after departure and when the operator is at fault. */
  minutesBefore: number | null;
  label: RefundWindowLabel;
  /** ISO instant (UTC) the window ends, itself included; null when nothing follows it (after departure, the operator at fault). */
  endsAt: string | null;
}

/** One stretch of a ticket's refund timeline: its window and the penalty while it lasts. */
export interface RefundStage extends RefundWindow {
  penaltyPercent: number;
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

/** Online refund is closed: the traveller is refunded at the operator's counter, keeping `penaltyPercent` back, until the window ends (departure). */
export interface RefundInPersonOnly {
  ok: false;
  error: "IN_PERSON_ONLY";
  penaltyPercent: number;
  window: RefundWindow;
}

export type RefundQuote = RefundQuoteOk | { ok: false; error: RefundError } | RefundInPersonOnly;

export interface RefundFlags {
  /** The operator (airline, railway) cancelled the trip. */
  cancelledByAirline?: boolean;
  /** Announced delay against the scheduled departure, in minutes. */
  delayedMinutes?: number;
}

export interface RefundTimelineInput {
  rule: RefundRule;
  /** Scheduled departure. */
  departAt: Date;
  /** Announced delay against the scheduled departure, in minutes. */
  delayedMinutes?: number;
  /** When the ticket was issued: the rule's free period after issue counts from it; null or absent when not known. */
  issuedAt?: Date | null;
}

export interface RefundQuoteInput extends RefundFlags, RefundTimelineInput {
  /** Integer tomans the traveller paid for this item. */
  paid: number;
  now: Date;
}

const MINUTE_MS = 60_000;

/** A stage with its end as a number, for comparing; null for the open end after departure. */
interface TimedStage {
  penaltyPercent: number;
  label: Exclude<RefundWindowLabel, "airline-cancelled">;
  minutesBefore: number | null;
  endsMs: number | null;
}

/**
 * A ticket's refund timeline: every window it goes through, from the free period after issue to
 * after departure, with the instant each ends. The operator's fault is not in it (see refundQuote).
 */
export function refundTimeline(input: RefundTimelineInput): RefundStage[] {
  return timeline(input).map(toStage);
}

export function refundQuote(input: RefundQuoteInput): RefundQuote {
  const { rule, paid } = input;
  if (!isValidAmount(paid)) return { ok: false, error: "INVALID_AMOUNT" };
  const nowMs = checkedTime(input.now, "now");
  checkedTime(input.departAt, "departAt");

  const delay = delayOf(input.delayedMinutes);
  if (input.cancelledByAirline === true || delay > FREE_DELAY_MINUTES) {
    return quote(paid, 0, { minutesBefore: null, label: "airline-cancelled", endsAt: null });
  }
  if (!rule.refundable) return { ok: false, error: "NON_REFUNDABLE" };

  const stages = timeline(input);
  // The timeline always ends with the open stage after departure, so one applies.
  const applying = stages.find((stage) => stage.endsMs === null || nowMs <= stage.endsMs)!;
  const { penaltyPercent, ...window } = toStage(applying);
  if (window.label === "in-person") return { ok: false, error: "IN_PERSON_ONLY", penaltyPercent, window };
  return quote(paid, penaltyPercent, window);
}

function timeline(input: RefundTimelineInput): TimedStage[] {
  const { rule } = input;
  const departMs = checkedTime(input.departAt, "departAt");
  const leavesMs = departMs + delayOf(input.delayedMinutes) * MINUTE_MS;
  // Online refund ends where the in-person stage begins (never before it could begin), or at departure.
  const inPersonMinutes =
    rule.inPersonFromMinutesBefore === undefined ? null : checkedNumber(rule.inPersonFromMinutesBefore, "inPersonFromMinutesBefore");
  const onlineUntilMs = inPersonMinutes === null ? leavesMs : Math.min(leavesMs, leavesMs - inPersonMinutes * MINUTE_MS);
  const stages: TimedStage[] = [];
  let coveredUntil = Number.NEGATIVE_INFINITY;

  if (input.issuedAt && rule.freeMinutesAfterIssue !== undefined) {
    const issuedMs = checkedTime(input.issuedAt, "issuedAt");
    const freeMs = Math.min(issuedMs + checkedNumber(rule.freeMinutesAfterIssue, "freeMinutesAfterIssue") * MINUTE_MS, onlineUntilMs);
    stages.push({ penaltyPercent: 0, label: "free-after-issue", minutesBefore: null, endsMs: freeMs });
    coveredUntil = freeMs;
  }

  const windows = rule.windows
    .map((window) => ({
      penaltyPercent: checkedPercent(window.penaltyPercent),
      minutesBefore: "minutesBefore" in window ? checkedNumber(window.minutesBefore, "minutesBefore") : null,
      endsMs: Math.min(windowEnd(window, departMs, leavesMs), onlineUntilMs),
    }))
    // A stable sort: of two windows ending together, the one listed first applies.
    .sort((a, b) => a.endsMs - b.endsMs);
  // A rule without windows charges its after-departure rate until departure too.
  if (windows.length === 0)
    windows.push({ penaltyPercent: checkedPercent(rule.afterDeparturePercent), minutesBefore: null, endsMs: onlineUntilMs });
  for (const [index, window] of windows.entries()) {
    // The window that ends last lasts until departure, or until refund goes in person.
    const endsMs = index === windows.length - 1 ? onlineUntilMs : window.endsMs;
    if (endsMs <= coveredUntil) continue;
    stages.push({ ...window, endsMs, label: endsMs === leavesMs ? "last" : "before" });
    coveredUntil = endsMs;
  }
  if (inPersonMinutes !== null && onlineUntilMs < leavesMs)
    stages.push({
      penaltyPercent: checkedPercent(rule.inPersonPenaltyPercent ?? rule.afterDeparturePercent),
      label: "in-person",
      minutesBefore: inPersonMinutes,
      endsMs: leavesMs,
    });
  stages.push({ penaltyPercent: checkedPercent(rule.afterDeparturePercent), label: "after-departure", minutesBefore: null, endsMs: null });
  return stages;
}

/** The instant a window stops applying: N minutes before the trip leaves, or noon in Tehran N days before the scheduled day. */
function windowEnd(window: RefundWindowRule, departMs: number, leavesMs: number): number {
  if ("minutesBefore" in window) return leavesMs - checkedNumber(window.minutesBefore, "minutesBefore") * MINUTE_MS;
  const days = window.noonDaysBefore;
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`refundQuote: noonDaysBefore ${days} is not a whole number of days`);
  const day = addDays(tehranToday(new Date(departMs)), -days);
  // Through the time zone database rather than a fixed offset: noon of that day as Tehran keeps it.
  return toZoned(parseDateTime(`${day}T12:00`), TRAVEL_TIME_ZONE)
    .toDate()
    .getTime();
}

function toStage(stage: TimedStage): RefundStage {
  return {
    minutesBefore: stage.minutesBefore,
    label: stage.label,
    endsAt: stage.endsMs === null ? null : new Date(stage.endsMs).toISOString(),
    penaltyPercent: stage.penaltyPercent,
  };
}

export interface BookingRefundItem extends RefundFlags {
  rule: RefundRule;
  /** Integer tomans paid for this item. */
  paid: number;
  /** Scheduled departure of this item's trip. */
  departAt: Date;
  /** When the item's tickets were issued; needed only by a rule with a free period after issue. */
  issuedAt?: Date | null;
}

export interface BookingRefundLine extends Omit<RefundQuoteOk, "ok"> {
  /** The item's position in the list given. */
  index: number;
  paid: number;
}

export type BookingRefundQuote =
  | { ok: true; lines: BookingRefundLine[]; paid: number; penalty: number; refundAmount: number }
  | { ok: false; error: RefundError; /** The first item that failed. */ index: number }
  /** An item is refunded only in person now: online cancellation of the booking is closed. */
  | (Omit<RefundInPersonOnly, "ok"> & { ok: false; index: number });

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
      issuedAt: item.issuedAt,
      now,
      cancelledByAirline: item.cancelledByAirline ?? flags.cancelledByAirline,
      delayedMinutes: item.delayedMinutes ?? flags.delayedMinutes,
    });
    if (!result.ok) return { ...result, index };
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

function checkedNumber(value: number, name: string): number {
  if (!Number.isFinite(value)) throw new RangeError(`refundQuote: ${name} ${value} is not a number`);
  return value;
}
