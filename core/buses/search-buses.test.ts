import { describe, expect, it } from "vitest";
import type { BusSearchQuery } from "./bus.ts";
import { parseBusSearch, searchBuses, seatedTravellers } from "./search-buses.ts";
import { testBus } from "./test-buses.ts";

const TODAY = "2026-11-20";
const parse = (query: string) => parseBusSearch(new URLSearchParams(query), TODAY);

describe("parseBusSearch", () => {
  it("reads a party and a date in any digit set, and lower-cases city slugs", () => {
    expect(parse("from=Tehran&to=isfahan&date=۲۰۲۶-۱۱-۲۲&adults=۲&children=1&infants=1")).toEqual({
      ok: true,
      query: { from: "tehran", to: "isfahan", date: "2026-11-22", adults: 2, children: 1, infants: 1 },
    });
  });

  it("takes one adult and no children or infants when not told, and today as a date", () => {
    expect(parse("from=tehran&to=bandar-abbas&date=2026-11-20&children=&infants=")).toEqual({
      ok: true,
      query: { from: "tehran", to: "bandar-abbas", date: "2026-11-20", adults: 1, children: 0, infants: 0 },
    });
  });

  it("names each refused parameter with its code", () => {
    expect(parse("from=tehran&to=TEHRAN&date=2026-11-19&adults=1&infants=2")).toEqual({
      ok: false,
      errors: { to: "SAME_ROUTE", date: "DATE_PAST", infants: "INFANTS_EXCEED_ADULTS" },
    });
    expect(parse("from=teh ran&to=-isfahan&date=2027-11-21&adults=7&children=3")).toEqual({
      ok: false,
      errors: { from: "FROM_INVALID", to: "TO_INVALID", date: "DATE_TOO_FAR", children: "TOO_MANY_PASSENGERS" },
    });
    expect(parse("to=isfahan&date=2026-02-30&adults=0")).toEqual({
      ok: false,
      errors: { from: "FROM_INVALID", date: "DATE_INVALID", adults: "ADULT_REQUIRED" },
    });
    expect(parse("from=tehran&to=isfahan&adults=x&children=-1&infants=100")).toEqual({
      ok: false,
      errors: { date: "DATE_INVALID", adults: "COUNT_INVALID", children: "COUNT_INVALID", infants: "COUNT_INVALID" },
    });
  });

  it("sells the last day of the booking horizon and not the next", () => {
    expect(parse("from=tehran&to=isfahan&date=2027-11-20").ok).toBe(true);
    expect(parse("from=tehran&to=isfahan&date=2027-11-21")).toEqual({ ok: false, errors: { date: "DATE_TOO_FAR" } });
  });

  it("refuses huge values unread and never throws on a query", () => {
    expect(parse(`from=${"a".repeat(5000)}&to=isfahan&date=2026-11-22&adults=${"1".repeat(5000)}`)).toEqual({
      ok: false,
      errors: { from: "FROM_INVALID", adults: "COUNT_INVALID" },
    });
    expect(() => parseBusSearch(new URLSearchParams(), "today")).toThrow(RangeError);
  });
});

describe("searchBuses", () => {
  const query: BusSearchQuery = { from: "tehran", to: "isfahan", date: "2026-11-22", adults: 2, children: 1, infants: 1 };

  it("counts adults and children as seated, not infants", () => {
    expect(seatedTravellers(query)).toBe(3);
  });

  it("says it cannot search without bus inventory", async () => {
    expect(await searchBuses(null, query)).toEqual({ ok: false, error: "BUSES_UNAVAILABLE" });
  });

  it("offers only buses with a seat for each seated traveller, earliest first, asking in Persian unless told", async () => {
    const asked: BusSearchQuery[] = [];
    const buses = {
      search: async (search: BusSearchQuery) => {
        asked.push(search);
        return [
          testBus({ offerId: "late", departAt: "2026-11-22T23:00:00+03:30", seatsLeft: 3 }),
          testBus({ offerId: "full", departAt: "2026-11-22T06:00:00+03:30", seatsLeft: 2 }),
          testBus({ offerId: "early", departAt: "2026-11-22T07:30:00+03:30", seatsLeft: 30 }),
        ];
      },
    };
    const found = await searchBuses(buses, query);
    expect(found.ok && found.offers.map((offer) => offer.offerId)).toEqual(["early", "late"]);
    expect(asked).toEqual([{ ...query, locale: "fa" }]);
    await searchBuses(buses, { ...query, locale: "en" });
    expect(asked[1]?.locale).toBe("en");
  });

  it("answers an empty list when no bus runs, and lets a supplier's fault through", async () => {
    expect(await searchBuses({ search: async () => [] }, query)).toEqual({ ok: true, offers: [] });
    await expect(searchBuses({ search: async () => Promise.reject(new Error("down")) }, query)).rejects.toThrow("down");
  });
});
