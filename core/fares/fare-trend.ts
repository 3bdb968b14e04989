import { addDays } from "../search/dates.ts";
import { analyseFares, type FareAnalysis, type FareObservation } from "./fare-history.ts";
import type { FareHistoryRepository, FareRoute } from "./ports.ts";
import { FARE_HISTORY_READ_DAYS } from "./record-fare-history.ts";

/** The departure a route landing judges: the nearest one (from tomorrow) with a fare seen today. */
export function nearestDepartureSeenToday(history: readonly FareObservation[], today: string): string | null {
  let nearest: string | null = null;
  for (const row of history) {
    if (row.seenOn === today && row.departureDate > today && (nearest === null || row.departureDate < nearest)) nearest = row.departureDate;
  }
  return nearest;
}

/**
 * The buy-or-wait hint of a route's departure day as of `today`, from one read of the route's
 * history; without a day (a route landing), the nearest departure with a fare today is judged.
 * Null when nothing of the route was seen today.
 */
export async function fareTrend(
  history: FareHistoryRepository,
  route: FareRoute,
  today: string,
  departureDate?: string,
): Promise<(FareAnalysis & { departureDate: string }) | null> {
  const rows = await history.routeHistory(route, addDays(today, -(FARE_HISTORY_READ_DAYS - 1)), today);
  const chosen = departureDate ?? nearestDepartureSeenToday(rows, today);
  if (!chosen) return null;
  return { ...analyseFares(rows, chosen, today), departureDate: chosen };
}
