import { LANDING_CACHE_CONTROL, resultsPageHeaders } from "#core/web/process-cache.ts";
import { watchPanelData, type WatchPanelData } from "#app/alerts/alerts.server.ts";
import { data, type AppLoadContext } from "react-router";
import { dayStrip, type StripDay } from "#core/flights/day-strip.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { addDays, daysBetween, tehranToday } from "#core/search/dates.ts";
import { routeCode, routeKeySplits } from "#core/search/results-url.ts";
import type { ValidSearch } from "#core/search/search-forms.ts";
import { RESULTS_READY, resultsNotice, type ResultsNotice } from "#core/services/capabilities.ts";
import { applyTrainFilters, readTrainFilters, trainFilterFacets, type TrainFilterFacets, type TrainFilters } from "#core/trains/filters.ts";
import { searchTrains, type TrainTripQuery } from "#core/trains/search-trains.ts";
import { readTrainSort, sortTrainOffers, type TrainSort } from "#core/trains/sorting.ts";
import type { TrainOffer } from "#core/trains/train.ts";
import { requireService } from "#app/service-guard.server.ts";
import { calendarOf, resultsFormState, submitSearch } from "./search-page.server.ts";
import type { SearchFormState } from "./search-state.ts";
import { trainLanding, type TrainLandingData } from "./train-landing.server.ts";
import { buyOrWait, type BuyOrWaitData } from "./buy-or-wait.server.ts";

export interface TrainLegResults {
  /** After filters and sort. */
  offers: TrainOffer[];
  /** How many the search found (that can carry the party) before filters. */
  found: number;
}

export interface TrainResults {
  ok: true;
  outbound: TrainLegResults;
  /** The way back, on a round trip. */
  inbound: TrainLegResults | null;
  /** What the filters can offer, over both ways. */
  facets: TrainFilterFacets;
  filters: TrainFilters;
  sort: TrainSort;
  /** The days around the chosen one with the cheapest adult bed of each. */
  strip: StripDay[];
  /** When no train runs out that day: the nearest days that have trains, nearest first. */
  otherDates: string[];
  /** Names of the stations the offers name, in the page's language. */
  stations: Record<string, string>;
  /** When the server searched: after 15 minutes the page says the fares may be stale. */
  searchedAt: string;
  /** Buy now or wait, for the outbound day; null without enough fare history. */
  fareHint: BuyOrWaitData | null;
}

export type TrainResultsOutcome =
  | TrainResults
  | { ok: false; error: "TRAIN_CAPACITY"; leg: "outbound" | "inbound" }
  | { ok: false; error: "UNAVAILABLE" | "STATIONS_UNAVAILABLE" };

/** What the train route's page gets: results for a search, a landing for a bare route, or why neither. */
export interface TrainPageData {
  form: SearchFormState;
  places: Record<string, PlaceSuggestion>;
  search: ValidSearch | null;
  ready: boolean;
  notice: ResultsNotice;
  serviceId: "train";
  /** The route's key in its canonical form ("tehran-mashhad"), for the passengers path. */
  routeId: string;
  results: TrainResultsOutcome | null;
  landing: TrainLandingData | null;
  /** The notify-me panel (issue 22 §1); absent where the agency offers no alerts. */
  watch?: WatchPanelData | null;
  /** The station list could not be read: the page says so instead of guessing the route. */
  stationsUnavailable: boolean;
}

const STRIP_RADIUS = 3;
/** How far either side of the chosen day "the nearest days with trains" are looked for. */
const NEARBY_DAYS = 7;
const SUGGESTED_DAYS = 3;

/** A route key's two stations ("tehran-bandar-abbas" tried at each hyphen); null when no split names two. Rejects when the list fails. */
async function placesOfKey(context: AppLoadContext, key: string): Promise<{ from: PlaceSuggestion; to: PlaceSuggestion } | null> {
  const locale = context.locale.locale;
  for (const [fromCode, toCode] of routeKeySplits(key)) {
    const [from, to] = await Promise.all([
      context.places.byRouteCode(fromCode, "train", locale),
      context.places.byRouteCode(toCode, "train", locale),
    ]);
    if (from && to) return { from, to };
  }
  return null;
}

