import { watchPanelData, type WatchPanelData } from "#app/alerts/alerts.server.ts";
import { data, type AppLoadContext } from "react-router";
import {
  applyInternationalFilters,
  internationalFilterFacets,
  readInternationalFilters,
  type InternationalFilterFacets,
  type InternationalFlightFilters,
} from "#core/international-flights/filters.ts";
import type { InternationalFlightOffer } from "#core/international-flights/international-flight.ts";
import { readInternationalSort, sortInternationalOffers, type InternationalFlightSort } from "#core/international-flights/sorting.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { addDays, daysBetween, tehranToday } from "#core/search/dates.ts";
import type { ValidSearch } from "#core/search/search-forms.ts";
import { RESULTS_READY, resultsNotice } from "#core/services/capabilities.ts";
import { WAIT_PARAM } from "#app/components/international-flights/params.ts";
import { requireService } from "#app/service-guard.server.ts";
import { initialFormState, resultsFormState, submitSearch } from "./search-page.server.ts";
import type { SearchFormState } from "./search-state.ts";
import { buyOrWait, type BuyOrWaitData } from "./buy-or-wait.server.ts";

/** Spec §2: `/internationalflight/search/{from?}/{to}`; without an origin the trip starts at Imam Khomeini. */
export const DEFAULT_ORIGIN = "IKA";
/** Spec §9: an international flight search may take up to 120 s; after that the page says so instead of waiting on. */
export const INTERNATIONAL_SEARCH_TIMEOUT_MS = 120_000;

export type InternationalSearchFailure = "UNKNOWN_PLACE" | "TIMEOUT" | "UNAVAILABLE";

export interface InternationalResults {
  ok: true;
  /** After filters and sort. */
  offers: InternationalFlightOffer[];
  /** How many the search found before filters. */
  found: number;
  facets: InternationalFilterFacets;
  filters: InternationalFlightFilters;
  sort: InternationalFlightSort;
  /** Names of the airports the offers touch (connections included), in the page's language; a code without a name is shown as the code. */
  airports: Record<string, string>;
  /** Dates to try instead when nothing was found (never before today). */
  otherDates: string[];
  /** When the server searched: after 15 minutes the page says the fares may be stale. */
  searchedAt: string;
  /** Buy now or wait, for the outbound day; null without enough fare history. */
  fareHint: BuyOrWaitData | null;
}

export type InternationalResultsOutcome = InternationalResults | { ok: false; error: InternationalSearchFailure };

/** What the results page gets: the header data at once, the offers as a promise the page streams in. */
export interface InternationalResultsPageData {
  form: SearchFormState;
  places: Record<string, PlaceSuggestion>;
  search: ValidSearch | null;
  ready: boolean;
  notice: ReturnType<typeof resultsNotice>;
  serviceId: "internationalflight";
  /** Codes of the route that name no airport or city we fly to; the page then explains instead of searching. */
  unknownCodes: string[];
  /** The notify-me panel (issue 22 §1); absent where the agency offers no alerts. */
  watch?: WatchPanelData | null;
  /** A promise the page streams; already settled when the visitor asked to wait (no JavaScript: `wait=1`). */
  results: Promise<InternationalResultsOutcome> | InternationalResultsOutcome | null;
}

/** Resolves when the search does, or with TIMEOUT after `ms`; the timer never keeps the process alive. */
export function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout), ms);
    timer.unref?.();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Names of every airport in the offers, looked up once each. */
