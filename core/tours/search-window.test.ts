import { describe, expect, it } from "vitest";
import { readTourFilters } from "./tour-filters.ts";
import { isTourSearchPath, tourSearchWindow } from "./search-window.ts";

describe("a tour search's days and paths", () => {
  it("looks three days either side of the asked day, never before today", () => {
    expect(tourSearchWindow("2026-12-10", "2026-12-01")).toEqual({ date: "2026-12-07", lastDate: "2026-12-13" });
    expect(tourSearchWindow("2026-12-02", "2026-12-01")).toEqual({ date: "2026-12-01", lastDate: "2026-12-05" });
  });

  it("gives the tour budget to tour pages and the tour API only", () => {
    for (const path of [
      "/tour",
      "/tour/kish",
      "/en/tour/searchCariage/bus",
      "/ar/internationaltour/search/tehran/dubai",
      "/api/v1/tours/search",
    ])
      expect(isTourSearchPath(path), path).toBe(true);
    for (const path of ["/", "/tours", "/en/touring", "/hotel/kish", "/fa/tour", "/api/v1/bookings"])
      expect(isTourSearchPath(path), path).toBe(false);
  });

  it("reads filters from a URL in one canonical form, ignoring nonsense", () => {
    const params = new URLSearchParams(
      "transport=bus&transport=ship&nights=5&nights=3&nights=99&nights=x&stars=5&stars=7&priceMin=۹۰۰&priceMax=100",
    );
    expect(readTourFilters(params)).toEqual({ transports: ["bus"], nights: [3, 5], stars: ["5"], priceMin: 100, priceMax: 900 });
  });
});
