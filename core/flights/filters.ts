import { latinDigits } from "../i18n/digits.ts";
import { CABINS } from "../search/search-forms.ts";
import { tehranMinuteOfDay } from "./clock.ts";
import type { FlightCabin, FlightOffer } from "./flight.ts";

/**
 * The filter panel of the flight results (issue 5): which offers a traveller keeps, what the
 * panel can offer for the offers at hand, and the filters as query parameters so a filtered
 * list has its own URL. Every list is "no restriction" when empty.
 */
export const TIMES_OF_DAY = ["early", "morning", "afternoon", "evening"] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

export const FLIGHT_CABINS: readonly FlightCabin[] = CABINS.flight;
export const FLIGHT_KINDS = ["charter", "systemic"] as const;
export type FlightKind = (typeof FLIGHT_KINDS)[number];

export interface FlightFilters {
  /** IATA airline designators, e.g. "IR", "W5". */
  airlines: string[];
  times: TimeOfDay[];
  /** Bounds on the adult price in tomans, both inclusive. */
  priceMin: number | null;
  priceMax: number | null;
  cabins: FlightCabin[];
  kinds: FlightKind[];
}

export const EMPTY_FILTERS: Readonly<FlightFilters> = Object.freeze({
  airlines: [],
  times: [],
  priceMin: null,
  priceMax: null,
  cabins: [],
  kinds: [],
});

function bucketOf(minute: number): TimeOfDay {
  if (minute < 6 * 60) return "early";
  if (minute < 12 * 60) return "morning";
  if (minute < 18 * 60) return "afternoon";
  return "evening";
}

/**
 * The part of the day a flight leaves in, by the clock in Tehran: early 00:00–05:59, morning
 * 06:00–11:59, afternoon 12:00–17:59, evening 18:00–23:59. Throws RangeError when `departAt` is
 * not an ISO instant with a UTC offset.
 */
export function timeOfDay(departAt: string): TimeOfDay {
  const minute = tehranMinuteOfDay(departAt);
  if (minute === null) throw new RangeError(`not an ISO instant with an offset: ${departAt.slice(0, 40)}`);
  return bucketOf(minute);
}

/** timeOfDay for lists: an offer with an unreadable time has none, rather than breaking the page. */
function timeOfOffer(offer: FlightOffer): TimeOfDay | null {
  const minute = tehranMinuteOfDay(offer.departAt);
  return minute === null ? null : bucketOf(minute);
}

export function kindOf(offer: FlightOffer): FlightKind {
  return offer.charter ? "charter" : "systemic";
}

/** The offers that pass every filter, in their order. */
export function applyFilters(offers: readonly FlightOffer[], filters: FlightFilters): FlightOffer[] {
  const airlines = new Set(filters.airlines);
  const times = new Set(filters.times);
  const cabins = new Set(filters.cabins);
  const kinds = new Set(filters.kinds);
  return offers.filter((offer) => {
    if (airlines.size > 0 && !airlines.has(offer.airline.code)) return false;
    if (cabins.size > 0 && !cabins.has(offer.cabin)) return false;
    if (kinds.size > 0 && !kinds.has(kindOf(offer))) return false;
    if (filters.priceMin !== null && offer.price.adult < filters.priceMin) return false;
    if (filters.priceMax !== null && offer.price.adult > filters.priceMax) return false;
    if (times.size > 0) {
      const time = timeOfOffer(offer);
      if (time === null || !times.has(time)) return false;
    }
    return true;
  });
}

export interface FilterFacets {
  /** Airlines present, cheapest first (then by code), with their offer count and cheapest adult price. */
  airlines: { code: string; name: string; count: number; cheapest: number }[];
  /** All four parts of the day, in order, with how many offers leave in each (0 included, so the panel can disable it). */
  times: { time: TimeOfDay; count: number }[];
  /** The range of adult prices; null when there are no offers. */
  price: { min: number; max: number } | null;
  /** Cabins and kinds present, in the order of FLIGHT_CABINS and FLIGHT_KINDS. */
  cabins: FlightCabin[];
  kinds: FlightKind[];
}

