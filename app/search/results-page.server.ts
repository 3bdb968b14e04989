import { data, type AppLoadContext } from "react-router";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { routeKeySplits } from "#core/search/results-url.ts";
import type { SearchService, ValidSearch } from "#core/search/search-forms.ts";
import { RESULTS_READY, resultsNotice } from "#core/services/capabilities.ts";
import type { ServiceId } from "#core/services/service-ids.ts";
import { requireService } from "#app/service-guard.server.ts";
import { resultsFormState, submitSearch } from "./search-page.server.ts";
import { watchPanelData } from "#app/alerts/alerts.server.ts";
import { LANDING_CACHE_CONTROL, resultsPageHeaders } from "#core/web/process-cache.ts";

type RouteCodes = { key?: string; from?: string; to?: string; city?: string; country?: string };

async function byCode(context: AppLoadContext, service: SearchService, code: string | undefined) {
  return code ? context.places.byRouteCode(code, service, context.locale.locale) : null;
}

/** The places a results route names; null when any of them is unknown (the page is then not found). */
async function placesOfRoute(
  context: AppLoadContext,
  service: SearchService,
  codes: RouteCodes,
  query: URLSearchParams,
): Promise<Record<string, PlaceSuggestion> | null> {
  if (codes.key !== undefined) {
    for (const [fromCode, toCode] of routeKeySplits(codes.key)) {
      const [from, to] = await Promise.all([byCode(context, service, fromCode), byCode(context, service, toCode)]);
      if (from && to) return { from, to };
    }
    return null;
  }
  if (codes.country !== undefined && codes.city === undefined) {
    const country = await byCode(context, service, codes.country);
    return country ? { country } : null;
  }
  if (codes.city !== undefined) {
    const city = await byCode(context, service, codes.city);
    if (!city || (codes.country && city.countryCode !== codes.country)) return null;
    if (service === "tour") {
      // A domestic tour's origin travels in the query; an unknown one is simply left for the form to ask.
      const from = await byCode(context, service, query.get("from") ?? undefined);
      return from ? { from, to: city } : { to: city };
    }
    return { city };
  }
  const [from, to] = await Promise.all([byCode(context, service, codes.from), byCode(context, service, codes.to)]);
  if (!to || (codes.from && !from)) return null;
  return from ? { from, to } : { to };
}

/**
 * A service's results route (spec §2). Until the service's results are built (RESULTS_READY), it
 * shows the search as understood, says plainly that online booking opens soon and offers the form
 * to change the search; it never pretends to have searched. Its notice follows the service's
 * capability flags (resultsNotice): a service bookable online promises nothing for later.
 */
export async function resultsPage<Results = never, Landing = never>(
  request: Request,
  context: AppLoadContext,
  input: {
    service: SearchService;
    serviceId: ServiceId;
    codes: RouteCodes;
    results?: (search: ValidSearch) => Promise<Results | null>;
    /** A route asked for without a search (`/flight/THR-MHD`): its landing page. */
    landing?: (places: Record<string, PlaceSuggestion>) => Promise<Landing | null>;
  },
) {
  requireService(context, input.serviceId);
  const refused = await submitSearch(request, context, input.service);
  const query = new URL(request.url).searchParams;
  const places = await placesOfRoute(context, input.service, input.codes, query);
  if (!places) throw data(null, { status: 404 });
  const { state, search } = refused ? { state: refused, search: null } : resultsFormState(request, context, input.service, places);
  const ready = RESULTS_READY[input.service];
  // A service whose results are built searches its supplier; the others never pretend to.
  const results = ready && search && input.results ? await input.results(search) : null;
  const landing = ready && !refused && query.size === 0 && input.landing ? await input.landing(places) : null;
  const watch = await watchPanelData(context, search);
  const body = {
    form: state,
    places,
    search,
    ready,
    notice: resultsNotice(input.service),
    serviceId: input.serviceId,
    results,
    landing,
    watch,
  };
  // A route's landing page is the same for everyone and meant for search engines; searches are neither.
  // It shows dates in the visitor's calendar (a cookie), so caches keep one copy per cookie.
  if (landing) return data(body, { headers: { "Cache-Control": LANDING_CACHE_CONTROL, Vary: "Host, Accept-Encoding, Cookie" } });
  // Results carry the browser's CSRF token (the notify-me form), so no CDN may share them; this
  // process may, for a few seconds, with each browser's own token (server/page-cache.ts).
  return data(body, {
    status: refused ? 400 : 200,
    headers: refused ? { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } : resultsPageHeaders(),
  });
}
