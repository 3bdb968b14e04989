import { parseFlightSearch, type FlightSearchProblem } from "../flights/search-params.ts";
import type { Locale } from "../i18n/locales.ts";
import type { PlaceSearchPort } from "../places/suggest.ts";
import { CABINS } from "../search/search-forms.ts";
import type { InternationalCabin, InternationalFlightOffer, InternationalFlightSearchQuery } from "./international-flight.ts";
import type { InternationalFlightSupplier } from "./supplier.ts";

export type InternationalFlightSearchOutcome =
  { ok: true; offers: InternationalFlightOffer[] } | { ok: false; error: "UNKNOWN_PLACE"; field: "from" | "to" };

/**
 * An international flight search, its query already checked: both places must be known to the
 * service (an unknown code is the client's mistake, not an empty result), then the supplier's
 * offers, each priced for the party, cheapest first. A round trip's offers cover both ways.
 */
export async function searchInternationalFlights(
  query: InternationalFlightSearchQuery,
  deps: { internationalFlights: Pick<InternationalFlightSupplier, "search">; places: Pick<PlaceSearchPort, "byRouteCode"> },
): Promise<InternationalFlightSearchOutcome> {
  const locale: Locale = query.locale ?? "fa";
  const [from, to] = await Promise.all([
    deps.places.byRouteCode(query.from, "internationalflight", locale),
    deps.places.byRouteCode(query.to, "internationalflight", locale),
  ]);
  if (!from) return { ok: false, error: "UNKNOWN_PLACE", field: "from" };
  if (!to) return { ok: false, error: "UNKNOWN_PLACE", field: "to" };
  const offers = await deps.internationalFlights.search({ ...query, locale });
  return { ok: true, offers: [...offers].sort((a, b) => a.price.total - b.price.total || a.price.adult - b.price.adult) };
}

/** Origin of a search that names none: Tehran's international airport. */
export const DEFAULT_INTERNATIONAL_ORIGIN = "IKA";

/** Problems of a party or of dates (a well-formed request the search cannot serve); the others are malformed requests. */
export const UNPROCESSABLE_SEARCH_ERRORS: ReadonlySet<FlightSearchProblem["code"]> = new Set([
  "DATE_PAST",
  "DATE_TOO_FAR",
  "RETURN_BEFORE_DEPARTURE",
  "ADULT_REQUIRED",
  "INFANTS_EXCEED_ADULTS",
  "TOO_MANY_PASSENGERS",
]);

/**
 * Reads the query of an international flight search as the domestic one is read
 * (core/flights/search-params.ts), with two differences: `from` defaults to IKA, and the cabin may
 * be any of the international cabins of the search form (premium economy and first too).
 */
export function parseInternationalFlightSearch(
  params: URLSearchParams,
  today: string,
): { ok: true; query: InternationalFlightSearchQuery } | { ok: false; errors: FlightSearchProblem[] } {
  const copy = new URLSearchParams(params);
  if (!copy.get("from")?.trim()) copy.set("from", DEFAULT_INTERNATIONAL_ORIGIN);
  const cabinText = copy.get("cabin")?.trim() ?? "";
  copy.delete("cabin");
  const parsed = parseFlightSearch(copy, today);
  const errors = parsed.ok ? [] : [...parsed.errors];
  let cabin: InternationalCabin | undefined;
  if (cabinText !== "") {
    const lower = /^[A-Za-z]{1,16}$/.test(cabinText) ? cabinText.toLowerCase() : "";
    if ((CABINS.internationalflight as readonly string[]).includes(lower)) cabin = lower as InternationalCabin;
    else errors.push({ param: "cabin", code: "CABIN_INVALID" });
  }
  if (!parsed.ok || errors.length > 0) return { ok: false, errors };
  const { returnDate, cabin: _ignored, ...rest } = parsed.query;
  const query: InternationalFlightSearchQuery = { ...rest };
  if (returnDate) query.returnDate = returnDate;
  if (cabin) query.cabin = cabin;
  return { ok: true, query };
}
