import { normalizeSearchText } from "../places/normalize.ts";
import { MAX_PARAM_LENGTH } from "../search/trip-params.ts";
import {
  BED_OPTIONS,
  HOTEL_FACILITIES,
  PRICE_BANDS,
  STAR_FILTERS,
  type BedOption,
  type HotelFacility,
  type HotelListing,
  type PriceBandId,
  type StarFilter,
} from "./hotel.ts";

/**
 * The filter panel of the hotel results (spec §2 and §9): stars (under 3, 4, 5), the price band of
 * a room-night, the beds of a room (one, two, three, more than three), facilities (every one chosen
 * must be there) and the hotel's name. Each list is "no restriction" when empty, and choices of one
 * list are alternatives. The filters live in the URL (`stars=4&stars=5` or `stars=4,5`), so a
 * filtered list has its own address and works without JavaScript; the API reads the same names.
 */
export interface HotelFilters {
  stars: StarFilter[];
  priceBands: PriceBandId[];
  beds: BedOption[];
  facilities: HotelFacility[];
  /** As typed; matched with Persian and Arabic letters folded alike, case and spaces ignored. */
  name: string;
}

export const EMPTY_HOTEL_FILTERS: Readonly<HotelFilters> = Object.freeze({ stars: [], priceBands: [], beds: [], facilities: [], name: "" });

/** The query parameter of each filter. */
export const HOTEL_FILTER_PARAMS = {
  stars: "stars",
  priceBands: "priceBand",
  beds: "beds",
  facilities: "facilities",
  name: "name",
} as const;

type ListFilter = Exclude<keyof HotelFilters, "name">;

const ALLOWED: { [K in ListFilter]: readonly HotelFilters[K][number][] } = {
  stars: STAR_FILTERS,
  priceBands: PRICE_BANDS.map((band) => band.id),
  beds: BED_OPTIONS,
  facilities: HOTEL_FACILITIES,
};

/** Names are short: a longer query is cut rather than refused. */
const MAX_NAME_LENGTH = MAX_PARAM_LENGTH;

export type HotelFilterErrors = Partial<Record<(typeof HOTEL_FILTER_PARAMS)[keyof typeof HOTEL_FILTER_PARAMS], "FILTER_INVALID">>;

/**
 * The filters of a query. A value that is none of a list's choices is reported on its parameter
 * (the API refuses it; a page ignores it and shows the rest); repeated choices count once.
 */
export function readHotelFilters(params: URLSearchParams): { filters: HotelFilters; errors: HotelFilterErrors } {
  const errors: HotelFilterErrors = {};
  const list = <K extends ListFilter>(key: K): HotelFilters[K] => {
    const param = HOTEL_FILTER_PARAMS[key];
    const allowed = ALLOWED[key] as readonly string[];
    const values = params
      .getAll(param)
      .flatMap((value) => value.split(","))
      .map((value) => value.trim())
      .filter((value) => value !== "");
    if (values.some((value) => !allowed.includes(value))) errors[param] = "FILTER_INVALID";
    // Kept in the order of the choices, so the same filters always write the same URL.
    return allowed.filter((choice) => values.includes(choice)) as HotelFilters[K];
  };
  const filters = {
    stars: list("stars"),
    priceBands: list("priceBands"),
    beds: list("beds"),
    facilities: list("facilities"),
    name: (params.get(HOTEL_FILTER_PARAMS.name) ?? "").trim().slice(0, MAX_NAME_LENGTH),
  };
  return { filters, errors };
}

/** Writes the filters into `params` (and returns it): one parameter per choice, none for an empty filter. */
export function writeHotelFilters(filters: HotelFilters, params: URLSearchParams): URLSearchParams {
  for (const key of ["stars", "priceBands", "beds", "facilities"] as const) {
    params.delete(HOTEL_FILTER_PARAMS[key]);
    for (const value of filters[key]) params.append(HOTEL_FILTER_PARAMS[key], value);
  }
  params.delete(HOTEL_FILTER_PARAMS.name);
  if (filters.name.trim() !== "") params.set(HOTEL_FILTER_PARAMS.name, filters.name.trim());
  return params;
}

