import { daysBetween, isIsoDate } from "../search/dates.ts";
import { firstParam, isoDateParam, readParty, readTravelDate, travelDateProblem } from "../search/trip-params.ts";
import { FLIGHT_CABINS } from "./filters.ts";
import type { FlightCabin, FlightSearchQuery } from "./flight.ts";

/**
 * The query of `GET /api/v1/flights/search`:
 * `?from=THR&to=MHD&date=YYYY-MM-DD&adults=1&children=0&infants=0[&returnDate=YYYY-MM-DD][&cabin=economy]`.
 * Every error names the parameter it is about. A repeated parameter counts by its first value;
 * a parameter given empty counts as absent.
 */
export type FlightSearchError =
  | "FROM_INVALID"
  | "TO_INVALID"
  | "SAME_ROUTE"
  | "DATE_INVALID"
  | "DATE_PAST"
  | "DATE_TOO_FAR"
  | "RETURN_INVALID"
  | "RETURN_BEFORE_DEPARTURE"
  | "COUNT_INVALID"
  | "ADULT_REQUIRED"
  | "INFANTS_EXCEED_ADULTS"
  | "TOO_MANY_PASSENGERS"
  | "CABIN_INVALID"
  /** A well-formed code that names no airport or city this service flies to. */
  | "UNKNOWN_PLACE";

export interface FlightSearchProblem {
  param: string;
  code: FlightSearchError;
}

export type ParsedFlightSearch = FlightSearchQuery & { returnDate: string | null };

export type FlightSearchResult = { ok: true; query: ParsedFlightSearch } | { ok: false; errors: FlightSearchProblem[] };

function airport(value: string | null): string | null {
  // Check the ASCII shape before upper-casing: "ß".toUpperCase() is "SS", "ı".toUpperCase() is "I".
  return value !== null && /^[A-Za-z]{3}$/.test(value) ? value.toUpperCase() : null;
}

/**
 * Reads and checks a flight search. `today` is today's date in Tehran (tehranToday); dates from
 * today to today + BOOKING_HORIZON_DAYS are sold. Never throws on any query; throws RangeError
 * only when `today` itself is not an ISO date, which is a caller's bug.
 */
export function parseFlightSearch(params: URLSearchParams, today: string): FlightSearchResult {
  if (!isIsoDate(today)) throw new RangeError("parseFlightSearch needs today as an ISO date");
  const errors: FlightSearchProblem[] = [];
  const fail = (param: string, code: FlightSearchError) => errors.push({ param, code });

  const from = airport(firstParam(params, "from"));
  const to = airport(firstParam(params, "to"));
  if (from === null) fail("from", "FROM_INVALID");
  if (to === null) fail("to", "TO_INVALID");
  if (from !== null && from === to) fail("to", "SAME_ROUTE");

  const departure = readTravelDate(params, "date", today, fail);

  const returnText = firstParam(params, "returnDate");
  const returnDate = returnText === null ? null : isoDateParam(returnText);
  const returnProblem = returnDate === null ? null : travelDateProblem(returnDate, today);
  if (returnText !== null) {
    // As the search form does: a return date is a travel date first, then compared with the departure (same day allowed).
    if (returnDate === null) fail("returnDate", "RETURN_INVALID");
    else if (returnProblem !== null) fail("returnDate", returnProblem);
    else if (departure !== null && daysBetween(departure, returnDate) < 0) fail("returnDate", "RETURN_BEFORE_DEPARTURE");
  }

  const party = readParty(params, fail);

  const cabinText = firstParam(params, "cabin");
  let cabin: FlightCabin | undefined;
  if (cabinText !== null) {
    const lower = /^[A-Za-z]{1,16}$/.test(cabinText) ? cabinText.toLowerCase() : "";
    if ((FLIGHT_CABINS as readonly string[]).includes(lower)) cabin = lower as FlightCabin;
    else fail("cabin", "CABIN_INVALID");
  }

  if (errors.length > 0 || from === null || to === null || departure === null || party === null) return { ok: false, errors };
  const query: ParsedFlightSearch = { from, to, date: departure, returnDate, ...party };
  if (cabin) query.cabin = cabin;
  return { ok: true, query };
}
