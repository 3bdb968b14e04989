import { describe, expect, it } from "vitest";
import type { BusOffer } from "./bus.ts";
import {
  EMPTY_BUS_FILTERS,
  applyBusFilters,
  busFilterFacets,
  normalizeBusFilters,
  readBusFilters,
  writeBusFilters,
  type BusFilters,
} from "./filters.ts";
import { testBusOffer } from "./test-bus-offers.ts";

const ids = (offers: BusOffer[]) => offers.map((offer) => offer.offerId);
const filters = (patch: Partial<BusFilters>): BusFilters => ({ ...EMPTY_BUS_FILTERS, ...patch });

const OFFERS = [
  testBusOffer({
    id: "seir-vip-morning",
    company: "seir-o-safar",
    busType: "vip25",
    terminal: "tehran-south",
    departs: "07:30",
    adult: 720_000,
  }),
  testBusOffer({
    id: "hamsafar-44",
    company: "hamsafar",
    busType: "ordinary44",
    terminal: "tehran-west",
    departs: "13:15",
    adult: 390_000,
  }),
  testBusOffer({
    id: "seir-29-night",
    company: "seir-o-safar",
    busType: "vip29",
    terminal: "tehran-west",
    departs: "23:45",
    adult: 680_000,
  }),
  testBusOffer({
    id: "taavoni-early",
    company: "taavoni-15",
    busType: "ordinary40",
    terminal: "tehran-south",
    departs: "04:10",
    adult: 350_000,
  }),
];

describe("applyBusFilters", () => {
  it("keeps everything with no filter", () => {
    expect(ids(applyBusFilters(OFFERS, EMPTY_BUS_FILTERS))).toEqual(ids(OFFERS));
  });

  it("filters by company, class (both VIP sizes are VIP), terminal of origin, part of the day and seat price", () => {
    expect(ids(applyBusFilters(OFFERS, filters({ companies: ["seir-o-safar"] })))).toEqual(["seir-vip-morning", "seir-29-night"]);
    expect(ids(applyBusFilters(OFFERS, filters({ classes: ["vip"] })))).toEqual(["seir-vip-morning", "seir-29-night"]);
    expect(ids(applyBusFilters(OFFERS, filters({ classes: ["ordinary"] })))).toEqual(["hamsafar-44", "taavoni-early"]);
    expect(ids(applyBusFilters(OFFERS, filters({ terminals: ["tehran-west"] })))).toEqual(["hamsafar-44", "seir-29-night"]);
    expect(ids(applyBusFilters(OFFERS, filters({ departureTimes: ["early", "evening"] })))).toEqual(["seir-29-night", "taavoni-early"]);
    expect(ids(applyBusFilters(OFFERS, filters({ priceMin: 390_000, priceMax: 700_000 })))).toEqual(["hamsafar-44", "seir-29-night"]);
  });

  it("combines filters: each must pass", () => {
    const both = filters({ classes: ["vip"], terminals: ["tehran-south"] });
    expect(ids(applyBusFilters(OFFERS, both))).toEqual(["seir-vip-morning"]);
    expect(applyBusFilters(OFFERS, filters({ companies: ["hamsafar"], classes: ["vip"] }))).toEqual([]);
  });

  it("drops a bus whose departure cannot be read when a part of the day is asked for", () => {
    const broken = { ...testBusOffer({ id: "broken" }), departAt: "soon" };
    expect(ids(applyBusFilters([broken], filters({ departureTimes: ["morning"] })))).toEqual([]);
    expect(ids(applyBusFilters([broken], EMPTY_BUS_FILTERS))).toEqual(["broken"]);
  });
});

describe("busFilterFacets", () => {
  it("lists what the offers offer, with counts and cheapest seats", () => {
    const facets = busFilterFacets(OFFERS);
    expect(facets.companies.map(({ code, count, cheapest }) => [code, count, cheapest])).toEqual([
      ["taavoni-15", 1, 350_000],
      ["hamsafar", 1, 390_000],
      ["seir-o-safar", 2, 680_000],
    ]);
    expect(facets.classes).toEqual([
      { busClass: "vip", count: 2, cheapest: 680_000 },
      { busClass: "ordinary", count: 2, cheapest: 350_000 },
    ]);
    expect(facets.terminals.map(({ code, count }) => [code, count])).toEqual([
      ["tehran-south", 2],
      ["tehran-west", 2],
    ]);
    expect(facets.departureTimes).toEqual([
      { time: "early", count: 1 },
      { time: "morning", count: 1 },
      { time: "afternoon", count: 1 },
      { time: "evening", count: 1 },
    ]);
    expect(facets.price).toEqual({ min: 350_000, max: 720_000 });
  });

  it("has no price range and no choices without offers", () => {
    const facets = busFilterFacets([]);
    expect(facets.price).toBeNull();
    expect(facets.companies).toEqual([]);
    expect(facets.classes).toEqual([]);
    expect(facets.departureTimes.every(({ count }) => count === 0)).toBe(true);
  });
});

describe("bus filters in the URL", () => {
  it("reads lists, classes, parts of the day and prices in any digit set, ignoring junk", () => {
    const params = new URLSearchParams(
      "company=Seir-O-Safar&company=bad code&company=hamsafar&busClass=vip&busClass=sleeper&terminal=tehran-west" +
        "&departTime=evening&departTime=noon&priceMin=۷۰۰٬۰۰۰&priceMax=300000",
    );
    expect(readBusFilters(params)).toEqual({
      companies: ["hamsafar", "seir-o-safar"],
      classes: ["vip"],
      terminals: ["tehran-west"],
      departureTimes: ["evening"],
      // The bounds come back the right way round.
      priceMin: 300_000,
      priceMax: 700_000,
    });
    expect(readBusFilters(new URLSearchParams("priceMin=-5&priceMax=1e9&company=" + "a".repeat(40)))).toEqual(EMPTY_BUS_FILTERS);
  });

  it("writes the canonical form, keeps other parameters, and reads back what it wrote", () => {
    const chosen = filters({
      companies: ["seir-o-safar", "hamsafar"],
      classes: ["ordinary", "vip"],
      departureTimes: ["evening", "early"],
      priceMax: 500_000,
    });
    const params = writeBusFilters(chosen, new URLSearchParams("date=2026-12-01&adults=2&company=old&sort=price"));
    expect(params.toString()).toBe(
      "date=2026-12-01&adults=2&sort=price&company=hamsafar&company=seir-o-safar&busClass=vip&busClass=ordinary&departTime=early&departTime=evening&priceMax=500000",
    );
    expect(readBusFilters(params)).toEqual(normalizeBusFilters(chosen));
  });
});
