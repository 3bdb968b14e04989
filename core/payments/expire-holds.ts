import type { Booking, BookingItem } from "../booking/booking.ts";
import type { PaymentDeps } from "./deps.ts";
import { releaseItem } from "./issue-tickets.ts";
import { releaseWalletPart } from "./wallet-part.ts";

/**
 * A booking's hold ran out (the hold-expiry job): card payments still open that hold part of a
 * wallet are ended and their holds go back. Their bank deadline is past by now (the hold was
 * stretched to cover it), so an unverified card part is the bank's to reverse.
 */
export async function releaseExpiredBookingHolds(
  booking: Pick<Booking, "id" | "tenantId">,
  deps: Pick<PaymentDeps, "payments" | "ledger" | "clock">,
): Promise<number> {
  let released = 0;
  for (const payment of await deps.payments.openWithWalletPart(booking.id)) {
    if (!(await deps.payments.move(payment.id, ["created", "pending"], "cancelled", deps.clock.now(), { failure: "BOOKING_EXPIRED" })))
      continue;
    await releaseWalletPart({ ...payment, status: "cancelled", failure: "BOOKING_EXPIRED" }, deps);
    released += 1;
  }
  return released;
}

/**
 * An expired booking's item gives its seats back at the supplier that held them. "gone": the hold
 * was already given back (by the supplier's own expiry or an earlier sweep), and its seats must
 * not be returned twice. "SUPPLIER_UNKNOWN": this deployment no longer has the supplier; the job
 * reports it and goes on with the other bookings.
 */
export async function releaseExpiredItem(
  item: BookingItem,
  deps: Pick<PaymentDeps, "suppliers" | "clock">,
): Promise<"released" | "gone" | "SUPPLIER_UNKNOWN"> {
  const released = await releaseItem(item, deps.clock.now(), deps);
  return released.ok ? "released" : released.error === "CANCEL_FAILED" ? "gone" : released.error;
}
