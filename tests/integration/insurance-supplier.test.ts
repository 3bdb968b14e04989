import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insuranceHolds, insurancePlans, insurancePolicies, insurancePrices, insuranceZones, insurers } from "#adapters/db/schema.ts";
import { createHouseInsuranceSupplier } from "#adapters/suppliers/house/insurance-supplier.ts";
import { SCHENGEN_MIN_COVER_EUR } from "#core/insurance/insurance.ts";
import { insuranceOfferId } from "#core/insurance/rules.ts";
import { addDays, addYears } from "#core/search/dates.ts";
import type { SupplierHold } from "#core/suppliers/ports.ts";
import { databaseAdapters, holdExpiryJob, writeInsuranceInventory } from "#server/database-adapters.ts";
import { INSURANCE_PLANS } from "#seed/insurance/plans.ts";
import { COUNTRIES } from "#seed/places/countries.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

/** The clock is the test's: "today" is a fixed day in Tehran, the tariffs are the seed's (read from it, never guessed). */
const TODAY = "2031-05-06";
const START = new Date(`${TODAY}T09:00:00+03:30`);
const COVER = addDays(TODAY, 10);
const MINUTE = 60_000;
const quiet = { info: () => {} };
/** A traveller `years` old on the start of cover (born that many years before it, to the day). */
const aged = (years: number) => addYears(COVER, -years);
const seedPlan = (id: string) => INSURANCE_PLANS.find((plan) => plan.id === id)!;

