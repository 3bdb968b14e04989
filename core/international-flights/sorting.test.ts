import { describe, expect, it } from "vitest";
import type { InternationalFlightOffer } from "./international-flight.ts";
import {
  INTERNATIONAL_FLIGHT_SORTS,
  readInternationalSort,
  sortInternationalOffers,
  travelMinutes,
  writeInternationalSort,
} from "./sorting.ts";
import { testOffer } from "./test-offers.ts";

const ids = (offers: InternationalFlightOffer[]) => offers.map((offer) => offer.offerId);

const OFFERS = [
  // 3 h direct at 08:00 Tehran, dear.
  testOffer({ id: "direct-dear", adult: 40_000_000, out: [["2026-11-22T08:00:00+03:30", "2026-11-22T10:30:00+03:00"]] }),
  // 6 h 50 one stop at 23:50 Tehran, cheap.
  testOffer({
    id: "stop-cheap",
    adult: 18_000_000,
    out: [
      ["2026-11-22T23:50:00+03:30", "2026-11-23T01:50:00+04:00"],
      ["2026-11-23T04:00:00+04:00", "2026-11-23T06:10:00+03:00"],
    ],
  }),
  // Direct at 07:00 Istanbul time: 04:00Z, before direct-dear (08:00 Tehran, 04:30Z) by instant.
  testOffer({ id: "direct-early", adult: 18_000_000, out: [["2026-11-22T07:00:00+03:00", "2026-11-22T09:00:00+03:00"]] }),
  // Same total as stop-cheap, round trip: 2 h out, 4 h back.
  testOffer({
    id: "round-trip",
    adult: 25_000_000,
    total: 18_000_000,
    out: [["2026-11-22T12:00:00+03:30", "2026-11-22T13:30:00+03:00"]],
    back: [["2026-11-29T12:00:00+03:00", "2026-11-29T16:30:00+03:30"]],
  }),
];

describe("sortInternationalOffers", () => {
  it("sorts by what the party pays, the adult price and then the departure breaking ties", () => {
    expect(ids(sortInternationalOffers(OFFERS, "price"))).toEqual(["direct-early", "stop-cheap", "round-trip", "direct-dear"]);
  });

  it("sorts by the first departure as an instant, whatever the offsets", () => {
    expect(ids(sortInternationalOffers(OFFERS, "departure"))).toEqual(["direct-early", "direct-dear", "round-trip", "stop-cheap"]);
  });

  it("sorts by the time travelled, every leg added up", () => {
    expect(OFFERS.map(travelMinutes)).toEqual([180, 410, 120, 360]);
    expect(ids(sortInternationalOffers(OFFERS, "duration"))).toEqual(["direct-early", "direct-dear", "round-trip", "stop-cheap"]);
  });

  it("puts direct trips first, cheapest first among them", () => {
    expect(ids(sortInternationalOffers(OFFERS, "stops"))).toEqual(["direct-early", "round-trip", "direct-dear", "stop-cheap"]);
  });

  it("is stable and leaves the list given untouched", () => {
    const twins = [testOffer({ id: "a" }), testOffer({ id: "b" }), testOffer({ id: "c" })];
    for (const sort of INTERNATIONAL_FLIGHT_SORTS) expect(ids(sortInternationalOffers(twins, sort))).toEqual(["a", "b", "c"]);
    const before = ids(OFFERS);
    sortInternationalOffers(OFFERS, "duration");
    expect(ids(OFFERS)).toEqual(before);
  });

  it("puts an offer with an unreadable departure last", () => {
    const broken = testOffer({ id: "broken", adult: 1, out: [["2026-11-22 08:00", "2026-11-22T10:00:00+03:00"]] });
    expect(ids(sortInternationalOffers([broken, ...OFFERS], "departure")).at(-1)).toBe("broken");
  });
});

describe("the sort in the URL", () => {
  it("reads known sorts and falls back to price", () => {
    expect(readInternationalSort("stops")).toBe("stops");
    expect(readInternationalSort("cheapest")).toBe("price");
    expect(readInternationalSort(null)).toBe("price");
  });

  it("writes the default as no parameter", () => {
    expect(writeInternationalSort("duration", new URLSearchParams("date=2026-11-22&sort=price")).toString()).toBe(
      "date=2026-11-22&sort=duration",
    );
    expect(writeInternationalSort("price", new URLSearchParams("sort=stops&x=1")).toString()).toBe("x=1");
  });
});
