import { tehranMinuteOfDay } from "../flights/clock.ts";
import { TIMES_OF_DAY, type TimeOfDay } from "../flights/filters.ts";
import { latinDigits } from "../i18n/digits.ts";
import { WAGON_KINDS, type TrainOffer, type WagonKind } from "./train.ts";

/**
 * The filter panel of the train results (issue 18): which offers a traveller keeps, what the panel
 * can offer for the offers at hand, and the filters as query parameters so a filtered list has its
 * own URL (and works without JavaScript). Every list is "no restriction" when empty. Trains run on
 * Tehran's clock, so the parts of the day are read there: early 00:00–05:59, morning 06:00–11:59,
 * afternoon 12:00–17:59, evening 18:00–23:59.
 */
export { TIMES_OF_DAY, type TimeOfDay };

export interface TrainFilters {
  /** Operator codes ("raja", "fadak"). */
  operators: string[];
  wagons: WagonKind[];
  departureTimes: TimeOfDay[];
  /** Bounds on the price of an adult bed in tomans, both inclusive. */
  priceMin: number | null;
  priceMax: number | null;
  /** Only trains that carry cars. */
  carTransport: boolean;
}

export const EMPTY_TRAIN_FILTERS: Readonly<TrainFilters> = Object.freeze({
  operators: [],
  wagons: [],
  departureTimes: [],
  priceMin: null,
  priceMax: null,
  carTransport: false,
});

/** The part of the day a train leaves in, on Tehran's clock; null when its time is unreadable. */
export function departureTimeOfDay(offer: Pick<TrainOffer, "departAt">): TimeOfDay | null {
  const minute = tehranMinuteOfDay(offer.departAt);
  if (minute === null) return null;
  if (minute < 6 * 60) return "early";
  if (minute < 12 * 60) return "morning";
  if (minute < 18 * 60) return "afternoon";
  return "evening";
}

/** The offers that pass every filter, in their order. */
export function applyTrainFilters(offers: readonly TrainOffer[], filters: TrainFilters): TrainOffer[] {
  const operators = new Set(filters.operators);
  const wagons = new Set(filters.wagons);
  const times = new Set(filters.departureTimes);
  return offers.filter((offer) => {
    if (operators.size > 0 && !operators.has(offer.operator.code)) return false;
    if (wagons.size > 0 && !wagons.has(offer.wagon.kind)) return false;
    if (filters.carTransport && offer.carTransport === null) return false;
    if (filters.priceMin !== null && offer.price.adult < filters.priceMin) return false;
    if (filters.priceMax !== null && offer.price.adult > filters.priceMax) return false;
    if (times.size > 0) {
      const time = departureTimeOfDay(offer);
      if (time === null || !times.has(time)) return false;
    }
    return true;
  });
}

export interface TrainFilterFacets {
  /** Operators present, cheapest first (then by code), with their offer count and cheapest adult bed. */
  operators: { code: string; name: string; count: number; cheapest: number }[];
  /** Wagon kinds present, in the order of WAGON_KINDS, with their count and cheapest adult bed. */
  wagons: { kind: WagonKind; count: number; cheapest: number }[];
  /** All four parts of the day, in order, with how many trains leave in each. */
  departureTimes: { time: TimeOfDay; count: number }[];
  /** The range of adult bed prices; null when there are no offers. */
  price: { min: number; max: number } | null;
  /** How many offers are on trains that carry cars. */
  carTransport: number;
}

