/**
 * The wallet's share of a card payment (issue 10): held from the wallet before the buyer leaves,
 * captured as revenue once the card part is verified, released when the card part is not paid.
 * Every posting has a key of the payment, so a step repeated after a crash is a replay.
 */
import { creditWallet, debitWallet } from "../wallet/wallet.ts";
import type { PaymentDeps } from "./deps.ts";
import { WALLET_GATEWAY, type Payment } from "./payment.ts";

/** A wallet's available money (balance plus credit); 0 for a wallet never opened. */
export async function walletAvailable(deps: Pick<PaymentDeps, "ledger">, tenantId: string, userId: string): Promise<number> {
  const wallet = await deps.ledger.findWallet(tenantId, userId);
  return wallet ? (await deps.ledger.balance(wallet.id)).available : 0;
}

/** Holds a card payment's wallet part while the card pays the rest; refused when the wallet cannot give it. */
export async function holdWalletPart(
  payment: Payment,
  booking: { id: string; reference: string },
  wallet: { userId: string; amount: number },
  deps: Pick<PaymentDeps, "ledger" | "clock">,
): Promise<{ ok: true } | { ok: false; error: "INSUFFICIENT_FUNDS" | "UNBALANCED" }> {
  const held = await debitWallet(deps.ledger, {
    tenantId: payment.tenantId,
    userId: wallet.userId,
    amount: wallet.amount,
    to: "wallet_holds",
    kind: "wallet_hold",
    idempotencyKey: `hold:${payment.id}`,
    reason: `held for booking ${booking.reference} while the card pays the rest`,
    createdBy: "traveller",
    links: { paymentId: payment.id, bookingId: booking.id },
    at: deps.clock.now(),
  });
  return held.ok ? { ok: true } : { ok: false, error: held.error };
}

/**
 * A card payment's wallet part goes back to the wallet: the card part was not paid, or paid for a
 * booking that could not take it. Only a hold that was made is released (a payment refused
 * for want of funds held nothing), and its key makes a second release a replay.
 */
export async function releaseWalletPart(payment: Payment, deps: Pick<PaymentDeps, "ledger" | "payments" | "clock">): Promise<void> {
  if (payment.walletAmount <= 0 || payment.gateway === WALLET_GATEWAY || !payment.userId) return;
  if (!(await deps.payments.ledgerKeyPosted(payment.tenantId, `hold:${payment.id}`))) return;
  await creditWallet(deps.ledger, {
    tenantId: payment.tenantId,
    userId: payment.userId,
    amount: payment.walletAmount,
    from: "wallet_holds",
    kind: "hold_release",
    idempotencyKey: `release:${payment.id}`,
    reason: `the card part was not paid (${payment.failure ?? payment.status})`,
    createdBy: "system",
    links: { paymentId: payment.id, bookingId: payment.bookingId },
    at: deps.clock.now(),
  });
}

/** A verified payment's held wallet part becomes the agency's, with the card part (once per payment). */
export async function captureWalletPart(payment: Payment, deps: Pick<PaymentDeps, "ledger" | "clock">): Promise<void> {
  if (payment.walletAmount <= 0 || payment.gateway === WALLET_GATEWAY) return;
  await deps.ledger.post({
    tenantId: payment.tenantId,
    kind: "booking_payment",
    idempotencyKey: `capture:${payment.id}`,
    postings: [
      { account: { system: "wallet_holds" }, amount: -payment.walletAmount },
      { account: { system: "revenue" }, amount: payment.walletAmount },
    ],
    reason: "wallet part of a booking paid with a card",
    createdBy: "system",
    links: { paymentId: payment.id, bookingId: payment.bookingId },
    at: deps.clock.now(),
  });
}
