import { newBookingReference, type Booking, type BookingChange } from "../booking/booking.ts";
import { transition } from "../booking/booking-state.ts";
import type { Clock } from "../ports.ts";
import type { BookingRepository } from "../booking/ports.ts";
import type { SupplierRegistry } from "../suppliers/ports.ts";
import { holdOf, supplierOf } from "../suppliers/registry.ts";
import type { LedgerRepository } from "../wallet/ports.ts";
import { moduleOfBooking } from "../services/service-modules.ts";
import { creditWallet } from "../wallet/wallet.ts";
import {
  quoteBooking,
  refundTimeline,
  type BookingRefundItem,
  type BookingRefundLine,
  type RefundInPersonOnly,
  type RefundStage,
} from "./penalty.ts";
import { normalizeSheba } from "./sheba.ts";
import type { RefundTerms } from "./terms.ts";

/**
 * Cancelling an issued booking for a refund (issue 8): the penalty comes from each item's rule at
 * this moment (airline and class, or railway; time before departure, or since the tickets were
 * issued; nothing when the operator cancelled), is shown before the traveller confirms, and a confirmed refund cancels the tickets with the
 * supplier, gives the seats back, moves the booking to its refund state and records where the
 * money goes: a card (Sheba), paid by the agency later, or the account's wallet (issue 10), credited
 * at once through the ledger.
 */
export type { RefundTerms };

export interface RefundRecord {
  bookingId: string;
  tenantId: string;
  /** The refund's own reference (newRefundReference), quoted to the bank and by the operator. */
  reference: string;
  paid: number;
  penalty: number;
  amount: number;
  destination: "card" | "wallet";
  sheba: string | null;
  rule: Record<string, unknown>;
}

export interface RefundRepository {
  /** Writes the refund and moves the booking (issued → refund requested) together; the refund's id, or null when it is not issued any more. */
  record(refund: RefundRecord, change: BookingChange): Promise<string | null>;
  findByBooking(bookingId: string): Promise<(RefundRecord & { id: string; status: string; createdAt: Date }) | null>;
  /**
   * Marks a requested refund paid and moves its booking (refund requested → refunded) together;
   * false when it was already paid (another request finished it first).
   */
  markPaid(bookingId: string, change: BookingChange): Promise<boolean>;
  /** A tenant's refunds, newest first; with a status, only those. */
  listByTenant(tenantId: string, filter?: { status?: RefundStatus }): Promise<RefundListing[]>;
  /** A tenant's refund by its reference (as normalised); another tenant's is never found. */
  findByReference(tenantId: string, reference: string): Promise<RefundListing | null>;
  /**
   * Records that the agency paid a requested card refund (who, when, the bank's reference) and
   * moves its booking (refund requested → refunded) together; false when it was already paid.
   */
  settleCard(refundId: string, settlement: RefundSettlement, change: BookingChange): Promise<boolean>;
}

