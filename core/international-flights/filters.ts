import { instantMillis } from "../flights/clock.ts";
import { FLIGHT_CABINS, TIMES_OF_DAY, type TimeOfDay } from "../flights/filters.ts";
import type { FlightCabin } from "../flights/flight.ts";
import { latinDigits } from "../i18n/digits.ts";
import type { InternationalFlightOffer } from "./international-flight.ts";

/**
 * The filter panel of the international flight results (issue 17): which offers a traveller keeps,
 * what the panel can offer for the offers at hand, and the filters as query parameters so a
 * filtered list has its own URL. Every list is "no restriction" when empty.
 *
 * Times of day are read on the clock of the airport concerned (the offset written in the offer's
 * times): a 02:00 departure from Dubai is early in Dubai, whatever the hour in Tehran. Departure
 * and arrival bands look at the way out (the first leg), as travellers choose a trip by it.
 */
export { TIMES_OF_DAY, type TimeOfDay };

/** Stops of the way out and back: "0" direct, "1" one stop, "2" two or more. */
export const STOP_OPTIONS = ["0", "1", "2"] as const;
export type StopOption = (typeof STOP_OPTIONS)[number];

/** Checked baggage: "checked" keeps fares with a checked bag (kg or pieces), "cabin" those with a cabin bag only. */
export const BAGGAGE_OPTIONS = ["checked", "cabin"] as const;
export type BaggageOption = (typeof BAGGAGE_OPTIONS)[number];

export const INTERNATIONAL_CABINS: readonly FlightCabin[] = FLIGHT_CABINS;

export interface InternationalFlightFilters {
  /** IATA designators of the validating airline, e.g. "TK", "W5". */
  airlines: string[];
  stops: StopOption[];
  /** Departure of the way out, on the origin's clock. */
  departureTimes: TimeOfDay[];
  /** Arrival of the way out, on the destination's clock. */
  arrivalTimes: TimeOfDay[];
  /** Bounds on the adult price in tomans, both inclusive. */
  priceMin: number | null;
  priceMax: number | null;
  baggage: BaggageOption[];
  cabins: FlightCabin[];
}

export const EMPTY_INTERNATIONAL_FILTERS: Readonly<InternationalFlightFilters> = Object.freeze({
  airlines: [],
  stops: [],
  departureTimes: [],
  arrivalTimes: [],
  priceMin: null,
  priceMax: null,
  baggage: [],
  cabins: [],
});

const LOCAL_CLOCK = /^\d{4}-\d{2}-\d{2}T(\d{2}):(\d{2})/;

