import { describe, expect, it } from "vitest";
import {
  EMPTY_INTERNATIONAL_FILTERS,
  applyInternationalFilters,
  internationalFilterFacets,
  localTimeOfDay,
  normalizeInternationalFilters,
  readInternationalFilters,
  writeInternationalFilters,
  type InternationalFlightFilters,
} from "./filters.ts";
import type { InternationalFlightOffer } from "./international-flight.ts";
import { testOffer } from "./test-offers.ts";

const ids = (offers: InternationalFlightOffer[]) => offers.map((offer) => offer.offerId);
const filters = (patch: Partial<InternationalFlightFilters>): InternationalFlightFilters => ({ ...EMPTY_INTERNATIONAL_FILTERS, ...patch });

const OFFERS = [
  // Direct TK, morning out of Tehran, lands before noon in Istanbul, 30 kg.
  testOffer({ id: "tk-direct", airline: "TK", adult: 30_000_000, kg: 30 }),
  // One stop on flydubai, leaves 23:50 Tehran time, lands 06:10 in Istanbul, cabin bag only.
  testOffer({
    id: "fz-one-stop",
    airline: "FZ",
    adult: 18_000_000,
    out: [
      ["2026-11-22T23:50:00+03:30", "2026-11-23T01:50:00+04:00"],
      ["2026-11-23T04:00:00+04:00", "2026-11-23T06:10:00+03:00"],
    ],
  }),
  // Business on Qatar, two pieces, afternoon.
  testOffer({
    id: "qr-business",
    airline: "QR",
    adult: 90_000_000,
    pieces: 2,
    cabin: "business",
    out: [["2026-11-22T14:00:00+03:30", "2026-11-22T16:30:00+03:00"]],
  }),
];

describe("localTimeOfDay", () => {
  it("reads the hour on the clock of the airport's own offset, not Tehran's", () => {
    // 02:30 in Dubai is 02:00 in Tehran: both early; 05:45 in Istanbul is 06:15 in Tehran.
    expect(localTimeOfDay("2026-11-22T05:45:00+03:00")).toBe("early");
    expect(localTimeOfDay("2026-11-22T06:00:00+04:00")).toBe("morning");
    expect(localTimeOfDay("2026-11-22T17:59:00+01:00")).toBe("afternoon");
    expect(localTimeOfDay("2026-11-22T18:00:00Z")).toBe("evening");
    expect(localTimeOfDay("2026-11-22T18:00:00")).toBeNull();
    expect(localTimeOfDay(42)).toBeNull();
  });
});

describe("applyInternationalFilters", () => {
  it("keeps everything with no filter", () => {
    expect(ids(applyInternationalFilters(OFFERS, EMPTY_INTERNATIONAL_FILTERS))).toEqual(["tk-direct", "fz-one-stop", "qr-business"]);
  });

  it("filters by validating airline, stops, cabin and baggage", () => {
    expect(ids(applyInternationalFilters(OFFERS, filters({ airlines: ["FZ", "QR"] })))).toEqual(["fz-one-stop", "qr-business"]);
    expect(ids(applyInternationalFilters(OFFERS, filters({ stops: ["0"] })))).toEqual(["tk-direct", "qr-business"]);
    expect(ids(applyInternationalFilters(OFFERS, filters({ stops: ["1", "2"] })))).toEqual(["fz-one-stop"]);
    expect(ids(applyInternationalFilters(OFFERS, filters({ cabins: ["business"] })))).toEqual(["qr-business"]);
    expect(ids(applyInternationalFilters(OFFERS, filters({ baggage: ["checked"] })))).toEqual(["tk-direct", "qr-business"]);
    expect(ids(applyInternationalFilters(OFFERS, filters({ baggage: ["cabin"] })))).toEqual(["fz-one-stop"]);
  });

  it("filters departure and arrival bands on local clocks", () => {
    expect(ids(applyInternationalFilters(OFFERS, filters({ departureTimes: ["evening"] })))).toEqual(["fz-one-stop"]);
    expect(ids(applyInternationalFilters(OFFERS, filters({ arrivalTimes: ["early"] })))).toEqual([]);
    expect(ids(applyInternationalFilters(OFFERS, filters({ arrivalTimes: ["morning"] })))).toEqual(["tk-direct", "fz-one-stop"]);
    expect(ids(applyInternationalFilters(OFFERS, filters({ departureTimes: ["morning"], arrivalTimes: ["afternoon"] })))).toEqual([]);
  });

  it("bounds the adult price, both ends inclusive", () => {
    expect(ids(applyInternationalFilters(OFFERS, filters({ priceMin: 18_000_000, priceMax: 30_000_000 })))).toEqual([
      "tk-direct",
      "fz-one-stop",
    ]);
    expect(ids(applyInternationalFilters(OFFERS, filters({ priceMin: 18_000_001 })))).toEqual(["tk-direct", "qr-business"]);
  });
});

describe("internationalFilterFacets", () => {
  it("describes what the panel can offer", () => {
    const facets = internationalFilterFacets(OFFERS);
    expect(facets.airlines.map((airline) => airline.code)).toEqual(["FZ", "TK", "QR"]);
    expect(facets.stops).toEqual([
      { stops: "0", count: 2, cheapest: 30_000_000 },
      { stops: "1", count: 1, cheapest: 18_000_000 },
      { stops: "2", count: 0, cheapest: null },
    ]);
    expect(facets.departureTimes).toEqual([
      { time: "early", count: 0 },
      { time: "morning", count: 1 },
      { time: "afternoon", count: 1 },
      { time: "evening", count: 1 },
    ]);
    expect(facets.price).toEqual({ min: 18_000_000, max: 90_000_000 });
    expect(facets.baggage).toEqual(["checked", "cabin"]);
    expect(facets.cabins).toEqual(["economy", "business"]);
    expect(internationalFilterFacets([]).price).toBeNull();
  });
});

describe("filters in the URL", () => {
  it("reads, normalises and writes them back in one canonical order, keeping other parameters", () => {
    const params = new URLSearchParams(
      "date=2026-11-22&airline=qr&airline=TK&airline=qr&airline=123&stops=1&stops=0&stops=9&departTime=evening&arriveTime=noon" +
        "&priceMin=۵۰۰۰۰۰۰۰&priceMax=1,000,000&baggage=checked&fareCabin=business&fareCabin=first&cabin=economy",
    );
    const read = readInternationalFilters(params);
    expect(read).toEqual({
      airlines: ["QR", "TK"],
      stops: ["0", "1"],
      departureTimes: ["evening"],
      arrivalTimes: [],
      priceMin: 1_000_000,
      priceMax: 50_000_000,
      baggage: ["checked"],
      cabins: ["business"],
    });
    const written = writeInternationalFilters(read, params).toString();
    expect(written).toBe(
      "date=2026-11-22&cabin=economy&airline=QR&airline=TK&stops=0&stops=1&departTime=evening&priceMin=1000000&priceMax=50000000&baggage=checked&fareCabin=business",
    );
    expect(readInternationalFilters(new URLSearchParams(written))).toEqual(read);
  });

  it("never throws on nonsense and ignores huge values", () => {
    const params = new URLSearchParams({ airline: "x".repeat(10_000), priceMin: "-5", stops: "1".repeat(100) });
    expect(readInternationalFilters(params)).toEqual(EMPTY_INTERNATIONAL_FILTERS);
    expect(normalizeInternationalFilters(filters({ priceMin: 1.5, priceMax: Number.NaN }))).toEqual(EMPTY_INTERNATIONAL_FILTERS);
  });
});
