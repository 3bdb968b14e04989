import { instantMillis } from "./clock.ts";
import type { FlightOffer } from "./flight.ts";

/**
 * Orders of the flight results. "price" is what the party pays (price.total, so offers should be
 * priced for the party with withTotal first), the adult price breaking ties between equal totals.
 * Every order is stable: offers equal on every key keep the order they came in.
 */
export const FLIGHT_SORTS = ["price", "departure", "duration"] as const;
export type FlightSort = (typeof FLIGHT_SORTS)[number];

export const DEFAULT_SORT: FlightSort = "price";

/** The sort of a query parameter; anything else is the default, "price". */
export function readSort(value: unknown): FlightSort {
  return typeof value === "string" && (FLIGHT_SORTS as readonly string[]).includes(value) ? (value as FlightSort) : DEFAULT_SORT;
}

interface Keyed {
  offer: FlightOffer;
  index: number;
  /** Departure instant; offers with an unreadable time go after every other. */
  departs: number;
}

type Compare = (a: Keyed, b: Keyed) => number;

const byPrice: Compare = (a, b) => a.offer.price.total - b.offer.price.total || a.offer.price.adult - b.offer.price.adult;
const byDeparture: Compare = (a, b) => (a.departs === b.departs ? 0 : a.departs < b.departs ? -1 : 1);
const byDuration: Compare = (a, b) => a.offer.durationMinutes - b.offer.durationMinutes;

const ORDERS: Record<FlightSort, Compare[]> = {
  price: [byPrice, byDeparture],
  departure: [byDeparture, byPrice],
  duration: [byDuration, byPrice, byDeparture],
};

/** A sorted copy of the offers; the list given is left as it was. */
export function sortOffers(offers: readonly FlightOffer[], sort: FlightSort): FlightOffer[] {
  const compares = ORDERS[readSort(sort)];
  const keyed: Keyed[] = offers.map((offer, index) => ({
    offer,
    index,
    departs: instantMillis(offer.departAt) ?? Number.POSITIVE_INFINITY,
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
