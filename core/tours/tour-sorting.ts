import { sortByKeys } from "../search/sort-by-keys.ts";
import type { TourPackage } from "./tour.ts";

/**
 * Orders of the tour results (issue 21): "departure" is the default (the supplier's own order,
 * soonest first, and the one a traveller with fixed dates reads first); "price" the cheapest
 * per-person price first. Both are stable: ties keep the supplier's order.
 */
export const TOUR_SORTS = ["departure", "price"] as const;
export type TourSort = (typeof TOUR_SORTS)[number];

export const DEFAULT_TOUR_SORT: TourSort = "departure";

/** The sort of a query parameter; anything else is the default. */
export function readTourSort(value: unknown): TourSort {
  return typeof value === "string" && (TOUR_SORTS as readonly string[]).includes(value) ? (value as TourSort) : DEFAULT_TOUR_SORT;
}

type Key = (pkg: TourPackage) => number;

const departs: Key = (pkg) => Date.parse(pkg.departAt);
const cheapest: Key = (pkg) => pkg.fromPrice;

/** Each order's keys, most significant first. */
const ORDERS: Record<TourSort, Key[]> = {
  departure: [departs, cheapest],
  price: [cheapest, departs],
};

/** A sorted copy of the packages. */
export function sortTours<T extends TourPackage>(packages: readonly T[], sort: TourSort): T[] {
  return sortByKeys(packages, ORDERS[readTourSort(sort)]);
}
