import { describe, expect, it } from "vitest";
import { parseTourSearch, searchTours } from "./search-tours.ts";
import { testTourId, testTourSupplier } from "./test-tours.ts";

const TODAY = "2026-12-01";
const parse = (query: string) => parseTourSearch(new URLSearchParams(query), TODAY);

describe("parseTourSearch", () => {
  it("reads a full search, in any digit set", () => {
    expect(
      parse(
        "scope=international&from=Tehran&to=istanbul&date=۲۰۲۶-۱۲-۰۵&lastDate=2026-12-31&transport=flight&adults=2&children=1&infants=1",
      ),
    ).toEqual({
      ok: true,
      query: {
        scope: "international",
        from: "tehran",
        to: "istanbul",
        date: "2026-12-05",
        lastDate: "2026-12-31",
        transport: "flight",
        seats: 3,
      },
      party: { adults: 2, children: 1, infants: 1 },
    });
  });

  it("defaults to tours at home from today for a month, for one adult", () => {
    expect(parse("")).toEqual({
      ok: true,
      query: { scope: "domestic", date: TODAY, lastDate: "2026-12-31", seats: 1 },
      party: { adults: 1, children: 0, infants: 0 },
    });
  });

  it("refuses each bad parameter on its own name", () => {
    expect(parse("scope=abroad&from=te hran&to=kish&transport=ship&date=2026-11-30&adults=0")).toEqual({
      ok: false,
      errors: { scope: "SCOPE_INVALID", from: "FROM_INVALID", transport: "TRANSPORT_INVALID", date: "DATE_PAST", adults: "ADULT_REQUIRED" },
    });
    expect(parse("from=kish&to=kish&date=2026-12-10&lastDate=2026-12-09")).toEqual({
      ok: false,
      errors: { to: "SAME_ROUTE", lastDate: "LAST_DATE_BEFORE" },
    });
    expect(parse("lastDate=2027-04-01")).toEqual({ ok: false, errors: { lastDate: "RANGE_TOO_LONG" } });
    expect(parse("date=2026-02-30&infants=2")).toEqual({ ok: false, errors: { date: "DATE_INVALID", infants: "INFANTS_EXCEED_ADULTS" } });
  });
});

describe("searchTours", () => {
  it("lists the departures of a scope with a seat for every adult and child, soonest first", async () => {
    const tours = testTourSupplier({ today: TODAY });
    const home = await searchTours(tours, { scope: "domestic", date: TODAY, lastDate: "2026-12-31", seats: 2 });
    expect(home.ok && home.tours.map((tour) => tour.tourId)).toEqual([testTourId("kish", TODAY), testTourId("mashhad", TODAY)]);
    tours.setSeats(testTourId("kish", TODAY), 1);
    const fewer = await searchTours(tours, { scope: "domestic", date: TODAY, lastDate: "2026-12-31", seats: 2 });
    expect(fewer.ok && fewer.tours.map((tour) => tour.to)).toEqual(["mashhad"]);
    const abroad = await searchTours(tours, { scope: "international", to: "dubai", date: TODAY, lastDate: "2026-12-31", seats: 1 });
    expect(abroad.ok && abroad.tours.map((tour) => tour.visa?.kind)).toEqual(["eVisa"]);
  });

  it("says so when the deployment has no tour inventory", async () => {
    expect(await searchTours(null, { scope: "domestic" })).toEqual({ ok: false, error: "TOURS_UNAVAILABLE" });
  });
});
