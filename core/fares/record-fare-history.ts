import { WATCH_SERVICES, type WatchService } from "../alerts/watch.ts";
import type { Clock } from "../ports.ts";
import { addDays, tehranToday } from "../search/dates.ts";
import type { FareHistoryRepository, RouteFareCalendar } from "./ports.ts";

/** Departure days recorded each day: the part of the sales window a traveller plans in. */
export const FARE_HISTORY_WINDOW_DAYS = 60;
/** Seen days the analysis reads back: enough for departures seen from two months out to their day. */
export const FARE_HISTORY_READ_DAYS = 120;

export interface RecordFareHistoryDeps {
  clock: Clock;
  history: FareHistoryRepository;
  /** Each watched service's bulk calendar; a service this deployment does not sell is absent. */
  calendars: Partial<Record<WatchService, RouteFareCalendar>>;
}

/**
 * Today's observation of every route of every watched service: the cheapest adult fare of each
 * departure day in the window. Run twice a day, it keeps the lower fare of each departure and day.
 */
export async function recordFareHistory(deps: RecordFareHistoryDeps, windowDays = FARE_HISTORY_WINDOW_DAYS) {
  const seenOn = tehranToday(deps.clock.now());
  const window = { firstDate: seenOn, lastDate: addDays(seenOn, windowDays - 1) };
  const recorded: Partial<Record<WatchService, number>> = {};
  for (const service of WATCH_SERVICES) {
    const calendar = deps.calendars[service];
    if (!calendar) continue;
    const fares = await calendar.cheapestByRouteAndDay(window);
    recorded[service] = (await deps.history.record(service, seenOn, fares)).recorded;
  }
  return { seenOn, recorded };
}
