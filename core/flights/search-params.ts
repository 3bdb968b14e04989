import { latinDigits } from "../i18n/digits.ts";
import { daysBetween, isIsoDate } from "../search/dates.ts";
import { BOOKING_HORIZON_DAYS, MAX_SEATED_PASSENGERS, passengerErrors, readCount, type Passengers } from "../search/search-forms.ts";
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

/** Longest value looked at: every valid value is far shorter, and a huge one is rejected unread. */
const MAX_VALUE_LENGTH = 32;

function first(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  if (value === null) return null;
  const text = value.trim();
  return text === "" ? null : text;
}

function airport(value: string | null): string | null {
  // Check the ASCII shape before upper-casing: "ß".toUpperCase() is "SS", "ı".toUpperCase() is "I".
  return value !== null && /^[A-Za-z]{3}$/.test(value) ? value.toUpperCase() : null;
}

function isoDate(value: string | null): string | null {
  if (value === null || value.length > MAX_VALUE_LENGTH) return null;
  const text = latinDigits(value);
  return isIsoDate(text) ? text : null;
}

/** A count of 0–9 in any digit set; absent is the default; null when it is anything else. */
function count(value: string | null, fallback: number): number | null {
  if (value === null) return fallback;
  if (value.length > MAX_VALUE_LENGTH) return null;
  const number = readCount(value, fallback, 2);
  return number !== null && number <= MAX_SEATED_PASSENGERS ? number : null;
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

  const from = airport(first(params, "from"));
  const to = airport(first(params, "to"));
  if (from === null) fail("from", "FROM_INVALID");
  if (to === null) fail("to", "TO_INVALID");
  if (from !== null && from === to) fail("to", "SAME_ROUTE");

  const date = isoDate(first(params, "date"));
  let departure: string | null = null;
  if (date === null) fail("date", "DATE_INVALID");
  else if (daysBetween(today, date) < 0) fail("date", "DATE_PAST");
  else if (daysBetween(today, date) > BOOKING_HORIZON_DAYS) fail("date", "DATE_TOO_FAR");
  else departure = date;

  const returnText = first(params, "returnDate");
  const returnDate = returnText === null ? null : isoDate(returnText);
  if (returnText !== null) {
    // As the search form does: a return date is a travel date first, then compared with the departure (same day allowed).
    if (returnDate === null) fail("returnDate", "RETURN_INVALID");
    else if (daysBetween(today, returnDate) < 0) fail("returnDate", "DATE_PAST");
    else if (daysBetween(today, returnDate) > BOOKING_HORIZON_DAYS) fail("returnDate", "DATE_TOO_FAR");
    else if (departure !== null && daysBetween(departure, returnDate) < 0) fail("returnDate", "RETURN_BEFORE_DEPARTURE");
  }

  const adults = count(first(params, "adults"), 1);
  const children = count(first(params, "children"), 0);
  const infants = count(first(params, "infants"), 0);
  if (adults === null) fail("adults", "COUNT_INVALID");
  if (children === null) fail("children", "COUNT_INVALID");
  if (infants === null) fail("infants", "COUNT_INVALID");
  if (adults !== null && children !== null && infants !== null) {
    const found = passengerErrors({ adults, children, infants });
    for (const param of ["adults", "children", "infants"] as const satisfies readonly (keyof Passengers)[]) {
      const code = found[param];
      if (code === "ADULT_REQUIRED" || code === "INFANTS_EXCEED_ADULTS" || code === "TOO_MANY_PASSENGERS") fail(param, code);
    }
  }

  const cabinText = first(params, "cabin");
  let cabin: FlightCabin | undefined;
  if (cabinText !== null) {
    const lower = /^[A-Za-z]{1,16}$/.test(cabinText) ? cabinText.toLowerCase() : "";
    if ((FLIGHT_CABINS as readonly string[]).includes(lower)) cabin = lower as FlightCabin;
    else fail("cabin", "CABIN_INVALID");
  }

  if (errors.length > 0 || from === null || to === null || departure === null || adults === null || children === null || infants === null) {
    return { ok: false, errors };
  }
  const query: ParsedFlightSearch = { from, to, date: departure, returnDate, adults, children, infants };
  if (cabin) query.cabin = cabin;
  return { ok: true, query };
}
