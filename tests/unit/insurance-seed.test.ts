import { describe, expect, it } from "vitest";
import { AGE_BANDS, DURATION_BANDS, INSURANCE_ZONES, SCHENGEN_MIN_COVER_EUR } from "#core/insurance/insurance.ts";
import { INSURERS } from "#seed/insurance/insurers.ts";
import { INSURANCE_PLANS } from "#seed/insurance/plans.ts";
import { INSURANCE_ZONE_OF } from "#seed/insurance/zones.ts";
import { COUNTRIES } from "#seed/places/countries.ts";

const LATIN = /[A-Za-z]/;

describe("the house insurers' seed", () => {
  it("has the six insurers of the facts, named in three languages, each with its own four-digit prefix", () => {
    expect(INSURERS.map((insurer) => insurer.code)).toEqual(["saman", "iran", "sina", "kowsar", "taavon", "pasargad"]);
    for (const insurer of INSURERS) {
      expect(insurer.names.fa).not.toMatch(LATIN);
      expect(insurer.names.ar).not.toMatch(LATIN);
      expect(insurer.names.en).toMatch(/Insurance$/);
      expect(insurer.policyPrefix).toMatch(/^\d{4}$/);
    }
    expect(new Set(INSURERS.map((insurer) => insurer.policyPrefix)).size).toBe(INSURERS.length);
  });

  it("puts every destination country in a zone, the Schengen members marked", () => {
    expect(Object.keys(INSURANCE_ZONE_OF).sort()).toEqual(COUNTRIES.map((country) => country.code).sort());
    for (const [code, zone] of Object.entries(INSURANCE_ZONE_OF)) {
      expect(INSURANCE_ZONES).toContain(zone.zone);
      expect(zone.schengen, code).toBe(zone.zone === "schengen");
    }
    for (const member of ["DE", "FR", "IT", "ES", "NL", "AT", "CH", "GR", "NO"]) expect(INSURANCE_ZONE_OF[member]?.schengen).toBe(true);
    for (const outside of ["GB", "IE", "CY", "TR", "RU"]) expect(INSURANCE_ZONE_OF[outside]?.schengen).toBe(false);
  });

  it("gives every insurer plans, every zone a plan, and names plans in three languages", () => {
    expect(new Set(INSURANCE_PLANS.map((plan) => plan.id)).size).toBe(INSURANCE_PLANS.length);
    for (const insurer of INSURERS) expect(INSURANCE_PLANS.some((plan) => plan.insurer === insurer.code)).toBe(true);
    for (const zone of INSURANCE_ZONES)
      expect(
        INSURANCE_PLANS.some((plan) => plan.zone === zone),
        zone,
      ).toBe(true);
    for (const plan of INSURANCE_PLANS) {
      expect(plan.id).toMatch(new RegExp(`^${plan.insurer}-[a-z-]+$`));
      expect(plan.names.fa).not.toMatch(LATIN);
      expect(plan.names.ar).not.toMatch(LATIN);
    }
  });

  it("takes travellers up to 70–85, with both a 75 and an 85 limit, and has Schengen-zone plans the visa rule hides", () => {
    for (const plan of INSURANCE_PLANS) expect(plan.maxAge >= 70 && plan.maxAge <= 85, plan.id).toBe(true);
    expect(INSURANCE_PLANS.map((plan) => plan.maxAge)).toEqual(expect.arrayContaining([75, 85]));
    const schengen = INSURANCE_PLANS.filter((plan) => plan.zone === "schengen");
    expect(schengen.some((plan) => plan.cover.medical < SCHENGEN_MIN_COVER_EUR)).toBe(true);
    expect(schengen.filter((plan) => plan.cover.medical >= SCHENGEN_MIN_COVER_EUR).length).toBeGreaterThanOrEqual(3);
  });

  it("prices every length a plan covers for every age it takes, dearer with length and with age", () => {
    for (const plan of INSURANCE_PLANS) {
      const bands = DURATION_BANDS.filter((band) => band.min <= plan.maxDays);
      const ages = AGE_BANDS.filter((band) => band.min <= plan.maxAge);
      for (const band of bands) {
        // Every age the plan takes has a price, each band dearer than the one before.
        expect(Object.keys(plan.prices[band.id] ?? {}).sort(), `${plan.id} ${band.id}`).toEqual(ages.map((taken) => taken.id).sort());
        const row = ages.map((taken) => plan.prices[band.id]![taken.id]!);
        expect(row, `${plan.id} ${band.id}`).toEqual([...row].sort((a, b) => a - b));
      }
      const adults = bands.map((band) => plan.prices[band.id]!["13-65"]!);
      expect(adults).toEqual([...adults].sort((a, b) => a - b));
      expect(Object.keys(plan.prices)).toHaveLength(bands.length);
    }
  });
});
