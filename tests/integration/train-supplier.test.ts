import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trainCompartments, trainDepartures, trainHeldBeds, trainHolds } from "#adapters/db/schema.ts";
import { seedTrainInventory } from "#adapters/db/seed-trains.ts";
import {
  TRAIN_SALES_WINDOW_DAYS,
  createHouseTrainSupplier,
  parseTrainOfferId,
  trainOfferId,
} from "#adapters/suppliers/house/train-supplier.ts";
import { addDays } from "#core/search/dates.ts";
import type { TrainOffer, TrainSearchQuery } from "#core/trains/train.ts";
import { databaseAdapters, holdExpiryJob, writeTrainInventory } from "#server/database-adapters.ts";
import { TRAIN_EXTRAS } from "#seed/trains/extras.ts";
import { TRAIN_OPERATORS } from "#seed/trains/operators.ts";
import { RAJA_REFUND_WINDOWS, TRAIN_REFUND_RULES } from "#seed/trains/refund-rules.ts";
import { TRAINS } from "#seed/trains/trains.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

/**
 * The clock is the test's: "today" is a fixed Tuesday in Tehran, far from the real calendar. The
 * sales window and every departure follow that clock, so nothing here depends on the day it runs.
 */
const TODAY = "2031-05-06";
const START = new Date(`${TODAY}T08:00:00+03:30`);
const MINUTE = 60_000;

const base = { adults: 1, children: 0, infants: 0, ticketType: "general", coupe: false } as const;

