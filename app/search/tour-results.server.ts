import { LANDING_CACHE_CONTROL } from "#core/web/process-cache.ts";
import { data, redirect, type AppLoadContext } from "react-router";
import { localizePath } from "#core/i18n/locales.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { addDays, tehranToday, type CalendarKind } from "#core/search/dates.ts";
import { routeCode } from "#core/search/results-url.ts";
import type { Passengers, ValidSearch } from "#core/search/search-forms.ts";
import type { TourSupplier } from "#core/tours/supplier.ts";
import { TOUR_TRANSPORTS, type BoardBasis, type TourPackage, type TourScope, type TourTransport, type TourVisa } from "#core/tours/tour.ts";
import { applyTourFilters, readTourFilters, tourFacets, type TourFacets, type TourFilters } from "#core/tours/tour-filters.ts";
import { TOUR_SEARCH_TIMEOUT_MS, tourSearchWindow } from "#core/tours/search-window.ts";
import { DEFAULT_TOUR_SORT, readTourSort, sortTours, type TourSort } from "#core/tours/tour-sorting.ts";
import { isServiceEnabled } from "#core/tenants/site-config.ts";
import { requireService } from "#app/service-guard.server.ts";
import { withDeadline } from "./international-flight-results.server.ts";
import { resultsPage } from "./results-page.server.ts";
import { calendarOf, searchFormFor, searchServiceEnabled } from "./search-page.server.ts";

/**
 * The tour pages of spec §2/§3 (issue 21): the main landing under the form of /tour, a city's
 * landing and results (/tour/{city}), packages by transport (/tour/searchCariage/{type}) and the
 * international search (/internationaltour/search/{from?}/{to}). They read the tour supplier of
 * the request context; without one, or when it fails or outlasts the tour time-out, they say
 * plainly that tours cannot be searched right now and still offer the form.
 */

export type TourFailure = "UNAVAILABLE" | "TIMEOUT";

/** A destination as landings list it: its page, name, and how many departures from what price. */
export interface TourDestination {
  city: string;
  name: string;
  departures: number;
  fromPrice: number;
}

/** Spec §3 main landing: fastInternalTour, listTourPackages, bestTours; the transports; tours abroad when sold. */
export interface TourMainLanding {
  fast: TourPackage[];
  best: TourPackage[];
  destinations: TourDestination[];
  transports: TourTransport[];
  abroad: { from: string; destinations: TourDestination[] } | null;
  /** Names of the cities the cards name. */
  names: Record<string, string>;
  failure: TourFailure | null;
}

/** A hotel the city's packages stay at, with the cheapest double-room price per person and the soonest departure offering it. */
export interface TourCityHotel {
  hotelId: string;
  name: string;
  stars: number;
  board: BoardBasis;
  address: string;
  rating: number | null;
  fromPrice: number;
  tourId: string;
}

/** Spec §3 city landing: cheapsetTours, moreTours, tourhotels. */
export interface TourCityLanding {
  cheapest: TourPackage[];
  more: TourPackage[];
  hotels: TourCityHotel[];
  names: Record<string, string>;
  failure: TourFailure | null;
}

export interface TourResults {
  ok: true;
  /** After filters and sort. */
  packages: TourPackage[];
  /** How many departures the search found before filters. */
  found: number;
  facets: TourFacets;
  filters: TourFilters;
  sort: TourSort;
  defaultSort: TourSort;
  /** The days searched around the asked one. */
  window: { date: string; lastDate: string };
  party: Passengers;
  names: Record<string, string>;
  /** When the server searched: after 15 minutes the page says the prices may be stale. */
  searchedAt: string;
}

export type TourResultsOutcome = TourResults | { ok: false; error: TourFailure };

/** A city of a trip abroad with its airports (spec §3 fromCity/toCity, fromAirports/toAirports). */
export interface TourTripEnd {
  city: string;
  name: string;
  airports: { code: string; name: string }[];
}

