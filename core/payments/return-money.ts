import { creditWallet } from "../wallet/wallet.ts";
import { moveBooking, type PaymentDeps } from "./deps.ts";
import { WALLET_GATEWAY, gatewayAmount, toRials, type Payment } from "./payment.ts";
import { captureWalletPart, releaseWalletPart } from "./wallet-part.ts";

/**
 * Gives a payment's money back: its wallet part to the wallet at once (released if it was only
 * held, returned from revenue if the booking had been paid), its card part through its gateway.
 * Stays `refund_due` for a retry if the bank does not answer.
 */
export async function returnMoney(payment: Payment, deps: PaymentDeps): Promise<boolean> {
  if (payment.walletAmount > 0 && payment.userId) {
    // Only a payment that paid its booking (ISSUE_FAILED) or a wallet payment put money in revenue.
    // Issue 23: a mobile top-up not delivered (DELIVERY_FAILED) was paid, its wallet part captured, like ISSUE_FAILED.
    const inRevenue = payment.gateway === WALLET_GATEWAY || payment.failure === "ISSUE_FAILED" || payment.failure === "DELIVERY_FAILED";
    if (!inRevenue) await releaseWalletPart(payment, deps);
    else {
      // A wallet payment reaches here only after its debit; a split's hold is captured first if a crash left it held.
      await captureWalletPart(payment, deps);
      await creditWallet(deps.ledger, {
        tenantId: payment.tenantId,
        userId: payment.userId,
        amount: payment.walletAmount,
        from: "revenue",
        kind: "refund",
        idempotencyKey: `return:${payment.id}`,
        reason:
          payment.failure === "ISSUE_FAILED"
            ? "tickets could not be issued"
            : payment.failure === "DELIVERY_FAILED"
              ? "the mobile top-up could not be delivered"
              : "the booking could not take the payment",
        createdBy: "system",
        links: { paymentId: payment.id, bookingId: payment.bookingId },
        at: deps.clock.now(),
      });
    }
  }
  if (gatewayAmount(payment) > 0) {
    const gateway = deps.gateway(payment.gateway);
    if (!gateway || !payment.token) return false;
    const reversed = await gateway.reverse({ token: payment.token, amountRials: toRials(gatewayAmount(payment)) });
    if (!reversed.ok && reversed.error !== "REVERSED") return false;
  }
  return deps.payments.move(payment.id, ["verified", "refund_due"], "reversed", deps.clock.now());
}

/** A return the bank did not take at first: tried again, and the booking's refund completed when it goes. */
export async function retryRefund(payment: Payment, deps: PaymentDeps): Promise<void> {
  if (!(await returnMoney(payment, deps)) || !payment.bookingId) return;
  const booking = await deps.bookings.findById(payment.tenantId, payment.bookingId);
  if (booking?.status === "refund_requested") await moveBooking(deps, booking, "refund_paid", `${payment.gateway} returned the money`);
}
