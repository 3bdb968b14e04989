/**
 * The life of a booking (issue 6) as an explicit state machine. Every change names its cause and
 * is recorded with its time; anything not listed here is refused, so no code path can, say, issue
 * a ticket for a booking that was never paid.
 */
export const BOOKING_STATES = [
  "held",
  "awaiting_payment",
  "paid",
  "issued",
  "expired",
  "cancelled",
  "refund_requested",
  "refunded",
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export const BOOKING_EVENTS = [
  "go_to_bank",
  "payment_cancelled",
  "payment_verified",
  "tickets_issued",
  "hold_expired",
  "cancelled_by_traveller",
  "issue_failed",
  "refund_requested",
  "refund_paid",
] as const;
export type BookingEvent = (typeof BOOKING_EVENTS)[number];

/** From each state, where each event leads. */
const TRANSITIONS: Record<BookingState, Partial<Record<BookingEvent, BookingState>>> = {
  // A payment verified while the booking is held (its bank page was cancelled in another tab) still counts.
  held: { go_to_bank: "awaiting_payment", hold_expired: "expired", cancelled_by_traveller: "cancelled", payment_verified: "paid" },
  // The bank page may be left or cancelled: the booking is payable again while its hold lasts.
  awaiting_payment: { payment_cancelled: "held", payment_verified: "paid", hold_expired: "expired" },
  // Money without a ticket never stays: issue, or refund.
  paid: { tickets_issued: "issued", issue_failed: "refund_requested" },
  issued: { refund_requested: "refund_requested" },
  // A payment that arrives after expiry is verified first (issue 7) and then issued or refunded.
  expired: { payment_verified: "paid" },
  cancelled: {},
  refund_requested: { refund_paid: "refunded" },
  refunded: {},
};

export const FINAL_STATES: readonly BookingState[] = ["cancelled", "refunded"];

export interface BookingChange {
  from: BookingState;
  to: BookingState;
  event: BookingEvent;
  at: string;
  /** Who or what caused it, in a few words (a traveller, a gateway callback, the expiry job). */
  cause: string;
}

export function nextState(state: BookingState, event: BookingEvent): BookingState | null {
  return TRANSITIONS[state][event] ?? null;
}

export function isBookingState(value: unknown): value is BookingState {
  return typeof value === "string" && (BOOKING_STATES as readonly string[]).includes(value);
}

/** The change an event makes, or the reason it cannot happen: expected failures are values. */
export function transition(
  state: BookingState,
  event: BookingEvent,
  input: { at: Date; cause: string },
): { ok: true; change: BookingChange } | { ok: false; error: "TRANSITION_NOT_ALLOWED" } {
  const to = nextState(state, event);
  if (!to) return { ok: false, error: "TRANSITION_NOT_ALLOWED" };
  return { ok: true, change: { from: state, to, event, at: input.at.toISOString(), cause: input.cause } };
}

/** Whether a traveller can still pay: the booking is held or at the bank, and its hold has not run out. */
export function isPayable(state: BookingState, holdExpiresAt: Date, now: Date): boolean {
  return (state === "held" || state === "awaiting_payment") && holdExpiresAt.getTime() > now.getTime();
}

/**
 * The state a traveller sees: as stored, except that a hold past its time reads as expired before
 * the expiry job has run. The pages and the API show a booking through this one rule.
 */
export function visibleStatus(booking: { status: BookingState; holdExpiresAt: Date }, now: Date): BookingState {
  const waiting = booking.status === "held" || booking.status === "awaiting_payment";
  return waiting && !isPayable(booking.status, booking.holdExpiresAt, now) ? "expired" : booking.status;
}