/** Spec §3 international tour search data: both ends and the visa (visaMsg, availableVisa), shown before choosing. */
export interface TourTripFacts {
  from: TourTripEnd | null;
  to: TourTripEnd;
  visa: TourVisa | null;
}

export interface InternationalTourLanding {
  trip: TourTripFacts;
  departures: TourPackage[];
  names: Record<string, string>;
  failure: TourFailure | null;
}

export interface InternationalTourResults {
  trip: TourTripFacts;
  list: TourResultsOutcome;
}

/** How far ahead landings look for departures; the main landing's sections need only the coming fortnight. */
const LANDING_DAYS = 45;
const MAIN_LANDING_DAYS = 14;
/** How long a landing's reading is reused: seats shown there may lag this much (the hotels page asks the supplier again). */
const LANDING_CACHE_MS = 2 * 60_000;
/** Landings kept at once: a few per language, transport and destination. */
const LANDING_CACHE_SIZE = 200;
/** Cards per landing section: more would make a long page; the search narrows them. */
const SECTION_CARDS = 6;
/** Departures a city landing lists under "more tours". */
const MORE_CARDS = 12;
/** Packages whose hotels a city landing reads (one departure each). */
const HOTEL_PACKAGES = 6;
/** Departures a destination shows on the transport page. */
const GROUP_CARDS = 3;
/** Where a trip abroad starts when the path names no origin. */
export const DEFAULT_TOUR_ORIGIN = "tehran";

type Asked<T> = { ok: true; value: T } | { ok: false; error: TourFailure };

/** One call to the tour supplier within the tour time-out; a missing supplier, a fault or the time-out are values. */
async function ask<T>(context: AppLoadContext, work: (tours: TourSupplier) => Promise<T>): Promise<Asked<T>> {
  const tours = context.tours;
  if (!tours) {
    context.log.warn({}, "no tour supplier is configured");
    return { ok: false, error: "UNAVAILABLE" };
  }
  try {
    const answered = await withDeadline(
      work(tours).then((value) => ({ value })),
      TOUR_SEARCH_TIMEOUT_MS,
      null,
    );
    if (answered) return { ok: true, value: answered.value };
    context.log.warn({}, "tour search timed out");
    return { ok: false, error: "TIMEOUT" };
  } catch (error) {
    context.log.error({ err: error }, "tour search failed");
    return { ok: false, error: "UNAVAILABLE" };
  }
}

/**
 * Landings are the same for every visitor of a day and language, and busy (spec ARCHITECTURE §8:
 * cache what they show per route and day): one reading serves them for a couple of minutes. A
 * failed reading is not kept, and the supplier is asked once however many visitors wait for it.
 */
type LandingCache = Map<string, { until: number; value: Promise<Asked<unknown>> }>;
const landingCaches = new WeakMap<TourSupplier, LandingCache>();

function cachedLanding<T>(context: AppLoadContext, key: string, read: () => Promise<Asked<T>>): Promise<Asked<T>> {
  // Kept per supplier: deployments and tests with another supplier never share readings.
  const tours = context.tours;
  if (!tours) return read();
  let cache = landingCaches.get(tours);
  if (!cache) {
    cache = new Map() as LandingCache;
    landingCaches.set(tours, cache);
  }
  const now = Date.now();
  const held = cache.get(key);
  if (held && held.until > now) return held.value as Promise<Asked<T>>;
  if (cache.size >= LANDING_CACHE_SIZE) cache.clear();
  const value = read().then((asked) => {
    if (!asked.ok) cache.delete(key);
    return asked;
  });
  cache.set(key, { until: now + LANDING_CACHE_MS, value });
  return value;
}

/** The place of a city slug in the page's language; null when no tour place has it. */
function tourPlace(context: AppLoadContext, city: string): Promise<PlaceSuggestion | null> {
  return context.places.byRouteCode(city, "tour", context.locale.locale);
}

