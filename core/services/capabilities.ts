import type { SearchService } from "../search/search-forms.ts";

/**
 * Which services already show results. A search form of a service that is not ready still
 * validates and leads to its results route, which says honestly that online booking opens soon.
 * Each service's issue switches its flag on when its results are real.
 */
export const RESULTS_READY: Record<SearchService, boolean> = {
  flight: true,
  internationalflight: true,
  train: true,
  bus: true,
  hotel: true,
  outHotel: true,
  tour: true,
  insurance: true,
};

/**
 * Which services a traveller can buy online to the end: passengers, pre-invoice, payment and
 * ticket. A service with results but not this flag shows its results with a notice that buying
 * online opens soon; a bookable one shows none. Each service's issue switches it on with its
 * booking and payment.
 */
export const BOOKABLE_ONLINE: Record<SearchService, boolean> = {
  flight: true,
  internationalflight: true,
  train: true,
  bus: true,
  hotel: true,
  outHotel: true,
  tour: true,
  insurance: true,
};

/**
 * The notice a results page of a service carries, from its capability flags only:
 * - "resultsSoon": no results yet, the search is not run (and support books the trip);
 * - "bookingSoon": results are live but buying online is not open yet;
 * - null: the service is bookable online, so nothing is promised for later.
 */
export type ResultsNotice = "resultsSoon" | "bookingSoon" | null;

export function resultsNotice(
  service: SearchService,
  flags: { results: Record<SearchService, boolean>; bookable: Record<SearchService, boolean> } = {
    results: RESULTS_READY,
    bookable: BOOKABLE_ONLINE,
  },
): ResultsNotice {
  if (!flags.results[service]) return "resultsSoon";
  return flags.bookable[service] ? null : "bookingSoon";
}
