import type { Booking, BookingChange, BookingDetails, BookingTicket, NewBooking } from "./booking.ts";
import type { BookingState } from "./booking-state.ts";
import type { DiscountCode } from "./discount.ts";

/**
 * Bookings (issue 6) with their items, passengers and history. Every write that changes state is
 * guarded by the state it expects, in one transaction with its history row, so two processes can
 * never both move the same booking.
 */
export interface BookingRepository {
  /** Writes a held booking and, when a code is used, counts the use (refused when the code ran out). */
  create(booking: NewBooking): Promise<{ ok: true; booking: Booking } | { ok: false; error: "DISCOUNT_INVALID" | "REFERENCE_TAKEN" }>;
  findByHashId(tenantId: string, hashId: string): Promise<Booking | null>;
  findById(tenantId: string, id: string): Promise<Booking | null>;
  /** The hashId of the booking with this reference and contact mobile, or null for any mismatch. */
  findHashIdByReference(tenantId: string, reference: string, mobile: string): Promise<string | null>;
  /** Replaces passengers, contact, company and discount of a booking still in `expectStatus`. */
  updateDetails(
    bookingId: string,
    expectStatus: BookingState,
    details: BookingDetails,
    change: { at: Date; cause: string },
  ): Promise<{ ok: true } | { ok: false; error: "NOT_EDITABLE" | "DISCOUNT_INVALID" }>;
  /** Applies a state change if the booking is still in `change.from`; a use of a discount code is given back on expiry or cancellation. */
  applyChange(bookingId: string, change: BookingChange): Promise<boolean>;
  /** Bookings whose hold has run out while they were still held or at the bank. */
  dueForExpiry(now: Date, limit: number): Promise<Booking[]>;
  /** The supplier kept the hold longer (the buyer is at the bank): the booking's hold ends later too. */
  extendHold(bookingId: string, until: Date): Promise<void>;
  /** A new supplier hold for an item (a late payment re-took the seats). */
  replaceHold(bookingId: string, position: number, holdId: string): Promise<void>;
  /** Tickets written and paid → issued, together. */
  recordTickets(bookingId: string, tickets: BookingTicket[], change: BookingChange): Promise<boolean>;
  tickets(bookingId: string): Promise<BookingTicket[]>;
  /** Paid bookings without tickets since before `before` (a crash between payment and issue). */
  paidWithoutTickets(before: Date, limit: number): Promise<Booking[]>;
  history(bookingId: string): Promise<(BookingChange | (Omit<BookingChange, "from"> & { from: null }))[]>;
  findDiscount(tenantId: string, code: string): Promise<DiscountCode | null>;
  /** Live (not expired or cancelled) bookings of this mobile that use the code. */
  countDiscountUses(codeId: string, mobile: string): Promise<number>;
  /** An account's bookings, newest first, at most `limit`. */
  listForUser(tenantId: string, userId: string, limit: number): Promise<Booking[]>;
}
