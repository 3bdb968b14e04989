import { describe, expect, it } from "vitest";
import {
  EMPTY_TRAIN_FILTERS,
  applyTrainFilters,
  departureTimeOfDay,
  normalizeTrainFilters,
  readTrainFilters,
  trainFilterFacets,
  writeTrainFilters,
  type TrainFilters,
} from "./filters.ts";
import { testTrainOffer } from "./test-train-offers.ts";
import type { TrainOffer } from "./train.ts";

const ids = (offers: TrainOffer[]) => offers.map((offer) => offer.offerId);
const filters = (patch: Partial<TrainFilters>): TrainFilters => ({ ...EMPTY_TRAIN_FILTERS, ...patch });

const OFFERS = [
  testTrainOffer({ id: "raja-salon", operator: "raja", kind: "salon", departs: "07:15", adult: 450_000 }),
  testTrainOffer({ id: "fadak-4", operator: "fadak", kind: "compartment4", departs: "16:40", adult: 1_300_000, cars: true }),
  testTrainOffer({ id: "raja-6", operator: "raja", kind: "compartment6", departs: "21:30", adult: 900_000, cars: true }),
  testTrainOffer({ id: "simorgh-vip", operator: "simorgh", kind: "vip4", departs: "23:59", adult: 2_500_000 }),
  testTrainOffer({ id: "night-owl", operator: "raja", kind: "compartment4", departs: "02:05", adult: 800_000 }),
];

describe("departureTimeOfDay", () => {
  it("reads the hour on Tehran's clock, whatever offset the time is written with", () => {
    expect(departureTimeOfDay({ departAt: "2026-11-22T05:59:00+03:30" })).toBe("early");
    expect(departureTimeOfDay({ departAt: "2026-11-22T02:30:00Z" })).toBe("morning"); // 06:00 in Tehran
    expect(departureTimeOfDay({ departAt: "2026-11-22T12:00:00+03:30" })).toBe("afternoon");
    expect(departureTimeOfDay({ departAt: "2026-11-22T18:00:00+03:30" })).toBe("evening");
    expect(departureTimeOfDay({ departAt: "2026-11-22T18:00:00" })).toBeNull();
  });
});

describe("applyTrainFilters", () => {
  it("keeps everything with no filter", () => {
    expect(ids(applyTrainFilters(OFFERS, EMPTY_TRAIN_FILTERS))).toEqual(ids(OFFERS));
  });

  it("filters by operator, wagon kind, car transport and the adult bed's price, bounds included", () => {
    expect(ids(applyTrainFilters(OFFERS, filters({ operators: ["fadak", "simorgh"] })))).toEqual(["fadak-4", "simorgh-vip"]);
    expect(ids(applyTrainFilters(OFFERS, filters({ wagons: ["compartment4", "vip4"] })))).toEqual(["fadak-4", "simorgh-vip", "night-owl"]);
    expect(ids(applyTrainFilters(OFFERS, filters({ carTransport: true })))).toEqual(["fadak-4", "raja-6"]);
    expect(ids(applyTrainFilters(OFFERS, filters({ priceMin: 800_000, priceMax: 1_300_000 })))).toEqual(["fadak-4", "raja-6", "night-owl"]);
  });

  it("filters by the part of the day the train leaves in, and combines every filter", () => {
    expect(ids(applyTrainFilters(OFFERS, filters({ departureTimes: ["evening"] })))).toEqual(["raja-6", "simorgh-vip"]);
    expect(ids(applyTrainFilters(OFFERS, filters({ departureTimes: ["early", "morning"] })))).toEqual(["raja-salon", "night-owl"]);
    expect(
      ids(applyTrainFilters(OFFERS, filters({ operators: ["raja"], departureTimes: ["evening", "early"], carTransport: true }))),
    ).toEqual(["raja-6"]);
  });
});

describe("trainFilterFacets", () => {
  it("lists operators cheapest first, wagon kinds in their order, every part of the day and the price range", () => {
    const facets = trainFilterFacets(OFFERS);
    expect(facets.operators).toEqual([
      { code: "raja", name: "RAJA", count: 3, cheapest: 450_000 },
      { code: "fadak", name: "FADAK", count: 1, cheapest: 1_300_000 },
      { code: "simorgh", name: "SIMORGH", count: 1, cheapest: 2_500_000 },
    ]);
    expect(facets.wagons.map((wagon) => wagon.kind)).toEqual(["salon", "compartment4", "compartment6", "vip4"]);
    expect(facets.wagons[1]).toEqual({ kind: "compartment4", count: 2, cheapest: 800_000 });
    expect(facets.departureTimes).toEqual([
      { time: "early", count: 1 },
      { time: "morning", count: 1 },
      { time: "afternoon", count: 1 },
      { time: "evening", count: 2 },
    ]);
    expect(facets.price).toEqual({ min: 450_000, max: 2_500_000 });
    expect(facets.carTransport).toBe(2);
  });

  it("has no price range without offers", () => {
    expect(trainFilterFacets([])).toMatchObject({ operators: [], wagons: [], price: null, carTransport: 0 });
  });
});

describe("filters in the URL", () => {
  it("reads every filter, ignoring junk, repeats and unknown values, in any digit set", () => {
    const read = readTrainFilters(
      new URLSearchParams(
        "operator=Fadak&operator=raja&operator=raja&operator=%3Cscript%3E&wagon=vip4&wagon=sofa&departTime=evening&departTime=noon&priceMin=۹۰۰٬۰۰۰&priceMax=abc&car=1",
      ),
    );
    expect(read).toEqual({
      operators: ["fadak", "raja"],
      wagons: ["vip4"],
      departureTimes: ["evening"],
      priceMin: 900_000,
      priceMax: null,
      carTransport: true,
    });
    expect(readTrainFilters(new URLSearchParams("car=on")).carTransport).toBe(true);
    expect(readTrainFilters(new URLSearchParams("car=0")).carTransport).toBe(false);
  });

  it("puts price bounds the right way round", () => {
    expect(normalizeTrainFilters(filters({ priceMin: 2_000_000, priceMax: 500_000 }))).toMatchObject({
      priceMin: 500_000,
      priceMax: 2_000_000,
    });
  });

  it("writes the filters canonically, keeping every other parameter, and reads them back the same", () => {
    const chosen = filters({
      operators: ["raja", "fadak"],
      wagons: ["vip4", "salon"],
      departureTimes: ["evening"],
      priceMax: 1_000_000,
      carTransport: true,
    });
    const params = writeTrainFilters(chosen, new URLSearchParams("date=2026-11-22&operator=old&sort=price"));
    expect(params.toString()).toBe(
      "date=2026-11-22&sort=price&operator=fadak&operator=raja&wagon=salon&wagon=vip4&departTime=evening&priceMax=1000000&car=1",
    );
    expect(readTrainFilters(params)).toEqual(normalizeTrainFilters(chosen));
  });
});
