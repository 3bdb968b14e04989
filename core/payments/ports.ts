import type { BookingChange } from "../booking/booking.ts";
import type { Payment, PaymentPurpose, PaymentState } from "./payment.ts";

/**
 * A card payment gateway of the Shaparak kind (iran-travel-facts.md: payments): the server asks
 * for a token, sends the buyer to the bank, reads the bank's callback and then verifies with the
 * bank itself, which is the only proof of payment. Amounts cross it in rials; the core works in
 * tomans and converts at the boundary. Expected failures are values; only faults throw.
 */
export type GatewayError =
  /** The gateway could not be reached or answered nonsense: try again later. */
  | "UNAVAILABLE"
  /** The merchant's credentials or the request were refused. */
  | "REJECTED"
  /** The buyer cancelled, or the payment failed at the bank. */
  | "NOT_PAID"
  /** The amount given to verify is not the amount paid. */
  | "AMOUNT_MISMATCH"
  /** No such token at this gateway. */
  | "UNKNOWN_TOKEN"
  /** The payment was reversed (for example, left unverified past the deadline). */
  | "REVERSED";

export interface PaymentGateway {
  /** "sandbox", "zarinpal"…: stored with each payment, so it is verified by the gateway that took it. */
  readonly name: string;
  /** Minutes after which the bank reverses a payment nobody verified. */
  readonly verifyDeadlineMinutes: number;
  /**
   * Origins other than the shop's that the buyer's browser is sent to (the bank's pages, by
   * redirect or form post): the shop's Content-Security-Policy lets its forms reach them.
   */
  readonly browserOrigins?: readonly string[];
  request(input: {
    orderId: string;
    amountRials: number;
    callbackUrl: string;
    description: string;
    mobile?: string;
    email?: string;
  }): Promise<
    | { ok: true; token: string; redirect: { method: "GET" | "POST"; url: string; fields?: Record<string, string> } }
    | { ok: false; error: GatewayError; message?: string }
  >;
  /** The token and the bank's claim of success in a callback (never trusted without verify), or null when it is not this gateway's. */
  readCallback(input: { query: Record<string, string>; body: Record<string, string> }): { token: string; succeeded: boolean } | null;
  /** Verifies (settles) a payment. Verifying again a payment already verified is a success too. */
  verify(input: {
    token: string;
    amountRials: number;
  }): Promise<
    { ok: true; referenceId: string; maskedPan?: string; alreadyVerified: boolean } | { ok: false; error: GatewayError; message?: string }
  >;
  /** Gives the money back to the card: a reversal before settlement, a refund after, as the gateway offers. */
  reverse(input: { token: string; amountRials: number }): Promise<{ ok: true } | { ok: false; error: GatewayError; message?: string }>;
}

/**
 * Payments (issue 7). Each change is guarded by the state it expects, and the changes that touch a
 * booking too (verified → paid, tickets → issued) happen in one transaction with its history.
 */
export interface PaymentRepository {
  /** A booking payment (with `walletAmount` held from `userId`'s wallet when given) or a top-up of `userId`'s wallet. */
  create(input: {
    tenantId: string;
    bookingId: string | null;
    hashId: string;
    gateway: string;
    amount: number;
    verifyBy: Date;
    at: Date;
    purpose?: PaymentPurpose;
    userId?: string | null;
    walletAmount?: number;
    /** Issue 23: the mobile top-up a "charge" payment pays for. */
    chargeId?: string | null;
  }): Promise<Payment>;
  /**
   * A payment of a booking from the wallet alone, opened already `verifying` (it has no bank to
   * wait for); null while another wallet payment of the booking is open (a double click).
   */
  openWalletPayment(input: {
    tenantId: string;
    bookingId: string;
    userId: string;
    hashId: string;
    amount: number;
    at: Date;
  }): Promise<Payment | null>;
  /** The payment that paid a booking (status verified; there is at most one). */
  payerOf(bookingId: string): Promise<Payment | null>;
  /** Card payments of a booking still open (created, pending) that hold part of a wallet. */
  openWithWalletPart(bookingId: string): Promise<Payment[]>;
  /** Bookings that ended (expired or cancelled) while a card payment holding part of a wallet was still open. */
  endedWithOpenWalletPart(limit: number): Promise<{ id: string; tenantId: string }[]>;
  /** Whether the ledger has the transaction of this key (a wallet part held, say), read where payments are. */
  ledgerKeyPosted(tenantId: string, key: string): Promise<boolean>;
  findByHashId(tenantId: string, hashId: string): Promise<Payment | null>;
  findById(tenantId: string, id: string): Promise<Payment | null>;
  findByToken(gateway: string, token: string): Promise<Payment | null>;
  /** The gateway gave a token: created → pending. */
  setToken(paymentId: string, token: string, at: Date): Promise<boolean>;
  /** Moves a payment from one of `from` to `to`; false when it was in none of them. */
  move(
    paymentId: string,
    from: readonly PaymentState[],
    to: PaymentState,
    at: Date,
    details?: { failure?: string; referenceId?: string; maskedPan?: string },
  ): Promise<boolean>;
  /** Takes a payment to verify: pending, or verifying left unfinished since `staleBefore`. */
  claimForVerify(paymentId: string, at: Date, staleBefore: Date): Promise<boolean>;
  /**
   * The gateway verified it: verifying → verified and the booking's change (→ paid), together. Fails,
   * changing nothing, when the booking is not in `change.from` or already has a verified payment.
   */
  recordVerified(
    paymentId: string,
    details: { referenceId: string; maskedPan: string | null; at: Date },
    bookingId: string,
    change: BookingChange,
  ): Promise<boolean>;
  /** Payments waiting for a verdict that reconciliation should look at now. */
  dueForReconciliation(input: { pendingBefore: Date; verifyingBefore: Date; limit: number }): Promise<Payment[]>;
  /** The verified payment of a booking, if any. */
  verifiedOf(bookingId: string): Promise<Payment | null>;
  /** Every payment of a booking, oldest first. */
  listForBooking(bookingId: string): Promise<Payment[]>;
}
