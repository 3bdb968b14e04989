import { instantMillis } from "../flights/clock.ts";
import type { BusOffer } from "./bus.ts";

/**
 * Orders of the bus results (issue 19). "departure" is the default (a traveller picks a bus by the
 * hour it leaves); "price" is what the party pays, the seat price breaking ties; "duration" the time
 * on the road; "seats" the emptiest bus first (more room to sit together). Every order is stable,
 * and an offer with an unreadable time goes last.
 */
export const BUS_SORTS = ["departure", "price", "duration", "seats"] as const;
export type BusSort = (typeof BUS_SORTS)[number];

export const DEFAULT_BUS_SORT: BusSort = "departure";

/** The query parameter of the sort. */
export const BUS_SORT_PARAM = "sort";

/** The sort of a query parameter; anything else is the default. */
export function readBusSort(value: unknown): BusSort {
  return typeof value === "string" && (BUS_SORTS as readonly string[]).includes(value) ? (value as BusSort) : DEFAULT_BUS_SORT;
}

/** Writes the sort into `params` (and returns it); the default is no parameter, so a plain URL stays plain. */
export function writeBusSort(sort: BusSort, params: URLSearchParams): URLSearchParams {
  const canonical = readBusSort(sort);
  params.delete(BUS_SORT_PARAM);
  if (canonical !== DEFAULT_BUS_SORT) params.set(BUS_SORT_PARAM, canonical);
  return params;
}

type Key = (offer: BusOffer) => number;

const departs: Key = (offer) => instantMillis(offer.departAt) ?? Number.POSITIVE_INFINITY;
const total: Key = (offer) => offer.price.total;
const seat: Key = (offer) => offer.price.adult;
const duration: Key = (offer) => offer.durationMinutes;
const fewestFree: Key = (offer) => -offer.seatsLeft;

/** Each order's keys, most significant first. */
const ORDERS: Record<BusSort, Key[]> = {
  departure: [departs, total, seat],
  price: [total, seat, departs],
  duration: [duration, total, departs],
  seats: [fewestFree, departs],
};

/** A sorted copy of the offers; the list given is left as it was. */
export function sortBusOffers(offers: readonly BusOffer[], sort: BusSort): BusOffer[] {
  const keys = ORDERS[readBusSort(sort)];
  const keyed = offers.map((offer, index) => ({ offer, index, values: keys.map((key) => key(offer)) }));
  keyed.sort((a, b) => {
    for (let position = 0; position < keys.length; position += 1) {
      const [x, y] = [a.values[position]!, b.values[position]!];
      if (x !== y) return x < y ? -1 : 1;
    }
    return a.index - b.index;
  });
  return keyed.map((entry) => entry.offer);
}
