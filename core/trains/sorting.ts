import { instantMillis } from "../flights/clock.ts";
import type { TrainOffer } from "./train.ts";

/**
 * Orders of the train results (issue 18). "departure" (the default: travellers pick a train by the
 * hour it leaves) and "arrival" compare instants; "price" is what the party pays (price.total), the
 * price of a bed breaking ties; "duration" is the time on board. Every order is stable: offers equal
 * on every key keep the order they came in, and an offer with an unreadable time goes last.
 */
export const TRAIN_SORTS = ["departure", "price", "duration", "arrival"] as const;
export type TrainSort = (typeof TRAIN_SORTS)[number];

export const DEFAULT_TRAIN_SORT: TrainSort = "departure";

/** The query parameter of the sort. */
export const TRAIN_SORT_PARAM = "sort";

/** The sort of a query parameter; anything else is the default. */
export function readTrainSort(value: unknown): TrainSort {
  return typeof value === "string" && (TRAIN_SORTS as readonly string[]).includes(value) ? (value as TrainSort) : DEFAULT_TRAIN_SORT;
}

/** Writes the sort into `params` (and returns it); the default is no parameter, so a plain URL stays plain. */
export function writeTrainSort(sort: TrainSort, params: URLSearchParams): URLSearchParams {
  const canonical = readTrainSort(sort);
  params.delete(TRAIN_SORT_PARAM);
  if (canonical !== DEFAULT_TRAIN_SORT) params.set(TRAIN_SORT_PARAM, canonical);
  return params;
}

interface Keyed {
  offer: TrainOffer;
  index: number;
  departs: number;
  arrives: number;
}

type Compare = (a: Keyed, b: Keyed) => number;

const byNumber = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);
const byPrice: Compare = (a, b) => a.offer.price.total - b.offer.price.total || a.offer.price.adult - b.offer.price.adult;
const byDeparture: Compare = (a, b) => byNumber(a.departs, b.departs);
const byArrival: Compare = (a, b) => byNumber(a.arrives, b.arrives);
const byDuration: Compare = (a, b) => a.offer.durationMinutes - b.offer.durationMinutes;

const ORDERS: Record<TrainSort, Compare[]> = {
  departure: [byDeparture, byPrice],
  price: [byPrice, byDeparture],
  duration: [byDuration, byPrice, byDeparture],
  arrival: [byArrival, byPrice, byDeparture],
};

/** A sorted copy of the offers; the list given is left as it was. */
export function sortTrainOffers(offers: readonly TrainOffer[], sort: TrainSort): TrainOffer[] {
  const compares = ORDERS[readTrainSort(sort)];
  const keyed: Keyed[] = offers.map((offer, index) => ({
    offer,
    index,
    departs: instantMillis(offer.departAt) ?? Number.POSITIVE_INFINITY,
    arrives: instantMillis(offer.arriveAt) ?? Number.POSITIVE_INFINITY,
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
