import type { AppLoadContext } from "react-router";
import { dayStrip, type StripDay } from "#core/flights/day-strip.ts";
import { applyFilters, filterFacets, readFilters, type FilterFacets, type FlightFilters } from "#core/flights/filters.ts";
import type { FlightOffer } from "#core/flights/flight.ts";
import { readSort, sortOffers, type FlightSort } from "#core/flights/sorting.ts";
import { tehranToday } from "#core/search/dates.ts";
import type { ValidSearch } from "#core/search/search-forms.ts";
import { buyOrWait, type BuyOrWaitData } from "./buy-or-wait.server.ts";

export interface FlightLeg {
  /** After filters and sort. */
  offers: FlightOffer[];
  /** How many the search found before filters. */
  found: number;
  facets: FilterFacets;
}

export interface FlightResultsData {
  outbound: FlightLeg;
  inbound: FlightLeg | null;
  filters: FlightFilters;
  sort: FlightSort;
  strip: StripDay[];
  /** When the server searched: after 15 minutes the page says the results may be stale. */
  searchedAt: string;
  /** Buy now or wait, for the outbound day; null without enough fare history. */
  fareHint: BuyOrWaitData | null;
}

const STRIP_RADIUS = 3;

/**
 * The flights of a valid search: both legs from the supplier, the filters and sort of the URL
 * applied on the server (so they work without JavaScript), and the cheapest fare of the days
 * around the chosen one.
 */
export async function flightResults(request: Request, context: AppLoadContext, search: ValidSearch): Promise<FlightResultsData | null> {
  const from = search.places.from?.iata;
  const to = search.places.to?.iata;
  if (!from || !to || !search.date || !search.passengers) return null;
  const today = tehranToday(context.now());
  const params = new URL(request.url).searchParams;
  const filters = readFilters(params);
  const sort = readSort(params.get("sort"));
  // Every cabin is searched: the form's cabin arrives as the `cabin` filter, which the page can widen.
  const query = { from, to, date: search.date, ...search.passengers, locale: context.locale.locale } as const;
  // The strip decides its days (it slides near today and near the horizon); prices are fetched for exactly those.
  const days = dayStrip(search.date, today, new Map(), STRIP_RADIUS);
  const [outbound, inbound, cheapest, fareHint] = await Promise.all([
    context.flights.search(query),
    search.returnDate ? context.flights.search({ ...query, from: to, to: from, date: search.returnDate }) : Promise.resolve(null),
    context.flights.cheapestPerDay({ from, to, firstDate: days[0]!.date, lastDate: days[days.length - 1]!.date }),
    buyOrWait(context, { service: "flight", from, to }, search.date),
  ]);
  const leg = (offers: FlightOffer[]): FlightLeg => ({
    offers: sortOffers(applyFilters(offers, filters), sort),
    found: offers.length,
    facets: filterFacets(offers),
  });
  return {
    outbound: leg(outbound),
    inbound: inbound ? leg(inbound) : null,
    filters,
    sort,
    strip: dayStrip(search.date, today, cheapest, STRIP_RADIUS),
    searchedAt: context.now().toISOString(),
    fareHint,
  };
}
