import { describe, expect, it } from "vitest";
import type { InsurancePlan } from "./insurance.ts";
import {
  ageBandOf,
  ageOn,
  coverEndDate,
  defaultCoverStart,
  durationBandOf,
  insuranceOfferId,
  insuranceRefundTerms,
  isCoverStartAllowed,
  listOffers,
  meetsSchengenRule,
  parseInsuranceOfferId,
  planCoversZone,
  plansAccepting,
  quoteParty,
  quoteTraveller,
  type PricedPlan,
} from "./rules.ts";

const plan = (overrides: Partial<InsurancePlan> = {}): InsurancePlan => ({
  planId: "p",
  insurer: { code: "saman", name: "Saman" },
  name: "Plan",
  zone: "schengen",
  cover: { medical: 30_000, evacuation: null, baggageLoss: null, flightDelay: null, covid: false },
  maxAge: 75,
  maxDays: 92,
  ...overrides,
});

// Prices by hand: 1–7 days and 8–15 days, every age band up to 71–75.
const priced = (overrides: Partial<InsurancePlan> = {}): PricedPlan => ({
  plan: plan(overrides),
  prices: {
    "1-7": { "0-12": 100, "13-65": 200, "66-70": 400, "71-75": 600 },
    "8-15": { "0-12": 150, "13-65": 300, "66-70": 600, "71-75": 900 },
  },
});

const START = "2026-12-10";

describe("length bands", () => {
  it.each([
    [1, "1-7"],
    [7, "1-7"],
    [8, "8-15"],
    [15, "8-15"],
    [16, "16-23"],
    [31, "24-31"],
    [45, "32-45"],
    [62, "46-62"],
    [92, "63-92"],
    [93, "93-180"],
    [365, "181-365"],
  ])("a trip of %i days is in band %s", (days, band) => {
    expect(durationBandOf(days)).toBe(band);
  });

  it.each([0, -3, 366, 2.5, Number.NaN])("%s days is in no band", (days) => {
    expect(durationBandOf(days)).toBeNull();
  });
});

describe("ages", () => {
  it("counts whole years on the start of cover: the birthday itself is the new age", () => {
    expect(ageOn("1960-12-10", START)).toBe(66);
    expect(ageOn("1960-12-11", START)).toBe(65);
    expect(ageOn("2026-06-01", START)).toBe(0);
  });

  it("takes a 29 February birthday on 28 February in other years", () => {
    expect(ageOn("2000-02-29", "2027-02-27")).toBe(26);
    expect(ageOn("2000-02-29", "2027-02-28")).toBe(27);
  });

  it.each([
    [0, "0-12"],
    [12, "0-12"],
    [13, "13-65"],
    [65, "13-65"],
    [66, "66-70"],
    [70, "66-70"],
    [71, "71-75"],
    [75, "71-75"],
    [76, "76-80"],
    [80, "76-80"],
    [81, "81+"],
    [104, "81+"],
  ])("age %i is in band %s", (age, band) => {
    expect(ageBandOf(age)).toBe(band);
  });
});

describe("zones and the Schengen rule", () => {
  it("a plan covers its zone and the ones before it", () => {
    expect(planCoversZone("europe", "schengen")).toBe(true);
    expect(planCoversZone("worldwide", "neighbours")).toBe(true);
    expect(planCoversZone("asia", "schengen")).toBe(false);
    expect(planCoversZone("neighbours", "neighbours")).toBe(true);
  });

  it("a Schengen destination takes only medical cover of EUR 30,000 or more", () => {
    expect(meetsSchengenRule(plan({ cover: { ...plan().cover, medical: 29_999 } }), true)).toBe(false);
    expect(meetsSchengenRule(plan({ cover: { ...plan().cover, medical: 30_000 } }), true)).toBe(true);
    expect(meetsSchengenRule(plan({ cover: { ...plan().cover, medical: 10_000 } }), false)).toBe(true);
  });

  it("lists no plan under the minimum for a Schengen country, but does for the same zone's plan elsewhere", () => {
    const cheap = priced({ planId: "cheap", cover: { ...plan().cover, medical: 20_000 } });
    const gold = priced({ planId: "gold" });
    const query = { days: 7, startDate: START, birthDates: ["1990-01-01"] };
    expect(listOffers([cheap, gold], { countryCode: "DE", zone: "schengen", schengen: true }, query).map((o) => o.planId)).toEqual([
      "gold",
    ]);
    expect(listOffers([cheap, gold], { countryCode: "CH", zone: "schengen", schengen: false }, query).map((o) => o.planId)).toEqual([
      "cheap",
      "gold",
    ]);
  });
});

