import { describe, expect, it } from "vitest";
import { testInsuranceSupplier } from "#core/insurance/test-insurance.ts";
import { insuranceReservePath, overAgeTravellers, sortInsuranceOffers } from "./insurance-results.server.ts";

/** The plans page's own rules on the in-memory insurer's plans: order, over-age travellers, the reserve path. */
const insurer = testInsuranceSupplier({ now: () => new Date("2026-03-10T08:00:00+03:30") });
const plans = (births: string[]) =>
  insurer.plans({ countryCode: "TR", days: 7, birthDates: births, startDate: "2026-03-11", locale: "en" });

describe("the insurance plans page", () => {
  it("lists the cheapest first, or the highest medical cover first, plans refusing someone last either way", async () => {
    const offers = await plans(["1990-05-01", "1948-01-15"]);
    for (const sort of ["price", "cover"] as const) {
      const sorted = sortInsuranceOffers(offers, sort);
      const firstRefused = sorted.findIndex((offer) => !offer.acceptsAll);
      expect(firstRefused).toBeGreaterThan(0);
      expect(sorted.slice(firstRefused).every((offer) => !offer.acceptsAll)).toBe(true);
      const taking = sorted.slice(0, firstRefused);
      const key = (offer: (typeof taking)[number]) => (sort === "price" ? offer.total : -offer.cover.medical);
      expect(taking.map(key)).toEqual([...taking.map(key)].sort((a, b) => a - b));
    }
  });

  it("names, for each traveller some plan refuses, the plans that still take them; none for one every plan refuses", async () => {
    const offers = await plans(["1990-05-01", "1948-01-15", "1935-01-01"]);
    const [seventyEight, ninetyOne, ...rest] = overAgeTravellers(offers, 3);
    expect(rest).toEqual([]);
    expect(seventyEight).toMatchObject({ index: 1, age: 78 });
    expect(seventyEight!.acceptedBy.map((plan) => plan.maxAge).every((age) => age >= 78)).toBe(true);
    expect(seventyEight!.acceptedBy.length).toBeGreaterThan(0);
    expect(ninetyOne).toEqual({ index: 2, age: 91, acceptedBy: [] });
    expect(overAgeTravellers(await plans(["1990-05-01"]), 1)).toEqual([]);
  });

  it("leads Choose to the reserve page with the plan and every birth date in order", () => {
    expect(insuranceReservePath("ins1:sina-asia:TR:7:2026-03-11", ["1990-05-01", "2018-06-01"])).toBe(
      "/insurance/reserve?offer=ins1%3Asina-asia%3ATR%3A7%3A2026-03-11&birth=1990-05-01&birth=2018-06-01",
    );
  });
});
