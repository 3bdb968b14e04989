import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { BookingSearch } from "#core/back-office/booking-search.ts";
import type { Database } from "./client.ts";
import { bookings } from "./schema.ts";

export const MAX_BOOKING_PAGE = 200;

/** The back-office's booking search over `bookings`, always within one tenant. */
export function createBookingSearch(db: Database): BookingSearch {
  return {
    async search(tenantId, filter) {
      const conditions: SQL[] = [eq(bookings.tenantId, tenantId)];
      if (filter.reference) conditions.push(eq(bookings.reference, filter.reference));
      if (filter.mobile) conditions.push(eq(bookings.contactMobile, filter.mobile));
      if (filter.status) conditions.push(eq(bookings.status, filter.status));
      if (filter.service) conditions.push(eq(bookings.service, filter.service));
      if (filter.from) conditions.push(gte(bookings.createdAt, filter.from));
      if (filter.to) conditions.push(lt(bookings.createdAt, filter.to));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            reference: bookings.reference,
            hashId: bookings.hashId,
            service: bookings.service,
            status: bookings.status,
            total: bookings.total,
            contactMobile: bookings.contactMobile,
            createdAt: bookings.createdAt,
          })
          .from(bookings)
          .where(where)
          .orderBy(desc(bookings.createdAt), desc(bookings.id))
          .limit(Math.max(1, Math.min(MAX_BOOKING_PAGE, Math.trunc(filter.limit))))
          .offset(Math.max(0, Math.trunc(filter.offset))),
        db.select({ total: count() }).from(bookings).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
  };
}