export const REFUND_STATUSES = ["requested", "paid"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The operator's record of a card refund paid: who recorded it, when, and the bank's reference of the transfer. */
export interface RefundSettlement {
  paidBy: string;
  bankReference: string;
  at: Date;
}

/** A refund as the operator lists it: with its booking's reference and, once paid, its settlement. */
export interface RefundListing {
  id: string;
  reference: string;
  tenantId: string;
  bookingId: string;
  bookingReference: string;
  amount: number;
  destination: "card" | "wallet";
  sheba: string | null;
  status: RefundStatus;
  createdAt: Date;
  paidAt: Date | null;
  paidBy: string | null;
  bankReference: string | null;
}

/** "R" and eight letters of the booking references' alphabet: 40 random bits, easy to read out. */
export function newRefundReference(): string {
  return `R${newBookingReference()}`;
}

export type RefundQuoteResult =
  | {
      ok: true;
      paid: number;
      penalty: number;
      refundAmount: number;
      lines: (BookingRefundLine & {
        /** The item's code from its service module ("IR 451", a train number). */
        code: string;
        /** The same code under the name the API and the stored refunds have carried since flights came first. */
        flightNumber: string;
        ruleId: string;
        /** Every window of the item's rule from issue to after departure, the applying one among them (empty when the operator is at fault). */
        timeline: RefundStage[];
      })[];
    }
  | { ok: false; error: "NOT_REFUNDABLE_NOW" | "NON_REFUNDABLE" }
  | InPersonOnly;

/**
 * Online refund is closed for an item (a bus from 2 h before departure): the traveller is refunded
 * at the operator's counter (the terminal), which keeps `penaltyPercent`, until `window.endsAt`.
 */
export interface InPersonOnly extends RefundInPersonOnly {
  /** The item's code from its service module. */
  code: string;
}

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

export interface RefundQuoteDeps {
  suppliers: SupplierRegistry;
  clock: Clock;
  /** The booking's history, for when its tickets were issued: read only for a rule with a free period after issue. */
  bookings: Pick<BookingRepository, "history">;
}

/** When the booking's tickets were issued (its "tickets_issued" change); null when the history has none. */
export async function issuedAtOf(bookings: Pick<BookingRepository, "history">, bookingId: string): Promise<Date | null> {
  const issued = (await bookings.history(bookingId)).findLast((change) => change.event === "tickets_issued");
  return issued ? new Date(issued.at) : null;
}

export async function quoteRefund(booking: Booking, deps: RefundQuoteDeps): Promise<RefundQuoteResult> {
  if (booking.status !== "issued") return { ok: false, error: "NOT_REFUNDABLE_NOW" };
  const paid = paidPerItem(booking);
  const module = moduleOfBooking(booking);
  // The offer says what the item is called; the supplier's rule and schedule say what it costs to cancel now.
  const codes = booking.items.map((item) => module.refundTerms(item.offer).code);
  const terms: RefundTerms[] = [];
  for (const item of booking.items) {
    // The supplier that sold the item says what cancelling it costs.
    const found = await supplierOf(deps.suppliers, item)?.refundTerms(item.offerId);
    if (!found) return { ok: false, error: "NOT_REFUNDABLE_NOW" };
    terms.push(found);
  }
  // Flights have no free period after issue: their quote reads nothing more.
  const issuedAt = terms.some((term) => term.rule.freeMinutesAfterIssue !== undefined) ? await issuedAtOf(deps.bookings, booking.id) : null;
  const items: BookingRefundItem[] = terms.map((term, index) => ({
    rule: term.rule,
    paid: paid[index]!,
    departAt: term.departAt,
    issuedAt,
    cancelledByAirline: term.cancelledByAirline,
  }));
  const quote = quoteBooking(items, deps.clock.now());
  if (!quote.ok) {
    if (quote.error === "IN_PERSON_ONLY")
      return { ok: false, error: "IN_PERSON_ONLY", penaltyPercent: quote.penaltyPercent, window: quote.window, code: codes[quote.index]! };
    return { ok: false, error: quote.error === "NON_REFUNDABLE" ? "NON_REFUNDABLE" : "NOT_REFUNDABLE_NOW" };
  }
  return {
    ok: true,
    paid: quote.paid,
    penalty: quote.penalty,
    refundAmount: quote.refundAmount,
    lines: quote.lines.map((line) => ({
      ...line,
      code: codes[line.index]!,
      flightNumber: codes[line.index]!,
      ruleId: terms[line.index]!.rule.id,
      timeline: line.window.label === "airline-cancelled" ? [] : refundTimeline(items[line.index]!),
    })),
  };
}

export type RefundDestination = { to: "card"; sheba: string } | { to: "wallet" };

export type RefundResult =
  | { ok: true; quote: Extract<RefundQuoteResult, { ok: true }>; destination: "card" | "wallet"; status: "requested" | "paid" }
  | { ok: false; error: "NOT_REFUNDABLE_NOW" | "NON_REFUNDABLE" | "SHEBA_INVALID" | "DESTINATION_UNAVAILABLE" }
  | InPersonOnly;

export interface RefundDeps {
  /** Every supplier by (service, name): an item's terms and cancel go to the one that sold it. */
  suppliers: SupplierRegistry;
  refunds: RefundRepository;
  bookings: BookingRepository;
  clock: Clock;
  /** Where a refund to the wallet is credited. */
  ledger: LedgerRepository;
}

/** The ledger key of a refund's credit: posting it again (a retry, a second tab) replays the first credit. */
export const refundLedgerKey = (refundId: string): string => `refund:${refundId}`;

/**
 * Refunds an issued booking. A wallet refund is done in steps that each happen once whatever
 * crashes or runs twice: the refund row is recorded under a guarded state change (only one request
 * gets past it), the tickets are cancelled (the supplier cancels a hold once), the wallet is
 * credited under the refund's idempotency key (a repeat replays), and the refund is marked paid
 * under a guard. A retry on a booking left in "refund requested" with its wallet refund unpaid
 * takes up the remaining steps.
 */
export async function refundBooking(
  input: { booking: Booking; to: RefundDestination; cause: string },
  deps: RefundDeps,
): Promise<RefundResult> {
  const { booking } = input;
  let sheba: string | null = null;
  if (input.to.to === "wallet") {
    // A wallet belongs to an account (spec §6): a guest's booking is refunded to a card.
    if (!booking.userId) return { ok: false, error: "DESTINATION_UNAVAILABLE" };
    if (booking.status === "refund_requested") return resumeWalletRefund(booking, input.cause, deps);
  } else {
    sheba = normalizeSheba(input.to.sheba);
    if (!sheba) return { ok: false, error: "SHEBA_INVALID" };
  }
  const quote = await quoteRefund(booking, deps);
  if (!quote.ok) return quote;
  const change = transition(booking.status, "refund_requested", { at: deps.clock.now(), cause: input.cause });
  if (!change.ok) return { ok: false, error: "NOT_REFUNDABLE_NOW" };
  const refundId = await deps.refunds.record(
    {
      bookingId: booking.id,
      tenantId: booking.tenantId,
      reference: newRefundReference(),
      paid: quote.paid,
      penalty: quote.penalty,
      amount: quote.refundAmount,
      destination: input.to.to,
      sheba,
      rule: {
        lines: quote.lines.map((line) => ({
          flightNumber: line.flightNumber,
          ruleId: line.ruleId,
          penaltyPercent: line.penaltyPercent,
          window: line.window,
        })),
      },
    },
    change.change,
  );
  // Recorded once: a second confirmation (another tab) finds the booking no longer issued.
  if (!refundId) return { ok: false, error: "NOT_REFUNDABLE_NOW" };
  await cancelTickets(booking, deps);
  if (input.to.to === "card") return { ok: true, quote, destination: "card", status: "requested" };
  await payToWallet(booking, { id: refundId, amount: quote.refundAmount }, input.cause, deps);
  return { ok: true, quote, destination: "wallet", status: "paid" };
}

/** The steps of a wallet refund left undone by a crash or still under way in another request; each is safe to repeat. */
async function resumeWalletRefund(booking: Booking, cause: string, deps: RefundDeps): Promise<RefundResult> {
  const refund = await deps.refunds.findByBooking(booking.id);
  if (!refund || refund.destination !== "wallet" || refund.status !== "requested") return { ok: false, error: "NOT_REFUNDABLE_NOW" };
  await cancelTickets(booking, deps);
  await payToWallet(booking, refund, cause, deps);
  return {
    ok: true,
    quote: { ok: true, paid: refund.paid, penalty: refund.penalty, refundAmount: refund.amount, lines: [] },
    destination: "wallet",
    status: "paid",
  };
}

/** The tickets are cancelled with the supplier and the seats go back on sale; a hold already cancelled is left as it is. */
async function cancelTickets(booking: Booking, deps: Pick<RefundDeps, "bookings" | "suppliers" | "clock">): Promise<void> {
  const tickets = await deps.bookings.tickets(booking.id);
  for (const item of booking.items) {
    const itemTickets = tickets
      .filter((ticket) => ticket.itemPosition === item.position)
      .map((ticket) => ({
        holdId: item.holdId,
        pnr: ticket.pnr,
        ticketNumber: ticket.ticketNumber,
        passengerPosition: ticket.passengerPosition,
        leg: ticket.leg,
        placement: ticket.placement ?? null,
      }));
    const supplier = supplierOf(deps.suppliers, item);
    // A supplier this deployment no longer has cannot be asked; the refund itself stands.
    if (!supplier) continue;
    await supplier.cancel(itemTickets.length > 0 ? itemTickets : holdOf(item, deps.clock.now()));
  }
}

/** Credits the wallet (once, by the refund's key), then marks the refund paid: a crash between them leaves a retry both steps to repeat safely. */
async function payToWallet(booking: Booking, refund: { id: string; amount: number }, cause: string, deps: RefundDeps): Promise<void> {
  const at = deps.clock.now();
  // A refund whose penalty took everything moves no money; the ledger takes no zero entries.
  if (refund.amount > 0) {
    const posted = await creditWallet(deps.ledger, {
      tenantId: booking.tenantId,
      userId: booking.userId!,
      amount: refund.amount,
      kind: "refund",
      idempotencyKey: refundLedgerKey(refund.id),
      reason: `refund of booking ${booking.reference}`,
      createdBy: cause,
      links: { bookingId: booking.id, refundId: refund.id },
      at,
      from: "refunds",
    });
    // A credit is never refused; anything else is a broken ledger, and the refund stays unpaid for a retry.
    if (!posted.ok) throw new Error(`refund ${refund.id} could not be credited: ${posted.error}`);
  }
  const change = transition("refund_requested", "refund_paid", { at, cause: `${cause}: credited to the wallet` });
  if (change.ok) await deps.refunds.markPaid(booking.id, change.change);
}