async function airportNames(context: AppLoadContext, offers: InternationalFlightOffer[]): Promise<Record<string, string>> {
  const codes = new Set<string>();
  for (const offer of offers) for (const leg of offer.legs) for (const segment of leg.segments) codes.add(segment.from).add(segment.to);
  const entries = await Promise.all(
    [...codes].map(async (code) => {
      const place = await context.places.byRouteCode(code, "internationalflight", context.locale.locale);
      return [code, place?.name ?? code] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The offers of a valid search: the supplier asked once for the whole trip, then the URL's filters
 * and sort applied on the server (so they work without JavaScript). Failures are values the page
 * explains; only a programming fault would reject, and even a supplier's fault is logged and told
 * to the traveller as "try later" rather than breaking the stream.
 */
export async function searchInternationalResults(
  request: Request,
  context: AppLoadContext,
  search: ValidSearch,
): Promise<InternationalResultsOutcome> {
  const from = search.places.from?.iata;
  const to = search.places.to?.iata;
  if (!from || !to || !search.date || !search.passengers) return { ok: false, error: "UNKNOWN_PLACE" };
  const params = new URL(request.url).searchParams;
  const filters = readInternationalFilters(params);
  const sort = readInternationalSort(params.get("sort"));
  const query = {
    from,
    to,
    date: search.date,
    ...(search.returnDate ? { returnDate: search.returnDate } : {}),
    ...search.passengers,
    ...(search.cabin ? { cabin: search.cabin } : {}),
    locale: context.locale.locale,
  };
  const supplier = context.internationalFlights;
  if (!supplier) {
    context.log.warn({}, "no international flight supplier is configured");
    return { ok: false, error: "UNAVAILABLE" };
  }
  try {
    const [answered, fareHint] = await Promise.all([
      withDeadline<{ offers: InternationalFlightOffer[] } | null>(
        supplier.search(query).then((offers) => ({ offers })),
        INTERNATIONAL_SEARCH_TIMEOUT_MS,
        null,
      ),
      buyOrWait(context, { service: "internationalflight", from, to }, search.date),
    ]);
    if (!answered) return { ok: false, error: "TIMEOUT" };
    const { offers } = answered;
    const today = tehranToday(context.now());
    const otherDates =
      offers.length === 0
        ? [-1, 1, 2]
            .map((days) => addDays(search.date!, days))
            .filter((date) => daysBetween(today, date) >= 0 && (!search.returnDate || daysBetween(date, search.returnDate) >= 0))
        : [];
    return {
      ok: true,
      offers: sortInternationalOffers(applyInternationalFilters(offers, filters), sort),
      found: offers.length,
      facets: internationalFilterFacets(offers),
      filters,
      sort,
      airports: await airportNames(context, offers),
      otherDates,
      searchedAt: context.now().toISOString(),
      fareHint,
    };
  } catch (error) {
    context.log.error({ err: error }, "international flight search failed");
    return { ok: false, error: "UNAVAILABLE" };
  }
}

/**
 * The results route (spec §2). The page's frame, heading and search summary are answered at
 * once; the offers follow as a promise React Router streams into the same response, so a slow
 * supplier shows a progress state rather than a blank tab. Route codes that name no place are
 * explained on the page (404) with the form to pick again, never a bare error.
 */
export async function internationalFlightResultsPage(request: Request, context: AppLoadContext, params: { from?: string; to?: string }) {
  requireService(context, "internationalflight");
  const refused = await submitSearch(request, context, "internationalflight");
  const locale = context.locale.locale;
  const fromCode = (params.from ?? DEFAULT_ORIGIN).toUpperCase();
  const toCode = (params.to ?? "").toUpperCase();
  const [from, to] = await Promise.all([
    context.places.byRouteCode(fromCode, "internationalflight", locale),
    context.places.byRouteCode(toCode, "internationalflight", locale),
  ]);
  const notice = resultsNotice("internationalflight");
  const ready = RESULTS_READY.internationalflight;
  if (!from || !to) {
    const unknownCodes = [!from ? fromCode : null, !to ? toCode : null].filter((code): code is string => code !== null);
    const page: InternationalResultsPageData = {
      form: refused ?? (await initialFormState(request, context, "internationalflight")),
      places: {},
      search: null,
      ready,
      notice,
      serviceId: "internationalflight",
      unknownCodes,
      results: null,
    };
    return data(page, { status: 404, headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });
  }
  const places = { from, to };
  const { state, search } = refused ? { state: refused, search: null } : resultsFormState(request, context, "internationalflight", places);
  const page: InternationalResultsPageData = {
    form: state,
    places,
    search,
    ready,
    notice,
    serviceId: "internationalflight",
    unknownCodes: [],
    results: null,
    watch: await watchPanelData(context, search),
  };
  if (ready && search) {
    const results = searchInternationalResults(request, context, search);
    // Not awaited, unless asked: the page streams it (progress first, offers when the supplier answers).
    page.results = new URL(request.url).searchParams.get(WAIT_PARAM) === "1" ? await results : results;
  }
  return data(page, {
    status: refused ? 400 : 200,
    headers: { "Cache-Control": refused ? "no-store" : "private, no-cache", "X-Robots-Tag": "noindex" },
  });
}
