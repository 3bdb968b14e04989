import type { AppLoadContext } from "react-router";
import { applyHotelFilters, hotelFacets, readHotelFilters, type HotelFilters } from "#core/hotels/filters.ts";
import type { BedOption, HotelFacility, HotelListing, HotelRegion, HotelSort, PriceBandId, StarFilter } from "#core/hotels/hotel.ts";
import { DEFAULT_HOTEL_SORT, readHotelSort, sortHotels } from "#core/hotels/sorting.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { addDays, daysBetween, tehranToday } from "#core/search/dates.ts";
import { routeCode } from "#core/search/results-url.ts";
import type { Room, ValidSearch } from "#core/search/search-forms.ts";
import { resultsPage } from "./results-page.server.ts";

/** One choice of a hotel filter as the panel shows it: its value in the URL, how many hotels it keeps, whether it is on. */
export interface HotelFacetChoice<Value extends string> {
  value: Value;
  count: number;
  checked: boolean;
}

/** The filter panel of the hotel results: every fixed choice of spec §2/§9, the facilities present, the name searched. */
export interface HotelFilterPanel {
  stars: HotelFacetChoice<StarFilter>[];
  priceBands: HotelFacetChoice<PriceBandId>[];
  beds: HotelFacetChoice<BedOption>[];
  facilities: HotelFacetChoice<HotelFacility>[];
  name: string;
}

export interface HotelResults {
  ok: true;
  /** After filters and sort. */
  hotels: HotelListing[];
  /** How many hotels have rooms for the stay and the party, before filters. */
  found: number;
  panel: HotelFilterPanel;
  sort: HotelSort;
  /** The sort the list has without `sort` in the URL. */
  defaultSort: HotelSort;
  nights: number;
  rooms: Room[];
  /** The tenant has a map token: the page draws the hotels on a map instead of listing their addresses. */
  mapped: boolean;
  /** When the server searched: after 15 minutes the page says the prices may be stale. */
  searchedAt: string;
}

export type HotelResultsOutcome = HotelResults | { ok: false; error: "UNAVAILABLE" };

/** A hotel of a city landing: what the list shows without a stay (no prices: they depend on the dates). */
export type LandingHotel = Omit<HotelListing, "beds" | "cheapestTotal" | "cheapestPerNight" | "breakfast">;

/** A city asked for without a stay (`/hotel/mashhad`): its hotels by rating, and the form to choose dates. */
export interface HotelLandingData {
  hotels: LandingHotel[];
  mapped: boolean;
  /** The hotels could not be read: the page still offers the form. */
  unavailable: boolean;
}

/** The city slug of the route's place, as the supplier knows its cities. */
function cityOf(places: Record<string, PlaceSuggestion>, service: "hotel" | "outHotel"): string | null {
  return places.city ? routeCode(service, places.city) : null;
}

const regionOf = (service: "hotel" | "outHotel"): HotelRegion => (service === "hotel" ? "iran" : "abroad");

/**
 * The panel: every choice of the hotel facets (each counted against what the other filters let
 * through) marked when the URL chose it. Values the URL got wrong are simply not chosen: a page
 * shows the rest, unlike the API, which refuses them.
 */
function filterPanel(found: readonly HotelListing[], filters: HotelFilters): HotelFilterPanel {
  const facets = hotelFacets(found, filters);
  const mark = <Value extends string>(choices: readonly { value: Value; count: number }[], chosen: readonly Value[]) =>
    choices.map(({ value, count }) => ({ value, count, checked: chosen.includes(value) }));
  return {
    stars: mark(facets.stars, filters.stars),
    priceBands: mark(facets.priceBands, filters.priceBands),
    beds: mark(facets.beds, filters.beds),
    facilities: mark(facets.facilities, filters.facilities),
    name: filters.name,
  };
}

/**
 * The hotels of a valid stay (issue 20 §2): the supplier asked for the city, the stay and the
 * rooms, the URL's filters and sort applied on the server so they work without JavaScript.
 */
export async function hotelResults(
  request: Request,
  context: AppLoadContext,
  service: "hotel" | "outHotel",
  search: ValidSearch,
): Promise<HotelResultsOutcome | null> {
  const city = cityOf(search.places, service);
  if (!city || !search.checkIn || !search.checkOut || !search.rooms) return null;
  const supplier = context.hotels;
  if (!supplier) {
    context.log.warn({}, "no hotel supplier is configured");
    return { ok: false, error: "UNAVAILABLE" };
  }
  let found: HotelListing[];
  try {
    found = await supplier.searchHotels({
      city,
      region: regionOf(service),
      checkIn: search.checkIn,
      checkOut: search.checkOut,
      rooms: search.rooms,
      locale: context.locale.locale,
    });
  } catch (error) {
    context.log.error({ err: error }, "hotel search failed");
    return { ok: false, error: "UNAVAILABLE" };
  }
  const params = new URL(request.url).searchParams;
  const { filters } = readHotelFilters(params);
  const sort = readHotelSort(params.get("sort"));
  return {
    ok: true,
    hotels: sortHotels(applyHotelFilters(found, filters), sort),
    found: found.length,
    panel: filterPanel(found, filters),
    sort,
    defaultSort: DEFAULT_HOTEL_SORT,
    nights: daysBetween(search.checkIn, search.checkOut),
    rooms: search.rooms,
    mapped: context.tenant.mapToken !== null,
    searchedAt: context.now().toISOString(),
  };
}

/** The hotels a city landing lists: more would make a long page; the search narrows them. */
const LANDING_HOTELS = 30;

/**
 * A city without a stay. The supplier lists hotels for a stay only, so the landing asks for one
 * night a week ahead for one adult (a quiet night on which nearly every hotel has a room) and
 * keeps what does not depend on the dates, best rated first.
 */
async function hotelLanding(
  context: AppLoadContext,
  service: "hotel" | "outHotel",
  places: Record<string, PlaceSuggestion>,
): Promise<HotelLandingData> {
  const city = cityOf(places, service);
  const mapped = context.tenant.mapToken !== null;
  if (!context.hotels || !city) return { hotels: [], mapped, unavailable: true };
  const checkIn = addDays(tehranToday(context.now()), 7);
  try {
    const listings = await context.hotels.searchHotels({
      city,
      region: regionOf(service),
      checkIn,
      checkOut: addDays(checkIn, 1),
      rooms: [{ adults: 1, children: 0 }],
      locale: context.locale.locale,
    });
    const hotels = sortHotels(listings, "rating")
      .slice(0, LANDING_HOTELS)
      .map(({ beds: _beds, cheapestTotal: _total, cheapestPerNight: _perNight, breakfast: _breakfast, ...hotel }) => hotel);
    return { hotels, mapped, unavailable: false };
  } catch (error) {
    context.log.warn({ err: error }, "hotels of a city unavailable");
    return { hotels: [], mapped, unavailable: true };
  }
}

/**
 * `/hotel/{city}?checkIn=…&checkOut=…&room=2-1` (service "hotel") and
 * `/internationalhotel/search/{cc}/{city}?…` (service "intHotel"): the city's hotels for the stay;
 * without a query, the city's landing. An invalid stay (a stay abroad over nine nights among them)
 * is the form with its messages, as on every results route.
 */
export function hotelResultsPage(
  request: Request,
  context: AppLoadContext,
  service: "hotel" | "outHotel",
  codes: { city?: string; country?: string },
) {
  return resultsPage(request, context, {
    service,
    serviceId: service === "hotel" ? "hotel" : "intHotel",
    codes,
    results: (search) => hotelResults(request, context, service, search),
    landing: (places) => hotelLanding(context, service, places),
  });
}
