import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { busHeldSeats } from "#adapters/db/schema.ts";
import { BUS_SALES_WINDOW_DAYS, busOfferId, createHouseBusSupplier, parseBusOfferId } from "#adapters/suppliers/house/bus-supplier.ts";
import type { BusOffer, BusSearchQuery, BusSeat, BusSeatMap, BusType, ChosenSeat, HeldBusOffer } from "#core/buses/bus.ts";
import type { Gender } from "#core/passengers/passenger-rules.ts";
import { addDays } from "#core/search/dates.ts";
import { databaseAdapters, holdExpiryJob, writeBusInventory } from "#server/database-adapters.ts";
import { BUS_COMPANIES } from "#seed/buses/companies.ts";
import { BUS_LAYOUTS } from "#seed/buses/layouts.ts";
import { BUS_REFUND_TERMS } from "#seed/buses/refund-rules.ts";
import { BUS_ROUTES } from "#seed/buses/routes.ts";
import { BUS_TRIPS, busSeatPrice } from "#seed/buses/schedules.ts";
import { IRAN_TERMINALS } from "#seed/places/terminals.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

/**
 * The clock is the test's: "today" is a fixed Tuesday in Tehran, far from the real calendar. The
 * sales window and every departure follow it, so nothing here depends on the day it runs. Each
 * test uses its own day, so the seats one holds never meet another's.
 */
const TODAY = "2031-05-06";
const START = new Date(`${TODAY}T05:00:00+03:30`);
const MINUTE = 60_000;
const SEAT_COUNTS: Record<BusType, number> = { vip25: 25, vip29: 29, ordinary40: 40, ordinary44: 44 };

const quiet = { info: () => {} };
const party = { adults: 1, children: 0, infants: 0 } as const;

describe("the house bus seed", () => {
  it("runs at least 40 city pairs both ways between terminals that exist, at realistic prices", () => {
    const cityOf = new Map(IRAN_TERMINALS.map((terminal) => [terminal.slug, terminal.city]));
    const pairs = new Set(BUS_ROUTES.map((route) => [cityOf.get(route.a), cityOf.get(route.b)].sort().join("|")));
    expect(pairs.size).toBeGreaterThanOrEqual(40);
    expect(BUS_ROUTES.every((route) => cityOf.has(route.a) && cityOf.has(route.b))).toBe(true);
    const directed = new Set(BUS_TRIPS.map((trip) => `${trip.fromCity}>${trip.toCity}`));
    expect(directed.size).toBe(pairs.size * 2);
    expect(new Set(BUS_TRIPS.map((trip) => trip.code)).size).toBe(BUS_TRIPS.length);
    expect(busSeatPrice("vip25", 440)).toBeGreaterThanOrEqual(420_000);
    expect(busSeatPrice("vip25", 440)).toBeLessThanOrEqual(480_000);
    expect(busSeatPrice("ordinary44", 440)).toBeGreaterThanOrEqual(260_000);
    expect(busSeatPrice("ordinary44", 440)).toBeLessThanOrEqual(300_000);
    for (const trip of BUS_TRIPS) {
      expect(trip.price % 1_000).toBe(0);
      expect(cityOf.get(trip.fromTerminal)).toBe(trip.fromCity);
    }
    // Tehran's terminals serve their own directions.
    const tehranTerminals = (city: string) =>
      new Set(BUS_TRIPS.filter((trip) => trip.fromCity === "tehran" && trip.toCity === city).map((trip) => trip.fromTerminal));
    expect(tehranTerminals("tabriz")).toEqual(new Set(["tehran-west"]));
    expect(tehranTerminals("shiraz")).toEqual(new Set(["tehran-south"]));
    expect([...tehranTerminals("mashhad")].every((terminal) => ["tehran-east", "tehran-beyhaghi"].includes(terminal))).toBe(true);
  });
});

