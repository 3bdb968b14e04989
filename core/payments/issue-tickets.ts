/**
 * A paid booking gets its tickets, each item from the supplier that made its hold (found by the
 * item's service and supplier in the registry), or its money back.
 */
import type { Booking, BookingItem, BookingTicket } from "../booking/booking.ts";
import { transition } from "../booking/booking-state.ts";
import type { SupplierTicket } from "../suppliers/ports.ts";
import { holdOf, supplierOf } from "../suppliers/registry.ts";
import { minutes, moveBooking, type PaymentDeps } from "./deps.ts";
import { returnMoney } from "./return-money.ts";
import { captureWalletPart } from "./wallet-part.ts";

/** How long a late payment's new hold is asked for: long enough to issue at once. */
const REHOLD_MINUTES = 10;

export type IssueItemResult = { ok: true; tickets: SupplierTicket[] } | { ok: false; error: "SUPPLIER_UNKNOWN" | "ISSUE_FAILED" };

/**
 * Issues one item through its own supplier. If its hold ran out before the money came (a late
 * payment), the seats are taken again from the same supplier when they are still there.
 */
export async function issueItem(
  booking: Pick<Booking, "id" | "holdExpiresAt" | "passengers">,
  item: BookingItem,
  deps: Pick<PaymentDeps, "suppliers" | "bookings" | "clock">,
): Promise<IssueItemResult> {
  const supplier = supplierOf(deps.suppliers, item);
  if (!supplier) return { ok: false, error: "SUPPLIER_UNKNOWN" };
  const travellers = booking.passengers.length;
  let issued = await supplier.issue(holdOf(item, booking.holdExpiresAt), travellers);
  if (!issued.ok) {
    // The hold is gone (expired before the money arrived): the seats may still be on sale.
    const again = await supplier.hold(item.offerId, item.seats, new Date(deps.clock.now().getTime() + minutes(REHOLD_MINUTES)), item.offer);
    if (again.ok) {
      await deps.bookings.replaceHold(booking.id, item.position, again.hold.holdId);
      issued = await supplier.issue(again.hold, travellers);
    }
  }
  return issued.ok ? { ok: true, tickets: issued.tickets } : { ok: false, error: "ISSUE_FAILED" };
}

/**
 * A paid booking gets its tickets; if any item cannot be issued the money goes back and the
 * booking ends refunded. Safe to repeat: a supplier answers an issued hold with the same tickets.
 */
export async function completePaidBooking(tenantId: string, bookingId: string, deps: PaymentDeps): Promise<void> {
  const booking = await deps.bookings.findById(tenantId, bookingId);
  if (!booking || booking.status !== "paid") return;
  // The wallet part of the payment that paid it becomes revenue first (again after a crash: a replay).
  const payer = await deps.payments.payerOf(booking.id);
  if (payer) await captureWalletPart(payer, deps);
  const tickets: BookingTicket[] = [];
  for (const item of booking.items) {
    const issued = await issueItem(booking, item, deps);
    if (!issued.ok) {
      const cause =
        issued.error === "SUPPLIER_UNKNOWN"
          ? `tickets could not be issued: no supplier ${item.supplier} for ${item.service}`
          : "tickets could not be issued";
      await refundUnissued(booking, deps, cause);
      return;
    }
    for (const ticket of issued.tickets)
      tickets.push({
        itemPosition: item.position,
        passengerPosition: ticket.passengerPosition,
        leg: ticket.leg,
        pnr: ticket.pnr,
        ticketNumber: ticket.ticketNumber,
        placement: ticket.placement ?? null,
      });
  }
  const change = transition("paid", "tickets_issued", { at: deps.clock.now(), cause: "supplier issued the tickets" });
  if (change.ok && (await deps.bookings.recordTickets(booking.id, tickets, change.change)))
    await deps.onIssued?.(booking, tickets).catch(() => undefined);
}

/** Releases an item's hold at the supplier that made it; false when this deployment has no such supplier. */
export async function releaseItem(
  item: BookingItem,
  expiresAt: Date,
  deps: Pick<PaymentDeps, "suppliers">,
): Promise<{ ok: true } | { ok: false; error: "SUPPLIER_UNKNOWN" | "CANCEL_FAILED" }> {
  const supplier = supplierOf(deps.suppliers, item);
  if (!supplier) return { ok: false, error: "SUPPLIER_UNKNOWN" };
  return supplier.cancel(holdOf(item, expiresAt));
}

/** Paid but not issuable: the seats taken are released, the money goes back, the booking ends refunded. */
async function refundUnissued(booking: Booking, deps: PaymentDeps, cause: string): Promise<void> {
  // A supplier this deployment no longer has keeps nothing of ours past its own hold expiry.
  for (const item of booking.items) await releaseItem(item, booking.holdExpiresAt, deps);
  if (!(await moveBooking(deps, booking, "issue_failed", cause))) return;
  const payment = await deps.payments.payerOf(booking.id);
  if (!payment) return;
  // Owed first, then returned: if the bank does not answer now, reconciliation tries again.
  await deps.payments.move(payment.id, ["verified"], "refund_due", deps.clock.now(), { failure: "ISSUE_FAILED" });
  if (await returnMoney({ ...payment, status: "refund_due", failure: "ISSUE_FAILED" }, deps)) {
    const current = await deps.bookings.findById(booking.tenantId, booking.id);
    if (current) await moveBooking(deps, current, "refund_paid", `${payment.gateway} returned the money`);
  }
}
