import { describe, expect, it } from "vitest";
import { HOTELS, ids } from "./test-listings.ts";
import { applyHotelFilters, EMPTY_HOTEL_FILTERS, hotelFacets, priceBandOf, readHotelFilters, writeHotelFilters } from "./filters.ts";

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
