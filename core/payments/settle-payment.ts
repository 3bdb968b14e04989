import { transition } from "../booking/booking-state.ts";
import { creditWallet } from "../wallet/wallet.ts";
import { reopenBooking, type PaymentDeps } from "./deps.ts";
import { completePaidBooking } from "./issue-tickets.ts";
import { outcomeOf, settledView, type PaymentOutcome } from "./outcome.ts";
import { completeWalletPayment } from "./pay-from-wallet.ts";
import { SETTLED_PAYMENT_STATES, STALE_VERIFY_SECONDS, WALLET_GATEWAY, gatewayAmount, toRials, type Payment } from "./payment.ts";
import { returnMoney } from "./return-money.ts";
import { releaseWalletPart } from "./wallet-part.ts";

/**
 * The bank sent the buyer back. The callback names the payment; a replay of it (another tab, a
 * refresh, an attacker) finds the payment settled and only reads it.
 */
export async function handleCallback(
  input: { tenantId: string; gateway: string; query: Record<string, string>; body: Record<string, string> },
  deps: PaymentDeps,
): Promise<{ payment: Payment; outcome: PaymentOutcome } | null> {
  const gateway = deps.gateway(input.gateway);
  const callback = gateway?.readCallback({ query: input.query, body: input.body });
  if (!gateway || !callback) return null;
  const payment = await deps.payments.findByToken(gateway.name, callback.token);
  if (!payment || payment.tenantId !== input.tenantId) return null;
  if (SETTLED_PAYMENT_STATES.includes(payment.status)) return { payment, outcome: await outcomeOf(payment, deps, input.tenantId) };
  // "Cancelled" from the callback is a claim like "paid": the gateway's verify decides both, so a
  // forged cancel cannot drop a payment the buyer made (it is verified and settled instead).
  await settlePayment(payment, deps);
  return settledView(deps, input.tenantId, payment);
}

/**
 * Verifies a payment with its gateway and, once verified, takes the booking to paid and on to
 * tickets, or credits the wallet of a top-up. Safe to call again for the same payment at any
 * point (callbacks, reconciliation, a restart after a crash): each step is guarded by the state
 * it expects, and every ledger posting has a key of the payment.
 */
export async function settlePayment(payment: Payment, deps: PaymentDeps): Promise<void> {
  const staleBefore = (now: Date) => new Date(now.getTime() - STALE_VERIFY_SECONDS * 1000);
  if (payment.gateway === WALLET_GATEWAY) {
    // A wallet payment interrupted by a crash: taken up again like a stale verify.
    const now = deps.clock.now();
    if (payment.purpose === "charge") {
      // Issue 23: a top-up's wallet payment is the top-up's to finish; without its steps it waits for reconciliation.
      if (deps.charges && (await deps.payments.claimForVerify(payment.id, now, staleBefore(now))))
        await deps.charges.walletPayment(payment, deps);
      return;
    }
    if (await deps.payments.claimForVerify(payment.id, now, staleBefore(now))) await completeWalletPayment(payment, deps);
    return;
  }
  const gateway = deps.gateway(payment.gateway);
  if (!gateway || !payment.token || (payment.purpose === "booking" && !payment.bookingId)) return;
  // Issue 23: a top-up's payment is verified only where its steps are known (it is never left half done).
  if (payment.purpose === "charge" && !deps.charges) return;
  const now = deps.clock.now();
  if (!(await deps.payments.claimForVerify(payment.id, now, staleBefore(now)))) return;

  const verified = await gateway.verify({ token: payment.token, amountRials: toRials(gatewayAmount(payment)) });
  if (!verified.ok) {
    if (verified.error === "UNAVAILABLE") {
      // The bank did not answer: leave it for reconciliation, before the bank's deadline.
      await deps.payments.move(payment.id, ["verifying"], "pending", deps.clock.now());
      return;
    }
    // Not paid, another amount (a tampered callback), unknown or already reversed: no money stays with us.
    if (await deps.payments.move(payment.id, ["verifying"], "cancelled", deps.clock.now(), { failure: verified.error })) {
      await releaseWalletPart(payment, deps);
      await reopenBooking(deps, payment.tenantId, payment, `payment not verified: ${verified.error}`);
      if (payment.purpose === "charge") await deps.charges?.notPaid({ ...payment, status: "cancelled", failure: verified.error }, deps);
    }
    return;
  }
  const proof = { referenceId: verified.referenceId, maskedPan: verified.maskedPan ?? null, at: deps.clock.now() };

  if (payment.purpose === "charge") {
    // Issue 23: paid, then delivered by the top-up provider or the money returned (core/topup/settle-charge.ts).
    await deps.charges?.verified(payment, proof, deps);
    return;
  }

  if (payment.purpose === "topup") {
    // Credited before the payment reads verified: a crash in between leaves it verifying, and the
    // next run verifies again ("already verified") and finds the credit by its key.
    if (!payment.userId) return;
    await creditWallet(deps.ledger, {
      tenantId: payment.tenantId,
      userId: payment.userId,
      amount: payment.amount,
      from: "gateway_clearing",
      kind: "topup",
      idempotencyKey: `topup:${payment.id}`,
      reason: `top-up through ${gateway.name} ${verified.referenceId}`,
      createdBy: "traveller",
      links: { paymentId: payment.id },
      at: proof.at,
    });
    await deps.payments.move(payment.id, ["verifying"], "verified", proof.at, {
      referenceId: proof.referenceId,
      ...(proof.maskedPan ? { maskedPan: proof.maskedPan } : {}),
    });
    return;
  }

  const booking = await deps.bookings.findById(payment.tenantId, payment.bookingId!);
  const change = booking
    ? transition(booking.status, "payment_verified", { at: deps.clock.now(), cause: `${gateway.name} verified ${verified.referenceId}` })
    : null;
  const recorded = booking && change?.ok ? await deps.payments.recordVerified(payment.id, proof, booking.id, change.change) : false;
  if (!recorded) {
    // Money for a booking that cannot take it (cancelled, or already paid by another payment): give it back.
    await deps.payments.move(payment.id, ["verifying"], "refund_due", deps.clock.now(), {
      failure: "BOOKING_NOT_PAYABLE",
      referenceId: verified.referenceId,
      ...(verified.maskedPan ? { maskedPan: verified.maskedPan } : {}),
    });
    await returnMoney({ ...payment, status: "refund_due", failure: "BOOKING_NOT_PAYABLE" }, deps);
    return;
  }
  await completePaidBooking(payment.tenantId, booking!.id, deps);
}
