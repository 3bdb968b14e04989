import { and, desc, eq, inArray, lt, lte, or } from "drizzle-orm";
import type { DesiredPriceOrder, DesiredPriceRepository, DesiredPriceStatus } from "#core/alerts/desired-price.ts";
import { storedTravellers } from "#core/alerts/purchase-watch.ts";
import { isWatchService } from "#core/alerts/watch.ts";
import { isLocale } from "#core/i18n/locales.ts";
import { isUuid } from "./account-repository.ts";
import type { Database } from "./client.ts";
import { bookingEvents, bookings, desiredPriceOrders } from "./schema.ts";
import { readHistory, writeEvents } from "./watch-event-store.ts";

type Row = typeof desiredPriceOrders.$inferSelect;

const STATUSES: readonly DesiredPriceStatus[] = ["open", "buying", "bought", "expired", "cancelled"];

function orderOf(row: Row, bookingReference: string | null = null): DesiredPriceOrder {
  return {
    id: row.id,
    tenantId: row.tenantId,
    userId: row.userId,
    locale: isLocale(row.locale) ? row.locale : "fa",
    // Rows are written only for watch services; a foreign value reads as a flight and finds nothing.
    service: isWatchService(row.service) ? row.service : "flight",
    from: row.fromCode,
    to: row.toCode,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    price: row.price,
    party: { adults: row.adults, children: row.children, infants: row.infants },
    travellers: storedTravellers(row.passengers),
    latestAttempt: row.latestAttempt,
    status: (STATUSES as readonly string[]).includes(row.status) ? (row.status as DesiredPriceStatus) : "cancelled",
    reservationKey: row.reservationKey,
    bookingId: row.bookingId,
    bookingReference,
    claimedUntil: row.claimedUntil,
    nextCheckAt: row.nextCheckAt,
    endedReason: row.endedReason,
    createdAt: row.createdAt,
  };
}

export function createDesiredPriceRepository(db: Database): DesiredPriceRepository {
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
        .where(
          or(
            and(eq(desiredPriceOrders.status, "open"), lte(desiredPriceOrders.nextCheckAt, now)),
            and(eq(desiredPriceOrders.status, "buying"), lt(desiredPriceOrders.claimedUntil, now)),
          ),
        )
        .orderBy(desiredPriceOrders.nextCheckAt)
        .limit(limit);
      return rows.map((row) => orderOf(row));
    },

    async claim(id, now, until) {
      const claimed = await db
        .update(desiredPriceOrders)
        .set({ status: "buying", claimedUntil: until, lastCheckedAt: now, updatedAt: now })
        .where(
          and(
            eq(desiredPriceOrders.id, id),
            or(
              eq(desiredPriceOrders.status, "open"),
              and(eq(desiredPriceOrders.status, "buying"), lt(desiredPriceOrders.claimedUntil, now)),
            ),
          ),
        )
        .returning({ id: desiredPriceOrders.id });
      return claimed.length > 0;
    },

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

    async reschedule(ids, now, next) {
      if (ids.length === 0) return;
      await db
        .update(desiredPriceOrders)
        .set({ nextCheckAt: next, lastCheckedAt: now })
        .where(and(inArray(desiredPriceOrders.id, [...ids]), eq(desiredPriceOrders.status, "open")));
    },

    async bookingOfCause(cause) {
      const [row] = await db
        .select({ id: bookings.id, status: bookings.status })
        .from(bookingEvents)
        .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
        .where(and(eq(bookingEvents.event, "hold_placed"), eq(bookingEvents.cause, cause), inArray(bookings.status, ["paid", "issued"])))
        .orderBy(desc(bookingEvents.at))
        .limit(1);
      return row ?? null;
    },
  };
}
