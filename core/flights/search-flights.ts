import type { Locale } from "../i18n/locales.ts";
import type { PlaceSearchPort } from "../places/suggest.ts";
import type { FlightSupplier } from "./ports.ts";
import { tehranToday } from "../search/dates.ts";
import type { FlightOffer } from "./flight.ts";
import { parseFlightSearch, type FlightSearchProblem } from "./search-params.ts";

export type FlightSearchOutcome =
  { ok: true; offers: FlightOffer[]; returnOffers: FlightOffer[] | null } | { ok: false; errors: FlightSearchProblem[] };

/**
 * A domestic flight search as a client asks it: the query checked, both places known to the
 * service (an unknown code is the client's mistake, not an empty result), then the offers of the
 * outbound day and, with a return date, of the way back.
 */
export async function searchFlights(
  params: URLSearchParams,
  context: { now: Date; locale: Locale },
  deps: { flights: Pick<FlightSupplier, "search">; places: Pick<PlaceSearchPort, "byRouteCode"> },
): Promise<FlightSearchOutcome> {
  const parsed = parseFlightSearch(params, tehranToday(context.now));
  if (!parsed.ok) return parsed;
  const { returnDate, ...outbound } = parsed.query;
  const [from, to] = await Promise.all([
    deps.places.byRouteCode(outbound.from, "flight", context.locale),
    deps.places.byRouteCode(outbound.to, "flight", context.locale),
  ]);
  const unknown: FlightSearchProblem[] = [];
  if (!from) unknown.push({ param: "from", code: "UNKNOWN_PLACE" });
  if (!to) unknown.push({ param: "to", code: "UNKNOWN_PLACE" });
  if (unknown.length > 0) return { ok: false, errors: unknown };
  const query = { ...outbound, locale: context.locale };
  const offers = await deps.flights.search(query);
  const returnOffers = returnDate ? await deps.flights.search({ ...query, from: query.to, to: query.from, date: returnDate }) : null;
  return { ok: true, offers, returnOffers };
}
