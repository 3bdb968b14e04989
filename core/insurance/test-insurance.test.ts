import { describe, expect, it } from "vitest";
import { SCHENGEN_MIN_COVER_EUR } from "./insurance.ts";
import { insuranceOfferId } from "./rules.ts";
import { testInsurancePlans, testInsuranceSupplier } from "./test-insurance.ts";

const NOW = new Date("2026-12-01T08:00:00Z");
const START = "2026-12-10";
const ADULT = "1990-05-05";
// 80 on the start of cover: over 75, within 85.
const ELDER = "1946-06-01";

describe("the test insurer", () => {
  it("has a Schengen-zone plan under the minimum, and plans taking up to 75 and up to 85", () => {
    const plans = testInsurancePlans();
    expect(plans.some((plan) => plan.zone === "schengen" && plan.cover.medical < SCHENGEN_MIN_COVER_EUR)).toBe(true);
    expect(plans.map((plan) => plan.maxAge)).toEqual(expect.arrayContaining([75, 85]));
  });

  it("lists the plans covering a destination, hiding the Schengen plan under the minimum", async () => {
    const supplier = testInsuranceSupplier({ now: () => NOW });
    const germany = await supplier.plans({ countryCode: "DE", days: 7, birthDates: [ADULT], startDate: START, locale: "en" });
    expect(germany.map((offer) => offer.planId)).toEqual(["pasargad-schengen-gold", "sina-worldwide"]);
    const turkey = await supplier.plans({ countryCode: "TR", days: 7, birthDates: [ADULT], locale: "en" });
    expect(turkey.map((offer) => offer.planId)).toContain("saman-neighbours");
    expect(turkey.map((offer) => offer.planId)).toContain("saman-schengen-basic");
    expect(turkey[0]).toMatchObject({ startDate: "2026-12-02", insurer: { name: "Saman Insurance" } });
    expect(await supplier.plans({ countryCode: "IR", days: 7, birthDates: [ADULT] })).toEqual([]);
    expect(await supplier.zoneOf("FR")).toBe("schengen");
    expect(await supplier.zoneOf("IR")).toBeNull();
  });

  it("says which plans take a traveller over 75", async () => {
    const supplier = testInsuranceSupplier({ now: () => NOW });
    const offers = await supplier.plans({ countryCode: "DE", days: 7, birthDates: [ADULT, ELDER], startDate: START });
    const byPlan = Object.fromEntries(offers.map((offer) => [offer.planId, offer]));
    expect(byPlan["pasargad-schengen-gold"]).toMatchObject({ acceptsAll: true });
    expect(byPlan["sina-worldwide"]).toMatchObject({
      acceptsAll: false,
      quotes: [{ accepted: true }, { accepted: false, reason: "TOO_OLD", age: 80 }],
    });
  });

  it("holds, issues one policy per insured with the insurer's prefix, the same ones when asked again, and cancels", async () => {
    const supplier = testInsuranceSupplier({ now: () => NOW });
    const offerId = insuranceOfferId({ planId: "pasargad-schengen-gold", countryCode: "DE", days: 7, startDate: START });
    const revalidated = await supplier.revalidate(offerId, "fa");
    expect(revalidated).toMatchObject({ ok: true, offer: { offerId, quotes: [], endDate: "2026-12-16" } });
    const quoted = await supplier.quote(offerId, [ADULT, ELDER]);
    expect(quoted).toMatchObject({ acceptsAll: true, quotes: [{ ageBand: "13-65" }, { ageBand: "76-80" }] });

    const held = await supplier.hold(offerId, 2, new Date("2026-12-01T08:15:00Z"));
    if (!held.ok) throw new Error("not held");
    const extended = await supplier.extend(held.hold, new Date("2026-12-01T08:30:00Z"));
    expect(extended).toMatchObject({ ok: true, hold: { expiresAt: "2026-12-01T08:30:00.000Z" } });
    const issued = await supplier.issue(held.hold);
    if (!issued.ok) throw new Error("not issued");
    expect(issued.tickets).toHaveLength(2);
    expect(issued.tickets.map((ticket) => ticket.passengerPosition)).toEqual([0, 1]);
    for (const ticket of issued.tickets) {
      expect(ticket.ticketNumber).toMatch(/^7702\d{8}$/);
      expect(ticket.placement).toEqual({ policy: ticket.ticketNumber, from: START, to: "2026-12-16" });
    }
    expect(new Set(issued.tickets.map((ticket) => ticket.ticketNumber)).size).toBe(2);
    expect(await supplier.issue(held.hold)).toEqual(issued);

    const terms = await supplier.refundTerms(offerId);
    expect(terms?.departAt.toISOString()).toBe("2026-12-09T20:30:00.000Z");
    expect(await supplier.cancel(issued.tickets)).toEqual({ ok: true });
    expect(await supplier.extend(held.hold, new Date())).toEqual({ ok: false, error: "HOLD_LOST" });
  });

  it("refuses offers it does not sell", async () => {
    const supplier = testInsuranceSupplier({ now: () => NOW });
    // The basic Schengen plan is under the minimum, so it is not sold for Germany even by its id.
    const hidden = insuranceOfferId({ planId: "saman-schengen-basic", countryCode: "DE", days: 7, startDate: START });
    expect(await supplier.revalidate(hidden)).toEqual({ ok: false, error: "NOT_FOUND" });
    expect(await supplier.revalidate("nonsense")).toEqual({ ok: false, error: "NOT_FOUND" });
    expect(await supplier.quote(hidden, [ADULT])).toBeNull();
    expect(await supplier.hold(hidden, 1, new Date())).toEqual({ ok: false, error: "SOLD_OUT" });
    const tooLong = insuranceOfferId({ planId: "saman-neighbours", countryCode: "TR", days: 120, startDate: START });
    expect(await supplier.revalidate(tooLong)).toEqual({ ok: false, error: "NOT_FOUND" });
  });
});
