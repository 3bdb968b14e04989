import type { MessageKey } from "#core/i18n/messages.ts";
import type { TourSearchError } from "#core/tours/search-tours.ts";

/** Codes a tour search can be refused with: the query's own, and no inventory to search. */
export type TourSearchCode = TourSearchError | "UNAVAILABLE";

/** The message of each code; dates and counts read as every trip search's, places and ranges are the tour's own. */
export const TOUR_SEARCH_MESSAGE: Record<TourSearchCode, MessageKey> = {
  SCOPE_INVALID: "api.tours.SCOPE_INVALID",
  FROM_INVALID: "api.tours.FROM_INVALID",
  TO_INVALID: "api.tours.TO_INVALID",
  SAME_ROUTE: "api.flights.SAME_ROUTE",
  TRANSPORT_INVALID: "api.tours.TRANSPORT_INVALID",
  DATE_INVALID: "api.flights.DATE_INVALID",
  DATE_PAST: "api.flights.DATE_PAST",
  DATE_TOO_FAR: "api.flights.DATE_TOO_FAR",
  LAST_DATE_BEFORE: "api.tours.LAST_DATE_BEFORE",
  RANGE_TOO_LONG: "api.tours.RANGE_TOO_LONG",
  COUNT_INVALID: "api.flights.COUNT_INVALID",
  ADULT_REQUIRED: "api.flights.ADULT_REQUIRED",
  INFANTS_EXCEED_ADULTS: "api.flights.INFANTS_EXCEED_ADULTS",
  TOO_MANY_PASSENGERS: "api.flights.TOO_MANY_PASSENGERS",
  UNAVAILABLE: "api.tours.UNAVAILABLE",
};

export const TOUR_QUERY_CODES = Object.keys(TOUR_SEARCH_MESSAGE).filter((code) => code !== "UNAVAILABLE") as TourSearchError[];

/** A departure the supplier does not know (gone, or never one). */
export const TOUR_NOT_FOUND_MESSAGE: MessageKey = "api.tours.TOUR_NOT_FOUND";
