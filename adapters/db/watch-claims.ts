import { and, desc, eq, inArray, lt, lte, or } from "drizzle-orm";
import { storedTravellers } from "#core/alerts/purchase-watch.ts";
import { isWatchService } from "#core/alerts/watch.ts";
import { isLocale } from "#core/i18n/locales.ts";
import type { Database } from "./client.ts";
import { bookingEvents, bookings, type autoReserves, type desiredPriceOrders } from "./schema.ts";

/**
 * The claim life cycle both watcher tables share (auto-reserve items, desired-price orders): rows
 * due to be looked at, a worker's claim while it buys (a crashed worker's lapses), and moving
 * rows that told nothing to their next check. Each table names its own waiting and working states.
 */
type ClaimTable = typeof autoReserves | typeof desiredPriceOrders;

export function watchClaims(db: Database, table: ClaimTable, states: { waiting: string; working: string }) {
  // A working row whose claim lapsed is due again: the worker that held it stopped.
  const lapsed = (now: Date) => and(eq(table.status, states.working), lt(table.claimedUntil, now));
  return {
    /** Rows due at `now`, the oldest due first. */
    dueWhere: (now: Date) => or(and(eq(table.status, states.waiting), lte(table.nextCheckAt, now)), lapsed(now)),

    /** Takes a waiting row (or one whose claim lapsed) for a purchase until `until`; false when another worker has it. */
    async claim(id: string, now: Date, until: Date): Promise<boolean> {
      const claimed = await db
        .update(table)
        .set({ status: states.working, claimedUntil: until, lastCheckedAt: now, updatedAt: now })
        .where(and(eq(table.id, id), or(eq(table.status, states.waiting), lapsed(now))))
        .returning({ id: table.id });
      return claimed.length > 0;
    },

    /** Rows judged with nothing to do: looked at again at `next`. */
    async reschedule(ids: readonly string[], now: Date, next: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(table)
        .set({ nextCheckAt: next, lastCheckedAt: now })
        .where(and(inArray(table.id, [...ids]), eq(table.status, states.waiting)));
    },
  };
}

/** The paid or issued booking a watcher's purchase placed (its history's cause names the row), if any. */
export async function bookingOfCause(db: Database, cause: string): Promise<{ id: string; status: string } | null> {
  const [row] = await db
    .select({ id: bookings.id, status: bookings.status })
    .from(bookingEvents)
    .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
    .where(and(eq(bookingEvents.event, "hold_placed"), eq(bookingEvents.cause, cause), inArray(bookings.status, ["paid", "issued"])))
    .orderBy(desc(bookingEvents.at))
    .limit(1);
  return row ?? null;
}

/** The columns every watcher row has, read back as the core names them. */
export function watchedRowFields(row: ClaimTable["$inferSelect"], bookingReference: string | null) {
  return {
    id: row.id,
    tenantId: row.tenantId,
    userId: row.userId,
    locale: isLocale(row.locale) ? row.locale : ("fa" as const),
    // Rows are written only for watch services; a foreign value reads as a flight and finds nothing.
    service: isWatchService(row.service) ? row.service : ("flight" as const),
    from: row.fromCode,
    to: row.toCode,
    party: { adults: row.adults, children: row.children, infants: row.infants },
    travellers: storedTravellers(row.passengers),
    bookingId: row.bookingId,
    bookingReference,
    claimedUntil: row.claimedUntil,
    nextCheckAt: row.nextCheckAt,
    endedReason: row.endedReason,
    createdAt: row.createdAt,
  };
}
