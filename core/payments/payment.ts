/**
 * A payment of a booking through a card gateway (issue 7). The amount is the booking's total,
 * written before the buyer leaves for the bank; nothing the browser or the bank's callback says
 * changes it. A payment moves only forward, by guarded updates, so it is verified and settled
 * once however many callbacks arrive.
 */
export const PAYMENT_STATES = ["created", "pending", "verifying", "verified", "cancelled", "failed", "reversed", "refund_due"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** A payment in one of these has its verdict; a callback replayed later only reads it. */
export const SETTLED_PAYMENT_STATES: readonly PaymentState[] = ["verified", "cancelled", "failed", "reversed", "refund_due"];

/** Minutes a buyer may spend on the bank's page before a payment without a callback is looked into. */
export const BANK_SESSION_MINUTES = 15;
/** A verify that started this long ago and never finished (a crash) is taken up again. */
export const STALE_VERIFY_SECONDS = 120;

/** What a payment is for (issue 10): a booking, or money into its owner's wallet; issue 23: a mobile top-up ("charge"). */
export const PAYMENT_PURPOSES = ["booking", "topup", "charge"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** The gateway name of a payment made from the wallet alone: no bank takes part. */
export const WALLET_GATEWAY = "wallet";

export interface Payment {
  id: string;
  tenantId: string;
  purpose: PaymentPurpose;
  bookingId: string | null;
  /** Issue 23: the mobile top-up a "charge" payment pays for (absent or null otherwise). */
  chargeId?: string | null;
  /** The traveller whose wallet a top-up credits or pays (part of) a booking; null for a card-only booking payment. */
  userId: string | null;
  hashId: string;
  gateway: string;
  token: string | null;
  /** Integer tomans: what the payment settles (the booking's total, or the top-up). */
  amount: number;
  /** The part of `amount` taken from the wallet; the gateway is asked for the rest. */
  walletAmount: number;
  status: PaymentState;
  referenceId: string | null;
  maskedPan: string | null;
  verifyBy: Date;
  failure: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Gateways take rials: one toman is ten. */
export function toRials(tomans: number): number {
  if (!Number.isSafeInteger(tomans) || tomans <= 0)
    throw new RangeError(`a payment is a positive whole number of tomans, got ${String(tomans)}`);
  return tomans * 10;
}

export function isPaymentState(value: unknown): value is PaymentState {
  return typeof value === "string" && (PAYMENT_STATES as readonly string[]).includes(value);
}

export function isPaymentPurpose(value: unknown): value is PaymentPurpose {
  return typeof value === "string" && (PAYMENT_PURPOSES as readonly string[]).includes(value);
}

/** Tomans the card pays: the whole amount less what the wallet gives. */
export const gatewayAmount = (payment: Pick<Payment, "amount" | "walletAmount">): number => payment.amount - payment.walletAmount;
