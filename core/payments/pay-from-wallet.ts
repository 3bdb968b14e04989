import { newHashId } from "../booking/booking.ts";
import { isPayable, transition } from "../booking/booking-state.ts";
import { debitWallet } from "../wallet/wallet.ts";
import type { PaymentDeps, WalletRefusal } from "./deps.ts";
import { completePaidBooking } from "./issue-tickets.ts";
import { settledView, type PaymentOutcome } from "./outcome.ts";
import type { Payment } from "./payment.ts";
import { returnMoney } from "./return-money.ts";
import { walletAvailable } from "./wallet-part.ts";

/**
 * Pays a held booking from its account's wallet alone (issue 10): the whole total moves from the
 * wallet to revenue under the booking's key, the booking is paid and its tickets issued as after
 * a card. A double click opens one wallet payment (the other is refused while it is open), and
 * the key lets the booking's money move once whatever happens.
 */
export async function payFromWallet(
  input: { tenantId: string; bookingHashId: string; userId: string; amount: number },
  deps: PaymentDeps,
): Promise<{ ok: true; payment: Payment; outcome: PaymentOutcome } | { ok: false; error: "NOT_PAYABLE" | "IN_PROGRESS" | WalletRefusal }> {
  const now = deps.clock.now();
  const booking = await deps.bookings.findByHashId(input.tenantId, input.bookingHashId);
  if (!booking || !isPayable(booking.status, booking.holdExpiresAt, now)) return { ok: false, error: "NOT_PAYABLE" };
  if (booking.userId === null || booking.userId !== input.userId) return { ok: false, error: "WALLET_NOT_ALLOWED" };
  if (input.amount !== booking.price.total) return { ok: false, error: "WALLET_AMOUNT_INVALID" };
  // Asked first so a refusal leaves no payment behind; the guarded debit decides under the wallet's lock.
  if ((await walletAvailable(deps, input.tenantId, input.userId)) < booking.price.total) return { ok: false, error: "INSUFFICIENT_FUNDS" };
  const payment = await deps.payments.openWalletPayment({
    tenantId: input.tenantId,
    bookingId: booking.id,
    userId: input.userId,
    hashId: newHashId(),
    amount: booking.price.total,
    at: now,
  });
  if (!payment) return { ok: false, error: "IN_PROGRESS" };
  const refused = await completeWalletPayment(payment, deps);
  if (refused) return { ok: false, error: refused };
  const settled = await settledView(deps, input.tenantId, payment);
  return { ok: true, ...settled };
}

/** The steps of a wallet payment after it is opened (or reclaimed): debit, booking paid, tickets; or the money back. */
export async function completeWalletPayment(payment: Payment, deps: PaymentDeps): Promise<"INSUFFICIENT_FUNDS" | null> {
  if (!payment.bookingId || !payment.userId) return null;
  const booking = await deps.bookings.findById(payment.tenantId, payment.bookingId);
  const debit = await debitWallet(deps.ledger, {
    tenantId: payment.tenantId,
    userId: payment.userId,
    amount: payment.amount,
    to: "revenue",
    kind: "booking_payment",
    // One open wallet payment per booking at a time, so a replay of this key is this payment's own.
    idempotencyKey: `booking:${payment.bookingId}`,
    reason: `booking ${booking?.reference ?? payment.bookingId} paid from the wallet`,
    createdBy: "traveller",
    links: { paymentId: payment.id, bookingId: payment.bookingId },
    at: deps.clock.now(),
  });
  if (!debit.ok) {
    await deps.payments.move(payment.id, ["verifying"], "failed", deps.clock.now(), { failure: "INSUFFICIENT_FUNDS" });
    return "INSUFFICIENT_FUNDS";
  }
  const proof = { referenceId: debit.transactionId, maskedPan: null, at: deps.clock.now() };
  // The booking may move between reading and writing (a bank's cancel puts it back to held): read it again and retry.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const current = await deps.bookings.findById(payment.tenantId, payment.bookingId);
    if (!current || !isPayable(current.status, current.holdExpiresAt, deps.clock.now())) break;
    const change = transition(current.status, "payment_verified", { at: deps.clock.now(), cause: "paid from the wallet" });
    if (!change.ok) break;
    if (await deps.payments.recordVerified(payment.id, proof, current.id, change.change)) {
      await completePaidBooking(payment.tenantId, current.id, deps);
      return null;
    }
  }
  // The booking cannot take it any more (expired, cancelled, paid by a card meanwhile): the money goes back.
  if (
    await deps.payments.move(payment.id, ["verifying"], "refund_due", deps.clock.now(), {
      failure: "BOOKING_NOT_PAYABLE",
      referenceId: debit.transactionId,
    })
  ) {
    await returnMoney({ ...payment, status: "refund_due", failure: "BOOKING_NOT_PAYABLE", referenceId: debit.transactionId }, deps);
  }
  return null;
}
