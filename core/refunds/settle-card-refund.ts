import type { Booking } from "../booking/booking.ts";
import { normalizeReference } from "../booking/booking.ts";
import { transition } from "../booking/booking-state.ts";
import type { Clock } from "../ports.ts";
import type { BookingRepository } from "../booking/ports.ts";
import type { RefundListing, RefundRepository } from "./refund-booking.ts";

/**
 * The agency paid a card refund (issue 16 §4): an operator transfers the money to the traveller's
 * Sheba account and records it once, with who recorded it, when and the bank's reference of the
 * transfer. The refund becomes paid and its booking refunded in one guarded step, so a second
 * record (another operator, a repeated command) is refused with what was recorded first. The
 * traveller is then told by SMS; a message that cannot be sent never undoes the settlement.
 */
export const SETTLEMENT_TEXT_MAX = 100;

export interface SettleCardRefundInput {
  tenantId: string;
  /** The refund's reference as typed (case, spaces, dashes and Persian digits do not matter). */
  reference: string;
  bankReference: string;
  paidBy: string;
}

export type SettleCardRefundResult =
  | { ok: true; refund: RefundListing; booking: Booking | null; notified: boolean }
  | { ok: false; error: "BANK_REFERENCE_INVALID" | "PAID_BY_INVALID" }
  /** No refund of this tenant has the reference (another tenant's is never found). */
  | { ok: false; error: "NOT_FOUND" }
  /** A wallet refund is credited at once by the system: nothing for an operator to record. */
  | { ok: false; error: "NOT_A_CARD_REFUND"; refund: RefundListing }
  | { ok: false; error: "ALREADY_PAID"; refund: RefundListing };

export interface SettleCardRefundDeps {
  refunds: RefundRepository;
  bookings: Pick<BookingRepository, "findById">;
  clock: Clock;
  /** Tells the traveller their refund was paid; true when the message went out. Never throws. */
  notifyPaid(booking: Booking, refund: RefundListing): Promise<boolean>;
}

/** A settlement's free text: one line, trimmed, within the limit; null when empty or too long. */
export function settlementText(text: string): string | null {
  const line = text.replace(/\s+/g, " ").trim();
  return line !== "" && [...line].length <= SETTLEMENT_TEXT_MAX ? line : null;
}

export async function settleCardRefund(input: SettleCardRefundInput, deps: SettleCardRefundDeps): Promise<SettleCardRefundResult> {
  const bankReference = settlementText(input.bankReference);
  if (!bankReference) return { ok: false, error: "BANK_REFERENCE_INVALID" };
  const paidBy = settlementText(input.paidBy);
  if (!paidBy) return { ok: false, error: "PAID_BY_INVALID" };
  const found = await deps.refunds.findByReference(input.tenantId, normalizeReference(input.reference));
  if (!found) return { ok: false, error: "NOT_FOUND" };
  if (found.destination !== "card") return { ok: false, error: "NOT_A_CARD_REFUND", refund: found };
  if (found.status === "paid") return { ok: false, error: "ALREADY_PAID", refund: found };

  const at = deps.clock.now();
  const change = transition("refund_requested", "refund_paid", {
    at,
    cause: `card refund ${found.reference} paid by the agency (${paidBy}), bank reference ${bankReference}`,
  });
  if (!change.ok) throw new Error("refund_requested → refund_paid must be allowed");
  if (!(await deps.refunds.settleCard(found.id, { paidBy, bankReference, at }, change.change))) {
    // Another operator recorded it between the look and the write: theirs stands.
    const first = await deps.refunds.findByReference(input.tenantId, found.reference);
    return { ok: false, error: "ALREADY_PAID", refund: first ?? found };
  }
  const refund: RefundListing = { ...found, status: "paid", paidAt: at, paidBy, bankReference };
  const booking = await deps.bookings.findById(input.tenantId, found.bookingId);
  const notified = booking ? await deps.notifyPaid(booking, refund) : false;
  return { ok: true, refund, booking, notified };
}
