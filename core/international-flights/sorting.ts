import { instantMillis } from "../flights/clock.ts";
import type { InternationalFlightOffer } from "./international-flight.ts";

/**
 * Orders of the international flight results. "price" is what the party pays (price.total), the
 * adult price breaking ties; "departure" is the first take-off of the way out, as an instant;
 * "duration" is the time spent travelling, every leg added up; "stops" puts direct trips first.
 * Every order is stable: offers equal on every key keep the order they came in.
 */
export const INTERNATIONAL_FLIGHT_SORTS = ["price", "departure", "duration", "stops"] as const;
export type InternationalFlightSort = (typeof INTERNATIONAL_FLIGHT_SORTS)[number];

export const DEFAULT_INTERNATIONAL_SORT: InternationalFlightSort = "price";

/** The query parameter of the sort. */
export const INTERNATIONAL_SORT_PARAM = "sort";

/** The sort of a query parameter; anything else is the default, "price". */
export function readInternationalSort(value: unknown): InternationalFlightSort {
  return typeof value === "string" && (INTERNATIONAL_FLIGHT_SORTS as readonly string[]).includes(value)
    ? (value as InternationalFlightSort)
    : DEFAULT_INTERNATIONAL_SORT;
}

/** Writes the sort into `params` (and returns it); the default is written as no parameter, so a plain URL stays plain. */
export function writeInternationalSort(sort: InternationalFlightSort, params: URLSearchParams): URLSearchParams {
  const canonical = readInternationalSort(sort);
  params.delete(INTERNATIONAL_SORT_PARAM);
  if (canonical !== DEFAULT_INTERNATIONAL_SORT) params.set(INTERNATIONAL_SORT_PARAM, canonical);
  return params;
}

/** Minutes spent travelling: every leg from its first take-off to its last landing. */
export function travelMinutes(offer: InternationalFlightOffer): number {
  return offer.legs.reduce((sum, leg) => sum + leg.durationMinutes, 0);
}

interface Keyed {
  offer: InternationalFlightOffer;
  index: number;
  /** First departure instant; offers with an unreadable time go after every other. */
  departs: number;
  minutes: number;
}

type Compare = (a: Keyed, b: Keyed) => number;

const byPrice: Compare = (a, b) => a.offer.price.total - b.offer.price.total || a.offer.price.adult - b.offer.price.adult;
const byDeparture: Compare = (a, b) => (a.departs === b.departs ? 0 : a.departs < b.departs ? -1 : 1);
const byDuration: Compare = (a, b) => a.minutes - b.minutes;
const byStops: Compare = (a, b) => a.offer.stops - b.offer.stops;

const ORDERS: Record<InternationalFlightSort, Compare[]> = {
  price: [byPrice, byDeparture],
  departure: [byDeparture, byPrice],
  duration: [byDuration, byPrice, byDeparture],
  stops: [byStops, byPrice, byDeparture],
};

/** A sorted copy of the offers; the list given is left as it was. */
export function sortInternationalOffers(
  offers: readonly InternationalFlightOffer[],
  sort: InternationalFlightSort,
): InternationalFlightOffer[] {
  const compares = ORDERS[readInternationalSort(sort)];
  const keyed: Keyed[] = offers.map((offer, index) => ({
    offer,
    index,
    departs: instantMillis(offer.legs[0]?.segments[0]?.departAt) ?? Number.POSITIVE_INFINITY,
    minutes: travelMinutes(offer),
  }));
  keyed.sort((a, b) => {
    for (const compare of compares) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return a.index - b.index;
  });
  return keyed.map((entry) => entry.offer);
}
