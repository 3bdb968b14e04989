import { pick, priceOf } from "../trains/filters.ts";
import { TOUR_TRANSPORTS, type TourPackage, type TourTransport } from "./tour.ts";

/**
 * The filter panel of the tour results (issue 21): transport, nights, the stars of the package's
 * hotels and the per-person "from" price. Each list is "no restriction" when empty; the filters
 * live in the URL so a filtered list has its own address and works without JavaScript.
 *
 * A package offers several hotels; the card knows their lowest and highest stars only, so a star
 * choice keeps a package whose range reaches it (the hotels page then shows which hotel it is).
 */
export const TOUR_STAR_CHOICES = ["under3", "4", "5"] as const;
export type TourStarChoice = (typeof TOUR_STAR_CHOICES)[number];

export interface TourFilters {
  transports: TourTransport[];
  /** Lengths of stay in nights, ascending. */
  nights: number[];
  stars: TourStarChoice[];
  /** Bounds on the per-person "from" price in tomans, both inclusive. */
  priceMin: number | null;
  priceMax: number | null;
}

/** Query parameters of the filters; the list ones may repeat (`?transport=flight&transport=bus`). */
export const TOUR_FILTER_PARAMS = ["transport", "nights", "stars", "priceMin", "priceMax"] as const;

/** Longest stay a nights choice may name; a package never lasts a month. */
const MAX_NIGHTS = 30;

function starsMatch(pkg: Pick<TourPackage, "stars">, choice: TourStarChoice): boolean {
  if (choice === "under3") return pkg.stars.min <= 3;
  const stars = Number(choice);
  return pkg.stars.min <= stars && stars <= pkg.stars.max;
}

/** The packages that pass every filter, in their order. */
export function applyTourFilters<T extends TourPackage>(packages: readonly T[], filters: TourFilters): T[] {
  return packages.filter(
    (pkg) =>
      (filters.transports.length === 0 || filters.transports.includes(pkg.transport)) &&
      (filters.nights.length === 0 || filters.nights.includes(pkg.nights)) &&
      (filters.stars.length === 0 || filters.stars.some((choice) => starsMatch(pkg, choice))) &&
      (filters.priceMin === null || pkg.fromPrice >= filters.priceMin) &&
      (filters.priceMax === null || pkg.fromPrice <= filters.priceMax),
  );
}

/** What the filter panel can offer for a list: each choice with how many packages it would keep among those the other filters let through. */
export interface TourFacets {
  transports: { value: TourTransport; count: number }[];
  nights: { value: number; count: number }[];
  stars: { value: TourStarChoice; count: number }[];
  /** The range of "from" prices; null when there are no packages. */
  price: { min: number; max: number } | null;
}

/**
 * The panel's choices. A choice is counted against what the *other* filters let through (as the
 * hotel panel does), so ticking a transport shows how many of each length remain, and the group
 * itself still shows every transport to switch to. Transports and nights list what the search
 * found; the star choices are always all three.
 */
export function tourFacets(found: readonly TourPackage[], filters: TourFilters): TourFacets {
  const without = (dropped: Partial<TourFilters>) => applyTourFilters(found, { ...filters, ...dropped });
  const byTransport = without({ transports: [] });
  const byNights = without({ nights: [] });
  const byStars = without({ stars: [] });
  const transports = TOUR_TRANSPORTS.filter((transport) => found.some((pkg) => pkg.transport === transport));
  const nights = [...new Set(found.map((pkg) => pkg.nights))].sort((a, b) => a - b);
  let price: TourFacets["price"] = null;
  for (const { fromPrice } of found)
    price =
      price === null ? { min: fromPrice, max: fromPrice } : { min: Math.min(price.min, fromPrice), max: Math.max(price.max, fromPrice) };
  return {
    transports: transports.map((value) => ({ value, count: byTransport.filter((pkg) => pkg.transport === value).length })),
    nights: nights.map((value) => ({ value, count: byNights.filter((pkg) => pkg.nights === value).length })),
    stars: TOUR_STAR_CHOICES.map((value) => ({ value, count: byStars.filter((pkg) => starsMatch(pkg, value)).length })),
    price,
  };
}

function nightsOf(values: readonly string[]): number[] {
  const nights = values.map((value) => (/^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : NaN));
  return [...new Set(nights.filter((value) => value >= 1 && value <= MAX_NIGHTS))].sort((a, b) => a - b);
}

/** The filters of a results URL, in one canonical form. Unknown or malformed values are ignored; it never throws. */
export function readTourFilters(params: URLSearchParams): TourFilters {
  let priceMin = priceOf(params.get("priceMin"));
  let priceMax = priceOf(params.get("priceMax"));
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  return {
    transports: pick(params.getAll("transport"), TOUR_TRANSPORTS),
    nights: nightsOf(params.getAll("nights")),
    stars: pick(params.getAll("stars"), TOUR_STAR_CHOICES),
    priceMin,
    priceMax,
  };
}