/** Minutes since local midnight of an instant, on the clock its offset names; null when it is not an instant with an offset. */
export function localMinuteOfDay(instant: unknown): number | null {
  if (instantMillis(instant) === null) return null;
  const match = LOCAL_CLOCK.exec(instant as string);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Early 00:00–05:59, morning 06:00–11:59, afternoon 12:00–17:59, evening 18:00–23:59, local time; null when unreadable. */
export function localTimeOfDay(instant: unknown): TimeOfDay | null {
  const minute = localMinuteOfDay(instant);
  if (minute === null) return null;
  if (minute < 6 * 60) return "early";
  if (minute < 12 * 60) return "morning";
  if (minute < 18 * 60) return "afternoon";
  return "evening";
}

export function stopOption(offer: InternationalFlightOffer): StopOption {
  return offer.stops <= 0 ? "0" : offer.stops === 1 ? "1" : "2";
}

export function baggageOption(offer: InternationalFlightOffer): BaggageOption {
  return (offer.baggage.kg ?? 0) > 0 || (offer.baggage.pieces ?? 0) > 0 ? "checked" : "cabin";
}

const outbound = (offer: InternationalFlightOffer) => {
  const segments = offer.legs[0]?.segments ?? [];
  return { departAt: segments[0]?.departAt, arriveAt: segments[segments.length - 1]?.arriveAt };
};

/** The offers that pass every filter, in their order. */
export function applyInternationalFilters(
  offers: readonly InternationalFlightOffer[],
  filters: InternationalFlightFilters,
): InternationalFlightOffer[] {
  const airlines = new Set(filters.airlines);
  const stops = new Set(filters.stops);
  const departs = new Set(filters.departureTimes);
  const arrives = new Set(filters.arrivalTimes);
  const baggage = new Set(filters.baggage);
  const cabins = new Set(filters.cabins);
  return offers.filter((offer) => {
    if (airlines.size > 0 && !airlines.has(offer.validatingAirline.code)) return false;
    if (stops.size > 0 && !stops.has(stopOption(offer))) return false;
    if (baggage.size > 0 && !baggage.has(baggageOption(offer))) return false;
    if (cabins.size > 0 && !cabins.has(offer.cabin)) return false;
    if (filters.priceMin !== null && offer.price.adult < filters.priceMin) return false;
    if (filters.priceMax !== null && offer.price.adult > filters.priceMax) return false;
    const { departAt, arriveAt } = outbound(offer);
    if (departs.size > 0) {
      const time = localTimeOfDay(departAt);
      if (time === null || !departs.has(time)) return false;
    }
    if (arrives.size > 0) {
      const time = localTimeOfDay(arriveAt);
      if (time === null || !arrives.has(time)) return false;
    }
    return true;
  });
}

export interface InternationalFilterFacets {
  /** Validating airlines present, cheapest first (then by code), with their offer count and cheapest adult price. */
  airlines: { code: string; name: string; count: number; cheapest: number }[];
  /** Every stop option in order with its count and cheapest adult price (null when none), so the panel can disable it. */
  stops: { stops: StopOption; count: number; cheapest: number | null }[];
  /** All four parts of the day, in order, with how many offers leave (or land) in each. */
  departureTimes: { time: TimeOfDay; count: number }[];
  arrivalTimes: { time: TimeOfDay; count: number }[];
  /** The range of adult prices; null when there are no offers. */
  price: { min: number; max: number } | null;
  /** Baggage options and cabins present, in the order of their constants. */
  baggage: BaggageOption[];
  cabins: FlightCabin[];
}

/** What the filter panel can offer for a list of offers. */
export function internationalFilterFacets(offers: readonly InternationalFlightOffer[]): InternationalFilterFacets {
  const airlines = new Map<string, { code: string; name: string; count: number; cheapest: number }>();
  const stops = new Map<StopOption, { count: number; cheapest: number | null }>(
    STOP_OPTIONS.map((option) => [option, { count: 0, cheapest: null }]),
  );
  const departs = new Map<TimeOfDay, number>(TIMES_OF_DAY.map((time) => [time, 0]));
  const arrives = new Map<TimeOfDay, number>(TIMES_OF_DAY.map((time) => [time, 0]));
  const baggage = new Set<BaggageOption>();
  const cabins = new Set<FlightCabin>();
  let price: { min: number; max: number } | null = null;
  for (const offer of offers) {
    const adult = offer.price.adult;
    const airline = airlines.get(offer.validatingAirline.code);
    if (airline) {
      airline.count += 1;
      airline.cheapest = Math.min(airline.cheapest, adult);
    } else {
      airlines.set(offer.validatingAirline.code, { ...offer.validatingAirline, count: 1, cheapest: adult });
    }
    const stop = stops.get(stopOption(offer))!;
    stop.count += 1;
    stop.cheapest = stop.cheapest === null ? adult : Math.min(stop.cheapest, adult);
    const { departAt, arriveAt } = outbound(offer);
    const departTime = localTimeOfDay(departAt);
    const arriveTime = localTimeOfDay(arriveAt);
    if (departTime) departs.set(departTime, (departs.get(departTime) ?? 0) + 1);
    if (arriveTime) arrives.set(arriveTime, (arrives.get(arriveTime) ?? 0) + 1);
    baggage.add(baggageOption(offer));
    cabins.add(offer.cabin);
    price = price === null ? { min: adult, max: adult } : { min: Math.min(price.min, adult), max: Math.max(price.max, adult) };
  }
  return {
    airlines: [...airlines.values()].sort((a, b) => a.cheapest - b.cheapest || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
    stops: STOP_OPTIONS.map((option) => ({ stops: option, ...stops.get(option)! })),
    departureTimes: TIMES_OF_DAY.map((time) => ({ time, count: departs.get(time) ?? 0 })),
    arrivalTimes: TIMES_OF_DAY.map((time) => ({ time, count: arrives.get(time) ?? 0 })),
    price,
    baggage: BAGGAGE_OPTIONS.filter((option) => baggage.has(option)),
    cabins: INTERNATIONAL_CABINS.filter((cabin) => cabins.has(cabin)),
  };
}

/**
 * Query parameters of the filters; each list parameter may repeat (`?airline=TK&airline=QR`). The
 * cabin filter is `fareCabin`, not `cabin`, which the search itself already reads.
 */
export const INTERNATIONAL_FILTER_PARAMS = [
  "airline",
  "stops",
  "departTime",
  "arriveTime",
  "priceMin",
  "priceMax",
  "baggage",
  "fareCabin",
] as const;

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
  const wanted = new Set(
    values
      .filter((value): value is string => typeof value === "string" && value.length <= MAX_VALUE_LENGTH)
      .map((value) => latinDigits(value.trim())),
  );
  return allowed.filter((value) => wanted.has(value));
}

/**
 * Filters in their one canonical form: valid values only, no repeats, lists in a fixed order
 * (airlines alphabetical, the rest in the order of their constants), and price bounds the right
 * way round. Two filters that mean the same are equal once normalised, and write the same URL.
 */
export function normalizeInternationalFilters(filters: InternationalFlightFilters): InternationalFlightFilters {
  const airlines = [...new Set(filters.airlines.map(airlineCode).filter((code): code is string => code !== null))].sort();
  let priceMin = filters.priceMin === null ? null : priceOf(filters.priceMin);
  let priceMax = filters.priceMax === null ? null : priceOf(filters.priceMax);
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  return {
    airlines,
    stops: pick(filters.stops, STOP_OPTIONS),
    departureTimes: pick(filters.departureTimes, TIMES_OF_DAY),
    arrivalTimes: pick(filters.arrivalTimes, TIMES_OF_DAY),
    priceMin,
    priceMax,
    baggage: pick(filters.baggage, BAGGAGE_OPTIONS),
    cabins: pick(filters.cabins, INTERNATIONAL_CABINS),
  };
}

/** The filters of a results URL. Unknown or malformed values are ignored; it never throws. */
export function readInternationalFilters(params: URLSearchParams): InternationalFlightFilters {
  return normalizeInternationalFilters({
    airlines: params.getAll("airline"),
    stops: params.getAll("stops") as StopOption[],
    departureTimes: params.getAll("departTime") as TimeOfDay[],
    arrivalTimes: params.getAll("arriveTime") as TimeOfDay[],
    priceMin: priceOf(params.get("priceMin")),
    priceMax: priceOf(params.get("priceMax")),
    baggage: params.getAll("baggage") as BaggageOption[],
    cabins: params.getAll("fareCabin") as FlightCabin[],
  });
}

/**
 * Writes the filters into `params` (and returns it): the filter parameters are replaced, in the
 * order of INTERNATIONAL_FILTER_PARAMS and of normalizeInternationalFilters, and every other
 * parameter is kept as it was.
 */
export function writeInternationalFilters(filters: InternationalFlightFilters, params: URLSearchParams): URLSearchParams {
  const canonical = normalizeInternationalFilters(filters);
  for (const name of INTERNATIONAL_FILTER_PARAMS) params.delete(name);
  for (const airline of canonical.airlines) params.append("airline", airline);
  for (const stop of canonical.stops) params.append("stops", stop);
  for (const time of canonical.departureTimes) params.append("departTime", time);
  for (const time of canonical.arrivalTimes) params.append("arriveTime", time);
  if (canonical.priceMin !== null) params.append("priceMin", String(canonical.priceMin));
  if (canonical.priceMax !== null) params.append("priceMax", String(canonical.priceMax));
  for (const option of canonical.baggage) params.append("baggage", option);
  for (const cabin of canonical.cabins) params.append("fareCabin", cabin);
  return params;
}
