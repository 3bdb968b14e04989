import { describe, expect, it } from "vitest";
import { readHotelSort, sortHotels, writeHotelSort } from "./sorting.ts";
import { HOTELS, ids } from "./test-listings.ts";

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
