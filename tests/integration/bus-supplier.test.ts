import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { busDepartures, busHeldSeats, busHolds } from "#adapters/db/schema.ts";
import {
  BUS_SALES_WINDOW_DAYS,
  SOLD_ELSEWHERE,
  busOfferId,
  createHouseBusSupplier,
  parseBusOfferId,
} from "#adapters/suppliers/house/bus-supplier.ts";
import type { BusOffer, BusSearchQuery, BusSeat, BusSeatMap, BusTicket, BusType, ChosenSeat, HeldBusOffer } from "#core/buses/bus.ts";
import { FIRST_ROW, gendersAllowed, neighboursOf } from "#core/buses/seat-rules.ts";
import type { Gender } from "#core/passengers/passenger-rules.ts";
import { addDays, daysBetween } from "#core/search/dates.ts";
import { databaseAdapters, holdExpiryJob, writeBusInventory } from "#server/database-adapters.ts";
import { BUS_COMPANIES } from "#seed/buses/companies.ts";
import { BUS_LAYOUTS } from "#seed/buses/layouts.ts";
import { BUS_REFUND_TERMS } from "#seed/buses/refund-rules.ts";
import { BUS_ROUTES } from "#seed/buses/routes.ts";
import { BUS_TRIPS, busClockMinutes, busSeatPrice } from "#seed/buses/schedules.ts";
import { seatsSoldElsewhere } from "#seed/buses/sold-elsewhere.ts";
import { IRAN_TERMINALS } from "#seed/places/terminals.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

/**
 * The clock is the test's: "today" is a fixed Tuesday in Tehran, far from the real calendar. The
 * sales window and every departure follow it, so nothing here depends on the day it runs. Each
 * test uses its own day, so the seats one holds never meet another's. Departures come partly sold
 * elsewhere: tests pick the seats they need from the map as it is.
 */
const TODAY = "2031-05-06";
const START = new Date(`${TODAY}T05:00:00+03:30`);
const MINUTE = 60_000;
const SEAT_COUNTS: Record<BusType, number> = { vip25: 25, vip29: 29, ordinary40: 40, ordinary44: 44 };

const quiet = { info: () => {} };
const party = { adults: 1, children: 0, infants: 0 } as const;
const BOTH: Gender[] = ["male", "female"];

/** The seats sold elsewhere on one departure, by engine: the same on every engine. */
const soldByEngine = new Map<string, unknown>();

const taken = (map: BusSeatMap) => map.seats.filter((seat) => seat.status === "taken");
const numbers = (seats: readonly { number: number }[]) => seats.map((seat) => seat.number).sort((a, b) => a - b);

/** Free seats any of `genders` may take now (a woman never in the first row), but those skipped. */
function freeSeats(map: BusSeatMap, genders: readonly Gender[] = BOTH, skip: ReadonlySet<number> = new Set()): BusSeat[] {
  return map.seats.filter(
    (seat) => seat.status === "free" && !skip.has(seat.number) && genders.every((gender) => gendersAllowed(map, seat).includes(gender)),
  );
}