describe.each(ENGINES)("the house train supplier on %s", (engine) => {
  let database: TestDatabase;
  let now = START;
  const clock = { now: () => now };
  let supplier: ReturnType<typeof createHouseTrainSupplier>;
  const until = () => new Date(now.getTime() + 15 * MINUTE);

  const search = (query: Partial<TrainSearchQuery> & { date: string }) =>
    supplier.search({ from: "tehran", to: "mashhad", ...base, ...query });

  /** The first offer of a train and wagon kind on a day, by the bed unless asked. */
  async function offerOf(date: string, trainNumber: string, kind: string, query: Partial<TrainSearchQuery> = {}): Promise<TrainOffer> {
    const offer = (await search({ date, ...query })).find(
      (candidate) => candidate.trainNumber === trainNumber && candidate.wagon.kind === kind,
    );
    if (!offer) throw new Error(`no ${kind} offer of train ${trainNumber} on ${date}`);
    return offer;
  }

  async function heldBeds(holdId: string) {
    return database.handle.db
      .select({ wagon: trainHeldBeds.wagon, compartment: trainHeldBeds.compartment, bed: trainHeldBeds.bed })
      .from(trainHeldBeds)
      .where(eq(trainHeldBeds.holdId, holdId))
      .orderBy(trainHeldBeds.wagon, trainHeldBeds.compartment, trainHeldBeds.bed);
  }

  async function seatsLeft(offerId: string): Promise<number> {
    const found = await supplier.revalidate(offerId);
    return found.ok ? found.offer.seatsLeft : 0;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTrainInventory(database.handle.db, {
      operators: TRAIN_OPERATORS,
      refundRules: TRAIN_REFUND_RULES,
      extras: TRAIN_EXTRAS,
      trains: TRAINS,
    });
    supplier = createHouseTrainSupplier(database.handle.db, clock);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("makes a day's departures, with their beds, on the first search of it within the window, once", async () => {
    const date = addDays(TODAY, 3);
    const routeTrains = TRAINS.filter((train) => train.from === "tehran" && train.to === "mashhad");
    const count = async () =>
      (
        await database.handle.db
          .select({ count: sql<number>`count(*)::int` })
          .from(trainDepartures)
          .where(sql`${trainDepartures.key} like ${`%-${date}`}`)
      )[0]!.count;
    expect(await count()).toBe(0);
    // Several first searches at once: each train's day is made once and all of them see the same offers.
    const answers = await Promise.all(Array.from({ length: 5 }, () => search({ date })));
    expect(await count()).toBe(routeTrains.length);
    const ids = answers.map((offers) => offers.map((offer) => offer.offerId).join(","));
    expect(new Set(ids).size).toBe(1);
    expect(answers[0]!.length).toBeGreaterThan(routeTrains.length);
    const beds = routeTrains.reduce(
      (sum, train) => sum + train.wagons.reduce((wagons, wagon) => wagons + wagon.compartments.length * wagon.bedsPerCompartment, 0),
      0,
    );
    const [stored] = await database.handle.db
      .select({ beds: sql<number>`sum(${trainCompartments.beds})::int`, free: sql<number>`sum(${trainCompartments.freeBeds})::int` })
      .from(trainCompartments)
      .innerJoin(trainDepartures, eq(trainCompartments.departureId, trainDepartures.id))
      .where(sql`${trainDepartures.key} like ${`%-${date}`}`);
    expect(stored).toEqual({ beds, free: beds });

    // The 90-day window follows the clock: its last day sells, the day after it and yesterday do not.
    expect((await search({ date: addDays(TODAY, TRAIN_SALES_WINDOW_DAYS - 1) })).length).toBeGreaterThan(0);
    expect(await search({ date: addDays(TODAY, TRAIN_SALES_WINDOW_DAYS) })).toEqual([]);
    expect(await search({ date: addDays(TODAY, -1) })).toEqual([]);
    expect(await search({ date: "2031-02-30" })).toEqual([]);
    expect(await supplier.search({ ...base, from: "tehran", to: "atlantis", date })).toEqual([]);
  });

  it("offers each wagon kind of the ticket type asked, priced for the party, in the language asked", async () => {
    const date = addDays(TODAY, 4);
    const party = { adults: 2, children: 1, infants: 1 };
    const offers = await search({ date, ...party, locale: "en" });
    expect(new Set(offers.map((offer) => offer.wagon.kind))).toEqual(new Set(["salon", "compartment4", "compartment6", "vip4"]));
    const departures = offers.map((offer) => offer.departAt);
    expect(departures).toEqual([...departures].sort());
    for (const offer of offers) {
      expect(offer).toMatchObject({ from: "tehran", to: "mashhad", ticketType: "general", coupe: false, refundable: true });
      expect(offer.offerId.length).toBeLessThanOrEqual(200);
      expect(parseTrainOfferId(offer.offerId)).toMatchObject({ kind: offer.wagon.kind, ticketType: "general", coupe: false });
      expect(offer.departAt.startsWith(date)).toBe(true);
      expect(offer.departAt.endsWith("+03:30")).toBe(true);
      expect(Date.parse(offer.arriveAt) - Date.parse(offer.departAt)).toBe(offer.durationMinutes * MINUTE);
      expect(offer.durationMinutes).toBeGreaterThanOrEqual(600);
      expect(offer.wagon.bedsPerCompartment).toBe(offer.wagon.kind === "salon" ? 1 : offer.wagon.kind === "compartment6" ? 6 : 4);
      expect(offer.price.total).toBe(2 * offer.price.adult + offer.price.child + offer.price.infant);
      expect(Math.abs(offer.price.child * 2 - offer.price.adult)).toBeLessThanOrEqual(2_000);
      expect(offer.price.infant).toBeLessThan(offer.price.adult / 5);
      expect(offer.operator.name).toMatch(/^[A-Za-z][A-Za-z -]+$/);
      expect(offer.trainName).toMatch(/^[A-Za-z][A-Za-z -]+$/);
      for (const extra of offer.extras) expect(extra.name).toMatch(/^[A-Za-z]/);
    }
    // Every bed is free on a day nobody has bought: seatsLeft is the train's general beds of that kind.
    const fadak = offers.find((offer) => offer.trainNumber === "101" && offer.wagon.kind === "vip4")!;
    const vipBeds = TRAINS.find((train) => train.number === "101")!
      .wagons.filter((wagon) => wagon.kind === "vip4")
      .reduce((sum, wagon) => sum + wagon.compartments.filter((type) => type === "general").length * 4, 0);
    expect(fadak.seatsLeft).toBe(vipBeds);
    expect(fadak.extras.filter((extra) => extra.kind === "meal").every((extra) => extra.price === 0)).toBe(true);
    expect(offers.some((offer) => offer.carTransport !== null && offer.carTransport.sedan > 0)).toBe(true);
    expect(offers.some((offer) => !offer.foreignersAllowed)).toBe(true);

    // Persian names by default; the sisters' compartments are their own offers, and a salon has none.
    const sisters = await search({ date, ticketType: "sisters" });
    expect(sisters.length).toBeGreaterThan(0);
    for (const offer of sisters) {
      expect(offer.ticketType).toBe("sisters");
      expect(offer.wagon.kind).not.toBe("salon");
      expect(offer.operator.name).toMatch(/[\u0600-\u06FF]/);
    }
    // Trains run back too, and prices of the same day and train are the same whatever the party.
    expect((await supplier.search({ ...base, from: "mashhad", to: "tehran", date })).length).toBeGreaterThan(0);
    const single = await search({ date, locale: "en" });
    expect(single.map((offer) => [offer.offerId, offer.price.adult])).toEqual(offers.map((offer) => [offer.offerId, offer.price.adult]));
  });

  it("sells whole compartments by the coupe: every bed paid, only wholly free compartments counted", async () => {
    const date = addDays(TODAY, 5);
    const coupe = (await search({ date, coupe: true, adults: 3 })).find(
      (offer) => offer.trainNumber === "119" && offer.wagon.kind === "compartment4",
    )!;
    expect(coupe.coupe).toBe(true);
    expect(coupe.price.total).toBe(4 * coupe.price.adult);
    expect((await search({ date, coupe: true })).some((offer) => offer.wagon.kind === "salon")).toBe(false);
    const five = (await search({ date, coupe: true, adults: 5 })).find((offer) => offer.offerId === coupe.offerId)!;
    expect(five.price.total).toBe(8 * five.price.adult);
    const family = (await search({ date, coupe: true, adults: 2, children: 1, infants: 1 })).find(
      (offer) => offer.trainNumber === "119" && offer.wagon.kind === "compartment6",
    )!;
    expect(family.price.total).toBe(5 * family.price.adult + family.price.child + family.price.infant);
    expect(await supplier.revalidate(coupe.offerId)).toMatchObject({ ok: true, offer: { price: { total: 4 * coupe.price.adult } } });

    // One bed sold by the bed spoils a whole compartment for coupes: four beds fewer for them, one for the others.
    const byBed = await offerOf(date, "119", "compartment4");
    const coupeBefore = await seatsLeft(coupe.offerId);
    const bedsBefore = await seatsLeft(byBed.offerId);
    expect(coupeBefore % 4).toBe(0);
    const single = await supplier.hold(byBed.offerId, 1, until());
    expect(single.ok).toBe(true);
    expect(await seatsLeft(coupe.offerId)).toBe(coupeBefore - 4);
    expect(await seatsLeft(byBed.offerId)).toBe(bedsBefore - 1);

    // Three travellers by the coupe keep all four beds of one compartment and sit in the first three.
    const held = await supplier.hold(coupe.offerId, 3, until());
    if (!held.ok) throw new Error(held.error);
    expect(held.hold.seats).toBe(3);
    const beds = await heldBeds(held.hold.holdId);
    expect(beds).toHaveLength(4);
    expect(new Set(beds.map((bed) => `${bed.wagon}/${bed.compartment}`)).size).toBe(1);
    expect(await seatsLeft(byBed.offerId)).toBe(bedsBefore - 5);
    const issued = await supplier.issue(held.hold, 3);
    if (!issued.ok) throw new Error("issue failed");
    expect(issued.tickets.map((ticket) => ticket.placement)).toEqual(
      [1, 2, 3].map((bed) => ({ wagon: beds[0]!.wagon, compartment: beds[0]!.compartment, bed })),
    );
  });

  it("holds distinct beds, a party in one compartment, filling compartments already begun", async () => {
    const date = addDays(TODAY, 6);
    const offer = await offerOf(date, "111", "compartment6");
    const first = await supplier.hold(offer.offerId, 3, until());
    const second = await supplier.hold(offer.offerId, 3, until());
    const third = await supplier.hold(offer.offerId, 4, until());
    if (!first.ok || !second.ok || !third.ok) throw new Error("hold failed");
    const [a, b, c] = await Promise.all([first, second, third].map((held) => heldBeds(held.hold.holdId)));
    for (const beds of [a!, b!, c!]) expect(new Set(beds.map((bed) => `${bed.wagon}/${bed.compartment}`)).size).toBe(1);
    // The second party of three completes the compartment the first began; four go to a fresh one.
    expect(`${b![0]!.wagon}/${b![0]!.compartment}`).toBe(`${a![0]!.wagon}/${a![0]!.compartment}`);
    expect(a!.map((bed) => bed.bed)).toEqual([1, 2, 3]);
    expect(b!.map((bed) => bed.bed)).toEqual([4, 5, 6]);
    expect(c!.map((bed) => bed.bed)).toEqual([1, 2, 3, 4]);
    const all = [...a!, ...b!, ...c!].map((bed) => `${bed.wagon}/${bed.compartment}/${bed.bed}`);
    expect(new Set(all).size).toBe(10);
    expect(await seatsLeft(offer.offerId)).toBe(offer.seatsLeft - 10);

    // The database refuses a second hold of a bed, whatever the code does.
    const [taken] = a!;
    const [row] = await database.handle.db
      .insert(trainHolds)
      .values({
        offerId: offer.offerId,
        departureId: parseTrainOfferId(offer.offerId)!.departureId,
        wagonKind: "compartment6",
        ticketType: "general",
        coupe: false,
        seats: 1,
        expiresAt: until(),
      })
      .returning();
    await expect(
      database.handle.db.insert(trainHeldBeds).values({
        departureId: parseTrainOfferId(offer.offerId)!.departureId,
        wagon: taken!.wagon,
        compartment: taken!.compartment,
        bed: taken!.bed,
        holdId: row!.id,
      }),
    ).rejects.toThrow();
    // And a counter below zero.
    await expect(
      database.handle.db
        .update(trainCompartments)
        .set({ freeBeds: -1 })
        .where(
          and(
            eq(trainCompartments.departureId, parseTrainOfferId(offer.offerId)!.departureId),
            eq(trainCompartments.wagon, taken!.wagon),
            eq(trainCompartments.compartment, taken!.compartment),
          ),
        ),
    ).rejects.toThrow();

    // More travellers than any compartment has room for are split over as few compartments as it takes.
    const salon = await offerOf(date, "107", "salon");
    const many = await supplier.hold(salon.offerId, 6, until());
    if (!many.ok) throw new Error(many.error);
    const spread = await heldBeds(many.hold.holdId);
    expect(spread).toHaveLength(6);
    expect(new Set(spread.map((bed) => `${bed.wagon}/${bed.compartment}`)).size).toBe(2);
  });

  it("never oversells a departure under a burst of holds", async () => {
    const date = addDays(TODAY, 7);
    const offer = await offerOf(date, "101", "vip4");
    const capacity = offer.seatsLeft;
    expect(capacity).toBe(64);
    const party = 3;
    const attempts = await Promise.all(Array.from({ length: 30 }, () => supplier.hold(offer.offerId, party, until())));
    const held = attempts.filter((attempt) => attempt.ok);
    for (const attempt of attempts) if (!attempt.ok) expect(attempt.error).toBe("SOLD_OUT");
    const departureId = parseTrainOfferId(offer.offerId)!.departureId;
    const beds = await database.handle.db
      .select({ wagon: trainHeldBeds.wagon, compartment: trainHeldBeds.compartment, bed: trainHeldBeds.bed })
      .from(trainHeldBeds)
      .innerJoin(
        trainCompartments,
        and(
          eq(trainHeldBeds.departureId, trainCompartments.departureId),
          eq(trainHeldBeds.wagon, trainCompartments.wagon),
          eq(trainHeldBeds.compartment, trainCompartments.compartment),
        ),
      )
      .where(and(eq(trainHeldBeds.departureId, departureId), eq(trainCompartments.kind, "vip4")));
    expect(beds.length).toBe(held.length * party);
    expect(beds.length).toBeLessThanOrEqual(capacity);
    expect(new Set(beds.map((bed) => `${bed.wagon}/${bed.compartment}/${bed.bed}`)).size).toBe(beds.length);
    // Counters and held beds agree in every compartment.
    const compartments = await database.handle.db
      .select()
      .from(trainCompartments)
      .where(and(eq(trainCompartments.departureId, departureId), eq(trainCompartments.kind, "vip4")));
    for (const compartment of compartments) {
      const inIt = beds.filter((bed) => bed.wagon === compartment.wagon && bed.compartment === compartment.compartment).length;
      expect(compartment.freeBeds + inIt).toBe(compartment.beds);
    }
    expect(held.length).toBeGreaterThan(0);
    // Sixteen compartments of four: parties of three fill 63 beds (21 holds) when nothing is in flight at once.
    if (engine === "pglite") expect(held.length).toBe(21);
    expect(await seatsLeft(offer.offerId)).toBe(capacity - beds.length);
  });

  it("gives the beds of expired holds back, and an expired hold can be neither extended nor issued", async () => {
    const date = addDays(TODAY, 8);
    const offer = await offerOf(date, "113", "compartment4");
    const before = await seatsLeft(offer.offerId);
    const held = await supplier.hold(offer.offerId, 2, new Date(now.getTime() + 5 * MINUTE));
    if (!held.ok) throw new Error(held.error);
    expect(await seatsLeft(offer.offerId)).toBe(before - 2);
    expect(await supplier.releaseExpired()).toBe(0);
    now = new Date(START.getTime() + 6 * MINUTE);
    try {
      expect(await supplier.extend(held.hold, new Date(now.getTime() + 15 * MINUTE))).toEqual({ ok: false, error: "HOLD_LOST" });
      expect(await supplier.releaseExpired()).toBe(1);
      expect(await seatsLeft(offer.offerId)).toBe(before);
      expect(await heldBeds(held.hold.holdId)).toEqual([]);
      expect(await supplier.issue(held.hold)).toEqual({ ok: false, error: "ISSUE_FAILED" });
      expect(await supplier.releaseExpired()).toBe(0);
    } finally {
      now = START;
    }
    // A live hold is extended, never shortened.
    const live = await supplier.hold(offer.offerId, 1, until());
    if (!live.ok) throw new Error(live.error);
    const later = new Date(now.getTime() + 40 * MINUTE);
    expect(await supplier.extend(live.hold, later)).toMatchObject({ ok: true, hold: { expiresAt: later.toISOString() } });
    expect(await supplier.extend(live.hold, until())).toMatchObject({ ok: true, hold: { expiresAt: later.toISOString() } });
  });

  it("issues a ticket per traveller with its placement, the same tickets again, and cancelling puts the beds back on sale at once", async () => {
    const date = addDays(TODAY, 9);
    const offer = await offerOf(date, "103", "compartment4", { adults: 2, infants: 1 });
    const before = await seatsLeft(offer.offerId);
    const held = await supplier.hold(offer.offerId, 2, until());
    if (!held.ok) throw new Error(held.error);
    const issued = await supplier.issue(held.hold, 3);
    if (!issued.ok) throw new Error("issue failed");
    expect(issued.tickets.map((ticket) => ticket.passengerPosition)).toEqual([0, 1, 2]);
    const [first, second, infant] = issued.tickets;
    expect(first!.placement.compartment).toBe(second!.placement.compartment);
    expect(first!.placement.wagon).toBe(second!.placement.wagon);
    expect(first!.placement.bed).not.toBe(second!.placement.bed);
    expect(first!.placement.compartment).not.toBeNull();
    // The infant is on the first traveller's lap.
    expect(infant!.placement).toEqual(first!.placement);
    expect(new Set(issued.tickets.map((ticket) => ticket.ticketNumber)).size).toBe(3);
    expect(new Set(issued.tickets.map((ticket) => ticket.pnr)).size).toBe(1);
    expect(await supplier.issue(held.hold, 3)).toEqual(issued);
    expect(await supplier.extend(held.hold, until())).toEqual({ ok: false, error: "HOLD_LOST" });
    expect(await seatsLeft(offer.offerId)).toBe(before - 2);

    expect(await supplier.cancel(issued.tickets)).toEqual({ ok: true });
    expect(await seatsLeft(offer.offerId)).toBe(before);
    expect(await heldBeds(held.hold.holdId)).toEqual([]);
    expect(await supplier.cancel(issued.tickets)).toEqual({ ok: false, error: "CANCEL_FAILED" });
    // The refunded beds sell again straight away: the next party of two gets those very beds.
    const again = await supplier.hold(offer.offerId, 2, until());
    if (!again.ok) throw new Error(again.error);
    expect((await heldBeds(again.hold.holdId)).map((bed) => ({ wagon: bed.wagon, compartment: bed.compartment, bed: bed.bed }))).toEqual(
      [first!, second!].map((ticket) => ticket.placement),
    );
    expect(await supplier.cancel(again.hold)).toEqual({ ok: true });

    // A salon ticket names its seat along the wagon and no compartment.
    const salon = await offerOf(date, "107", "salon");
    const seated = await supplier.hold(salon.offerId, 2, until());
    if (!seated.ok) throw new Error(seated.error);
    const seats = await supplier.issue(seated.hold);
    if (!seats.ok) throw new Error("issue failed");
    expect(seats.tickets.map((ticket) => ticket.placement)).toEqual([
      { wagon: 1, compartment: null, bed: 1 },
      { wagon: 1, compartment: null, bed: 2 },
    ]);
  });

  it("answers NOT_FOUND for offer ids it never made, and never throws on a malformed one", async () => {
    const date = addDays(TODAY, 10);
    const offer = await offerOf(date, "109", "salon");
    const departureId = parseTrainOfferId(offer.offerId)!.departureId;
    const unknownDeparture = "00000000-0000-4000-8000-000000000000";
    for (const offerId of [
      "",
      "nonsense",
      "tr1:",
      "tr1:not-a-uuid:salon:general:b",
      `tr1:${departureId}:sleeper:general:b`,
      `tr1:${departureId}:salon:ladies:b`,
      `tr1:${departureId}:salon:general:x`,
      `tr1:${departureId}:salon:general:c`,
      `tr1:${departureId}:vip4:general:b`,
      `tr1:${unknownDeparture}:salon:general:b`,
      `${offer.offerId}:extra`,
      `tr2:${departureId}:salon:general:b`,
      "x".repeat(5_000),
      "'; drop table trains; --",
    ]) {
      expect(await supplier.revalidate(offerId), offerId).toEqual({ ok: false, error: "NOT_FOUND" });
      expect(await supplier.hold(offerId, 1, until()), offerId).toEqual({ ok: false, error: "SOLD_OUT" });
      expect(await supplier.refundTerms(offerId), offerId).toBeNull();
    }
    expect(trainOfferId(parseTrainOfferId(offer.offerId)!)).toBe(offer.offerId);
    for (const holdId of ["", "not-a-uuid", unknownDeparture]) {
      const hold = { holdId, offerId: offer.offerId, seats: 1, expiresAt: until().toISOString() };
      expect(await supplier.issue(hold)).toEqual({ ok: false, error: "ISSUE_FAILED" });
      expect(await supplier.cancel(hold)).toEqual({ ok: false, error: "CANCEL_FAILED" });
      expect(await supplier.extend(hold, until())).toEqual({ ok: false, error: "HOLD_LOST" });
    }
    expect(await supplier.cancel([])).toEqual({ ok: false, error: "CANCEL_FAILED" });
    for (const passengers of [0, 10, 1.5])
      expect(await supplier.hold(offer.offerId, passengers, until())).toEqual({ ok: false, error: "SOLD_OUT" });
  });

  it("stops selling a departure as it leaves, and gives Raja's refund rule with the departure", async () => {
    const offer = await offerOf(TODAY, "119", "compartment6");
    expect(offer.departAt).toBe(`${TODAY}T13:30:00+03:30`);
    expect(await supplier.refundTerms(offer.offerId)).toEqual({
      rule: {
        id: "train-raja",
        airlineCode: "raja",
        fareClasses: ["salon", "compartment4", "compartment6", "vip4"],
        charter: false,
        ...RAJA_REFUND_WINDOWS,
      },
      departAt: new Date(`${TODAY}T13:30:00+03:30`),
      cancelledByAirline: false,
    });
    now = new Date(`${TODAY}T13:10:00+03:30`);
    try {
      expect((await search({ date: TODAY })).some((candidate) => candidate.trainNumber === "119")).toBe(false);
      expect(await supplier.revalidate(offer.offerId)).toEqual({ ok: false, error: "SOLD_OUT" });
      expect(await supplier.hold(offer.offerId, 1, until())).toEqual({ ok: false, error: "SOLD_OUT" });
      // Its refund terms outlive the sale: a ticket bought earlier is refunded by them.
      expect(await supplier.refundTerms(offer.offerId)).toMatchObject({ rule: { id: "train-raja" } });
    } finally {
      now = START;
    }
    // A departure the operator cancelled is not sold, and refunds without penalty.
    await database.handle.db
      .update(trainDepartures)
      .set({ status: "cancelled" })
      .where(eq(trainDepartures.id, parseTrainOfferId(offer.offerId)!.departureId));
    expect(await supplier.revalidate(offer.offerId)).toEqual({ ok: false, error: "SOLD_OUT" });
    expect(await supplier.refundTerms(offer.offerId)).toMatchObject({ cancelledByAirline: true });
  });

  it("gives the cheapest adult bed of each day on sale, the timetable of a route, searched or not", async () => {
    const first = addDays(TODAY, 20);
    const searched = addDays(first, 1);
    await search({ date: searched });
    const days = await supplier.cheapestPerDay({
      from: "tehran",
      to: "mashhad",
      firstDate: addDays(TODAY, -3),
      lastDate: addDays(first, 2),
    });
    expect([...days.keys()][0]).toBe(TODAY);
    expect(days.has(addDays(TODAY, -1))).toBe(false);
    for (const date of [first, searched, addDays(first, 2)]) {
      const cheapest = Math.min(...(await search({ date })).map((offer) => offer.price.adult));
      expect(days.get(date), date).toBe(cheapest);
    }
    // The weekend costs more than the start of the week.
    expect(days.get(addDays(TODAY, 3))!).toBeGreaterThan(days.get(addDays(TODAY, 5))!);
    const beyond = await supplier.cheapestPerDay({
      from: "tehran",
      to: "mashhad",
      firstDate: addDays(TODAY, TRAIN_SALES_WINDOW_DAYS - 1),
      lastDate: addDays(TODAY, TRAIN_SALES_WINDOW_DAYS + 5),
    });
    expect([...beyond.keys()]).toEqual([addDays(TODAY, TRAIN_SALES_WINDOW_DAYS - 1)]);
    expect((await supplier.cheapestPerDay({ from: "tehran", to: "atlantis", firstDate: first, lastDate: first })).size).toBe(0);

    const timetable = await supplier.timetable({ from: "tehran", to: "mashhad", locale: "en" });
    const routeTrains = TRAINS.filter((train) => train.from === "tehran" && train.to === "mashhad");
    expect(timetable.map((row) => row.trainNumber).sort()).toEqual(routeTrains.map((train) => train.number).sort());
    expect(timetable.map((row) => row.departs)).toEqual(timetable.map((row) => row.departs).sort());
    const fadak = timetable.find((row) => row.trainNumber === "101")!;
    expect(fadak).toEqual({
      trainNumber: "101",
      trainName: "Fadak",
      operator: { code: "fadak", name: "Fadak" },
      departs: "20:30",
      arrives: "06:30",
      durationMinutes: 600,
      wagonKinds: ["compartment4", "vip4"],
      carTransport: false,
    });
    expect(timetable.some((row) => row.carTransport)).toBe(true);
    expect((await supplier.timetable({ from: "mashhad", to: "tehran" }))[0]!.operator.name).toMatch(/[\u0600-\u06FF]/);
  });

  it("is wired: written with the product data, registered as the train supplier, swept by the hold-expiry job", async () => {
    await writeTrainInventory(database.handle, { info: () => {} });
    const adapters = databaseAdapters(database.handle, clock);
    expect(adapters.suppliers.find("train", "house")).toBe(adapters.trains);
    const offer = (await adapters.trains.search({ ...base, from: "tehran", to: "tabriz", date: addDays(TODAY, 11) }))[0]!;
    const before = await seatsLeft(offer.offerId);
    // A hold no booking owns (a checkout that stopped between hold and booking) ends at its expiry.
    const held = await adapters.trains.hold(offer.offerId, 2, new Date(now.getTime() + MINUTE));
    if (!held.ok) throw new Error(held.error);
    now = new Date(START.getTime() + 2 * MINUTE);
    try {
      const swept = await holdExpiryJob(adapters, clock)();
      expect(swept.orphanHolds).toBeGreaterThanOrEqual(1);
    } finally {
      now = START;
    }
    expect(await seatsLeft(offer.offerId)).toBe(before);
    expect(await heldBeds(held.hold.holdId)).toEqual([]);
  });
});