describe.each(ENGINES)("the house insurer on %s", (engine) => {
  let database: TestDatabase;
  let now = START;
  const clock = { now: () => now };
  let supplier: ReturnType<typeof createHouseInsuranceSupplier>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await writeInsuranceInventory(database.handle, quiet);
    // Written on every start: a second run changes nothing.
    await writeInsuranceInventory(database.handle, quiet);
    supplier = createHouseInsuranceSupplier(database.handle.db, clock);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("writes six insurers, a zone for every destination country, the plans and their tariffs", async () => {
    const { db } = database.handle;
    const [[insurerCount], [zoneCount], [planCount], [priceCount]] = await Promise.all([
      db.select({ n: count() }).from(insurers),
      db.select({ n: count() }).from(insuranceZones),
      db.select({ n: count() }).from(insurancePlans),
      db.select({ n: count() }).from(insurancePrices),
    ]);
    expect(insurerCount!.n).toBe(6);
    expect(zoneCount!.n).toBe(COUNTRIES.length);
    expect(planCount!.n).toBe(INSURANCE_PLANS.length);
    const cells = INSURANCE_PLANS.reduce(
      (sum, plan) => sum + Object.values(plan.prices).reduce((n, row) => n + Object.keys(row ?? {}).length, 0),
      0,
    );
    expect(priceCount!.n).toBe(cells);
    expect((await supplier.insurers("en")).map((insurer) => insurer.name)).toEqual([
      "Saman Insurance",
      "Iran Insurance",
      "Sina Insurance",
      "Kowsar Insurance",
      "Taavon Insurance",
      "Pasargad Insurance",
    ]);
    expect(await supplier.zoneOf("DE")).toBe("schengen");
    expect(await supplier.zoneOf("TR")).toBe("neighbours");
    expect(await supplier.zoneOf("IR")).toBeNull();
  });

  it("lists the plans whose zone covers the destination, the whole party's first, then cheapest", async () => {
    const turkey = await supplier.plans({ countryCode: "TR", days: 7, birthDates: [aged(30)], startDate: COVER, locale: "en" });
    // Every plan covers the first zone, the Schengen ones under EUR 30,000 included: Turkey is not in Schengen.
    expect(turkey.map((offer) => offer.planId).sort()).toEqual(INSURANCE_PLANS.map((plan) => plan.id).sort());
    expect(turkey.map((offer) => offer.total)).toEqual([...turkey.map((offer) => offer.total)].sort((a, b) => a - b));
    const us = await supplier.plans({ countryCode: "US", days: 7, birthDates: [aged(30)], startDate: COVER });
    expect(us.map((offer) => offer.zone)).toEqual(us.map(() => "worldwide"));
    expect(us.length).toBeGreaterThan(2);
    const malaysia = await supplier.plans({ countryCode: "MY", days: 7, birthDates: [aged(30)], startDate: COVER });
    expect(malaysia.some((offer) => offer.zone === "neighbours")).toBe(false);
  });

  it("hides the plans under EUR 30,000 from a Schengen country, never from another", async () => {
    const germany = await supplier.plans({ countryCode: "DE", days: 7, birthDates: [aged(30)], startDate: COVER });
    expect(germany.length).toBeGreaterThan(3);
    expect(germany.every((offer) => offer.cover.medical >= SCHENGEN_MIN_COVER_EUR)).toBe(true);
    const hidden = INSURANCE_PLANS.filter((plan) => plan.zone === "schengen" && plan.cover.medical < SCHENGEN_MIN_COVER_EUR);
    expect(hidden.length).toBeGreaterThan(0);
    for (const plan of hidden) {
      expect(germany.map((offer) => offer.planId)).not.toContain(plan.id);
      // Not even by its id.
      const offerId = insuranceOfferId({ planId: plan.id, countryCode: "DE", days: 7, startDate: COVER });
      expect(await supplier.revalidate(offerId)).toEqual({ ok: false, error: "NOT_FOUND" });
    }
  });

  it("prices each traveller by the trip's length band and their age band on the start of cover", async () => {
    const plan = seedPlan("saman-schengen-gold");
    const offerId = insuranceOfferId({ planId: plan.id, countryCode: "FR", days: 10, startDate: COVER });
    const offer = await supplier.quote(offerId, [aged(30), aged(70), addDays(aged(71), 1), aged(5)], "fa");
    expect(offer).toMatchObject({ durationBand: "8-15", endDate: addDays(COVER, 9), acceptsAll: true, insurer: { name: "بیمه سامان" } });
    expect(offer!.quotes).toEqual([
      { accepted: true, age: 30, ageBand: "13-65", price: plan.prices["8-15"]!["13-65"] },
      { accepted: true, age: 70, ageBand: "66-70", price: plan.prices["8-15"]!["66-70"] },
      // A day short of 71 on the start of cover.
      { accepted: true, age: 70, ageBand: "66-70", price: plan.prices["8-15"]!["66-70"] },
      { accepted: true, age: 5, ageBand: "0-12", price: plan.prices["8-15"]!["0-12"] },
    ]);
    expect(offer!.total).toBe(offer!.quotes.reduce((sum, quote) => sum + (quote.accepted ? quote.price : 0), 0));
  });

  it("refuses a traveller over a plan's oldest age, and says which plans still take them", async () => {
    const offers = await supplier.plans({ countryCode: "DE", days: 7, birthDates: [aged(40), aged(82)], startDate: COVER });
    const taking = offers.filter((offer) => offer.quotes[1]!.accepted).map((offer) => offer.planId);
    expect(taking.length).toBeGreaterThan(0);
    for (const offer of offers) {
      const plan = seedPlan(offer.planId);
      expect(offer.acceptsAll).toBe(plan.maxAge >= 82);
      if (plan.maxAge < 82) expect(offer.quotes[1]).toEqual({ accepted: false, age: 82, reason: "TOO_OLD" });
    }
    // Plans taking everyone come first.
    expect(offers.slice(0, taking.length).every((offer) => offer.acceptsAll)).toBe(true);
  });

  it("lists only plans covering the trip's length, and nothing for a length, start or country it cannot sell", async () => {
    const long = await supplier.plans({ countryCode: "TR", days: 120, birthDates: [aged(30)], startDate: COVER });
    expect(long.length).toBeGreaterThan(0);
    expect(long.every((offer) => seedPlan(offer.planId).maxDays >= 120 && offer.durationBand === "93-180")).toBe(true);
    expect(await supplier.plans({ countryCode: "TR", days: 400, birthDates: [aged(30)], startDate: COVER })).toEqual([]);
    expect(await supplier.plans({ countryCode: "TR", days: 7, birthDates: [aged(30)], startDate: addDays(TODAY, -1) })).toEqual([]);
    expect(await supplier.plans({ countryCode: "TR", days: 7, birthDates: ["not a date"], startDate: COVER })).toEqual([]);
    expect(await supplier.plans({ countryCode: "IR", days: 7, birthDates: [aged(30)], startDate: COVER })).toEqual([]);
    // Without a start, cover starts tomorrow in Tehran.
    const tomorrow = await supplier.plans({ countryCode: "TR", days: 7, birthDates: [aged(30)] });
    expect(tomorrow[0]!.startDate).toBe(addDays(TODAY, 1));
  });

  it("holds, issues one policy per insured with the insurer's prefix, the same ones when asked again, and cancels", async () => {
    const offerId = insuranceOfferId({ planId: "pasargad-schengen-gold", countryCode: "DE", days: 7, startDate: COVER });
    const held = await supplier.hold(offerId, 3, new Date(now.getTime() + 15 * MINUTE));
    if (!held.ok) throw new Error("not held");
    const extended = await supplier.extend(held.hold, new Date(now.getTime() + 30 * MINUTE));
    expect(extended).toMatchObject({ ok: true, hold: { seats: 3 } });
    // Two issues at once (a retried callback): one set of policies.
    const [first, second] = await Promise.all([supplier.issue(held.hold), supplier.issue(held.hold)]);
    if (!first.ok || !second.ok) throw new Error("not issued");
    expect(second.tickets).toEqual(first.tickets);
    expect(first.tickets.map((ticket) => ticket.passengerPosition)).toEqual([0, 1, 2]);
    for (const ticket of first.tickets) {
      // Pasargad's prefix, the Persian year (1410) and eight digits.
      expect(ticket.ticketNumber).toMatch(/^770210\d{8}$/);
      expect(ticket).toMatchObject({
        pnr: ticket.ticketNumber,
        placement: { policy: ticket.ticketNumber, from: COVER, to: addDays(COVER, 6) },
      });
    }
    expect(await supplier.issue(held.hold)).toEqual(first);
    const rows = await database.handle.db.select().from(insurancePolicies).where(eq(insurancePolicies.holdId, held.hold.holdId));
    expect(rows).toHaveLength(3);

    const terms = await supplier.refundTerms(offerId);
    expect(terms?.departAt.toISOString()).toBe(new Date(`${COVER}T00:00:00+03:30`).toISOString());
    expect(terms?.rule).toMatchObject({ refundable: true, windows: [{ minutesBefore: 0, penaltyPercent: 0 }], afterDeparturePercent: 100 });
    expect(await supplier.cancel(first.tickets)).toEqual({ ok: true });
    expect(await supplier.cancel(first.tickets)).toEqual({ ok: false, error: "CANCEL_FAILED" });
    expect(await supplier.extend(held.hold, new Date(now.getTime() + 45 * MINUTE))).toEqual({ ok: false, error: "HOLD_LOST" });
  });

  it("never gives two policies the same number", async () => {
    const offerId = insuranceOfferId({ planId: "iran-pilgrim", countryCode: "IQ", days: 5, startDate: COVER });
    const numbers: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const held = await supplier.hold(offerId, 4, new Date(now.getTime() + 15 * MINUTE));
      if (!held.ok) throw new Error("not held");
      const issued = await supplier.issue(held.hold);
      if (!issued.ok) throw new Error("not issued");
      numbers.push(...issued.tickets.map((ticket) => ticket.ticketNumber));
    }
    expect(new Set(numbers).size).toBe(24);
    // The table itself refuses a second policy with a number already given.
    const [row] = await database.handle.db.select().from(insurancePolicies).limit(1);
    await expect(
      database.handle.db.insert(insurancePolicies).values({ policyNumber: row!.policyNumber, holdId: row!.holdId, passengerPosition: 9 }),
    ).rejects.toThrow();
  });

  it("refuses to hold a cover that has already started, or an offer it does not sell", async () => {
    const past = insuranceOfferId({ planId: "iran-pilgrim", countryCode: "IQ", days: 5, startDate: addDays(TODAY, -1) });
    expect(await supplier.hold(past, 1, new Date(now.getTime() + 15 * MINUTE))).toEqual({ ok: false, error: "SOLD_OUT" });
    expect(await supplier.hold("ins1:nope:TR:7:2031-05-16", 1, new Date())).toEqual({ ok: false, error: "SOLD_OUT" });
    const unheld: SupplierHold = { holdId: "not-a-uuid", offerId: past, seats: 1, expiresAt: START.toISOString() };
    expect(await supplier.issue(unheld)).toEqual({ ok: false, error: "ISSUE_FAILED" });
  });

  it("ends holds past their expiry in the hold-expiry sweep", async () => {
    const offerId = insuranceOfferId({ planId: "saman-neighbours", countryCode: "TR", days: 7, startDate: COVER });
    const held = await supplier.hold(offerId, 1, new Date(now.getTime() + 15 * MINUTE));
    if (!held.ok) throw new Error("not held");
    now = new Date(START.getTime() + 20 * MINUTE);
    try {
      const adapters = databaseAdapters(database.handle, clock);
      expect((await holdExpiryJob(adapters, clock)()).orphanHolds).toBeGreaterThanOrEqual(1);
      const [row] = await database.handle.db.select().from(insuranceHolds).where(eq(insuranceHolds.id, held.hold.holdId));
      expect(row!.status).toBe("expired");
      expect(await supplier.issue(held.hold)).toEqual({ ok: false, error: "ISSUE_FAILED" });
    } finally {
      now = START;
    }
  });
});
