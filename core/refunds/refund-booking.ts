import type { Booking, BookingChange } from "../booking/booking.ts";
import { transition } from "../booking/booking-state.ts";
import type { RefundRule } from "../flights/flight.ts";
import type { BookingRepository, Clock, FlightSupplier } from "../ports.ts";
import { quoteBooking, type BookingRefundLine } from "./penalty.ts";
import { normalizeSheba } from "./sheba.ts";

/**
 * Cancelling an issued booking for a refund (issue 8): the penalty comes from each fare's rules at
 * this moment (airline, class, time before departure; nothing when the airline cancelled), is
 * shown before the traveller confirms, and a confirmed refund cancels the tickets with the
 * supplier, gives the seats back, moves the booking to its refund state and records where the
 * money goes.
 */
export interface RefundTerms {
  rule: RefundRule;
  /** Scheduled departure. */
  departAt: Date;
  cancelledByAirline: boolean;
}

/** What the refund of a supplier's offer is governed by; the house supplier reads it from its tables. */
export interface FlightRefundTerms {
  refundTerms(offerId: string): Promise<RefundTerms | null>;
}

export interface RefundRecord {
  bookingId: string;
  tenantId: string;
  paid: number;
  penalty: number;
  amount: number;
  destination: "card" | "wallet";
  sheba: string | null;
  rule: Record<string, unknown>;
}

export interface RefundRepository {
  /** Writes the refund and moves the booking (issued → refund requested) together; false when it is not issued any more. */
  record(refund: RefundRecord, change: BookingChange): Promise<boolean>;
  findByBooking(bookingId: string): Promise<(RefundRecord & { status: string; createdAt: Date }) | null>;
}

export type RefundQuoteResult =
  | { ok: true; paid: number; penalty: number; refundAmount: number; lines: (BookingRefundLine & { flightNumber: string; ruleId: string })[] }
  | { ok: false; error: "NOT_REFUNDABLE_NOW" | "NON_REFUNDABLE" };

/** What each item cost the traveller: its fare, less its share of the booking's discount (the last item takes the rounding). */
export function paidPerItem(booking: Pick<Booking, "items" | "price">): number[] {
  const fares = booking.items.map((item) => item.base + item.taxes);
  const fareTotal = fares.reduce((sum, fare) => sum + fare, 0);
  let discountLeft = booking.price.discount;
  return fares.map((fare, index) => {
    const share = index === fares.length - 1 ? discountLeft : fareTotal > 0 ? Math.floor((booking.price.discount * fare) / fareTotal) : 0;
    discountLeft -= share;
    return fare - share;
  });
}

export async function quoteRefund(booking: Booking, deps: { terms: FlightRefundTerms; clock: Clock }): Promise<RefundQuoteResult> {
  if (booking.status !== "issued") return { ok: false, error: "NOT_REFUNDABLE_NOW" };
  const paid = paidPerItem(booking);
  const terms: RefundTerms[] = [];
  for (const item of booking.items) {
    const found = await deps.terms.refundTerms(item.offerId);
    if (!found) return { ok: false, error: "NOT_REFUNDABLE_NOW" };
    terms.push(found);
  }
  const quote = quoteBooking(
    terms.map((term, index) => ({ rule: term.rule, paid: paid[index]!, departAt: term.departAt, cancelledByAirline: term.cancelledByAirline })),
    deps.clock.now(),
  );
  if (!quote.ok) return { ok: false, error: quote.error === "NON_REFUNDABLE" ? "NON_REFUNDABLE" : "NOT_REFUNDABLE_NOW" };
  return {
    ok: true,
    paid: quote.paid,
    penalty: quote.penalty,
    refundAmount: quote.refundAmount,
    lines: quote.lines.map((line) => ({ ...line, flightNumber: booking.items[line.index]!.offer.flightNumber, ruleId: terms[line.index]!.rule.id })),
  };
}

export type RefundResult =
  | { ok: true; quote: Extract<RefundQuoteResult, { ok: true }> }
  | { ok: false; error: "NOT_REFUNDABLE_NOW" | "NON_REFUNDABLE" | "SHEBA_INVALID" | "DESTINATION_UNAVAILABLE" };

export async function refundBooking(
  input: { booking: Booking; to: { to: "card"; sheba: string } | { to: "wallet" }; cause: string },
  deps: { terms: FlightRefundTerms; refunds: RefundRepository; flights: FlightSupplier; bookings: BookingRepository; clock: Clock },
): Promise<RefundResult> {
  // Wallets arrive with their own issue; until then a refund goes to a card.
  if (input.to.to !== "card") return { ok: false, error: "DESTINATION_UNAVAILABLE" };
  const sheba = normalizeSheba(input.to.sheba);
  if (!sheba) return { ok: false, error: "SHEBA_INVALID" };
  const quote = await quoteRefund(input.booking, deps);
  if (!quote.ok) return quote;
  const change = transition(input.booking.status, "refund_requested", { at: deps.clock.now(), cause: input.cause });
  if (!change.ok) return { ok: false, error: "NOT_REFUNDABLE_NOW" };
  const recorded = await deps.refunds.record(
    {
      bookingId: input.booking.id,
      tenantId: input.booking.tenantId,
      paid: quote.paid,
      penalty: quote.penalty,
      amount: quote.refundAmount,
      destination: "card",
      sheba,
      rule: { lines: quote.lines.map((line) => ({ flightNumber: line.flightNumber, ruleId: line.ruleId, penaltyPercent: line.penaltyPercent, window: line.window })) },
    },
    change.change,
  );
  // Recorded once: a second confirmation (another tab) finds the booking no longer issued.
  if (!recorded) return { ok: false, error: "NOT_REFUNDABLE_NOW" };
  const tickets = await deps.bookings.tickets(input.booking.id);
  for (const item of input.booking.items) {
    const itemTickets = tickets.filter((ticket) => ticket.itemPosition === item.position).map((ticket) => ({ holdId: item.holdId, pnr: ticket.pnr, ticketNumber: ticket.ticketNumber }));
    // The seats go back on sale with the cancellation.
    await deps.flights.cancel(itemTickets.length > 0 ? itemTickets : { holdId: item.holdId, offerId: item.offerId, seats: item.seats, expiresAt: deps.clock.now().toISOString() });
  }
  return { ok: true, quote };
}