/** Destinations with their names, dropping any the places do not know (their pages would not exist). */
async function named(
  context: AppLoadContext,
  destinations: readonly { city: string; departures: number; fromPrice: number }[],
): Promise<TourDestination[]> {
  const places = await Promise.all(destinations.map((destination) => tourPlace(context, destination.city)));
  return destinations.flatMap((destination, index) => {
    const place = places[index];
    return place
      ? [{ city: destination.city, name: place.name, departures: destination.departures, fromPrice: destination.fromPrice }]
      : [];
  });
}

/** Names of the cities the cards of a page name, in its language (a card shows the slug of one the places do not know). */
async function cityNames(context: AppLoadContext, packages: readonly TourPackage[]): Promise<Record<string, string>> {
  const cities = [...new Set(packages.flatMap((pkg) => [pkg.from, pkg.to]))];
  const places = await Promise.all(cities.map((city) => tourPlace(context, city)));
  return Object.fromEntries(cities.map((city, index) => [city, places[index]?.name ?? city]));
}

/** The first departure of each package, in the list's order. */
function onePerPackage(packages: readonly TourPackage[]): TourPackage[] {
  const seen = new Set<string>();
  return packages.filter((pkg) => !seen.has(pkg.packageId) && seen.add(pkg.packageId));
}

/**
 * "Best tours": one per destination, the package with the best hotels (highest stars, then the
 * cheapest of those), destinations with the best of them first.
 */
function bestTours(packages: readonly TourPackage[]): TourPackage[] {
  const best = new Map<string, TourPackage>();
  for (const pkg of packages) {
    const held = best.get(pkg.to);
    if (!held || pkg.stars.max > held.stars.max || (pkg.stars.max === held.stars.max && pkg.fromPrice < held.fromPrice))
      best.set(pkg.to, pkg);
  }
  return sortTours([...best.values()], "price")
    .sort((a, b) => b.stars.max - a.stars.max)
    .slice(0, SECTION_CARDS);
}

const byDepartures = (a: { departures: number; fromPrice: number }, b: { departures: number; fromPrice: number }) =>
  b.departures - a.departures || a.fromPrice - b.fromPrice;

/** The main landing's sections (spec §3), all from one search of the coming weeks and the supplier's lists. */
export async function tourMainLanding(context: AppLoadContext): Promise<TourMainLanding> {
  const today = tehranToday(context.now());
  const locale = context.locale.locale;
  const abroadSold = isServiceEnabled(context.tenant, "intTour");
  const asked = await cachedLanding(context, `main:${locale}:${today}:${abroadSold}`, () =>
    ask(context, (tours) =>
      Promise.all([
        tours.searchTours({ scope: "domestic", date: today, lastDate: addDays(today, MAIN_LANDING_DAYS), seats: 1, locale }),
        tours.destinations("domestic"),
        tours.transports("domestic"),
        abroadSold ? tours.destinations("international") : Promise.resolve([]),
        abroadSold ? tours.origins("international") : Promise.resolve([]),
      ]),
    ),
  );
  if (!asked.ok) return { fast: [], best: [], destinations: [], transports: [], abroad: null, names: {}, failure: asked.error };
  const [upcoming, domestic, transports, international, origins] = asked.value;
  const from = origins.includes(DEFAULT_TOUR_ORIGIN) ? DEFAULT_TOUR_ORIGIN : (origins[0] ?? DEFAULT_TOUR_ORIGIN);
  const abroad =
    abroadSold && international.length > 0 ? { from, destinations: await named(context, [...international].sort(byDepartures)) } : null;
  const fast = onePerPackage(upcoming).slice(0, SECTION_CARDS);
  const best = bestTours(upcoming);
  return {
    fast,
    best,
    destinations: await named(context, [...domestic].sort(byDepartures)),
    transports: TOUR_TRANSPORTS.filter((transport) => transports.includes(transport)),
    abroad,
    names: await cityNames(context, [...fast, ...best]),
    failure: null,
  };
}

