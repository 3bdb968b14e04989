import type { WatchService } from "../alerts/watch.ts";
import type { FareObservation, FarePoint } from "./fare-history.ts";

/** A route as the fare history names it. */
export interface FareRoute {
  service: WatchService;
  from: string;
  to: string;
}

/** One route's cheapest adult fare of one departure day, as an inventory answers it now. */
export interface RouteDayFare {
  from: string;
  to: string;
  departureDate: string;
  cheapest: number;
}

/**
 * A supplier's cheapest adult fare of every route and departure day in a window, in bulk: what
 * the daily fare-history job records, without a search per route.
 */
export interface RouteFareCalendar {
  cheapestByRouteAndDay(input: { firstDate: string; lastDate: string }): Promise<RouteDayFare[]>;
}

export interface FareHistoryRepository {
  /**
   * Records one day's observations of a service. A second recording of the same day keeps the
   * lower fare of a departure, so the job may run twice (or on two workers) and stay right.
   */
  record(service: WatchService, seenOn: string, fares: readonly RouteDayFare[]): Promise<{ recorded: number }>;
  /** A route's observations seen from `since` to `until` (both ISO days): what the analysis reads. */
  routeHistory(route: FareRoute, since: string, until: string): Promise<FareObservation[]>;
  /** One departure's fares as seen from `since` to `until`, oldest first. */
  departureHistory(route: FareRoute, departureDate: string, since: string, until: string): Promise<FarePoint[]>;
}
