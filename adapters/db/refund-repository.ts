import { eq } from "drizzle-orm";
import type { BookingChange } from "#core/booking/booking.ts";
import type { RefundRecord, RefundRepository } from "#core/refunds/refund-booking.ts";
import type { Database } from "./client.ts";
import { moveBookingState } from "./booking-changes.ts";
import { refunds } from "./schema.ts";

export function createRefundRepository(db: Database): RefundRepository {
  return {
    async record(refund: RefundRecord, change: BookingChange) {
      return db.transaction(async (tx) => {
        if (!(await moveBookingState(tx, refund.bookingId, change))) return false;
        await tx.insert(refunds).values({ ...refund, createdAt: new Date(change.at) });
        return true;
      });
    },

    async findByBooking(bookingId: string) {
      const [row] = await db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).limit(1);
      if (!row) return null;
      return {
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
  };
}
