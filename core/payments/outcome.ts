import type { Booking } from "../booking/booking.ts";
import type { PaymentDeps } from "./deps.ts";
import type { Payment } from "./payment.ts";

/** What the result page says, decided from stored state only; "credited" is a top-up in the wallet. */
export type PaymentOutcome = "issued" | "credited" | "processing" | "cancelled" | "refunded" | "failed";

/** The outcome a settled payment shows, read from the database. */
export async function outcomeOf(payment: Payment, deps: Pick<PaymentDeps, "bookings">, tenantId: string): Promise<PaymentOutcome> {
  switch (payment.status) {
    case "cancelled":
      return "cancelled";
    case "failed":
      return "failed";
    case "reversed":
    case "refund_due":
      return "refunded";
    case "verified": {
      if (payment.purpose === "topup") return "credited";
      // Issue 23: a top-up's own page (/charge/GetCharge) tells delivered from refunded; here it is paid.
      if (payment.purpose === "charge") return "processing";
      const booking = payment.bookingId ? await bookingById(deps, tenantId, payment) : null;
      return booking?.status === "issued"
        ? "issued"
        : booking?.status === "refund_requested" || booking?.status === "refunded"
          ? "refunded"
          : "processing";
    }
    case "created":
    case "pending":
    case "verifying":
      return "processing";
  }
}

async function bookingById(deps: Pick<PaymentDeps, "bookings">, tenantId: string, payment: Payment): Promise<Booking | null> {
  return payment.bookingId ? ((await deps.bookings.findById(tenantId, payment.bookingId)) ?? null) : null;
}

/** A payment as stored now (another step may have moved it) with the outcome it shows. */
export async function settledView(
  deps: Pick<PaymentDeps, "bookings" | "payments">,
  tenantId: string,
  payment: Payment,
): Promise<{ payment: Payment; outcome: PaymentOutcome }> {
  const current = (await deps.payments.findByHashId(tenantId, payment.hashId)) ?? payment;
  return { payment: current, outcome: await outcomeOf(current, deps, tenantId) };
}