/** What the filter panel can offer for a list of offers. */
export function trainFilterFacets(offers: readonly TrainOffer[]): TrainFilterFacets {
  const operators = new Map<string, { code: string; name: string; count: number; cheapest: number }>();
  const wagons = new Map<WagonKind, { count: number; cheapest: number }>();
  const times = new Map<TimeOfDay, number>(TIMES_OF_DAY.map((time) => [time, 0]));
  let price: { min: number; max: number } | null = null;
  let carTransport = 0;
  for (const offer of offers) {
    const adult = offer.price.adult;
    const operator = operators.get(offer.operator.code);
    if (operator) {
      operator.count += 1;
      operator.cheapest = Math.min(operator.cheapest, adult);
    } else operators.set(offer.operator.code, { ...offer.operator, count: 1, cheapest: adult });
    const wagon = wagons.get(offer.wagon.kind);
    if (wagon) {
      wagon.count += 1;
      wagon.cheapest = Math.min(wagon.cheapest, adult);
    } else wagons.set(offer.wagon.kind, { count: 1, cheapest: adult });
    const time = departureTimeOfDay(offer);
    if (time) times.set(time, (times.get(time) ?? 0) + 1);
    if (offer.carTransport !== null) carTransport += 1;
    price = price === null ? { min: adult, max: adult } : { min: Math.min(price.min, adult), max: Math.max(price.max, adult) };
  }
  return {
    operators: [...operators.values()].sort((a, b) => a.cheapest - b.cheapest || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
    wagons: WAGON_KINDS.filter((kind) => wagons.has(kind)).map((kind) => ({ kind, ...wagons.get(kind)! })),
    departureTimes: TIMES_OF_DAY.map((time) => ({ time, count: times.get(time) ?? 0 })),
    price,
    carTransport,
  };
}

/** Query parameters of the filters; the list ones may repeat (`?operator=raja&operator=fadak`). */
export const TRAIN_FILTER_PARAMS = ["operator", "wagon", "departTime", "priceMin", "priceMax", "car"] as const;

/** Longest parameter value looked at: every valid value is far shorter. */
const MAX_VALUE_LENGTH = 32;
/** An operator code: lower-case letters, digits and inner hyphens. */
const OPERATOR_CODE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Fifteen digits stay within Number.MAX_SAFE_INTEGER. */
const PRICE = /^\d{1,15}$/;

/** A company or place code from a URL (also the bus filters' reader), lower-cased; null when malformed. */
export function operatorCode(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_VALUE_LENGTH) return null;
  const text = value.trim();
  // Check the ASCII shape before lower-casing: "İ".toLowerCase() is two characters.
  if (!/^[A-Za-z0-9-]+$/.test(text)) return null;
  const code = text.toLowerCase();
  return OPERATOR_CODE.test(code) ? code : null;
}

/** A price bound from a URL in any digit set (also the bus filters' reader); null when malformed. */
export function priceOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== "string" || value.length > MAX_VALUE_LENGTH) return null;
  // Digits of any set, with thousands separators (Latin comma, Arabic thousands separator, Arabic comma) dropped.
  const text = latinDigits(value.trim()).replace(/[,\u066C\u060C]/g, "");
  return PRICE.test(text) ? Number(text) : null;
}

/** The allowed values that were asked for, in the order of `allowed` (also the bus filters' reader). */
export function pick<T extends string>(values: readonly unknown[], allowed: readonly T[]): T[] {
  const wanted = new Set(
    values.filter((value): value is string => typeof value === "string" && value.length <= MAX_VALUE_LENGTH).map((value) => value.trim()),
  );
  return allowed.filter((value) => wanted.has(value));
}

/**
 * Filters in their one canonical form: valid values only, no repeats, lists in a fixed order
 * (operators alphabetical, the rest in the order of their constants), price bounds the right way
 * round. Two filters that mean the same are equal once normalised, and write the same URL.
 */
export function normalizeTrainFilters(filters: TrainFilters): TrainFilters {
  const operators = [...new Set(filters.operators.map(operatorCode).filter((code): code is string => code !== null))].sort();
  let priceMin = filters.priceMin === null ? null : priceOf(filters.priceMin);
  let priceMax = filters.priceMax === null ? null : priceOf(filters.priceMax);
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  return {
    operators,
    wagons: pick(filters.wagons, WAGON_KINDS),
    departureTimes: pick(filters.departureTimes, TIMES_OF_DAY),
    priceMin,
    priceMax,
    carTransport: filters.carTransport === true,
  };
}

/** The filters of a results URL. Unknown or malformed values are ignored; it never throws. */
export function readTrainFilters(params: URLSearchParams): TrainFilters {
  const car = params.get("car")?.trim();
  return normalizeTrainFilters({
    operators: params.getAll("operator"),
    wagons: params.getAll("wagon") as WagonKind[],
    departureTimes: params.getAll("departTime") as TimeOfDay[],
    priceMin: priceOf(params.get("priceMin")),
    priceMax: priceOf(params.get("priceMax")),
    // A checkbox posts "on" unless it names a value; the page's own box sends "1".
    carTransport: car === "1" || car === "on",
  });
}

/**
 * Writes the filters into `params` (and returns it): the filter parameters are replaced, in the
 * order of TRAIN_FILTER_PARAMS and of normalizeTrainFilters, and every other parameter is kept.
 */
export function writeTrainFilters(filters: TrainFilters, params: URLSearchParams): URLSearchParams {
  const canonical = normalizeTrainFilters(filters);
  for (const name of TRAIN_FILTER_PARAMS) params.delete(name);
  for (const operator of canonical.operators) params.append("operator", operator);
  for (const wagon of canonical.wagons) params.append("wagon", wagon);
  for (const time of canonical.departureTimes) params.append("departTime", time);
  if (canonical.priceMin !== null) params.append("priceMin", String(canonical.priceMin));
  if (canonical.priceMax !== null) params.append("priceMax", String(canonical.priceMax));
  if (canonical.carTransport) params.append("car", "1");
  return params;
}
