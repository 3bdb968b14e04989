import { latinDigits } from "../i18n/digits.ts";
import { daysBetween, isIsoDate } from "./dates.ts";
import { BOOKING_HORIZON_DAYS, MAX_SEATED_PASSENGERS, passengerErrors, readCount, type Passengers } from "./search-forms.ts";

/**
 * The parts every trip search's query shares (trains, buses, flights): a travel date sold today
 * and a party of adults, children and infants. A repeated parameter counts by its first value; a
 * parameter given empty counts as absent; dates and counts may be written in any digit set. Each
 * reader reports a problem on the parameter it is about and never throws on a query.
 */
export type TripParamError =
  "DATE_INVALID" | "DATE_PAST" | "DATE_TOO_FAR" | "COUNT_INVALID" | "ADULT_REQUIRED" | "INFANTS_EXCEED_ADULTS" | "TOO_MANY_PASSENGERS";

export type ReportProblem<Code extends string = TripParamError> = (param: string, code: Code) => void;

/** Longest value looked at: every valid value is far shorter, and a huge one is refused unread. */
export const MAX_PARAM_LENGTH = 64;

/** A parameter's first value, trimmed; null when absent or empty. */
export function firstParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  if (value === null) return null;
  const text = value.trim();
  return text === "" ? null : text;
}

/** A place slug ("tehran", "bandar-abbas"), lower-cased; null when it has any other shape. */
export function slugParam(value: string | null): string | null {
  // Check the ASCII shape before lower-casing: "İ".toLowerCase() is two characters.
  if (value === null || value.length > MAX_PARAM_LENGTH || !/^[A-Za-z0-9-]+$/.test(value)) return null;
  const slug = value.toLowerCase();
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? slug : null;
}

/** An ISO date in any digit set; null when it is not a real date. */
export function isoDateParam(value: string | null): string | null {
  if (value === null || value.length > MAX_PARAM_LENGTH) return null;
  const text = latinDigits(value);
  return isIsoDate(text) ? text : null;
}

/** Why a real date is not sold today (`today` in Tehran): before today, or past the booking horizon; null when it is sold. */
export function travelDateProblem(date: string, today: string): "DATE_PAST" | "DATE_TOO_FAR" | null {
  const days = daysBetween(today, date);
  if (days < 0) return "DATE_PAST";
  return days > BOOKING_HORIZON_DAYS ? "DATE_TOO_FAR" : null;
}

/** Reads parameter `name` as a travel date sold today; reports DATE_INVALID (absent too), DATE_PAST or DATE_TOO_FAR. */
export function readTravelDate(params: URLSearchParams, name: string, today: string, fail: ReportProblem): string | null {
  const date = isoDateParam(firstParam(params, name));
  const problem = date === null ? "DATE_INVALID" : travelDateProblem(date, today);
  if (problem === null) return date;
  fail(name, problem);
  return null;
}

function countParam(value: string | null, fallback: number): number | null {
  if (value === null) return fallback;
  if (value.length > MAX_PARAM_LENGTH) return null;
  const number = readCount(value, fallback, 2);
  return number !== null && number <= MAX_SEATED_PASSENGERS ? number : null;
}

/**
 * Reads `adults` (default 1), `children` and `infants` (default 0) and checks them against spec
 * §5's party rules (an adult at least, at most 9 seated, no more infants than adults). Reports
 * COUNT_INVALID on a count that is not 0–9, and each rule on the parameter that breaks it.
 */
export function readParty(params: URLSearchParams, fail: ReportProblem): Passengers | null {
  const adults = countParam(firstParam(params, "adults"), 1);
  const children = countParam(firstParam(params, "children"), 0);
  const infants = countParam(firstParam(params, "infants"), 0);
  if (adults === null) fail("adults", "COUNT_INVALID");
  if (children === null) fail("children", "COUNT_INVALID");
  if (infants === null) fail("infants", "COUNT_INVALID");
  if (adults === null || children === null || infants === null) return null;
  const party = { adults, children, infants };
  const found = passengerErrors(party);
  let ok = true;
  for (const param of ["adults", "children", "infants"] as const) {
    const code = found[param];
    if (code === "ADULT_REQUIRED" || code === "INFANTS_EXCEED_ADULTS" || code === "TOO_MANY_PASSENGERS") {
      fail(param, code);
      ok = false;
    }
  }
  return ok ? party : null;
}
