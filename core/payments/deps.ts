/**
 * Paying a held booking, exactly once (issue 7): what every step of the pipeline is given, and
 * the small moves they share. The buyer goes to the bank with an amount taken from our database;
 * the bank's callback only says which payment to look at, and the verify call to the gateway is
 * the proof. Every paid booking ends with tickets or with its money returned.
 *
 * The steps, one module each: start-payment → (the bank) → settle-payment → issue-tickets, or
 * pay-from-wallet → issue-tickets; return-money when a booking cannot take the money; wallet-part
 * for a card payment's wallet share; expire-holds and reconcile for the jobs.
 */
import type { Booking, BookingTicket } from "../booking/booking.ts";
import { transition, type BookingEvent } from "../booking/booking-state.ts";
import type { BookingRepository } from "../booking/ports.ts";
import type { Clock } from "../ports.ts";
import type { SupplierRegistry } from "../suppliers/ports.ts";
import type { LedgerRepository } from "../wallet/ports.ts";
import type { Payment } from "./payment.ts";
import type { PaymentGateway, PaymentRepository } from "./ports.ts";

export interface PaymentDeps {
  bookings: BookingRepository;
  payments: PaymentRepository;
  /** Every supplier of the deployment: each item's hold is extended, issued and released by the one that made it. */
  suppliers: SupplierRegistry;
  clock: Clock;
  /** The wallets (issue 10): top-ups credit them, and they pay all or part of a booking. */
  ledger: LedgerRepository;
  /** The gateway of that name, when the server has it. */
  gateway: (name: string) => PaymentGateway | null;
  /** Told once when a booking's tickets are issued (the traveller's SMS); its failure changes nothing. */
  onIssued?(booking: Booking, tickets: BookingTicket[]): Promise<void>;
  /**
   * Issue 23: what happens to a mobile top-up's payment (core/topup/settle-charge.ts), given here so
   * the pipeline dispatches on purpose without importing the top-up. Without it a charge's payment
   * is left verifying, for the reconciliation job (which has it) to take up.
   */
  charges?: ChargeSettlement;
}

/** Issue 23: the steps of a "charge" payment that belong to the top-up (ADR 0029). */
export interface ChargeSettlement {
  /** The gateway verified the card part: the charge is paid, then delivered, or its money returned. */
  verified(payment: Payment, proof: { referenceId: string; maskedPan: string | null; at: Date }, deps: PaymentDeps): Promise<void>;
  /** A wallet payment opened (or reclaimed after a crash): the wallet is debited, then as above. */
  walletPayment(payment: Payment, deps: PaymentDeps): Promise<void>;
  /** The payment will not be made (cancelled at the bank, refused): the charge ends failed. */
  notPaid(payment: Payment, deps: PaymentDeps): Promise<void>;
}

/** Why a wallet cannot pay: not the booking's account, an amount it cannot take, or not enough money. */
export type WalletRefusal = "WALLET_NOT_ALLOWED" | "WALLET_AMOUNT_INVALID" | "INSUFFICIENT_FUNDS";

export type StartPaymentResult =
  | { ok: true; payment: Payment; redirect: { method: "GET" | "POST"; url: string; fields?: Record<string, string> } }
  | { ok: false; error: "NOT_PAYABLE" | "GATEWAY_UNAVAILABLE" | WalletRefusal };

export const minutes = (count: number) => count * 60_000;

/** Applies a booking event if the booking's state allows it; false when it does not (or another process moved it first). */
export async function moveBooking(
  deps: Pick<PaymentDeps, "bookings" | "clock">,
  booking: Booking,
  event: BookingEvent,
  cause: string,
): Promise<boolean> {
  const change = transition(booking.status, event, { at: deps.clock.now(), cause });
  return change.ok ? deps.bookings.applyChange(booking.id, change.change) : false;
}

/** A payment that will not go through puts its booking, still at the bank, back to held. */
export async function reopenBooking(
  deps: Pick<PaymentDeps, "bookings" | "clock">,
  tenantId: string,
  payment: Payment,
  cause: string,
): Promise<void> {
  const booking = payment.bookingId ? await deps.bookings.findById(tenantId, payment.bookingId) : null;
  if (booking?.status === "awaiting_payment") await moveBooking(deps, booking, "payment_cancelled", cause);
}