describe("pricing", () => {
  it("prices a traveller by length band and age band on the start of cover", () => {
    expect(quoteTraveller(priced(), "1-7", "1990-05-05", START)).toEqual({ accepted: true, ageBand: "13-65", age: 36, price: 200 });
    expect(quoteTraveller(priced(), "8-15", "2020-01-01", START)).toEqual({ accepted: true, ageBand: "0-12", age: 6, price: 150 });
  });

  it("refuses a traveller over the plan's oldest age, judged on the start of cover", () => {
    expect(quoteTraveller(priced(), "1-7", "1951-12-11", START)).toEqual({ accepted: true, ageBand: "71-75", age: 74, price: 600 });
    expect(quoteTraveller(priced(), "1-7", "1950-12-10", START)).toEqual({ accepted: false, age: 76, reason: "TOO_OLD" });
  });

  it("sums the party and says whether the plan takes everyone", () => {
    expect(quoteParty(priced(), "1-7", ["1990-05-05", "2020-01-01"], START)).toMatchObject({ total: 300, acceptsAll: true });
    const refused = quoteParty(priced(), "1-7", ["1990-05-05", "1940-01-01"], START);
    expect(refused).toMatchObject({ total: 200, acceptsAll: false });
    expect(refused.quotes[1]).toEqual({ accepted: false, age: 86, reason: "TOO_OLD" });
  });

  it("lists plans taking the whole party first, then cheapest; a refused traveller sees which plans still take them", () => {
    const young = priced({ planId: "young", maxAge: 70 });
    const old = priced({ planId: "old", maxAge: 75 });
    const offers = listOffers(
      [young, old],
      { countryCode: "DE", zone: "schengen", schengen: true },
      {
        days: 10,
        startDate: START,
        birthDates: ["1990-05-05", "1953-01-01"],
      },
    );
    expect(offers.map((offer) => [offer.planId, offer.acceptsAll, offer.total])).toEqual([
      ["old", true, 300 + 900],
      ["young", false, 300],
    ]);
    expect(plansAccepting(offers, 1).map((offer) => offer.planId)).toEqual(["old"]);
    expect(plansAccepting(offers, 0).map((offer) => offer.planId)).toEqual(["old", "young"]);
    expect(offers[0]).toMatchObject({ durationBand: "8-15", startDate: START, endDate: "2026-12-19", countryCode: "DE", days: 10 });
  });

  it("lists nothing for a trip longer than a plan covers or outside every band", () => {
    const destination = { countryCode: "DE", zone: "schengen", schengen: true } as const;
    expect(listOffers([priced({ maxDays: 7 })], destination, { days: 8, startDate: START, birthDates: [] })).toEqual([]);
    expect(listOffers([priced()], destination, { days: 400, startDate: START, birthDates: [] })).toEqual([]);
  });
});

describe("offer ids and dates", () => {
  it("reads back what it wrote, and nothing else", () => {
    const key = { planId: "saman-gold", countryCode: "TR", days: 7, startDate: START };
    expect(insuranceOfferId(key)).toBe("ins1:saman-gold:TR:7:2026-12-10");
    expect(parseInsuranceOfferId(insuranceOfferId(key))).toEqual(key);
    for (const bad of [
      "ins1:saman-gold:TR:0:2026-12-10",
      "ins1:x:tr:7:2026-12-10",
      "ins1:x:TR:7:2026-13-01",
      "ins2:x:TR:7:2026-12-10",
      "ins1:a:b:TR:7:2026-12-10",
    ])
      expect(parseInsuranceOfferId(bad)).toBeNull();
  });

  it("ends cover on start + days − 1", () => {
    expect(coverEndDate(START, 1)).toBe(START);
    expect(coverEndDate("2026-12-28", 7)).toBe("2027-01-03");
  });

  it("starts cover tomorrow in Tehran by default and allows today to a year ahead", () => {
    // 22:00 UTC on 9 December is 01:30 on 10 December in Tehran.
    const now = new Date("2026-12-09T22:00:00Z");
    expect(defaultCoverStart(now)).toBe("2026-12-11");
    expect(isCoverStartAllowed("2026-12-10", now)).toBe(true);
    expect(isCoverStartAllowed("2026-12-09", now)).toBe(false);
    expect(isCoverStartAllowed("2027-12-10", now)).toBe(true);
    expect(isCoverStartAllowed("2027-12-11", now)).toBe(false);
    expect(isCoverStartAllowed("2026-02-30", now)).toBe(false);
    expect(isCoverStartAllowed(20261210, now)).toBe(false);
  });

  it("refunds in full until cover starts at 00:00 Tehran", () => {
    const terms = insuranceRefundTerms(START);
    expect(terms.departAt.toISOString()).toBe("2026-12-09T20:30:00.000Z");
    expect(terms.rule).toMatchObject({ refundable: true, windows: [{ minutesBefore: 0, penaltyPercent: 0 }], afterDeparturePercent: 100 });
  });
});
