import type { RouteDayFare } from "#core/fares/ports.ts";

type CheapestPerDay = (input: { from: string; to: string; firstDate: string; lastDate: string }) => Promise<Map<string, number>>;

/**
 * A bulk fare calendar over an inventory whose days are made from a timetable (trains, buses) or
 * from segments at search time (international connections): its routes come from one query, and
 * each route's days from the supplier's own calendar, so the history records what a search sells.
 */
export async function calendarOverRoutes(
  routes: readonly { from: string; to: string }[],
  cheapestPerDay: CheapestPerDay,
  window: { firstDate: string; lastDate: string },
): Promise<RouteDayFare[]> {
  const fares: RouteDayFare[] = [];
  for (const { from, to } of routes) {
    const days = await cheapestPerDay({ from, to, ...window });
    for (const [departureDate, cheapest] of days) fares.push({ from, to, departureDate, cheapest });
  }
  return fares;
}
