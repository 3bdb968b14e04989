import { and, count, desc, eq, gt, inArray } from "drizzle-orm";
import type { BookingRepository } from "#core/booking/ports.ts";
import {
  RECEIPT_STATUSES,
  type CardToCardReceipt,
  type CardToCardRepository,
  type ReceiptStatus,
} from "#core/card-to-card/card-to-card.ts";
import type { Database } from "./client.ts";
import { uniqueViolation } from "./booking-changes.ts";
import { bookings, cardToCardReceipts } from "./schema.ts";

type ReceiptRow = typeof cardToCardReceipts.$inferSelect;

const statusOf = (value: string): ReceiptStatus =>
  (RECEIPT_STATUSES as readonly string[]).includes(value) ? (value as ReceiptStatus) : "pending";

const receiptOf = (row: ReceiptRow): CardToCardReceipt => ({
  id: row.id,
  tenantId: row.tenantId,
  bookingId: row.bookingId,
  source: row.source === "sms" ? "sms" : "page",
  senderMobile: row.senderMobile,
  text: row.text,
  bank: row.bank,
  amountRials: row.amountRials,
  cardSuffix: row.cardSuffix,
  paidAt: row.paidAt,
  trace: row.trace,
  status: statusOf(row.status),
  reason: row.reason,
  decidedBy: row.decidedBy,
  decidedAt: row.decidedAt,
  createdAt: row.createdAt,
});

/** Card-to-card receipts (issue 23 §2). The trace's unique index (per agency and bank) makes a receipt pay once. */
export function createCardToCardRepository(db: Database, bookingRepository: Pick<BookingRepository, "findById">): CardToCardRepository {
  return {
    async record(input) {
      try {
        const [row] = await db
          .insert(cardToCardReceipts)
          .values({
            tenantId: input.tenantId,
            bookingId: input.bookingId,
            source: input.source,
            senderMobile: input.senderMobile,
            text: input.text,
            bank: input.parsed?.bank ?? null,
            amountRials: input.parsed?.amountRials ?? null,
            cardSuffix: input.parsed?.cardSuffix ?? null,
            paidAt: input.parsed?.paidAt ?? null,
            trace: input.parsed?.trace ?? null,
            status: input.status,
            reason: input.reason,
            createdAt: input.at,
          })
          .returning();
        return { ok: true, receipt: receiptOf(row!) };
      } catch (error) {
        if (uniqueViolation(error) === "card_to_card_receipts_trace_key") return { ok: false, error: "TRACE_USED" };
        throw error;
      }
    },
    async move(id, from, to, details) {
      const rows = await db
        .update(cardToCardReceipts)
        .set({
          status: to,
          ...(details.reason !== undefined ? { reason: details.reason } : {}),
          ...(details.bookingId ? { bookingId: details.bookingId } : {}),
          ...(details.decidedBy ? { decidedBy: details.decidedBy, decidedAt: details.at } : {}),
        })
        .where(and(eq(cardToCardReceipts.id, id), inArray(cardToCardReceipts.status, [...from])))
        .returning({ id: cardToCardReceipts.id });
      return rows.length > 0;
    },
    async findById(tenantId, id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await db
        .select()
        .from(cardToCardReceipts)
        .where(and(eq(cardToCardReceipts.tenantId, tenantId), eq(cardToCardReceipts.id, id)));
      return row ? receiptOf(row) : null;
    },
    async list(tenantId, { status, limit }) {
      const rows = await db
        .select()
        .from(cardToCardReceipts)
        .where(and(eq(cardToCardReceipts.tenantId, tenantId), status ? eq(cardToCardReceipts.status, status) : undefined))
        .orderBy(desc(cardToCardReceipts.createdAt))
        .limit(limit);
      return rows.map(receiptOf);
    },
    async countPendingForBooking(bookingId) {
      const [row] = await db
        .select({ n: count() })
        .from(cardToCardReceipts)
        .where(and(eq(cardToCardReceipts.bookingId, bookingId), eq(cardToCardReceipts.status, "pending")));
      return Number(row?.n ?? 0);
    },
    async openBookingsWithTotal(tenantId, totalTomans, now) {
      const rows = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.tenantId, tenantId),
            eq(bookings.total, totalTomans),
            inArray(bookings.status, ["held", "awaiting_payment"]),
            gt(bookings.holdExpiresAt, now),
          ),
        )
        .limit(20);
      const found = await Promise.all(rows.map((row) => bookingRepository.findById(tenantId, row.id)));
      return found.filter((booking) => booking !== null);
    },
    async findBookingByReference(tenantId, reference) {
      const [row] = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.tenantId, tenantId), eq(bookings.reference, reference)));
      return row ? bookingRepository.findById(tenantId, row.id) : null;
    },
  };
}