/** /tour: the search form, then the main landing. */
export async function tourLandingPage(request: Request, context: AppLoadContext) {
  if (!searchServiceEnabled(context, "tour")) throw data(null, { status: 404 });
  // The form first: a valid submission redirects, and the landing is not read for nothing.
  const { form, status, headers } = await searchFormFor(request, context, "tour");
  const landing = status === 200 ? await tourMainLanding(context) : null;
  return data({ form, landing }, { status, headers });
}

/** The hotels a city's packages stay at, read from the soonest departure of each package. */
async function cityHotels(context: AppLoadContext, packages: readonly TourPackage[]): Promise<TourCityHotel[]> {
  const sampled = onePerPackage(packages).slice(0, HOTEL_PACKAGES);
  const key = `hotels:${context.locale.locale}:${sampled.map((pkg) => pkg.tourId).join(",")}`;
  const asked = await cachedLanding(context, key, () =>
    ask(context, (tours) => Promise.all(sampled.map((pkg) => tours.tour(pkg.tourId, context.locale.locale)))),
  );
  if (!asked.ok) return [];
  const hotels = new Map<string, TourCityHotel>();
  for (const details of asked.value) {
    if (!details) continue;
    for (const option of details.hotelOptions) {
      const held = hotels.get(option.hotelId);
      if (held && held.fromPrice <= option.prices.double) continue;
      const { hotelId, name, stars, board, address, rating } = option;
      hotels.set(hotelId, { hotelId, name, stars, board, address, rating, fromPrice: option.prices.double, tourId: details.tourId });
    }
  }
  return [...hotels.values()].sort((a, b) => b.stars - a.stars || a.fromPrice - b.fromPrice);
}

/** A city without a search (spec §3): its cheapest tours, more departures, and the hotels its packages stay at. */
async function tourCityLanding(context: AppLoadContext, places: Record<string, PlaceSuggestion>): Promise<TourCityLanding | null> {
  const city = places.to ? routeCode("tour", places.to) : null;
  if (!city) return null;
  const today = tehranToday(context.now());
  const asked = await cachedLanding(context, `city:${city}:${context.locale.locale}:${today}`, () =>
    ask(context, (tours) =>
      tours.searchTours({
        scope: "domestic",
        to: city,
        date: today,
        lastDate: addDays(today, LANDING_DAYS),
        seats: 1,
        locale: context.locale.locale,
      }),
    ),
  );
  if (!asked.ok) return { cheapest: [], more: [], hotels: [], names: {}, failure: asked.error };
  const cheapest = sortTours(onePerPackage(sortTours(asked.value, "price")), "price").slice(0, SECTION_CARDS);
  const shown = new Set(cheapest.map((pkg) => pkg.tourId));
  const more = asked.value.filter((pkg) => !shown.has(pkg.tourId)).slice(0, MORE_CARDS);
  return {
    cheapest,
    more,
    hotels: await cityHotels(context, asked.value),
    names: await cityNames(context, [...cheapest, ...more]),
    failure: null,
  };
}

/**
 * The departures of a valid search: from `from` to `to`, leaving around the asked day, with seats
 * for the party; the URL's filters and sort applied on the server so they work without JavaScript.
 * `found` is the search's answer before filters (a trip's facts read its first departure).
 */
