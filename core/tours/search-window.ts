import { addDays, daysBetween } from "../search/dates.ts";

/** Spec §9: a tour search may take up to 120 s; nothing on its way (page deadline, server budget) cuts it earlier. */
export const TOUR_SEARCH_TIMEOUT_MS = 120_000;

/**
 * Packages leave on fixed days, so a search for one day also shows departures this many days
 * either side of it ("around the dates"): a traveller flexible by a few days sees them all.
 */
export const TOUR_DATE_FLEXIBILITY_DAYS = 3;

/** The days a search's departures may leave on: around the asked day, never before today. */
export function tourSearchWindow(date: string, today: string): { date: string; lastDate: string } {
  const first = addDays(date, -TOUR_DATE_FLEXIBILITY_DAYS);
  return { date: daysBetween(today, first) > 0 ? first : today, lastDate: addDays(date, TOUR_DATE_FLEXIBILITY_DAYS) };
}

/** Paths whose pages and API search tours: the server gives them the tour budget instead of its general one. */
export function isTourSearchPath(pathname: string): boolean {
  return /^(?:\/(?:en|ar))?\/(?:tour|internationaltour)(?:\/|$)|^\/api\/v1\/tours\//i.test(pathname);
}
