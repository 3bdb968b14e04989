import { describe, expect, it } from "vitest";
import type { InternationalFlightSearchQuery } from "./international-flight.ts";
import { parseInternationalFlightSearch, searchInternationalFlights } from "./search-international-flights.ts";
import { testOffer } from "./test-offers.ts";

const TODAY = "2026-11-20";

describe("parseInternationalFlightSearch", () => {
  it("reads a round trip with a party and an international cabin, from IKA when no origin is given", () => {
    const parsed = parseInternationalFlightSearch(
      new URLSearchParams("to=ist&date=۲۰۲۶-۱۱-۲۲&returnDate=2026-11-29&adults=2&children=1&infants=1&cabin=Premium"),
      TODAY,
    );
    expect(parsed).toEqual({
      ok: true,
      query: { from: "IKA", to: "IST", date: "2026-11-22", returnDate: "2026-11-29", adults: 2, children: 1, infants: 1, cabin: "premium" },
    });
  });

  it("names each refused parameter", () => {
    const parsed = parseInternationalFlightSearch(
      new URLSearchParams("from=IKA&to=IKA&date=2026-11-19&adults=1&infants=2&cabin=sofa"),
      TODAY,
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual([
      { param: "to", code: "SAME_ROUTE" },
      { param: "date", code: "DATE_PAST" },
      { param: "infants", code: "INFANTS_EXCEED_ADULTS" },
      { param: "cabin", code: "CABIN_INVALID" },
    ]);
  });
});

describe("searchInternationalFlights", () => {
  const query: InternationalFlightSearchQuery = { from: "IKA", to: "IST", date: "2026-11-22", adults: 1, children: 0, infants: 0 };
  const known = new Set(["IKA", "IST"]);
  const places = { byRouteCode: async (code: string) => (known.has(code) ? ({ id: code } as never) : null) };

  it("refuses a place the service does not fly to, naming the field, without asking the supplier", async () => {
    let asked = 0;
    const internationalFlights = { search: async () => (asked++, []) };
    expect(await searchInternationalFlights({ ...query, from: "XXX" }, { internationalFlights, places })).toEqual({
      ok: false,
      error: "UNKNOWN_PLACE",
      field: "from",
    });
    expect(await searchInternationalFlights({ ...query, to: "ZZZ" }, { internationalFlights, places })).toEqual({
      ok: false,
      error: "UNKNOWN_PLACE",
      field: "to",
    });
    expect(asked).toBe(0);
  });

  it("answers the supplier's offers cheapest first, in Persian unless asked otherwise", async () => {
    const seen: InternationalFlightSearchQuery[] = [];
    const internationalFlights = {
      search: async (asked: InternationalFlightSearchQuery) => {
        seen.push(asked);
        return [testOffer({ id: "dear", adult: 30_000_000 }), testOffer({ id: "cheap", adult: 10_000_000 })];
      },
    };
    const found = await searchInternationalFlights(query, { internationalFlights, places });
    expect(found.ok && found.offers.map((offer) => offer.offerId)).toEqual(["cheap", "dear"]);
    expect(seen[0]?.locale).toBe("fa");
  });
});