/** Two free seats side by side that anyone may take, or null. */
function openPair(map: BusSeatMap, skip: ReadonlySet<number> = new Set()): [BusSeat, BusSeat] | null {
  const open = new Set(numbers(freeSeats(map, BOTH, skip)));
  for (const seat of map.seats.filter((candidate) => open.has(candidate.number))) {
    const next = neighboursOf(map, seat).find((other) => other.column === seat.column + 1 && open.has(other.number));
    if (next) return [seat, next];
  }
  return null;
}

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

  /** The first bus of the day (of a type, when asked) whose map has what a test needs, with it. */
  async function busWhere<T>(date: string, find: (map: BusSeatMap, offer: BusOffer) => T | null | undefined, type?: BusType) {
    for (const offer of await search({ date })) {
      if (type && offer.busType !== type) continue;
      const map = await mapOf(offer);
      const found = find(map, offer);
      if (found) return { offer, map, found };
    }
    throw new Error(`no ${type ?? "bus"} from Tehran to Isfahan on ${date} with the seats this test needs`);
  }

  /** The rows of a departure's seats sold elsewhere, with the hold keeping each. */
  const soldRows = (offer: BusOffer) =>
    database.handle.db
      .select({ seat: busHeldSeats, hold: busHolds })
      .from(busHeldSeats)
      .innerJoin(busHolds, eq(busHolds.id, busHeldSeats.holdId))
      .where(and(eq(busHeldSeats.departureId, parseBusOfferId(offer.offerId)!), eq(busHolds.offerId, SOLD_ELSEWHERE)));

  /** The seat rows of a departure kept by our own bookings. */
  const ourRows = async (offer: BusOffer) =>
    (
      await database.handle.db
        .select({ seat: busHeldSeats })
        .from(busHeldSeats)
        .innerJoin(busHolds, eq(busHolds.id, busHeldSeats.holdId))
        .where(and(eq(busHeldSeats.departureId, parseBusOfferId(offer.offerId)!), ne(busHolds.offerId, SOLD_ELSEWHERE)))
    ).map((row) => row.seat);

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
      expect(offer.seatsLeft).toBeGreaterThanOrEqual(3);
      expect(offer.seatsLeft).toBeLessThanOrEqual(SEAT_COUNTS[offer.busType]);
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
        // Seats sold elsewhere are taken with their traveller's gender; free seats have none.
        expect(seats.every((seat) => (seat.status === "taken") === (seat.gender !== undefined))).toBe(true);
        expect(layout.aisleColumn).toBe(offer.busType.startsWith("vip") ? 2 : 3);
      }
    }
    expect(seen).toEqual(new Set(["vip25", "vip29", "ordinary40", "ordinary44"]));
    expect(await supplier.seatMap("bus1:not-a-departure")).toBeNull();
    expect(await supplier.seatMap(busOfferId("00000000-0000-4000-8000-000000000000"))).toBeNull();
  });

  it("holds exactly the seats chosen: the map shows them taken with the traveller's gender, and nobody else gets them", async () => {
    const { offer, map, found: pair } = await busWhere(addDays(TODAY, 4), (candidate) => openPair(candidate));
    const before = taken(map).length;
    const hold = await held(offer, [
      { number: pair[0].number, gender: "female" },
      { number: pair[1].number, gender: "male" },
    ]);
    expect(hold).toMatchObject({ offerId: offer.offerId, seats: 2 });
    const after = await mapOf(offer);
    expect(after.seats.find((seat) => seat.number === pair[0].number)).toMatchObject({ status: "taken", gender: "female" });
    expect(after.seats.find((seat) => seat.number === pair[1].number)).toMatchObject({ status: "taken", gender: "male" });
    expect(taken(after)).toHaveLength(before + 2);
    const revalidated = await supplier.revalidate(offer.offerId);
    expect(revalidated.ok && revalidated.offer.seatsLeft).toBe(offer.seatsLeft - 2);
    expect((await search({ date: addDays(TODAY, 4) })).find((candidate) => candidate.offerId === offer.offerId)!.seatsLeft).toBe(
      offer.seatsLeft - 2,
    );

    // A held seat, a seat that does not exist, a seat chosen twice: SEAT_TAKEN, and nothing is held.
    expect(await holdSeats(offer, [{ number: pair[1].number, gender: "male" }])).toEqual({ ok: false, error: "SEAT_TAKEN" });
    expect(await holdSeats(offer, [{ number: 99, gender: "male" }])).toEqual({ ok: false, error: "SEAT_TAKEN" });
    const free = freeSeats(after, ["male"])[0]!.number;
    expect(
      await holdSeats(offer, [
        { number: free, gender: "male" },
        { number: free, gender: "male" },
      ]),
    ).toEqual({ ok: false, error: "SEAT_TAKEN" });
    expect(taken(await mapOf(offer))).toHaveLength(before + 2);
  });

  it("offers a bus only to a party it still has seats for", async () => {
    const date = addDays(TODAY, 12);
    // Bookings of up to nine men fill the bus until seven seats stay free.
    const { offer, found: men } = await busWhere(date, (map, candidate) => {
      const open = freeSeats(map, ["male"]);
      return candidate.seatsLeft > 7 && open.length >= candidate.seatsLeft - 7 ? open.slice(0, candidate.seatsLeft - 7) : null;
    });
    for (let first = 0; first < men.length; first += 9)
      await held(
        offer,
        men.slice(first, first + 9).map((seat) => ({ number: seat.number, gender: "male" as const })),
      );
    const offered = async (adults: number) => (await search({ date, adults })).some((candidate) => candidate.offerId === offer.offerId);
    expect(await offered(7)).toBe(true);
    expect(await offered(8)).toBe(false);
    expect(await supplier.hold(offer.offerId, 0, until(), chosen(offer, []))).toEqual({ ok: false, error: "SOLD_OUT" });
  });

  it("enforces the gender rules at hold: no woman in the first row, no stranger of another gender beside a traveller", async () => {
    // A free first-row seat, an open pair, an open seat across the aisle from it, and another open pair.
    const { offer, map, found } = await busWhere(addDays(TODAY, 5), (candidate) => {
      const front = candidate.seats.find((seat) => seat.row === FIRST_ROW && seat.status === "free");
      const pair = openPair(candidate);
      if (!front || !pair) return null;
      const [left, right] = pair;
      const aisle = candidate.layout.aisleColumn;
      const aisleSeated = candidate.seats.some((seat) => seat.row === left.row && seat.column === aisle);
      const across = freeSeats(candidate).find(
        (seat) => seat.row === left.row && !aisleSeated && seat.column < aisle !== left.column < aisle,
      );
      const other = openPair(candidate, new Set(numbers([left, right, ...(across ? [across] : [])])));
      return across && other ? { front, left, right, across, other } : null;
    });
    expect(await holdSeats(offer, [{ number: found.front.number, gender: "female" }])).toEqual({ ok: false, error: "SEAT_TAKEN" });
    await held(offer, [{ number: found.left.number, gender: "female" }]);
    // A man of another booking beside her: refused. Across the aisle is not beside.
    expect(await holdSeats(offer, [{ number: found.right.number, gender: "male" }])).toEqual({ ok: false, error: "SEAT_TAKEN" });
    await held(offer, [{ number: found.across.number, gender: "male" }]);
    await held(offer, [{ number: found.right.number, gender: "female" }]);
    // One booking may sit a man and a woman together.
    await held(offer, [
      { number: found.other[0].number, gender: "male" },
      { number: found.other[1].number, gender: "female" },
    ]);
    expect(taken(await mapOf(offer))).toHaveLength(taken(map).length + 5);
  });

  it("lets exactly one of several buyers racing for the same seat have it", async () => {
    const { offer, found } = await busWhere(addDays(TODAY, 6), (map) => freeSeats(map)[0]);
    const seat = found.number;
    // On PostgreSQL each hold runs on its own pooled connection, truly at the same time.
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, index) => holdSeats(offer, [{ number: seat, gender: index % 2 === 0 ? "male" : "female" }])),
    );
    expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(1);
    expect(attempts.filter((attempt) => !attempt.ok).every((attempt) => !attempt.ok && attempt.error === "SEAT_TAKEN")).toBe(true);
    const rows = await ourRows(offer);
    expect(rows.map((row) => row.seatNumber)).toEqual([seat]);
    // The database itself refuses a second row for the seat, whatever code writes it.
    const gender = rows[0]!.gender as Gender;
    const other = await held(offer, [{ number: freeSeats(await mapOf(offer), [gender])[0]!.number, gender }]);
    await expect(
      database.handle.db.insert(busHeldSeats).values({ ...rows[0]!, holdId: other.holdId, passengerPosition: 1, ticketNumber: null }),
    ).rejects.toThrow();
  });

  it("keeps a hold while extended; a seat whose hold ran out is free again and its hold is lost", async () => {
    const { offer, found } = await busWhere(addDays(TODAY, 7), (map) => freeSeats(map)[0]);
    const seat = found.number;
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
    const { offer, map, found: pair } = await busWhere(addDays(TODAY, 8), (candidate) => openPair(candidate));
    const seats = numbers(pair);
    const soldElsewhere = numbers(taken(map));
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
    expect(numbers(taken(await mapOf(offer)))).toEqual(numbers([...soldElsewhere, ...seats].map((number) => ({ number }))));

    expect(await supplier.cancel(issued.tickets)).toEqual({ ok: true });
    expect(await mapOf(offer)).toEqual(map);
    expect(await supplier.cancel(issued.tickets)).toEqual({ ok: false, error: "CANCEL_FAILED" });

    const again = await held(offer, [{ number: seats[0]!, gender: "female" }]);
    expect(await supplier.cancel(again)).toEqual({ ok: true });
    expect(await mapOf(offer)).toEqual(map);
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
    const { offer, found: men } = await busWhere(addDays(TODAY, 11), (map) => {
      const open = freeSeats(map, ["male"]);
      return open.length >= 2 ? open : null;
    });
    const sold = await soldRows(offer);
    const hold = await adapters.buses.hold(offer.offerId, 1, until(1), chosen(offer, [{ number: men[0]!.number, gender: "male" }]));
    if (!hold.ok) throw new Error(hold.error);
    const another = await held(offer, [{ number: men[1]!.number, gender: "male" }]);
    now = new Date(START.getTime() + 2 * MINUTE);
    const swept = await holdExpiryJob(adapters, clock)();
    expect(swept.orphanHolds).toBeGreaterThanOrEqual(1);
    expect((await ourRows(offer)).map((row) => row.holdId)).toEqual([another.holdId]);
    now = new Date(START.getTime() + 20 * MINUTE);
    // Holds of earlier tests ran out by now too: every one of them goes at once, and only once.
    expect(await supplier.releaseExpired()).toBeGreaterThanOrEqual(1);
    expect(await supplier.releaseExpired()).toBe(0);
    expect(await ourRows(offer)).toEqual([]);
    // Seats sold elsewhere never expire.
    expect(await soldRows(offer)).toEqual(sold);
  });

  it("makes each departure with seats already sold elsewhere: issued sales with genders, by the seat rules", async () => {
    const offers = await search({ date: addDays(TODAY, 13) });
    let soldOnTheDay = 0;
    for (const offer of offers) {
      const map = await mapOf(offer);
      const rows = await soldRows(offer);
      soldOnTheDay += rows.length;
      // Every taken seat of a bus nobody of ours booked is one sold elsewhere, with its traveller's gender.
      expect(numbers(taken(map))).toEqual(numbers(rows.map((row) => ({ number: row.seat.seatNumber }))));
      for (const { seat, hold } of rows) {
        expect(map.seats.find((candidate) => candidate.number === seat.seatNumber)!.gender).toBe(seat.gender);
        expect(hold).toMatchObject({ status: "issued", pnr: null, departureId: parseBusOfferId(offer.offerId) });
        expect(seat.ticketNumber).not.toBeNull();
        expect(hold.seats).toBe(rows.filter((row) => row.hold.id === hold.id).length);
      }
      // No woman in the first row; side by side, two genders only within one sale.
      expect(taken(map).filter((seat) => seat.row === FIRST_ROW && seat.gender === "female")).toEqual([]);
      const holdOf = new Map(rows.map((row) => [row.seat.seatNumber, row.hold.id]));
      for (const seat of taken(map))
        for (const next of neighboursOf(map, seat))
          if (next.status === "taken" && next.gender !== seat.gender) expect(holdOf.get(next.number)).toBe(holdOf.get(seat.number));
    }
    expect(soldOnTheDay).toBeGreaterThan(0);
  });

  it("sells the same seats of a departure to the same genders, whatever the engine: they follow the trip and the date", async () => {
    const date = addDays(TODAY, 14);
    const sold: Record<string, { number: number; gender: Gender }[]> = {};
    for (const offer of await search({ date })) {
      const [departure] = await database.handle.db
        .select()
        .from(busDepartures)
        .where(eq(busDepartures.id, parseBusOfferId(offer.offerId)!));
      const trip = BUS_TRIPS.find((candidate) => candidate.code === departure!.tripCode)!;
      const planned = seatsSoldElsewhere({
        tripCode: trip.code,
        date,
        daysAhead: daysBetween(TODAY, date),
        departsMinute: busClockMinutes(trip.departs),
        seats: BUS_LAYOUTS[trip.busType].seats,
      }).flatMap((sale) => sale.seats);
      const onTheMap = taken(await mapOf(offer)).map((seat) => ({ number: seat.number, gender: seat.gender! }));
      expect(onTheMap).toEqual([...planned].sort((a, b) => a.number - b.number));
      sold[departure!.key] = onTheMap;
    }
    expect(Object.keys(sold).length).toBeGreaterThan(1);
    soldByEngine.set(engine, sold);
  });

  it("never gives a seat sold elsewhere to anyone: not held, cancelled, extended, issued or freed by expiry", async () => {
    const { offer, map } = await busWhere(addDays(TODAY, 15), (candidate) => taken(candidate).length > 0);
    const rows = await soldRows(offer);
    const { seat, hold } = rows[0]!;
    expect(await holdSeats(offer, [{ number: seat.seatNumber, gender: seat.gender as Gender }])).toEqual({
      ok: false,
      error: "SEAT_TAKEN",
    });
    const theirs = { holdId: hold.id, offerId: offer.offerId, seats: hold.seats, expiresAt: hold.expiresAt.toISOString() };
    const ticket: BusTicket = {
      holdId: hold.id,
      pnr: "",
      ticketNumber: seat.ticketNumber!,
      passengerPosition: seat.passengerPosition,
      leg: 0,
      placement: { seat: seat.seatNumber },
    };
    expect(await supplier.cancel(theirs)).toEqual({ ok: false, error: "CANCEL_FAILED" });
    expect(await supplier.cancel([ticket])).toEqual({ ok: false, error: "CANCEL_FAILED" });
    expect(await supplier.extend(theirs, until(30))).toEqual({ ok: false, error: "HOLD_LOST" });
    expect(await supplier.issue(theirs, 1)).toEqual({ ok: false, error: "ISSUE_FAILED" });
    now = new Date(Date.parse(offer.departAt) + 24 * 60 * MINUTE);
    await supplier.releaseExpired();
    now = START;
    expect(await soldRows(offer)).toEqual(rows);
    expect(await mapOf(offer)).toEqual(map);
  });

  it("counts seats sold elsewhere in seatsLeft: it is the free seats of the map", async () => {
    const date = addDays(TODAY, 16);
    const offers = await search({ date });
    expect(offers.some((offer) => offer.seatsLeft < SEAT_COUNTS[offer.busType])).toBe(true);
    for (const offer of offers) {
      const free = (await mapOf(offer)).seats.filter((seat) => seat.status === "free").length;
      expect(offer.seatsLeft).toBe(free);
      const revalidated = await supplier.revalidate(offer.offerId);
      expect(revalidated.ok && revalidated.offer.seatsLeft).toBe(free);
    }
  });
});

describe("seats sold elsewhere on every engine", () => {
  it.skipIf(ENGINES.length < 2)("are the same seats and genders on PGlite and PostgreSQL", () => {
    expect(soldByEngine.size).toBe(2);
    expect(soldByEngine.get("postgres")).toEqual(soldByEngine.get("pglite"));
  });
});
