import type { MessageKey } from "#core/i18n/messages.ts";
import type { TrainSearchError } from "#core/trains/search-trains.ts";

/** Codes a train search can be refused with: the query's own, and the search's outcomes. */
export type TrainSearchCode = TrainSearchError | "UNKNOWN_STATION" | "TRAIN_CAPACITY" | "STATIONS_UNAVAILABLE" | "UNAVAILABLE";

/**
 * The message of each code. Problems a flight search shares (dates, counts, a route to itself)
 * read the same in both; the rest are the train's own (spec §8: 'Train cannot carry these
 * passengers', 'Stations cannot be shown right now').
 */
export const TRAIN_SEARCH_MESSAGE: Record<TrainSearchCode, MessageKey> = {
  FROM_INVALID: "api.trains.FROM_INVALID",
  TO_INVALID: "api.trains.TO_INVALID",
  SAME_ROUTE: "api.flights.SAME_ROUTE",
  DATE_INVALID: "api.flights.DATE_INVALID",
  DATE_PAST: "api.flights.DATE_PAST",
  DATE_TOO_FAR: "api.flights.DATE_TOO_FAR",
  RETURN_INVALID: "api.flights.RETURN_INVALID",
  RETURN_BEFORE_DEPARTURE: "api.flights.RETURN_BEFORE_DEPARTURE",
  COUNT_INVALID: "api.flights.COUNT_INVALID",
  ADULT_REQUIRED: "api.flights.ADULT_REQUIRED",
  INFANTS_EXCEED_ADULTS: "api.flights.INFANTS_EXCEED_ADULTS",
  TOO_MANY_PASSENGERS: "api.flights.TOO_MANY_PASSENGERS",
  TICKET_TYPE_INVALID: "api.trains.TICKET_TYPE_INVALID",
  COUPE_INVALID: "api.trains.COUPE_INVALID",
  UNKNOWN_STATION: "api.trains.UNKNOWN_STATION",
  TRAIN_CAPACITY: "trains.error.capacity",
  STATIONS_UNAVAILABLE: "trains.error.stations",
  UNAVAILABLE: "trains.error.unavailable",
};
