import { and, desc, eq } from "drizzle-orm";
import type { BookingChange } from "#core/booking/booking.ts";
import type { RefundListing, RefundRecord, RefundRepository, RefundSettlement, RefundStatus } from "#core/refunds/refund-booking.ts";
import type { Database } from "./client.ts";
import { moveBookingState } from "./booking-changes.ts";
import { bookings, refunds } from "./schema.ts";

const LISTING = {
  id: refunds.id,
  reference: refunds.reference,
  tenantId: refunds.tenantId,
  bookingId: refunds.bookingId,
  bookingReference: bookings.reference,
  amount: refunds.amount,
  destination: refunds.destination,
  sheba: refunds.sheba,
  status: refunds.status,
  createdAt: refunds.createdAt,
  paidAt: refunds.paidAt,
  paidBy: refunds.paidBy,
  bankReference: refunds.bankReference,
};

function listing(row: { [K in keyof typeof LISTING]: unknown } & { destination: string; status: string }): RefundListing {
  return {
    ...(row as Omit<RefundListing, "destination" | "status">),
    destination: row.destination === "wallet" ? "wallet" : "card",
    status: row.status === "paid" ? "paid" : "requested",
  };
}

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
        reference: row.reference,
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

    async listByTenant(tenantId: string, filter: { status?: RefundStatus } = {}) {
      const rows = await db
        .select(LISTING)
        .from(refunds)
        .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
        .where(and(eq(refunds.tenantId, tenantId), filter.status ? eq(refunds.status, filter.status) : undefined))
        .orderBy(desc(refunds.createdAt), desc(refunds.reference));
      return rows.map(listing);
    },

    async findByReference(tenantId: string, reference: string) {
      const [row] = await db
        .select(LISTING)
        .from(refunds)
        .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
        .where(and(eq(refunds.tenantId, tenantId), eq(refunds.reference, reference)))
        .limit(1);
      return row ? listing(row) : null;
    },

    async settleCard(refundId: string, settlement: RefundSettlement, change: BookingChange) {
      return db.transaction(async (tx) => {
        // Guarded by the status: of two operators recording the same transfer, one records it.
        const [row] = await tx
          .update(refunds)
          .set({ status: "paid", paidAt: settlement.at, paidBy: settlement.paidBy, bankReference: settlement.bankReference })
          .where(and(eq(refunds.id, refundId), eq(refunds.destination, "card"), eq(refunds.status, "requested")))
          .returning({ bookingId: refunds.bookingId });
        if (!row) return false;
        await moveBookingState(tx, row.bookingId, change);
        return true;
      });
    },
  };
}