async function tourResults(
  request: Request,
  context: AppLoadContext,
  scope: TourScope,
  search: ValidSearch,
): Promise<{ outcome: TourResultsOutcome; found: TourPackage[] } | null> {
  const from = search.places.from ? routeCode("tour", search.places.from) : null;
  const to = search.places.to ? routeCode("tour", search.places.to) : null;
  if (!from || !to || !search.date || !search.passengers) return null;
  const window = tourSearchWindow(search.date, tehranToday(context.now()));
  const party = search.passengers;
  const asked = await ask(context, (tours) =>
    tours.searchTours({ scope, from, to, ...window, seats: party.adults + party.children, locale: context.locale.locale }),
  );
  if (!asked.ok) return { outcome: { ok: false, error: asked.error }, found: [] };
  const params = new URL(request.url).searchParams;
  const filters = readTourFilters(params);
  const sort = readTourSort(params.get("sort"));
  const outcome: TourResults = {
    ok: true,
    packages: sortTours(applyTourFilters(asked.value, filters), sort),
    found: asked.value.length,
    facets: tourFacets(asked.value, filters),
    filters,
    sort,
    defaultSort: DEFAULT_TOUR_SORT,
    window,
    party,
    names: await cityNames(context, asked.value),
    searchedAt: context.now().toISOString(),
  };
  return { outcome, found: asked.value };
}

/**
 * `/tour/{city}?from=…&date=…&returnDate=…&adults=…`: the departures of the search; without a
 * query, the city's landing. A city abroad is the international search's page.
 */
export async function tourCityPage(request: Request, context: AppLoadContext, city: string | undefined) {
  requireService(context, "tour");
  const place = city ? await tourPlace(context, city) : null;
  if (place && city && place.countryCode !== "IR") {
    const query = new URL(request.url).searchParams;
    const from = query.get("from");
    query.delete("from");
    const path = from ? `/internationaltour/search/${encodeURIComponent(from)}/${city}` : `/internationaltour/search/${city}`;
    throw redirect(localizePath(context.locale.locale, query.size > 0 ? `${path}?${query.toString()}` : path), 301);
  }
  return resultsPage(request, context, {
    service: "tour",
    serviceId: "tour",
    codes: { city },
    results: async (search) => (await tourResults(request, context, "domestic", search))?.outcome ?? null,
    landing: (places) => tourCityLanding(context, places),
  });
}

/** A destination of the transport page: its name, count and cheapest price, and its soonest departures. */
export interface TourCarriageGroup extends TourDestination {
  packages: TourPackage[];
}

/** `/tour/searchCariage/{flight|train|bus}`: domestic packages by that transport, grouped by destination; any other kind is not found. */
export async function tourCarriagePage(request: Request, context: AppLoadContext, kind: string | undefined) {
  requireService(context, "tour");
  const transport = TOUR_TRANSPORTS.find((candidate) => candidate === kind);
  if (!transport) throw data(null, { status: 404 });
  const today = tehranToday(context.now());
  const calendar: CalendarKind = calendarOf(request, context.locale.locale);
  const asked = await cachedLanding(context, `carriage:${transport}:${context.locale.locale}:${today}`, () =>
    ask(context, (tours) =>
      tours.searchTours({
        scope: "domestic",
        transport,
        date: today,
        lastDate: addDays(today, LANDING_DAYS),
        seats: 1,
        locale: context.locale.locale,
      }),
    ),
  );
  const groups: TourCarriageGroup[] = [];
  if (asked.ok) {
    const byCity = new Map<string, TourPackage[]>();
    for (const pkg of asked.value) byCity.set(pkg.to, [...(byCity.get(pkg.to) ?? []), pkg]);
    const destinations = await named(
      context,
      [...byCity].map(([city, packages]) => ({
        city,
        departures: packages.length,
        fromPrice: Math.min(...packages.map((pkg) => pkg.fromPrice)),
      })),
    );
    for (const destination of destinations.sort(byDepartures))
      groups.push({ ...destination, packages: onePerPackage(byCity.get(destination.city)!).slice(0, GROUP_CARDS) });
  }
  return data(
    {
      transport,
      groups,
      names: await cityNames(context, asked.ok ? asked.value : []),
      calendar,
      others: TOUR_TRANSPORTS.filter((other) => other !== transport),
      failure: asked.ok ? null : asked.error,
    },
    // The same for everyone on the host and day; dates follow the visitor's calendar cookie.
    {
      headers: asked.ok
        ? { "Cache-Control": LANDING_CACHE_CONTROL, Vary: "Host, Accept-Encoding, Cookie" }
        : { "Cache-Control": "no-store" },
    },
  );
}