describe.each(ENGINES)("the house bus supplier on %s", (engine) => {
  let database: TestDatabase;
  let now = START;
  const clock = { now: () => now };
  let supplier: ReturnType<typeof createHouseBusSupplier>;
  const until = (minutes = 15) => new Date(now.getTime() + minutes * MINUTE);

  const search = (query: Partial<BusSearchQuery> & { date: string }) =>
    supplier.search({ from: "tehran", to: "isfahan", ...party, ...query });

  /** The first offer of a bus type (any when not asked) on a day. */
  async function offerOf(date: string, type?: BusType): Promise<BusOffer> {
    const offer = (await search({ date })).find((candidate) => !type || candidate.busType === type);
    if (!offer) throw new Error(`no ${type ?? "bus"} from Tehran to Isfahan on ${date}`);
    return offer;
  }

  async function mapOf(offer: BusOffer): Promise<BusSeatMap> {
    const map = await supplier.seatMap(offer.offerId);
    if (!map) throw new Error(`no seat map of ${offer.offerId}`);
    return map;
  }

  function seatAt(map: BusSeatMap, row: number, column: number): BusSeat {
    const seat = map.seats.find((candidate) => candidate.row === row && candidate.column === column);
    if (!seat) throw new Error(`no seat at ${row}/${column}`);
    return seat;
  }

  /** The offer a booking item stores, with its chosen seats: what the pipeline hands to hold. */
  function chosen(offer: BusOffer, seats: { number: number; gender: Gender }[]): HeldBusOffer {
    return { ...offer, seats: seats.map((seat, passenger): ChosenSeat => ({ ...seat, passenger })) };
  }

  async function holdSeats(offer: BusOffer, seats: { number: number; gender: Gender }[], minutes = 15) {
    return supplier.hold(offer.offerId, seats.length, until(minutes), chosen(offer, seats));
  }

  async function held(offer: BusOffer, seats: { number: number; gender: Gender }[]) {
    const result = await holdSeats(offer, seats);
    if (!result.ok) throw new Error(result.error);
    return result.hold;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await writeBusInventory(database.handle, quiet);
    // Writing it again changes nothing: the seed is safe on every start.
    await writeBusInventory(database.handle, quiet);
    supplier = createHouseBusSupplier(database.handle.db, clock);
  });
  beforeEach(() => {
    now = START;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("offers every bus of the day from any terminal of the city, priced for the party, names in the language asked", async () => {
    const date = addDays(TODAY, 1);
    const offers = await search({ date, adults: 2, children: 1, infants: 1, locale: "en" });
    expect(offers.length).toBeGreaterThan(1);
    const departures = offers.map((offer) => offer.departAt);
    expect(departures).toEqual([...departures].sort());
    const tehran = new Set(IRAN_TERMINALS.filter((terminal) => terminal.city === "tehran").map((terminal) => terminal.slug));
    const isfahan = new Set(IRAN_TERMINALS.filter((terminal) => terminal.city === "isfahan").map((terminal) => terminal.slug));
    for (const offer of offers) {
      expect(offer).toMatchObject({ from: "tehran", to: "isfahan", refundable: true });
      expect(tehran.has(offer.originTerminal.code)).toBe(true);
      expect(isfahan.has(offer.destinationTerminal.code)).toBe(true);
      expect(offer.departAt.startsWith(date)).toBe(true);
      expect(offer.departAt.endsWith("+03:30")).toBe(true);
      expect(offer.price).toEqual({ adult: offer.price.adult, child: offer.price.adult, infant: 0, total: offer.price.adult * 3 });
      expect(offer.seatsLeft).toBe(SEAT_COUNTS[offer.busType]);
      const company = BUS_COMPANIES.find((candidate) => candidate.code === offer.company.code)!;
      expect(offer.company.name).toBe(company.names.en);
      expect(offer.originTerminal.name).toBe(IRAN_TERMINALS.find((terminal) => terminal.slug === offer.originTerminal.code)!.names.en);
      expect(parseBusOfferId(offer.offerId)).not.toBeNull();
    }
    // More than one Tehran terminal has buses to Isfahan.
    expect(new Set(offers.map((offer) => offer.originTerminal.code)).size).toBeGreaterThan(1);
    const persian = await search({ date });
    expect(persian.map((offer) => offer.offerId)).toEqual(offers.map((offer) => offer.offerId));
    expect(persian[0]!.company.name).toMatch(/[\u0600-\u06FF]/);
    expect(persian[0]!.price.total).toBe(persian[0]!.price.adult);
  });

  it("does not offer buses that have left, days outside the 90-day window, or a party it cannot seat", async () => {
    now = new Date(`${TODAY}T14:00:00+03:30`);
    const today = await search({ date: TODAY });
    const planned = BUS_TRIPS.filter((trip) => trip.fromCity === "tehran" && trip.toCity === "isfahan" && trip.weekdays.includes(2));
    expect(today.length).toBeGreaterThan(0);
    expect(today.length).toBeLessThan(planned.length);
    expect(today.every((offer) => Date.parse(offer.departAt) > now.getTime())).toBe(true);

    expect((await search({ date: addDays(TODAY, BUS_SALES_WINDOW_DAYS - 1) })).length).toBeGreaterThan(0);
    expect(await search({ date: addDays(TODAY, BUS_SALES_WINDOW_DAYS) })).toEqual([]);
    expect(await search({ date: addDays(TODAY, -1) })).toEqual([]);
    expect(await search({ date: "2031-02-30" })).toEqual([]);
    expect(await search({ date: addDays(TODAY, 2), adults: 10 })).toEqual([]);
    expect(await search({ date: addDays(TODAY, 2), adults: 0 })).toEqual([]);
    expect(await supplier.search({ ...party, from: "tehran", to: "atlantis", date: addDays(TODAY, 2) })).toEqual([]);
  });

  it("draws each layout: its seat count, numbers unique front to back, the aisle empty but for the back row", async () => {
    const seen = new Set<BusType>();
    for (let day = 3; day < 10 && seen.size < 4; day += 1) {
      for (const offer of await search({ date: addDays(TODAY, day) })) {
        if (seen.has(offer.busType)) continue;
        seen.add(offer.busType);
        const map = await mapOf(offer);
        const { layout, seats } = map;
        expect(layout).toEqual(BUS_LAYOUTS[offer.busType].layout);
        expect(layout.driverSide).toBe("left");
        expect(seats).toHaveLength(SEAT_COUNTS[offer.busType]);
        expect(seats.map((seat) => seat.number)).toEqual(Array.from({ length: seats.length }, (_, index) => index + 1));
        expect(new Set(seats.map((seat) => `${seat.row}/${seat.column}`)).size).toBe(seats.length);
        // Numbers run row by row from the front.
        for (let index = 1; index < seats.length; index += 1) expect(seats[index]!.row).toBeGreaterThanOrEqual(seats[index - 1]!.row);
        const inAisle = seats.filter((seat) => seat.column === layout.aisleColumn);
        expect(inAisle.every((seat) => seat.row === layout.rows)).toBe(true);
        expect(seats.every((seat) => seat.row >= 1 && seat.row <= layout.rows && seat.column >= 1 && seat.column <= layout.columns)).toBe(
          true,
        );
        expect(seats.every((seat) => seat.status === "free" && seat.gender === undefined)).toBe(true);
        expect(layout.aisleColumn).toBe(offer.busType.startsWith("vip") ? 2 : 3);
      }
    }
    expect(seen).toEqual(new Set(["vip25", "vip29", "ordinary40", "ordinary44"]));
    expect(await supplier.seatMap("bus1:not-a-departure")).toBeNull();
    expect(await supplier.seatMap(busOfferId("00000000-0000-4000-8000-000000000000"))).toBeNull();
  });

  it("holds exactly the seats chosen: the map shows them taken with the traveller's gender, and nobody else gets them", async () => {
    const offer = await offerOf(addDays(TODAY, 4), "ordinary44");
    const map = await mapOf(offer);
    const pair = [seatAt(map, 3, 1), seatAt(map, 3, 2)];
    const hold = await held(offer, [
      { number: pair[0]!.number, gender: "female" },
      { number: pair[1]!.number, gender: "male" },
    ]);
    expect(hold).toMatchObject({ offerId: offer.offerId, seats: 2 });
    const after = await mapOf(offer);
    expect(after.seats.find((seat) => seat.number === pair[0]!.number)).toMatchObject({ status: "taken", gender: "female" });
    expect(after.seats.find((seat) => seat.number === pair[1]!.number)).toMatchObject({ status: "taken", gender: "male" });
    expect(after.seats.filter((seat) => seat.status === "taken")).toHaveLength(2);
    const revalidated = await supplier.revalidate(offer.offerId);
    expect(revalidated.ok && revalidated.offer.seatsLeft).toBe(offer.seatsLeft - 2);
    expect((await search({ date: addDays(TODAY, 4) })).find((candidate) => candidate.offerId === offer.offerId)!.seatsLeft).toBe(
      offer.seatsLeft - 2,
    );

    // A held seat, a seat that does not exist, a seat chosen twice: SEAT_TAKEN, and nothing is held.
    expect(await holdSeats(offer, [{ number: pair[1]!.number, gender: "male" }])).toEqual({ ok: false, error: "SEAT_TAKEN" });
    expect(await holdSeats(offer, [{ number: 99, gender: "male" }])).toEqual({ ok: false, error: "SEAT_TAKEN" });
    const free = seatAt(after, 6, 4).number;
    expect(
      await holdSeats(offer, [
        { number: free, gender: "male" },
        { number: free, gender: "male" },
      ]),
    ).toEqual({ ok: false, error: "SEAT_TAKEN" });
    expect((await mapOf(offer)).seats.filter((seat) => seat.status === "taken")).toHaveLength(2);
  });

  it("offers a bus only to a party it still has seats for", async () => {
    const date = addDays(TODAY, 12);
    const offer = await offerOf(date, "vip25");
    const map = await mapOf(offer);
    // Two bookings of nine men each: seven of the 25 seats stay free.
    const men = map.seats.map((seat) => ({ number: seat.number, gender: "male" as const }));
    await held(offer, men.slice(0, 9));
    await held(offer, men.slice(9, 18));
    const offered = async (adults: number) => (await search({ date, adults })).some((candidate) => candidate.offerId === offer.offerId);
    expect(await offered(7)).toBe(true);
    expect(await offered(8)).toBe(false);
    expect(await supplier.hold(offer.offerId, 0, until(), chosen(offer, []))).toEqual({ ok: false, error: "SOLD_OUT" });
  });

  it("enforces the gender rules at hold: no woman in the first row, no stranger of another gender beside a traveller", async () => {
    const offer = await offerOf(addDays(TODAY, 5), "vip25");
    const map = await mapOf(offer);
    expect(await holdSeats(offer, [{ number: seatAt(map, 1, 1).number, gender: "female" }])).toEqual({ ok: false, error: "SEAT_TAKEN" });
    await held(offer, [{ number: seatAt(map, 2, 3).number, gender: "female" }]);
    // A man of another booking beside her: refused. Across the aisle is not beside.
    expect(await holdSeats(offer, [{ number: seatAt(map, 2, 4).number, gender: "male" }])).toEqual({ ok: false, error: "SEAT_TAKEN" });
    await held(offer, [{ number: seatAt(map, 2, 1).number, gender: "male" }]);
    await held(offer, [{ number: seatAt(map, 2, 4).number, gender: "female" }]);
    // One booking may sit a man and a woman together.
    await held(offer, [
      { number: seatAt(map, 3, 3).number, gender: "male" },
      { number: seatAt(map, 3, 4).number, gender: "female" },
    ]);
    const after = await mapOf(offer);
    expect(after.seats.filter((seat) => seat.status === "taken")).toHaveLength(5);
  });

  it("lets exactly one of several buyers racing for the same seat have it", async () => {
    const offer = await offerOf(addDays(TODAY, 6), "vip29");
    const seat = seatAt(await mapOf(offer), 4, 1).number;
    // On PostgreSQL each hold runs on its own pooled connection, truly at the same time.
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, index) => holdSeats(offer, [{ number: seat, gender: index % 2 === 0 ? "male" : "female" }])),
    );
    expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(1);
    expect(attempts.filter((attempt) => !attempt.ok).every((attempt) => !attempt.ok && attempt.error === "SEAT_TAKEN")).toBe(true);
    const rows = await database.handle.db
      .select()
      .from(busHeldSeats)
      .where(eq(busHeldSeats.departureId, parseBusOfferId(offer.offerId)!));
    expect(rows).toHaveLength(1);
    // The database itself refuses a second row for the seat, whatever code writes it.
    const other = await held(offer, [{ number: seat + 1, gender: rows[0]!.gender as Gender }]);
    await expect(
      database.handle.db.insert(busHeldSeats).values({ ...rows[0]!, holdId: other.holdId, passengerPosition: 1, ticketNumber: null }),
    ).rejects.toThrow();
  });

  it("keeps a hold while extended; a seat whose hold ran out is free again and its hold is lost", async () => {
    const offer = await offerOf(addDays(TODAY, 7));
    const seat = seatAt(await mapOf(offer), 2, 1).number;
    const hold = await held(offer, [{ number: seat, gender: "male" }]);
    now = new Date(START.getTime() + 10 * MINUTE);
    const extended = await supplier.extend(hold, until(20));
    expect(extended.ok && extended.hold.expiresAt).toBe(until(20).toISOString());
    now = new Date(START.getTime() + 25 * MINUTE);
    expect((await mapOf(offer)).seats.find((candidate) => candidate.number === seat)!.status).toBe("taken");
    now = new Date(START.getTime() + 31 * MINUTE);
    expect((await mapOf(offer)).seats.find((candidate) => candidate.number === seat)!.status).toBe("free");
    expect(await supplier.extend(hold, until(20))).toEqual({ ok: false, error: "HOLD_LOST" });
    // Someone else takes it; the first hold can no longer be issued.
    await held(offer, [{ number: seat, gender: "female" }]);
    expect(await supplier.issue(hold, 1)).toEqual({ ok: false, error: "ISSUE_FAILED" });
    expect(await supplier.extend({ ...hold, holdId: "nope" }, until())).toEqual({ ok: false, error: "HOLD_LOST" });
  });

  it("issues one ticket per traveller, infants without a seat, the same tickets when asked again; cancelling frees the seats", async () => {
    const offer = await offerOf(addDays(TODAY, 8), "ordinary40");
    const map = await mapOf(offer);
    const seats = [seatAt(map, 5, 4).number, seatAt(map, 5, 5).number];
    const hold = await held(offer, [
      { number: seats[0]!, gender: "male" },
      { number: seats[1]!, gender: "female" },
    ]);
    const issued = await supplier.issue(hold, 3);
    if (!issued.ok) throw new Error(issued.error);
    expect(issued.tickets.map((ticket) => [ticket.passengerPosition, ticket.placement, ticket.leg])).toEqual([
      [0, { seat: seats[0] }, 0],
      [1, { seat: seats[1] }, 0],
      [2, null, 0],
    ]);
    expect(new Set(issued.tickets.map((ticket) => ticket.pnr)).size).toBe(1);
    expect(issued.tickets[0]!.pnr).toMatch(/^[A-Z2-9]{6}$/);
    expect(new Set(issued.tickets.map((ticket) => ticket.ticketNumber)).size).toBe(3);
    expect(await supplier.issue(hold, 3)).toEqual(issued);
    // An issued seat never expires.
    now = new Date(START.getTime() + 24 * 60 * MINUTE);
    expect((await mapOf(offer)).seats.filter((seat) => seat.status === "taken").map((seat) => seat.number)).toEqual(seats);

    expect(await supplier.cancel(issued.tickets)).toEqual({ ok: true });
    expect((await mapOf(offer)).seats.every((seat) => seat.status === "free")).toBe(true);
    expect(await supplier.cancel(issued.tickets)).toEqual({ ok: false, error: "CANCEL_FAILED" });

    const again = await held(offer, [{ number: seats[0]!, gender: "female" }]);
    expect(await supplier.cancel(again)).toEqual({ ok: true });
    expect((await mapOf(offer)).seats.every((seat) => seat.status === "free")).toBe(true);
  });

  it("refuses a hold without chosen seats as a fault, and a bus that has left as sold out", async () => {
    const offer = await offerOf(addDays(TODAY, 9));
    await expect(supplier.hold(offer.offerId, 1, until(), offer)).rejects.toThrow(/chosen seats/);
    await expect(supplier.hold(offer.offerId, 2, until(), chosen(offer, [{ number: 5, gender: "male" }]))).rejects.toThrow();
    const elsewhere = { ...chosen(offer, [{ number: 5, gender: "male" }]), offerId: busOfferId("00000000-0000-4000-8000-000000000000") };
    await expect(supplier.hold(offer.offerId, 1, until(), elsewhere)).rejects.toThrow(/given the seats/);
    expect(await supplier.revalidate("bus1:garbage")).toEqual({ ok: false, error: "NOT_FOUND" });
    expect(await supplier.revalidate(busOfferId("00000000-0000-4000-8000-000000000000"))).toEqual({ ok: false, error: "NOT_FOUND" });
    const revalidated = await supplier.revalidate(offer.offerId, "en");
    expect(revalidated.ok && revalidated.offer.price.total).toBe(offer.price.adult);
    now = new Date(Date.parse(offer.departAt) + MINUTE);
    expect(await supplier.revalidate(offer.offerId)).toEqual({ ok: false, error: "SOLD_OUT" });
    expect(await holdSeats(offer, [{ number: 5, gender: "male" }])).toEqual({ ok: false, error: "SOLD_OUT" });
  });

  it("gives the bus refund rule: free for an hour, 10% until two hours before, then 50% in person at the terminal", async () => {
    const offer = await offerOf(addDays(TODAY, 10));
    const terms = await supplier.refundTerms(offer.offerId);
    expect(terms).toEqual({
      rule: expect.objectContaining({ ...BUS_REFUND_TERMS, airlineCode: offer.company.code, charter: false }),
      departAt: new Date(offer.departAt),
      cancelledByAirline: false,
    });
    expect(terms!.rule.windows).toEqual([{ minutesBefore: 120, penaltyPercent: 10 }]);
    expect(terms!.rule.inPersonFromMinutesBefore).toBe(120);
    expect(terms!.rule.inPersonPenaltyPercent).toBe(50);
    expect(await supplier.refundTerms("bus1:garbage")).toBeNull();
  });

  it("knows the cheapest seat of each day from the timetable, within the window", async () => {
    const first = addDays(TODAY, 20);
    const calendar = await supplier.cheapestPerDay({
      from: "tehran",
      to: "isfahan",
      firstDate: addDays(TODAY, -3),
      lastDate: addDays(first, 2),
    });
    expect(calendar.has(addDays(TODAY, -1))).toBe(false);
    for (const date of [first, addDays(first, 1), addDays(first, 2)]) {
      const offers = await search({ date });
      expect(calendar.get(date)).toBe(Math.min(...offers.map((offer) => offer.price.adult)));
    }
    const beyond = await supplier.cheapestPerDay({
      from: "tehran",
      to: "isfahan",
      firstDate: addDays(TODAY, BUS_SALES_WINDOW_DAYS),
      lastDate: addDays(TODAY, BUS_SALES_WINDOW_DAYS + 5),
    });
    expect(beyond.size).toBe(0);
    expect((await supplier.cheapestPerDay({ from: "tehran", to: "atlantis", firstDate: first, lastDate: first })).size).toBe(0);
  });

  it("releases expired holds, and is wired: registered as the bus supplier and swept by the hold-expiry job", async () => {
    const adapters = databaseAdapters(database.handle, clock);
    expect(adapters.suppliers.find("bus", "house")).toBe(adapters.buses);
    const offer = (await adapters.buses.search({ ...party, from: "tehran", to: "isfahan", date: addDays(TODAY, 11) }))[0]!;
    const seat = seatAt(await mapOf(offer), 2, 1).number;
    const hold = await adapters.buses.hold(offer.offerId, 1, until(1), chosen(offer, [{ number: seat, gender: "male" }]));
    if (!hold.ok) throw new Error(hold.error);
    const another = await held(offer, [{ number: seatAt(await mapOf(offer), 3, 1).number, gender: "male" }]);
    now = new Date(START.getTime() + 2 * MINUTE);
    const swept = await holdExpiryJob(adapters, clock)();
    expect(swept.orphanHolds).toBeGreaterThanOrEqual(1);
    const rows = await database.handle.db
      .select()
      .from(busHeldSeats)
      .where(eq(busHeldSeats.departureId, parseBusOfferId(offer.offerId)!));
    expect(rows.map((row) => row.holdId)).toEqual([another.holdId]);
    now = new Date(START.getTime() + 20 * MINUTE);
    // Holds of earlier tests ran out by now too: every one of them goes at once, and only once.
    expect(await supplier.releaseExpired()).toBeGreaterThanOrEqual(1);
    expect(await supplier.releaseExpired()).toBe(0);
    expect(
      await database.handle.db
        .select()
        .from(busHeldSeats)
        .where(eq(busHeldSeats.departureId, parseBusOfferId(offer.offerId)!)),
    ).toEqual([]);
  });
});
