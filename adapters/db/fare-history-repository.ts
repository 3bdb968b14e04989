import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { FareObservation } from "#core/fares/fare-history.ts";
import type { FareHistoryRepository, RouteDayFare } from "#core/fares/ports.ts";
import type { Database } from "./client.ts";
import { fareHistory } from "./schema.ts";

/** Rows per insert: a day of a service is a few thousand, well under PostgreSQL's parameter limit in chunks. */
const CHUNK = 1_000;

export function createFareHistoryRepository(db: Database): FareHistoryRepository {
  const routeIs = (route: { service: string; from: string; to: string }) =>
    and(eq(fareHistory.service, route.service), eq(fareHistory.fromCode, route.from), eq(fareHistory.toCode, route.to));

  return {
    async record(service, seenOn, fares) {
      // One row per departure: an insert may not touch the same key twice.
      const lowest = new Map<string, RouteDayFare>();
      for (const fare of fares) {
        const key = `${fare.from}|${fare.to}|${fare.departureDate}`;
        const kept = lowest.get(key);
        if (fare.cheapest > 0 && (!kept || fare.cheapest < kept.cheapest)) lowest.set(key, fare);
      }
      const unique = [...lowest.values()];
      let recorded = 0;
      for (let start = 0; start < unique.length; start += CHUNK) {
        const rows = unique.slice(start, start + CHUNK).map((fare) => ({
          service,
          fromCode: fare.from,
          toCode: fare.to,
          departureDate: fare.departureDate,
          seenOn,
          cheapest: fare.cheapest,
        }));
        await db
          .insert(fareHistory)
          .values(rows)
          .onConflictDoUpdate({
            target: [fareHistory.service, fareHistory.fromCode, fareHistory.toCode, fareHistory.departureDate, fareHistory.seenOn],
            // The day's cheapest is the lowest fare seen that day, whichever run saw it.
            set: { cheapest: sql`least(${fareHistory.cheapest}, excluded.cheapest)` },
          });
        recorded += rows.length;
      }
      return { recorded };
    },

    async routeHistory(route, since, until) {
      return db
        .select({ departureDate: fareHistory.departureDate, seenOn: fareHistory.seenOn, cheapest: fareHistory.cheapest })
        .from(fareHistory)
        .where(and(routeIs(route), gte(fareHistory.seenOn, since), lte(fareHistory.seenOn, until)));
    },

    async departureHistory(route, departureDate, since, until) {
      return db
        .select({ seenOn: fareHistory.seenOn, cheapest: fareHistory.cheapest })
        .from(fareHistory)
        .where(
          and(routeIs(route), eq(fareHistory.departureDate, departureDate), gte(fareHistory.seenOn, since), lte(fareHistory.seenOn, until)),
        )
        .orderBy(asc(fareHistory.seenOn));
    },
  };
}

/**
 * A web process's view of the fare history: a route's history is recorded once a day, yet every
 * results page and landing reads it, so each route's read is kept for `ttlMs` (a page shows at
 * worst a hint that many minutes old). Writes and single departures go straight through.
 */
export function withFareHistoryCache(
  inner: FareHistoryRepository,
  options: { ttlMs: number; maxEntries?: number; now?: () => number },
): FareHistoryRepository {
  if (options.ttlMs <= 0) return inner;
  const now = options.now ?? Date.now;
  const max = options.maxEntries ?? 500;
  const reads = new Map<string, { at: number; rows: Promise<FareObservation[]> }>();
  return {
    record: (service, seenOn, fares) => inner.record(service, seenOn, fares),
    departureHistory: (route, departureDate, since, until) => inner.departureHistory(route, departureDate, since, until),
    routeHistory(route, since, until) {
      const key = [route.service, route.from, route.to, since, until].join("|");
      const hit = reads.get(key);
      if (hit && now() - hit.at < options.ttlMs) return hit.rows;
      if (reads.size >= max) reads.clear();
      const rows = inner.routeHistory(route, since, until);
      reads.set(key, { at: now(), rows });
      // A failed read is not kept: the next page asks again.
      rows.catch(() => reads.delete(key));
      return rows;
    },
  };
}
