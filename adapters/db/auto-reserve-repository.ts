import { and, desc, eq, inArray } from "drizzle-orm";
import type { AutoReserveItem, AutoReserveRepository, AutoReserveStatus } from "#core/alerts/auto-reserve.ts";
import { isUuid } from "./account-repository.ts";
import type { Database } from "./client.ts";
import { autoReserves, bookings } from "./schema.ts";
import { bookingOfCause, watchClaims, watchedRowFields } from "./watch-claims.ts";
import { readHistory, writeEvents } from "./watch-event-store.ts";

type Row = typeof autoReserves.$inferSelect;

const STATUSES: readonly AutoReserveStatus[] = ["waiting", "booking", "booked", "ended", "removed"];

function itemOf(row: Row, bookingReference: string | null = null): AutoReserveItem {
  return {
    ...watchedRowFields(row, bookingReference),
    travelDate: row.travelDate,
    offerId: row.offerId,
    timeFrom: row.timeFrom,
    timeTo: row.timeTo,
    cap: row.cap,
    status: (STATUSES as readonly string[]).includes(row.status) ? (row.status as AutoReserveStatus) : "ended",
  };
}

export function createAutoReserveRepository(db: Database): AutoReserveRepository {
  const claims = watchClaims(db, autoReserves, { waiting: "waiting", working: "booking" });
  const subject = (tenantId: string, id: string) => ({ tenantId, kind: "auto-reserve" as const, id });
  return {
    async create(item, at) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(autoReserves)
          .values({
            tenantId: item.tenantId,
            userId: item.userId,
            locale: item.locale,
            service: item.service,
            fromCode: item.from,
            toCode: item.to,
            travelDate: item.travelDate,
            offerId: item.offerId,
            timeFrom: item.timeFrom,
            timeTo: item.timeTo,
            adults: item.party.adults,
            children: item.party.children,
            infants: item.party.infants,
            passengers: item.travellers,
            cap: item.cap,
            status: "waiting",
            nextCheckAt: at,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        await writeEvents(tx, subject(item.tenantId, row!.id), [{ kind: "created", detail: { cap: item.cap } }], at);
        return itemOf(row!);
      });
    },

    async listForUser(tenantId, userId) {
      const rows = await db
        .select({ item: autoReserves, reference: bookings.reference })
        .from(autoReserves)
        .leftJoin(bookings, eq(bookings.id, autoReserves.bookingId))
        .where(and(eq(autoReserves.tenantId, tenantId), eq(autoReserves.userId, userId)))
        .orderBy(desc(autoReserves.createdAt))
        .limit(100);
      return rows.map((row) => itemOf(row.item, row.reference));
    },

    history: (ids) => readHistory(db, ids),

    async remove(tenantId, userId, id, at) {
      if (!isUuid(id)) return "not-found";
      return db.transaction(async (tx) => {
        const removed = await tx
          .update(autoReserves)
          .set({ status: "removed", updatedAt: at })
          .where(
            and(
              eq(autoReserves.id, id),
              eq(autoReserves.tenantId, tenantId),
              eq(autoReserves.userId, userId),
              eq(autoReserves.status, "waiting"),
            ),
          )
          .returning({ id: autoReserves.id });
        if (removed.length > 0) {
          await writeEvents(tx, subject(tenantId, id), [{ kind: "removed" }], at);
          return "removed" as const;
        }
        const [row] = await tx
          .select({ status: autoReserves.status })
          .from(autoReserves)
          .where(and(eq(autoReserves.id, id), eq(autoReserves.tenantId, tenantId), eq(autoReserves.userId, userId)));
        return row?.status === "booking" ? ("busy" as const) : ("not-found" as const);
      });
    },

    async due(now, limit) {
      const rows = await db.select().from(autoReserves).where(claims.dueWhere(now)).orderBy(autoReserves.nextCheckAt).limit(limit);
      return rows.map((row) => itemOf(row));
    },

    claim: (id, now, until) => claims.claim(id, now, until),

    async settle(id, from, next, events, at) {
      return db.transaction(async (tx) => {
        const [moved] = await tx
          .update(autoReserves)
          .set({
            status: next.status,
            claimedUntil: null,
            lastCheckedAt: at,
            updatedAt: at,
            ...(next.bookingId ? { bookingId: next.bookingId } : {}),
            ...(next.endedReason ? { endedReason: next.endedReason } : {}),
            ...(next.nextCheckAt ? { nextCheckAt: next.nextCheckAt } : {}),
          })
          .where(and(eq(autoReserves.id, id), inArray(autoReserves.status, [...from])))
          .returning({ tenantId: autoReserves.tenantId });
        if (!moved) return false;
        await writeEvents(tx, subject(moved.tenantId, id), events, at);
        return true;
      });
    },

    reschedule: (ids, now, next) => claims.reschedule(ids, now, next),

    bookingOfCause: (cause) => bookingOfCause(db, cause),
  };
}