/** The star choice a hotel falls under: unrated houses count with the small hotels. */
export function starFilterOf(stars: number): StarFilter {
  if (stars >= 5) return "5";
  return stars === 4 ? "4" : "under3";
}

/** The band of a price per room-night: from its minimum (inclusive) to the next band's. */
export function priceBandOf(perNight: number): PriceBandId {
  const band = PRICE_BANDS.find((candidate) => perNight >= candidate.min && (candidate.max === null || perNight < candidate.max));
  return (band ?? PRICE_BANDS[0]).id;
}

/** The bed choices a hotel offers: each free room type's capacity, four and over as "4+". */
export function bedOptionsOf(beds: readonly number[]): BedOption[] {
  return BED_OPTIONS.filter((option) => beds.some((capacity) => (option === "4+" ? capacity >= 4 : capacity === Number(option))));
}

function nameMatches(listing: HotelListing, name: string): boolean {
  const wanted = normalizeSearchText(name);
  if (wanted === "") return true;
  const have = normalizeSearchText(listing.name);
  return have.includes(wanted) || have.replaceAll(" ", "").includes(wanted.replaceAll(" ", ""));
}

/** Whether a listing passes each filter group, by group. */
function passes(listing: HotelListing, filters: HotelFilters): Record<keyof HotelFilters, boolean> {
  const beds = bedOptionsOf(listing.beds);
  return {
    stars: filters.stars.length === 0 || filters.stars.includes(starFilterOf(listing.stars)),
    priceBands: filters.priceBands.length === 0 || filters.priceBands.includes(priceBandOf(listing.cheapestPerNight)),
    beds: filters.beds.length === 0 || filters.beds.some((option) => beds.includes(option)),
    facilities: filters.facilities.every((facility) => listing.facilities.includes(facility)),
    name: nameMatches(listing, filters.name),
  };
}

/** The listings that pass every filter, in their order. */
export function applyHotelFilters(listings: readonly HotelListing[], filters: HotelFilters): HotelListing[] {
  return listings.filter((listing) => Object.values(passes(listing, filters)).every(Boolean));
}

/** How many hotels each choice of each list would show, the other lists' filters (and the name) applied. */
export interface HotelFacets {
  stars: { value: StarFilter; count: number }[];
  priceBands: { value: PriceBandId; count: number }[];
  beds: { value: BedOption; count: number }[];
  facilities: { value: HotelFacility; count: number }[];
}

/** Every choice of every list with its count, in the order of the choices (facilities: only those some hotel has). */
export function hotelFacets(listings: readonly HotelListing[], filters: HotelFilters = EMPTY_HOTEL_FILTERS): HotelFacets {
  const judged = listings.map((listing) => ({ listing, passes: passes(listing, filters) }));
  // A choice of one list counts against the hotels every other list lets through.
  const others = (group: keyof HotelFilters) =>
    judged.filter(({ passes: result }) => Object.entries(result).every(([key, ok]) => key === group || ok)).map(({ listing }) => listing);
  const stars = others("stars");
  const bands = others("priceBands");
  const beds = others("beds");
  // Facilities add up (all must be present): a facility's count is of the hotels shown that have it too.
  const shown = judged.filter(({ passes: result }) => Object.values(result).every(Boolean)).map(({ listing }) => listing);
  const count = <T>(within: readonly HotelListing[], matches: (listing: HotelListing) => boolean, value: T) => ({
    value,
    count: within.filter(matches).length,
  });
  return {
    stars: STAR_FILTERS.map((value) => count(stars, (listing) => starFilterOf(listing.stars) === value, value)),
    priceBands: ALLOWED.priceBands.map((value) => count(bands, (listing) => priceBandOf(listing.cheapestPerNight) === value, value)),
    beds: BED_OPTIONS.map((value) => count(beds, (listing) => bedOptionsOf(listing.beds).includes(value), value)),
    facilities: HOTEL_FACILITIES.filter((facility) => listings.some((listing) => listing.facilities.includes(facility))).map((value) =>
      count(shown, (listing) => listing.facilities.includes(value), value),
    ),
  };
}
