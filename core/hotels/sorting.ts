import { sortByKeys } from "../search/sort-by-keys.ts";
import type { HotelListing, HotelSort } from "./hotel.ts";
import { HOTEL_SORTS } from "./hotel.ts";

/**
 * Orders of the hotel results (spec §2): "price" is the default, cheapest stay for the party first;
 * "stars" the most stars first; "rating" the best rated first (more ratings breaking ties);
 * "distance" the nearest to the city's centre first. Every order is stable: ties keep the
 * supplier's order, so the same list always reads the same.
 */
export const DEFAULT_HOTEL_SORT: HotelSort = "price";

/** The query parameter of the sort. */
export const HOTEL_SORT_PARAM = "sort";

/** The sort of a query parameter; anything else is the default. */
export function readHotelSort(value: unknown): HotelSort {
  return typeof value === "string" && (HOTEL_SORTS as readonly string[]).includes(value) ? (value as HotelSort) : DEFAULT_HOTEL_SORT;
}

/** Whether a sort parameter names one of the sorts (absent is the default). */
export function isHotelSort(value: string | null): boolean {
  return value === null || value === "" || (HOTEL_SORTS as readonly string[]).includes(value);
}

/** Writes the sort into `params` (and returns it); the default is no parameter, so a plain URL stays plain. */
export function writeHotelSort(sort: HotelSort, params: URLSearchParams): URLSearchParams {
  const canonical = readHotelSort(sort);
  params.delete(HOTEL_SORT_PARAM);
  if (canonical !== DEFAULT_HOTEL_SORT) params.set(HOTEL_SORT_PARAM, canonical);
  return params;
}

type Key = (listing: HotelListing) => number;

const cheapest: Key = (listing) => listing.cheapestTotal;
const mostStars: Key = (listing) => -listing.stars;
const bestRated: Key = (listing) => -listing.rating.total;
const mostRated: Key = (listing) => -listing.rating.count;
const nearest: Key = (listing) => listing.distanceKm;

/** Each order's keys, most significant first; the price settles what the others leave equal. */
const ORDERS: Record<HotelSort, Key[]> = {
  price: [cheapest, mostStars],
  stars: [mostStars, bestRated, cheapest],
  rating: [bestRated, mostRated, cheapest],
  distance: [nearest, cheapest],
};

/** A sorted copy of the listings. */
export function sortHotels(listings: readonly HotelListing[], sort: HotelSort): HotelListing[] {
  return sortByKeys(listings, ORDERS[readHotelSort(sort)]);
}
