import { and, desc, eq, inArray } from "drizzle-orm";
import type { DesiredPriceOrder, DesiredPriceRepository, DesiredPriceStatus } from "#core/alerts/desired-price.ts";
import { isUuid } from "./account-repository.ts";
import type { Database } from "./client.ts";
import { bookings, desiredPriceOrders } from "./schema.ts";
import { bookingOfCause, watchClaims, watchedRowFields } from "./watch-claims.ts";
import { readHistory, writeEvents } from "./watch-event-store.ts";

type Row = typeof desiredPriceOrders.$inferSelect;

const STATUSES: readonly DesiredPriceStatus[] = ["open", "buying", "bought", "expired", "cancelled"];

function orderOf(row: Row, bookingReference: string | null = null): DesiredPriceOrder {
  return {
    ...watchedRowFields(row, bookingReference),
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    price: row.price,
    latestAttempt: row.latestAttempt,
    status: (STATUSES as readonly string[]).includes(row.status) ? (row.status as DesiredPriceStatus) : "cancelled",
    reservationKey: row.reservationKey,
  };
}

export function createDesiredPriceRepository(db: Database): DesiredPriceRepository {
  const claims = watchClaims(db, desiredPriceOrders, { waiting: "open", working: "buying" });
  const subject = (tenantId: string, id: string) => ({ tenantId, kind: "desired-price" as const, id });
  return {
    async create(order, at) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(desiredPriceOrders)
          .values({
            id: order.id,
            tenantId: order.tenantId,
            userId: order.userId,
            locale: order.locale,
            service: order.service,
            fromCode: order.from,
            toCode: order.to,
            dateFrom: order.dateFrom,
            dateTo: order.dateTo,
            price: order.price,
            adults: order.party.adults,
            children: order.party.children,
            infants: order.party.infants,
            passengers: order.travellers,
            latestAttempt: order.latestAttempt,
            status: "open",
            reservationKey: order.reservationKey,
            nextCheckAt: at,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        await writeEvents(tx, subject(order.tenantId, order.id), [{ kind: "created", detail: { reserved: order.price } }], at);
        return orderOf(row!);
      });
    },

    async listForUser(tenantId, userId) {
      const rows = await db
        .select({ order: desiredPriceOrders, reference: bookings.reference })
        .from(desiredPriceOrders)
        .leftJoin(bookings, eq(bookings.id, desiredPriceOrders.bookingId))
        .where(and(eq(desiredPriceOrders.tenantId, tenantId), eq(desiredPriceOrders.userId, userId)))
        .orderBy(desc(desiredPriceOrders.createdAt))
        .limit(100);
      return rows.map((row) => orderOf(row.order, row.reference));
    },

    async findForUser(tenantId, userId, id) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(desiredPriceOrders)
        .where(and(eq(desiredPriceOrders.id, id), eq(desiredPriceOrders.tenantId, tenantId), eq(desiredPriceOrders.userId, userId)));
      return row ? orderOf(row) : null;
    },

    history: (ids) => readHistory(db, ids),

    async due(now, limit) {
      const rows = await db
        .select()
        .from(desiredPriceOrders)
        .where(claims.dueWhere(now))
        .orderBy(desiredPriceOrders.nextCheckAt)
        .limit(limit);
      return rows.map((row) => orderOf(row));
    },

    claim: (id, now, until) => claims.claim(id, now, until),

    async settle(id, from, next, events, at) {
      return db.transaction(async (tx) => {
        const [moved] = await tx
          .update(desiredPriceOrders)
          .set({
            status: next.status,
            // A step within a purchase (a new reservation key) keeps the claim; any other move ends it.
            ...(next.status === "buying" ? {} : { claimedUntil: null }),
            lastCheckedAt: at,
            updatedAt: at,
            ...(next.bookingId ? { bookingId: next.bookingId } : {}),
            ...(next.endedReason ? { endedReason: next.endedReason } : {}),
            ...(next.nextCheckAt ? { nextCheckAt: next.nextCheckAt } : {}),
            ...(next.reservationKey ? { reservationKey: next.reservationKey } : {}),
          })
          .where(and(eq(desiredPriceOrders.id, id), inArray(desiredPriceOrders.status, [...from])))
          .returning({ tenantId: desiredPriceOrders.tenantId });
        if (!moved) return false;
        await writeEvents(tx, subject(moved.tenantId, id), events, at);
        return true;
      });
    },

    reschedule: (ids, now, next) => claims.reschedule(ids, now, next),

    bookingOfCause: (cause) => bookingOfCause(db, cause),
  };
}