/** What the filter panel can offer for a list of offers. */
export function filterFacets(offers: readonly FlightOffer[]): FilterFacets {
  const airlines = new Map<string, { code: string; name: string; count: number; cheapest: number }>();
  const times = new Map<TimeOfDay, number>(TIMES_OF_DAY.map((time) => [time, 0]));
  const cabins = new Set<FlightCabin>();
  const kinds = new Set<FlightKind>();
  let price: { min: number; max: number } | null = null;
  for (const offer of offers) {
    const adult = offer.price.adult;
    const airline = airlines.get(offer.airline.code);
    if (airline) {
      airline.count += 1;
      airline.cheapest = Math.min(airline.cheapest, adult);
    } else {
      airlines.set(offer.airline.code, { code: offer.airline.code, name: offer.airline.name, count: 1, cheapest: adult });
    }
    const time = timeOfOffer(offer);
    if (time !== null) times.set(time, (times.get(time) ?? 0) + 1);
    cabins.add(offer.cabin);
    kinds.add(kindOf(offer));
    price = price === null ? { min: adult, max: adult } : { min: Math.min(price.min, adult), max: Math.max(price.max, adult) };
  }
  return {
    airlines: [...airlines.values()].sort((a, b) => a.cheapest - b.cheapest || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
    times: TIMES_OF_DAY.map((time) => ({ time, count: times.get(time) ?? 0 })),
    price,
    cabins: FLIGHT_CABINS.filter((cabin) => cabins.has(cabin)),
    kinds: FLIGHT_KINDS.filter((kind) => kinds.has(kind)),
  };
}

/** Query parameters of the filters; each list parameter may repeat (`?airline=IR&airline=W5`). */
export const FILTER_PARAMS = ["airline", "time", "priceMin", "priceMax", "cabin", "kind"] as const;

/** Longest parameter value looked at: every valid value is far shorter. */
const MAX_VALUE_LENGTH = 32;
/** Two letters, or a letter and a digit either way round; two digits is never a designator. */
const AIRLINE_CODE = /^(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])$/;
/** Fifteen digits stay within Number.MAX_SAFE_INTEGER. */
const PRICE = /^\d{1,15}$/;

function airlineCode(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_VALUE_LENGTH) return null;
  const text = value.trim();
  // Check the ASCII shape before upper-casing: "ß".toUpperCase() is "SS".
  if (!/^[A-Za-z0-9]{2}$/.test(text)) return null;
  const code = text.toUpperCase();
  return AIRLINE_CODE.test(code) ? code : null;
}

function priceOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== "string" || value.length > MAX_VALUE_LENGTH) return null;
  // Digits of any set, with thousands separators (Latin comma, Arabic thousands separator, Arabic comma) dropped.
  const text = latinDigits(value.trim()).replace(/[,\u066C\u060C]/g, "");
  return PRICE.test(text) ? Number(text) : null;
}

function pick<T extends string>(values: readonly unknown[], allowed: readonly T[]): T[] {
  const wanted = new Set(values.filter((value): value is string => typeof value === "string").map((value) => value.trim()));
  return allowed.filter((value) => wanted.has(value));
}

/**
 * Filters in their one canonical form: valid values only, no repeats, lists in a fixed order
 * (airlines alphabetical, the rest in the order of their constants), and price bounds the right
 * way round. Two filters that mean the same are equal once normalised, and write the same URL.
 */
export function normalizeFilters(filters: FlightFilters): FlightFilters {
  const airlines = [...new Set(filters.airlines.map(airlineCode).filter((code): code is string => code !== null))].sort();
  let priceMin = filters.priceMin === null ? null : priceOf(filters.priceMin);
  let priceMax = filters.priceMax === null ? null : priceOf(filters.priceMax);
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  return {
    airlines,
    times: pick(filters.times, TIMES_OF_DAY),
    priceMin,
    priceMax,
    cabins: pick(filters.cabins, FLIGHT_CABINS),
    kinds: pick(filters.kinds, FLIGHT_KINDS),
  };
}

/** The filters of a results URL. Unknown or malformed values are ignored; it never throws. */
export function readFilters(params: URLSearchParams): FlightFilters {
  return normalizeFilters({
    airlines: params.getAll("airline"),
    times: params.getAll("time") as TimeOfDay[],
    priceMin: priceOf(params.get("priceMin")),
    priceMax: priceOf(params.get("priceMax")),
    cabins: params.getAll("cabin") as FlightCabin[],
    kinds: params.getAll("kind") as FlightKind[],
  });
}

/**
 * Writes the filters into `params` (and returns it): the filter parameters are replaced, in the
 * order of FILTER_PARAMS and of normalizeFilters, and every other parameter is kept as it was.
 */
export function writeFilters(filters: FlightFilters, params: URLSearchParams): URLSearchParams {
  const canonical = normalizeFilters(filters);
  for (const name of FILTER_PARAMS) params.delete(name);
  for (const airline of canonical.airlines) params.append("airline", airline);
  for (const time of canonical.times) params.append("time", time);
  if (canonical.priceMin !== null) params.append("priceMin", String(canonical.priceMin));
  if (canonical.priceMax !== null) params.append("priceMax", String(canonical.priceMax));
  for (const cabin of canonical.cabins) params.append("cabin", cabin);
  for (const kind of canonical.kinds) params.append("kind", kind);
  return params;
}
