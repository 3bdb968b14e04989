import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { HotelComment } from "#core/hotels/hotel.ts";
import type { HotelComments } from "#core/hotels/supplier.ts";
import type { Clock } from "#core/ports.ts";
import { tehranToday } from "#core/search/dates.ts";
import type { Database } from "./client.ts";
import { bookingItems, bookings, hotelComments } from "./schema.ts";

const HOTEL_SERVICES = ["hotel", "intHotel"];

const commentOf = (row: typeof hotelComments.$inferSelect): HotelComment => ({
  id: row.id,
  hotelId: row.hotelId,
  author: row.author,
  score: row.score,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Guests' reviews on our own table. A user may add one per hotel, and only after a stay there:
 * an issued hotel booking of theirs at this agency whose room at that hotel was checked out of by today.
 */
export function createHotelComments(db: Database, clock: Clock = { now: () => new Date() }): HotelComments {
  return {
    async list({ city, hotelId }, { limit, offset }) {
      const where = and(eq(hotelComments.city, city), eq(hotelComments.hotelId, hotelId));
      const [total] = await db.select({ total: count() }).from(hotelComments).where(where);
      const rows = await db
        .select()
        .from(hotelComments)
        .where(where)
        .orderBy(desc(hotelComments.createdAt), desc(hotelComments.id))
        .limit(limit)
        .offset(offset);
      return { total: Number(total?.total ?? 0), comments: rows.map(commentOf) };
    },

    async add(input) {
      const [stayed] = await db
        .select({ id: bookings.id })
        .from(bookings)
        .innerJoin(bookingItems, eq(bookingItems.bookingId, bookings.id))
        .where(
          and(
            eq(bookings.tenantId, input.tenantId),
            eq(bookings.userId, input.userId),
            eq(bookings.status, "issued"),
            inArray(bookingItems.service, HOTEL_SERVICES),
            sql`${bookingItems.offer}->>'hotelId' = ${input.hotelId}`,
            sql`${bookingItems.offer}->>'city' = ${input.city}`,
            sql`${bookingItems.offer}->>'checkOut' <= ${tehranToday(clock.now())}`,
          ),
        )
        .limit(1);
      if (!stayed) return { ok: false, error: "NOT_STAYED" };
      const [row] = await db
        .insert(hotelComments)
        .values({
          tenantId: input.tenantId,
          userId: input.userId,
          city: input.city,
          hotelId: input.hotelId,
          author: input.author,
          score: input.score,
          text: input.text,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      return row ? { ok: true, comment: commentOf(row) } : { ok: false, error: "ALREADY_COMMENTED" };
    },
  };
}
