import { describe, expect, it } from "vitest";
import type { HotelListing } from "./hotel.ts";
import { applyHotelFilters, EMPTY_HOTEL_FILTERS, hotelFacets, priceBandOf, readHotelFilters, writeHotelFilters } from "./filters.ts";
import { sortHotels, readHotelSort, writeHotelSort } from "./sorting.ts";

function listing(hotelId: string, overrides: Partial<HotelListing> = {}): HotelListing {
  return {
    hotelId,
    city: "mashhad",
    countryCode: "IR",
    region: "iran",
    kind: "hotel",
    name: hotelId,
    stars: 4,
    address: "",
    location: { lat: 36.3, lng: 59.6 },
    distanceKm: 1,
    rating: { total: 8, count: 10 },
    thumbnail: { src: "/hotel-images/x.svg", alt: "" },
    facilities: ["wifi"],
    beds: [2],
    cheapestTotal: 2_000_000,
    cheapestPerNight: 2_000_000,
    breakfast: true,
    ...overrides,
  };
}

const HOTELS = [
  listing("darvishi", {
    name: "هتل درویشی",
    stars: 5,
    cheapestPerNight: 6_000_000,
    cheapestTotal: 12_000_000,
    beds: [2, 4],
    facilities: ["wifi", "pool", "parking"],
    rating: { total: 9.1, count: 300 },
    distanceKm: 0.8,
  }),
  listing("razi", {
    name: "Razi Hotel",
    stars: 3,
    cheapestPerNight: 1_100_000,
    cheapestTotal: 2_200_000,
    beds: [1, 3],
    facilities: ["wifi"],
    rating: { total: 7.5, count: 50 },
    distanceKm: 2.4,
  }),
  listing("house", {
    name: "خانه سنتی كريمی",
    stars: 0,
    kind: "traditional",
    cheapestPerNight: 1_500_000,
    cheapestTotal: 3_000_000,
    beds: [2],
    facilities: ["parking"],
    rating: { total: 9.1, count: 40 },
    distanceKm: 0.3,
  }),
  listing("pars", {
    name: "Pars",
    stars: 4,
    cheapestPerNight: 3_000_000,
    cheapestTotal: 6_000_000,
    beds: [5],
    facilities: ["wifi", "parking"],
    rating: { total: 8.2, count: 90 },
    distanceKm: 4,
  }),
];
const ids = (listings: HotelListing[]) => listings.map((hotel) => hotel.hotelId);
const filtered = (query: string) => ids(applyHotelFilters(HOTELS, readHotelFilters(new URLSearchParams(query)).filters));

describe("hotel filters", () => {
  it("keeps everything without filters", () => {
    expect(ids(applyHotelFilters(HOTELS, EMPTY_HOTEL_FILTERS))).toEqual(["darvishi", "razi", "house", "pars"]);
  });

  it("filters by stars, unrated houses under 3, choices as alternatives", () => {
    expect(filtered("stars=under3")).toEqual(["razi", "house"]);
    expect(filtered("stars=4,5")).toEqual(["darvishi", "pars"]);
    expect(filtered("stars=4&stars=under3")).toEqual(["razi", "house", "pars"]);
  });

  it("filters by the price band of the cheapest room-night, a band's maximum belonging to the next", () => {
    expect(priceBandOf(1_499_999)).toBe("0-1.5m");
    expect(priceBandOf(1_500_000)).toBe("1.5m-3m");
    expect(priceBandOf(60_000_000)).toBe("6m+");
    expect(filtered("priceBand=0-1.5m")).toEqual(["razi"]);
    expect(filtered("priceBand=1.5m-3m&priceBand=6m%2B")).toEqual(["darvishi", "house"]);
  });

  it("filters by beds, more than three as 4+", () => {
    expect(filtered("beds=4%2B")).toEqual(["darvishi", "pars"]);
    expect(filtered("beds=1,3")).toEqual(["razi"]);
  });

  it("needs every chosen facility", () => {
    expect(filtered("facilities=wifi,parking")).toEqual(["darvishi", "pars"]);
    expect(filtered("facilities=pool")).toEqual(["darvishi"]);
  });

  it("finds a name however its letters and spaces are typed", () => {
    expect(filtered("name=درويشي")).toEqual(["darvishi"]);
    expect(filtered("name=کریمی")).toEqual(["house"]);
    expect(filtered("name=RAZI%20hotel")).toEqual(["razi"]);
    expect(filtered("name=%20")).toEqual(["darvishi", "razi", "house", "pars"]);
  });

  it("reports a value that is no choice on its parameter, and writes the same filters back", () => {
    const read = readHotelFilters(new URLSearchParams("stars=6&beds=2&facilities=sauna&priceBand=cheap"));
    expect(read.errors).toEqual({ stars: "FILTER_INVALID", facilities: "FILTER_INVALID", priceBand: "FILTER_INVALID" });
    expect(read.filters.beds).toEqual(["2"]);
    const params = writeHotelFilters(
      readHotelFilters(new URLSearchParams("stars=5,4&name=pars&beds=2")).filters,
      new URLSearchParams("checkIn=x"),
    );
    expect(params.toString()).toBe("checkIn=x&stars=4&stars=5&beds=2&name=pars");
  });

  it("counts each choice against what the other filters let through", () => {
    const facets = hotelFacets(HOTELS, readHotelFilters(new URLSearchParams("stars=4,5&facilities=parking")).filters);
    // Stars are counted without the star filter: of the hotels with parking, one of each.
    expect(facets.stars).toEqual([
      { value: "under3", count: 1 },
      { value: "4", count: 1 },
      { value: "5", count: 1 },
    ]);
    expect(facets.beds.find((facet) => facet.value === "4+")).toEqual({ value: "4+", count: 2 });
    expect(facets.facilities).toEqual([
      { value: "wifi", count: 2 },
      { value: "parking", count: 2 },
      { value: "pool", count: 1 },
    ]);
    expect(hotelFacets(HOTELS).priceBands.map((facet) => facet.count)).toEqual([1, 1, 1, 0, 1]);
  });
});

describe("hotel sorting", () => {
  it("orders by price, stars, rating and distance, stably", () => {
    expect(ids(sortHotels(HOTELS, "price"))).toEqual(["razi", "house", "pars", "darvishi"]);
    expect(ids(sortHotels(HOTELS, "stars"))).toEqual(["darvishi", "pars", "razi", "house"]);
    expect(ids(sortHotels(HOTELS, "rating"))).toEqual(["darvishi", "house", "pars", "razi"]);
    expect(ids(sortHotels(HOTELS, "distance"))).toEqual(["house", "darvishi", "razi", "pars"]);
  });

  it("reads an unknown sort as price and writes the default as no parameter", () => {
    expect(readHotelSort("cheapest")).toBe("price");
    expect(writeHotelSort("price", new URLSearchParams("sort=rating")).toString()).toBe("");
    expect(writeHotelSort("distance", new URLSearchParams()).toString()).toBe("sort=distance");
  });
});
