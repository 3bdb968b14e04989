import type { BusSearchError } from "#core/buses/search-buses.ts";
import type { MessageKey } from "#core/i18n/messages.ts";

/** Codes a bus search can be refused with: the query's own, and no inventory to search. */
export type BusSearchCode = BusSearchError | "UNAVAILABLE";

/**
 * The message of each code. Problems every trip search shares (dates, counts, a route to itself)
 * read as the flight search's; the places are the bus's own (city slugs).
 */
export const BUS_SEARCH_MESSAGE: Record<BusSearchCode, MessageKey> = {
  FROM_INVALID: "api.buses.FROM_INVALID",
  TO_INVALID: "api.buses.TO_INVALID",
  SAME_ROUTE: "api.flights.SAME_ROUTE",
  DATE_INVALID: "api.flights.DATE_INVALID",
  DATE_PAST: "api.flights.DATE_PAST",
  DATE_TOO_FAR: "api.flights.DATE_TOO_FAR",
  COUNT_INVALID: "api.flights.COUNT_INVALID",
  ADULT_REQUIRED: "api.flights.ADULT_REQUIRED",
  INFANTS_EXCEED_ADULTS: "api.flights.INFANTS_EXCEED_ADULTS",
  TOO_MANY_PASSENGERS: "api.flights.TOO_MANY_PASSENGERS",
  UNAVAILABLE: "api.buses.UNAVAILABLE",
};

/** A seat map asked for a departure the supplier does not know (gone, or never one). */
export const BUS_OFFER_NOT_FOUND_MESSAGE: MessageKey = "api.buses.OFFER_NOT_FOUND";
