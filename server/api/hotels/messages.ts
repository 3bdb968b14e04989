import type { HotelFilterErrors } from "#core/hotels/filters.ts";
import type { HotelRegion } from "#core/hotels/hotel.ts";
import type { HotelSearchError } from "#core/hotels/search-hotels.ts";
import type { PlaceSearchPort } from "#core/places/suggest.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Locale } from "#core/i18n/locales.ts";

/** Codes a hotel search can be refused with: the query's own, a filter value, and no inventory to search. */
export type HotelSearchCode = HotelSearchError | "FILTER_INVALID" | "UNAVAILABLE";

/** The message of each code; dates read as the flight search's, rooms and stays are the hotel's own. */
export const HOTEL_SEARCH_MESSAGE: Record<HotelSearchCode, MessageKey> = {
  CITY_INVALID: "api.hotels.CITY_INVALID",
  DATE_INVALID: "api.flights.DATE_INVALID",
  DATE_PAST: "api.flights.DATE_PAST",
  DATE_TOO_FAR: "api.flights.DATE_TOO_FAR",
  CHECKOUT_NOT_AFTER_CHECKIN: "api.hotels.CHECK_OUT_BEFORE",
  STAY_TOO_LONG: "api.hotels.STAY_TOO_LONG",
  STAY_TOO_LONG_ABROAD: "api.hotels.STAY_TOO_LONG_ABROAD",
  ROOMS_INVALID: "api.hotels.ROOMS_INVALID",
  ROOM_ADULT_REQUIRED: "api.hotels.ROOMS_INVALID",
  ROOM_TOO_MANY_GUESTS: "api.hotels.ROOMS_INVALID",
  FILTER_INVALID: "api.hotels.FILTER_INVALID",
  UNAVAILABLE: "api.hotels.UNAVAILABLE",
};

export const HOTEL_QUERY_CODES = Object.keys(HOTEL_SEARCH_MESSAGE).filter((code) => code !== "UNAVAILABLE") as HotelSearchCode[];

/** A hotel the supplier does not know in that city. */
export const HOTEL_NOT_FOUND_MESSAGE: MessageKey = "api.hotels.HOTEL_NOT_FOUND";

/**
 * Where a city's hotels are: abroad when the places list it for foreign hotels, else at home (an
 * unknown slug searches Iran and finds nothing), so one API parameter serves both services.
 */
export async function regionOfCity(places: PlaceSearchPort, city: string | null, locale: Locale): Promise<HotelRegion> {
  if (city === null || city.length > 64) return "iran";
  const foreign = await places.byRouteCode(city.toLowerCase(), "outHotel", locale);
  return foreign ? "abroad" : "iran";
}

/** Each refused parameter as [name, code], the search's first (in parameter order), then the filters'. */
export function refusedParams(
  errors: Partial<Record<string, HotelSearchError>>,
  filterErrors: HotelFilterErrors,
): [string, HotelSearchCode][] {
  const refused: [string, HotelSearchCode][] = [];
  for (const [param, code] of Object.entries(errors)) if (code) refused.push([param, code]);
  for (const [param, code] of Object.entries(filterErrors)) if (code) refused.push([param, code]);
  return refused;
}
