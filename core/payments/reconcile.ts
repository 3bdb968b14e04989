import { minutes, type PaymentDeps } from "./deps.ts";
import { releaseExpiredBookingHolds } from "./expire-holds.ts";
import { completePaidBooking } from "./issue-tickets.ts";
import { BANK_SESSION_MINUTES, STALE_VERIFY_SECONDS } from "./payment.ts";
import type { PaymentGateway } from "./ports.ts";
import { retryRefund } from "./return-money.ts";
import { settlePayment } from "./settle-payment.ts";

/**
 * The reconciliation job: payments whose buyer never came back are verified before the bank's
 * deadline (and settled, or cancelled), verifies interrupted by a crash are taken up again, and
 * paid bookings without tickets are completed.
 */
export async function reconcilePayments(
  deps: Omit<PaymentDeps, "gateway"> & { gatewaysFor(tenantId: string): Promise<(name: string) => PaymentGateway | null> },
  limit = 50,
): Promise<{ looked: number; completed: number }> {
  const now = deps.clock.now();
  const due = await deps.payments.dueForReconciliation({
    pendingBefore: new Date(now.getTime() - minutes(BANK_SESSION_MINUTES)),
    verifyingBefore: new Date(now.getTime() - STALE_VERIFY_SECONDS * 1000),
    limit,
  });
  // Each payment is verified through its own tenant's gateway.
  const withGateways = async (tenantId: string): Promise<PaymentDeps> => ({ ...deps, gateway: await deps.gatewaysFor(tenantId) });
  for (const payment of due) {
    const paymentDeps = await withGateways(payment.tenantId);
    if (payment.status === "refund_due") await retryRefund(payment, paymentDeps);
    else await settlePayment(payment, paymentDeps);
  }
  const stuck = await deps.bookings.paidWithoutTickets(new Date(now.getTime() - STALE_VERIFY_SECONDS * 1000), limit);
  for (const booking of stuck) await completePaidBooking(booking.tenantId, booking.id, await withGateways(booking.tenantId));
  // The expiry job releases wallet parts as it expires a booking; one it did not finish (a crash
  // in between) is found here, as the booking no longer comes up for expiry.
  for (const booking of await deps.payments.endedWithOpenWalletPart(limit)) await releaseExpiredBookingHolds(booking, deps);
  return { looked: due.length, completed: stuck.length };
}
