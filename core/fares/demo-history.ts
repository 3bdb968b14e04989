import { addDays } from "../search/dates.ts";
import type { FareTrendKind } from "./fare-history.ts";
import type { RouteDayFare } from "./ports.ts";

/**
 * A clearly synthetic fare history for demonstrations (`npm run admin -- fares history-demo`):
 * from today's real cheapest fares of each route, the days before today are invented so that each
 * route shows one known trend. Never for production: it is a picture of what the hint does, not
 * what a route did.
 */

/** Each route is given one of these, by a hash of its name, so a demo shows all three. */
const DEMO_TRENDS: readonly FareTrendKind[] = ["rising", "falling", "steady"];

export function demoTrendOf(from: string, to: string): FareTrendKind {
  let hash = 0;
  for (const char of `${from}-${to}`) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return DEMO_TRENDS[hash % DEMO_TRENDS.length]!;
}

/** The relative fare at `daysBefore` of a route with this trend: 1% a day over the last 30 days. */
function curve(kind: FareTrendKind, daysBefore: number): number {
  const close = Math.max(0, 30 - daysBefore);
  return kind === "rising" ? 1 + 0.01 * close : kind === "falling" ? 1 - 0.01 * close : 1;
}

/** A repeatable wobble of a few percent, so the chart is not a ruler. */
function wobble(key: string): number {
  let hash = 2166136261;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return 1 + ((hash % 1000) / 1000 - 0.5) * 0.04;
}

export interface DemoObservation extends RouteDayFare {
  seenOn: string;
}

/**
 * The invented observations of the `days` days up to yesterday for every route of `todayFares`,
 * over departures up to `windowDays` ahead of each day. A departure on sale today keeps today's
 * real fare as its anchor; one already gone is priced from the route's usual level.
 */
export function demoFareHistory(todayFares: readonly RouteDayFare[], today: string, days: number, windowDays: number): DemoObservation[] {
  const routes = new Map<string, RouteDayFare[]>();
  for (const fare of todayFares) {
    const key = `${fare.from}|${fare.to}`;
    routes.set(key, [...(routes.get(key) ?? []), fare]);
  }
  const rows: DemoObservation[] = [];
  for (const fares of routes.values()) {
    const { from, to } = fares[0]!;
    const kind = demoTrendOf(from, to);
    const sorted = fares.map((fare) => fare.cheapest).sort((a, b) => a - b);
    const level = sorted[Math.floor(sorted.length / 2)]!;
    const anchor = new Map(fares.map((fare) => [fare.departureDate, fare]));
    for (let back = days - 1; back >= 1; back -= 1) {
      const seenOn = addDays(today, -back);
      for (let distance = 0; distance < windowDays; distance += 1) {
        const departureDate = addDays(seenOn, distance);
        const onSale = anchor.get(departureDate);
        // A departure still on sale ends at today's real fare; its earlier days follow the trend back.
        const base = onSale ? onSale.cheapest / curve(kind, distance - back) : level / curve(kind, 30);
        if (departureDate >= today && !onSale) continue;
        const cheapest = Math.max(
          1,
          Math.round((base * curve(kind, distance) * wobble(`${from}${to}${departureDate}${seenOn}`)) / 1000) * 1000,
        );
        rows.push({ from, to, departureDate, seenOn, cheapest });
      }
    }
  }
  return rows;
}
