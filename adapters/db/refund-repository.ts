import { and, eq } from "drizzle-orm";
import type { BookingChange } from "#core/booking/booking.ts";
import type { RefundRecord, RefundRepository } from "#core/refunds/refund-booking.ts";
import type { Database } from "./client.ts";
import { moveBookingState } from "./booking-changes.ts";
import { refunds } from "./schema.ts";

export function createRefundRepository(db: Database): RefundRepository {
  return {
    async record(refund: RefundRecord, change: BookingChange) {
      return db.transaction(async (tx) => {
        if (!(await moveBookingState(tx, refund.bookingId, change))) return null;
        const [row] = await tx
          .insert(refunds)
          .values({ ...refund, createdAt: new Date(change.at) })
          .returning({ id: refunds.id });
        return row!.id;
      });
    },

    async findByBooking(bookingId: string) {
      const [row] = await db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).limit(1);
      if (!row) return null;
      return {
        id: row.id,
        bookingId: row.bookingId,
        tenantId: row.tenantId,
        paid: row.paid,
        penalty: row.penalty,
        amount: row.amount,
        destination: row.destination === "wallet" ? "wallet" : "card",
        sheba: row.sheba,
        rule: row.rule,
        status: row.status,
        createdAt: row.createdAt,
      };
    },

    async markPaid(bookingId: string, change: BookingChange) {
      return db.transaction(async (tx) => {
        const at = new Date(change.at);
        // Guarded by the status: of two requests finishing the same refund, one marks it.
        const [row] = await tx
          .update(refunds)
          .set({ status: "paid", paidAt: at })
          .where(and(eq(refunds.bookingId, bookingId), eq(refunds.status, "requested")))
          .returning({ id: refunds.id });
        if (!row) return false;
        // The booking follows when it still waits for this refund; the refund is paid either way.
        await moveBookingState(tx, bookingId, change);
        return true;
      });
    },
  };
}
