import { addDays, daysBetween, isIsoDate } from "../search/dates.ts";
import type { Passengers } from "../search/search-forms.ts";
import { firstParam, readParty, readTravelDate, slugParam, type TripParamError } from "../search/trip-params.ts";
import type { TourSupplier } from "./supplier.ts";
import { TOUR_TRANSPORTS, type TourPackage, type TourScope, type TourSearchQuery } from "./tour.ts";

/**
 * A tour search (issue 21): `scope=domestic|international&from=tehran&to=kish&date=…&lastDate=…&transport=flight`
 * and the party, read and checked. Every part is optional but the scope's default: no `from` or
 * `to` lists every city, no `date` starts today, no `lastDate` looks a month ahead (at most 90 days).
 * Never throws on a query; dates and counts may be written in any digit set.
 */
export type TourSearchError =
  | "SCOPE_INVALID"
  | "FROM_INVALID"
  | "TO_INVALID"
  | "SAME_ROUTE"
  | "TRANSPORT_INVALID"
  | "LAST_DATE_BEFORE"
  | "RANGE_TOO_LONG"
  | TripParamError;

type Param = "scope" | "from" | "to" | "date" | "lastDate" | "transport" | "adults" | "children" | "infants";
export type TourSearchErrors = Partial<Record<Param, TourSearchError>>;

/** A checked search: the supplier's query with the seats it must have, and the party asked for. */
export type TourSearchParse =
  | { ok: true; query: TourSearchQuery & { date: string; lastDate: string; seats: number }; party: Passengers }
  | { ok: false; errors: TourSearchErrors };

/** A search without a last day looks this far ahead of its first. */
export const DEFAULT_TOUR_SPAN_DAYS = 30;
export const MAX_TOUR_SPAN_DAYS = 90;

const SCOPES: readonly TourScope[] = ["domestic", "international"];

export function parseTourSearch(params: URLSearchParams, today: string): TourSearchParse {
  if (!isIsoDate(today)) throw new RangeError("parseTourSearch needs today as an ISO date");
  const errors: TourSearchErrors = {};
  const fail = (param: string, code: TourSearchError) => {
    errors[param as Param] ??= code;
  };

  const scopeText = firstParam(params, "scope") ?? "domestic";
  const scope = SCOPES.find((candidate) => candidate === scopeText);
  if (!scope) fail("scope", "SCOPE_INVALID");
  const fromText = firstParam(params, "from");
  const toText = firstParam(params, "to");
  const from = slugParam(fromText);
  const to = slugParam(toText);
  if (fromText !== null && from === null) fail("from", "FROM_INVALID");
  if (toText !== null && to === null) fail("to", "TO_INVALID");
  if (from !== null && from === to) fail("to", "SAME_ROUTE");
  const transportText = firstParam(params, "transport");
  const transport = TOUR_TRANSPORTS.find((candidate) => candidate === transportText);
  if (transportText !== null && !transport) fail("transport", "TRANSPORT_INVALID");

  const date = firstParam(params, "date") === null ? today : readTravelDate(params, "date", today, fail);
  const lastDate =
    firstParam(params, "lastDate") === null
      ? date && addDays(date, DEFAULT_TOUR_SPAN_DAYS)
      : readTravelDate(params, "lastDate", today, fail);
  if (date !== null && lastDate !== null) {
    const span = daysBetween(date, lastDate);
    if (span < 0) fail("lastDate", "LAST_DATE_BEFORE");
    else if (span > MAX_TOUR_SPAN_DAYS) fail("lastDate", "RANGE_TOO_LONG");
  }
  const party = readParty(params, fail);

  if (!scope || date === null || lastDate === null || party === null || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    query: {
      scope,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      date,
      lastDate,
      ...(transport ? { transport } : {}),
      seats: party.adults + party.children,
    },
    party,
  };
}

export type TourSearchOutcome = { ok: true; tours: TourPackage[] } | { ok: false; error: "TOURS_UNAVAILABLE" };

/**
 * Departures for a checked query, soonest first, each with a seat for every adult and child,
 * texts in `query.locale` (Persian when absent). A failing supplier rejects: it is not an empty result.
 */
export async function searchTours(tours: Pick<TourSupplier, "searchTours"> | null, query: TourSearchQuery): Promise<TourSearchOutcome> {
  if (!tours) return { ok: false, error: "TOURS_UNAVAILABLE" };
  const found = await tours.searchTours({ ...query, locale: query.locale ?? "fa" });
  const seats = Math.max(1, query.seats ?? 1);
  return {
    ok: true,
    tours: found
      .filter((tour) => tour.scope === query.scope && tour.seatsLeft >= seats)
      .sort((a, b) => Date.parse(a.departAt) - Date.parse(b.departAt) || a.tourId.localeCompare(b.tourId)),
  };
}