/** Station names of the offers' slugs; a station the list cannot name keeps its city's name. */
async function stationNames(context: AppLoadContext, offers: TrainOffer[], fallback: Record<string, string>) {
  const slugs = new Set(offers.flatMap((offer) => [offer.from, offer.to]));
  const entries = await Promise.all(
    [...slugs].map(async (slug) => {
      const station = await context.places.byId(`station:${slug}`, context.locale.locale, "train").catch(() => null);
      return [slug, station?.name ?? fallback[slug] ?? slug] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The nearest days to `date` with a train, never before today, nearest first (the earlier of two as near). */
export function nearestDaysWithTrains(date: string, today: string, cheapest: ReadonlyMap<string, number>, count: number): string[] {
  return [...cheapest.keys()]
    .filter((day) => day !== date && daysBetween(today, day) >= 0)
    .sort((a, b) => Math.abs(daysBetween(date, a)) - Math.abs(daysBetween(date, b)) || (a < b ? -1 : 1))
    .slice(0, count);
}

/**
 * The trains of a valid search: the use case asked (both ways on a round trip, the capacity rule
 * applied), the URL's filters and sort applied on the server so they work without JavaScript, and
 * the cheapest bed of the days around for the day strip and for "try another date".
 */
export async function trainResults(
  request: Request,
  context: AppLoadContext,
  search: ValidSearch,
  places: { from: PlaceSuggestion; to: PlaceSuggestion },
): Promise<TrainResultsOutcome> {
  const supplier = context.trains;
  if (!supplier) {
    context.log.warn({}, "no train supplier is configured");
    return { ok: false, error: "UNAVAILABLE" };
  }
  const from = routeCode("train", places.from);
  const to = routeCode("train", places.to);
  if (!from || !to || !search.date || !search.passengers) return { ok: false, error: "STATIONS_UNAVAILABLE" };
  const params = new URL(request.url).searchParams;
  const filters = readTrainFilters(params);
  const sort = readTrainSort(params.get("sort"));
  const today = tehranToday(context.now());
  const query: TrainTripQuery = {
    from,
    to,
    date: search.date,
    ...search.passengers,
    ticketType: search.ticketType ?? "general",
    coupe: search.wholeCompartment ?? false,
    locale: context.locale.locale,
  };
  if (search.returnDate) query.returnDate = search.returnDate;
  const firstDate = daysBetween(today, addDays(search.date, -NEARBY_DAYS)) > 0 ? addDays(search.date, -NEARBY_DAYS) : today;
  const lastDate = addDays(search.date, NEARBY_DAYS);
  let found;
  let cheapest: Map<string, number>;
  let fareHint: BuyOrWaitData | null;
  try {
    [found, cheapest, fareHint] = await Promise.all([
      searchTrains(query, { trains: supplier, places: context.places }),
      // The strip and suggestions are a help: without them the results still stand.
      supplier.cheapestPerDay({ from, to, firstDate, lastDate }).catch((error: unknown) => {
        context.log.warn({ err: error }, "train fares per day unavailable");
        return new Map<string, number>();
      }),
      buyOrWait(context, { service: "train", from, to }, search.date),
    ]);
  } catch (error) {
    context.log.error({ err: error }, "train search failed");
    return { ok: false, error: "UNAVAILABLE" };
  }
  if (!found.ok) {
    if (found.error === "TRAIN_CAPACITY") return { ok: false, error: found.error, leg: found.leg };
    // The route's stations were just found; one unknown now means the list changed under us.
    return { ok: false, error: "STATIONS_UNAVAILABLE" };
  }
  const leg = (offers: TrainOffer[]): TrainLegResults => ({
    offers: sortTrainOffers(applyTrainFilters(offers, filters), sort),
    found: offers.length,
  });
  const everything = [...found.outbound, ...(found.inbound ?? [])];
  return {
    ok: true,
    outbound: leg(found.outbound),
    inbound: found.inbound ? leg(found.inbound) : null,
    facets: trainFilterFacets(everything),
    filters,
    sort,
    strip: dayStrip(search.date, today, cheapest, STRIP_RADIUS),
    otherDates: found.outbound.length === 0 ? nearestDaysWithTrains(search.date, today, cheapest, SUGGESTED_DAYS) : [],
    stations: await stationNames(context, everything, { [from]: places.from.name, [to]: places.to.name }),
    searchedAt: context.now().toISOString(),
    fareHint,
  };
}

/**
 * `/train/{from}-{to}` (spec §2): with a search, its trains; without one (a bare route, as search
 * engines and links ask for it), the route's landing page. A route naming no station is 404; a
 * station list that cannot be read is said so plainly (503), never an error page.
 */
export async function trainResultsPage(request: Request, context: AppLoadContext, key: string) {
  requireService(context, "train");
  const locale = context.locale.locale;
  const query = new URL(request.url).searchParams;
  const notice = resultsNotice("train");
  const ready = RESULTS_READY.train;
  let refused: SearchFormState | null;
  let places: { from: PlaceSuggestion; to: PlaceSuggestion } | null;
  try {
    refused = await submitSearch(request, context, "train");
    places = await placesOfKey(context, key);
  } catch (error) {
    // A valid submission redirects to its results by throwing the redirect: that is no failure.
    if (error instanceof Response) throw error;
    context.log.error({ err: error }, "train stations unavailable");
    const today = tehranToday(context.now());
    const form: SearchFormState = { service: "train", fields: {}, errors: {}, places: {}, calendar: calendarOf(request, locale), today };
    const page: TrainPageData = {
      form,
      places: {},
      search: null,
      ready,
      notice,
      serviceId: "train",
      routeId: key,
      results: null,
      landing: null,
      stationsUnavailable: true,
    };
    return data(page, { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "60", "X-Robots-Tag": "noindex" } });
  }
  if (!places) throw data(null, { status: 404 });
  const routeId = `${routeCode("train", places.from) ?? ""}-${routeCode("train", places.to) ?? ""}`;
  const { state, search } = refused ? { state: refused, search: null } : resultsFormState(request, context, "train", places);
  const results = ready && search ? await trainResults(request, context, search, places) : null;
  const landing = ready && !refused && query.size === 0 ? await trainLanding(request, context, places) : null;
  const page: TrainPageData = {
    form: state,
    places,
    search,
    ready,
    notice,
    serviceId: "train",
    routeId,
    results,
    landing,
    stationsUnavailable: false,
    watch: await watchPanelData(context, search),
  };
  // A route's landing is the same for everyone and meant for search engines; it shows dates in the
  // visitor's calendar (a cookie), so caches keep one copy per cookie, briefly.
  if (landing && !landing.unavailable)
    return data(page, { headers: { "Cache-Control": LANDING_CACHE_CONTROL, Vary: "Host, Accept-Encoding, Cookie" } });
  // A landing without its facts is the same page for now: shown, but never kept.
  if (landing) return data(page, { headers: { "Cache-Control": "no-store" } });
  // A search that could not run is said on the page (as the international results do) and never kept.
  const unavailable = results !== null && !results.ok && results.error !== "TRAIN_CAPACITY";
  return data(page, {
    status: refused ? 400 : 200,
    headers: refused || unavailable ? { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } : resultsPageHeaders(),
  });
}
