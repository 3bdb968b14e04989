import { TIMES_OF_DAY, type TimeOfDay } from "../flights/filters.ts";
import { departureTimeOfDay, operatorCode, pick, priceOf } from "../trains/filters.ts";
import { BUS_CLASSES, busClassOf, type BusClass, type BusOffer } from "./bus.ts";

/**
 * The filter panel of the bus results (issue 19): company, bus class (VIP or ordinary), the
 * terminal the bus leaves from, the part of the day it leaves in (Tehran's clock, the same bands as
 * flights and trains) and the price of a seat. Each list is "no restriction" when empty; the
 * filters live in the URL so a filtered list has its own address and works without JavaScript.
 */
export { TIMES_OF_DAY, type TimeOfDay };

export interface BusFilters {
  /** Company codes ("seir-o-safar"). */
  companies: string[];
  classes: BusClass[];
  /** Terminal slugs of origin ("tehran-south"). */
  terminals: string[];
  departureTimes: TimeOfDay[];
  /** Bounds on the price of one seat in tomans, both inclusive. */
  priceMin: number | null;
  priceMax: number | null;
}

export const EMPTY_BUS_FILTERS: Readonly<BusFilters> = Object.freeze({
  companies: [],
  classes: [],
  terminals: [],
  departureTimes: [],
  priceMin: null,
  priceMax: null,
});

/** The offers that pass every filter, in their order. */
export function applyBusFilters(offers: readonly BusOffer[], filters: BusFilters): BusOffer[] {
  const companies = new Set(filters.companies);
  const classes = new Set(filters.classes);
  const terminals = new Set(filters.terminals);
  const times = new Set(filters.departureTimes);
  const within = (set: Set<string>, value: string | null) => set.size === 0 || (value !== null && set.has(value));
  return offers.filter(
    (offer) =>
      within(companies, offer.company.code) &&
      within(classes, busClassOf(offer.busType)) &&
      within(terminals, offer.originTerminal.code) &&
      within(times, departureTimeOfDay(offer)) &&
      (filters.priceMin === null || offer.price.adult >= filters.priceMin) &&
      (filters.priceMax === null || offer.price.adult <= filters.priceMax),
  );
}

/** One choice of a list filter: its code, name, how many offers it keeps and the cheapest seat among them. */
export interface BusFacet {
  code: string;
  name: string;
  count: number;
  cheapest: number;
}

export interface BusFilterFacets {
  /** Companies present, cheapest first (then by code). */
  companies: BusFacet[];
  /** Classes present, in the order of BUS_CLASSES (their names are the page's). */
  classes: { busClass: BusClass; count: number; cheapest: number }[];
  /** Terminals of origin present, by name. */
  terminals: BusFacet[];
  /** All four parts of the day, in order, with how many buses leave in each. */
  departureTimes: { time: TimeOfDay; count: number }[];
  /** The range of seat prices; null when there are no offers. */
  price: { min: number; max: number } | null;
}

function tally(facets: Map<string, BusFacet>, code: string, name: string, price: number): void {
  const facet = facets.get(code);
  if (facet) {
    facet.count += 1;
    facet.cheapest = Math.min(facet.cheapest, price);
  } else facets.set(code, { code, name, count: 1, cheapest: price });
}

const byCode = (a: BusFacet, b: BusFacet) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** What the filter panel can offer for a list of offers. */
export function busFilterFacets(offers: readonly BusOffer[]): BusFilterFacets {
  const companies = new Map<string, BusFacet>();
  const classes = new Map<string, BusFacet>();
  const terminals = new Map<string, BusFacet>();
  const times = new Map<TimeOfDay, number>(TIMES_OF_DAY.map((time) => [time, 0]));
  let price: { min: number; max: number } | null = null;
  for (const offer of offers) {
    const seat = offer.price.adult;
    tally(companies, offer.company.code, offer.company.name, seat);
    tally(classes, busClassOf(offer.busType), "", seat);
    tally(terminals, offer.originTerminal.code, offer.originTerminal.name, seat);
    const time = departureTimeOfDay(offer);
    if (time) times.set(time, (times.get(time) ?? 0) + 1);
    price = price === null ? { min: seat, max: seat } : { min: Math.min(price.min, seat), max: Math.max(price.max, seat) };
  }
  return {
    companies: [...companies.values()].sort((a, b) => a.cheapest - b.cheapest || byCode(a, b)),
    classes: BUS_CLASSES.filter((busClass) => classes.has(busClass)).map((busClass) => {
      const { count, cheapest } = classes.get(busClass)!;
      return { busClass, count, cheapest };
    }),
    terminals: [...terminals.values()].sort((a, b) => a.name.localeCompare(b.name) || byCode(a, b)),
    departureTimes: TIMES_OF_DAY.map((time) => ({ time, count: times.get(time) ?? 0 })),
    price,
  };
}

/** Query parameters of the filters; the list ones may repeat (`?company=a&company=b`). */
export const BUS_FILTER_PARAMS = ["company", "busClass", "terminal", "departTime", "priceMin", "priceMax"] as const;

function codes(values: readonly unknown[]): string[] {
  return [...new Set(values.map(operatorCode).filter((code): code is string => code !== null))].sort();
}

/**
 * Filters in their one canonical form: valid values only, no repeats, codes alphabetical, the rest
 * in the order of their constants, price bounds the right way round; equal filters write equal URLs.
 */
export function normalizeBusFilters(filters: BusFilters): BusFilters {
  let priceMin = filters.priceMin === null ? null : priceOf(filters.priceMin);
  let priceMax = filters.priceMax === null ? null : priceOf(filters.priceMax);
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  return {
    companies: codes(filters.companies),
    classes: pick(filters.classes, BUS_CLASSES),
    terminals: codes(filters.terminals),
    departureTimes: pick(filters.departureTimes, TIMES_OF_DAY),
    priceMin,
    priceMax,
  };
}

/** The filters of a results URL. Unknown or malformed values are ignored; it never throws. */
export function readBusFilters(params: URLSearchParams): BusFilters {
  return normalizeBusFilters({
    companies: params.getAll("company"),
    classes: params.getAll("busClass") as BusClass[],
    terminals: params.getAll("terminal"),
    departureTimes: params.getAll("departTime") as TimeOfDay[],
    priceMin: priceOf(params.get("priceMin")),
    priceMax: priceOf(params.get("priceMax")),
  });
}

/** Writes the filters into `params` (and returns it), replacing the filter parameters and keeping every other one. */
export function writeBusFilters(filters: BusFilters, params: URLSearchParams): URLSearchParams {
  const canonical = normalizeBusFilters(filters);
  for (const name of BUS_FILTER_PARAMS) params.delete(name);
  for (const company of canonical.companies) params.append("company", company);
  for (const busClass of canonical.classes) params.append("busClass", busClass);
  for (const terminal of canonical.terminals) params.append("terminal", terminal);
  for (const time of canonical.departureTimes) params.append("departTime", time);
  if (canonical.priceMin !== null) params.append("priceMin", String(canonical.priceMin));
  if (canonical.priceMax !== null) params.append("priceMax", String(canonical.priceMax));
  return params;
}