/** Airports as the page names them: each code with its name in the page's language (the code when none is known). */
async function airportsNamed(context: AppLoadContext, codes: readonly string[]): Promise<TourTripEnd["airports"]> {
  return Promise.all(
    [...new Set(codes)].map(async (code) => ({
      code,
      name: (await context.places.byId(`airport:${code}`, context.locale.locale))?.name ?? code,
    })),
  );
}

/**
 * Spec §3's search data of a trip abroad: both cities with their airports (from a departure's
 * details when there is one, else the cities' main airports) and the destination's visa.
 */
async function tripFacts(
  context: AppLoadContext,
  ends: { from: PlaceSuggestion | null; to: PlaceSuggestion },
  departures: readonly TourPackage[],
): Promise<TourTripFacts> {
  const first = departures[0];
  const asked = first ? await ask(context, (tours) => tours.tour(first.tourId, context.locale.locale)) : null;
  const details = asked?.ok ? asked.value : null;
  const end = async (place: PlaceSuggestion, airports: readonly string[] | undefined): Promise<TourTripEnd> => ({
    city: routeCode("tour", place) ?? place.id,
    name: place.name,
    airports: await airportsNamed(context, airports && airports.length > 0 ? airports : place.iata ? [place.iata] : []),
  });
  return {
    from: ends.from ? await end(ends.from, details?.fromAirports) : null,
    to: await end(ends.to, details?.toAirports),
    visa: first?.visa ?? null,
  };
}

/** The origin of a trip abroad: the path's, else Tehran. */
async function originOf(context: AppLoadContext, places: Record<string, PlaceSuggestion>): Promise<PlaceSuggestion | null> {
  return places.from ?? (await tourPlace(context, DEFAULT_TOUR_ORIGIN));
}

/** A trip abroad without a search: its facts and the coming departures. */
async function internationalLanding(
  context: AppLoadContext,
  places: Record<string, PlaceSuggestion>,
): Promise<InternationalTourLanding | null> {
  const to = places.to ? routeCode("tour", places.to) : null;
  if (!to || !places.to) return null;
  const origin = await originOf(context, places);
  const from = origin ? routeCode("tour", origin) : null;
  const today = tehranToday(context.now());
  const asked = await cachedLanding(context, `abroad:${from}:${to}:${context.locale.locale}:${today}`, () =>
    ask(context, (tours) =>
      tours.searchTours({
        scope: "international",
        ...(from ? { from } : {}),
        to,
        date: today,
        lastDate: addDays(today, LANDING_DAYS),
        seats: 1,
        locale: context.locale.locale,
      }),
    ),
  );
  const departures = asked.ok ? asked.value.slice(0, MORE_CARDS) : [];
  return {
    trip: await tripFacts(context, { from: origin, to: places.to }, departures),
    departures,
    names: await cityNames(context, departures),
    failure: asked.ok ? null : asked.error,
  };
}

/** `/internationaltour/search/{from?}/{to}?date=…`: the trip's facts and visa, then its departures (or, without a query, the coming ones). */
export function internationalTourPage(request: Request, context: AppLoadContext, codes: { from?: string; to?: string }) {
  return resultsPage(request, context, {
    service: "tour",
    serviceId: "intTour",
    codes,
    results: async (search): Promise<InternationalTourResults | null> => {
      const searched = await tourResults(request, context, "international", search);
      if (!searched || !search.places.to) return null;
      const trip = await tripFacts(context, { from: search.places.from ?? null, to: search.places.to }, searched.found);
      return { trip, list: searched.outcome };
    },
    landing: (places) => internationalLanding(context, places),
  });
}
