import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlaceIndex } from "#adapters/db/place-index.ts";
import { intlSegmentFares } from "#adapters/db/schema.ts";
import { seedInternationalFlightInventory } from "#adapters/db/seed-international-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { createHouseInternationalFlightSupplier } from "#adapters/suppliers/house/international-flight-supplier.ts";
import { minimumConnection } from "#core/international-flights/connections.ts";
import type { InternationalFlightOffer } from "#core/international-flights/international-flight.ts";
import { parseOfferId } from "#core/international-flights/offers.ts";
import { searchInternationalFlights } from "#core/international-flights/search-international-flights.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { INTERNATIONAL_AIRLINES } from "#seed/international-flights/airlines.ts";
import { INTERNATIONAL_REFUND_RULES } from "#seed/international-flights/fares.ts";
import { generateInternationalFlights } from "#seed/international-flights/generate.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

/** A clock the test owns: "now" is 08:00 in Tehran on the first seeded day, whatever the calendar says. */
function testClock(firstDate: string) {
  const now = new Date(`${firstDate}T08:00:00+03:30`);
  return { now: () => now };
}

const minutes = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

describe.each(ENGINES)("the house international flight supplier on %s", (engine) => {
  let database: TestDatabase;
  const firstDate = addDays(tehranToday(new Date()), 1);
  const outDate = addDays(firstDate, 1);
  const backDate = addDays(firstDate, 3);
  const clock = testClock(firstDate);
  let supplier: ReturnType<typeof createHouseInternationalFlightSupplier>;
  const one = { adults: 1, children: 0, infants: 0 };

  async function seatsOf(fareIds: string[]): Promise<Map<string, number>> {
    const rows = await database.handle.db
      .select({ id: intlSegmentFares.id, seats: intlSegmentFares.seatsAvailable })
      .from(intlSegmentFares)
      .where(inArray(intlSegmentFares.id, fareIds));
    return new Map(rows.map((row) => [row.id, row.seats]));
  }

  async function setSeats(fareId: string, seats: number) {
    await database.handle.db
      .update(intlSegmentFares)
      .set({ seatsAvailable: seats, seatsTotal: Math.max(seats, 9) })
      .where(inArray(intlSegmentFares.id, [fareId]));
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    await seedInternationalFlightInventory(database.handle.db, {
      airlines: INTERNATIONAL_AIRLINES,
      refundRules: INTERNATIONAL_REFUND_RULES,
      segments: generateInternationalFlights({ firstDate, days: 5 }),
    });
    supplier = createHouseInternationalFlightSupplier(database.handle.db, clock);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("offers direct flights of the day on the origin's clock, with local offsets, priced for the party", async () => {
    const party = { adults: 2, children: 1, infants: 1 };
    const offers = await supplier.search({ from: "IKA", to: "IST", date: outDate, ...party, locale: "en" });
    const direct = offers.filter((offer) => offer.stops === 0);
    expect(direct.map((offer) => offer.validatingAirline.code)).toContain("TK");
    for (const offer of offers) {
      const [segment] = offer.legs[0]!.segments;
      expect(segment!.from).toBe("IKA");
      expect(segment!.departAt.startsWith(outDate), segment!.departAt).toBe(true);
      expect(segment!.departAt.endsWith("+03:30")).toBe(true);
      expect(offer.legs[0]!.segments.at(-1)!.to).toBe("IST");
      expect(offer.legs[0]!.segments.at(-1)!.arriveAt.endsWith("+03:00")).toBe(true);
      expect(offer.seatsLeft).toBeGreaterThanOrEqual(3);
      expect(offer.price.total).toBe(2 * offer.price.adult + offer.price.child + offer.price.infant);
      // Infants pay about a tenth of the base, children three quarters of it plus charges.
      expect(offer.price.infant).toBeLessThan(offer.price.adult / 5);
      expect(offer.price.child).toBeLessThan(offer.price.adult);
      expect(offer.validatingAirline.name).toMatch(/^[A-Za-z][A-Za-z .'-]+$/);
    }
    const totals = offers.map((offer) => offer.price.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const business = await supplier.search({ from: "IKA", to: "IST", date: outDate, ...one, cabin: "business" });
    expect(business.length).toBeGreaterThan(0);
    for (const offer of business) expect(offer.cabin).toBe("business");
    expect(await supplier.search({ from: "IKA", to: "IST", date: outDate, ...one, cabin: "first" })).toEqual([]);
  });

  it("builds one-stop connections at hubs within the connection times, through-priced", async () => {
    const offers = await supplier.search({ from: "MHD", to: "IST", date: outDate, ...one });
    const connections = offers.filter((offer) => offer.stops === 1);
    const vias = new Set(connections.map((offer) => `${offer.legs[0]!.segments[0]!.to} ${offer.validatingAirline.code}`));
    expect(vias).toContain("DXB FZ");
    expect([...vias].some((via) => via.startsWith("IKA "))).toBe(true);
    for (const offer of connections) {
      const [first, second] = offer.legs[0]!.segments;
      expect(first!.to).toBe(second!.from);
      expect(first!.airline.code).toBe(second!.airline.code);
      const ground = minutes(first!.arriveAt, second!.departAt);
      expect(offer.legs[0]!.layoverMinutes).toEqual([ground]);
      expect(ground).toBeGreaterThanOrEqual(minimumConnection(first!.to));
      expect(ground).toBeLessThanOrEqual(8 * 60);
      expect(offer.legs[0]!.durationMinutes).toBe(minutes(first!.departAt, second!.arriveAt));
    }
    const shiraz = await supplier.search({ from: "SYZ", to: "FRA", date: outDate, ...one });
    expect(shiraz.some((offer) => offer.stops === 1 && offer.legs[0]!.segments[0]!.to === "IST")).toBe(true);
  });

  it("prices a round trip as a whole: the way back on the same airline and class", async () => {
    const offers = await supplier.search({ from: "IKA", to: "IST", date: outDate, returnDate: backDate, ...one });
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.legs).toHaveLength(2);
      const [out, back] = offer.legs;
      expect(out!.segments[0]!.from).toBe("IKA");
      expect(back!.segments[0]!.from).toBe("IST");
      expect(back!.segments[0]!.departAt.startsWith(backDate)).toBe(true);
      expect(back!.segments.at(-1)!.to).toBe("IKA");
      for (const segment of [...out!.segments, ...back!.segments]) expect(segment.airline.code).toBe(offer.validatingAirline.code);
    }
    const revalidated = await supplier.revalidate(offers[0]!.offerId, "en");
    expect(revalidated).toMatchObject({ ok: true, offer: { offerId: offers[0]!.offerId, price: { adult: offers[0]!.price.adult } } });
  });

  it("refuses places the service does not fly to", async () => {
    const places = createPlaceIndex(database.handle.db, { ttlMs: 60_000 });
    const deps = { internationalFlights: supplier, places };
    const query = { from: "IKA", to: "IST", date: outDate, ...one };
    expect(await searchInternationalFlights({ ...query, from: "XYZ" }, deps)).toEqual({ ok: false, error: "UNKNOWN_PLACE", field: "from" });
    // Mehrabad flies only at home.
    expect(await searchInternationalFlights({ ...query, to: "THR" }, deps)).toEqual({ ok: false, error: "UNKNOWN_PLACE", field: "to" });
    const found = await searchInternationalFlights(query, deps);
    expect(found.ok && found.offers.length).toBeGreaterThan(0);
  });

  it("never oversells: simultaneous holds on a connection take seats on both segments, at most the fewest", async () => {
    const [offer] = (await supplier.search({ from: "MHD", to: "IST", date: outDate, ...one })).filter(
      (candidate) => candidate.stops === 1,
    ) as [InternationalFlightOffer];
    const [first, second] = parseOfferId(offer.offerId)![0]!;
    await setSeats(first!, 5);
    await setSeats(second!, 3);
    expect(await supplier.revalidate(offer.offerId)).toMatchObject({ ok: true, offer: { seatsLeft: 3 } });
    const until = new Date(clock.now().getTime() + 15 * 60_000);
    const holds = await Promise.all(Array.from({ length: 7 }, () => supplier.hold(offer.offerId, 1, until)));
    expect(holds.filter((hold) => hold.ok)).toHaveLength(3);
    expect(holds.filter((hold) => !hold.ok).map((hold) => !hold.ok && hold.error)).toEqual(Array(4).fill("CAPACITY_FULL"));
    expect(Object.fromEntries(await seatsOf([first!, second!]))).toEqual({ [first!]: 2, [second!]: 0 });
    expect(await supplier.revalidate(offer.offerId)).toEqual({ ok: false, error: "SOLD_OUT" });
    expect(await supplier.hold(offer.offerId, 1, until)).toEqual({ ok: false, error: "CAPACITY_FULL" });

    // Cancelling gives back exactly what the hold took, on every segment; twice is refused.
    const held = holds.find((hold) => hold.ok)!;
    if (!held.ok) throw new Error("unreachable");
    expect(await supplier.cancel(held.hold)).toEqual({ ok: true });
    expect(await supplier.cancel(held.hold)).toEqual({ ok: false, error: "CANCEL_FAILED" });
    expect(Object.fromEntries(await seatsOf([first!, second!]))).toEqual({ [first!]: 3, [second!]: 1 });
  });

  it("holds a round trip on every segment, issues a ticket per traveller per leg, the same again, and cancels", async () => {
    const [offer] = await supplier.search({
      from: "MHD",
      to: "IST",
      date: outDate,
      returnDate: backDate,
      adults: 2,
      children: 0,
      infants: 1,
    });
    expect(offer).toBeDefined();
    const fareIds = parseOfferId(offer!.offerId)!.flat();
    const before = await seatsOf(fareIds);
    const until = new Date(clock.now().getTime() + 15 * 60_000);
    const held = await supplier.hold(offer!.offerId, 2, until);
    if (!held.ok) throw new Error(`hold failed: ${held.error}`);
    expect(held.hold).toMatchObject({ offerId: offer!.offerId, seats: 2, expiresAt: until.toISOString() });
    const during = await seatsOf(fareIds);
    for (const id of fareIds) expect(during.get(id)).toBe(before.get(id)! - 2);

    const later = new Date(until.getTime() + 10 * 60_000);
    expect(await supplier.extend(held.hold, later)).toMatchObject({ ok: true, hold: { expiresAt: later.toISOString() } });

    const issued = await supplier.issue(held.hold, 3);
    if (!issued.ok) throw new Error("issue failed");
    expect(issued.tickets.map((ticket) => [ticket.passengerPosition, ticket.leg])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [2, 0],
      [2, 1],
    ]);
    expect(new Set(issued.tickets.map((ticket) => ticket.ticketNumber)).size).toBe(6);
    expect(new Set(issued.tickets.map((ticket) => ticket.pnr)).size).toBe(1);
    for (const ticket of issued.tickets) expect(ticket.ticketNumber.startsWith(`${offer!.validatingAirline.code}-`)).toBe(true);
    expect(await supplier.issue(held.hold, 3)).toEqual(issued);

    expect(await supplier.cancel(issued.tickets)).toEqual({ ok: true });
    expect(await seatsOf(fareIds)).toEqual(before);
  });

  it("gives back the seats of holds that expired", async () => {
    const [offer] = await supplier.search({ from: "IKA", to: "DXB", date: outDate, ...one });
    const fareIds = parseOfferId(offer!.offerId)!.flat();
    const before = await seatsOf(fareIds);
    const held = await supplier.hold(offer!.offerId, 1, new Date(clock.now().getTime() - 1));
    expect(held.ok).toBe(true);
    expect(await supplier.releaseExpired()).toBeGreaterThanOrEqual(1);
    expect(await seatsOf(fareIds)).toEqual(before);
    if (held.ok)
      expect(await supplier.extend(held.hold, new Date(clock.now().getTime() + 60_000))).toEqual({ ok: false, error: "HOLD_LOST" });
  });

  it("answers a route's fare calendar from its searches, and reuses it for a few minutes", async () => {
    let at = clock.now();
    const calendar = createHouseInternationalFlightSupplier(database.handle.db, { now: () => at });
    const day = addDays(firstDate, 2);
    const offers = await calendar.search({ from: "IKA", to: "DXB", date: day, ...one });
    const first = await calendar.cheapestPerDay({ from: "IKA", to: "DXB", firstDate: day, lastDate: addDays(day, 1) });
    expect(first.get(day)).toBe(offers[0]!.price.adult);
    // The day sells out: within five minutes the landing still shows the kept calendar…
    for (const offer of offers) for (const fareId of parseOfferId(offer.offerId)!.flat()) await setSeats(fareId, 0);
    expect(await calendar.search({ from: "IKA", to: "DXB", date: day, ...one })).toEqual([]);
    expect(await calendar.cheapestPerDay({ from: "IKA", to: "DXB", firstDate: day, lastDate: addDays(day, 1) })).toEqual(first);
    // …and after them it searches again and the day has no fare.
    at = new Date(at.getTime() + 6 * 60_000);
    const later = await calendar.cheapestPerDay({ from: "IKA", to: "DXB", firstDate: day, lastDate: addDays(day, 1) });
    expect(later.has(day)).toBe(false);
    expect(later.get(addDays(day, 1))).toBe(first.get(addDays(day, 1)));
  });

  it("serves GET /api/v1/internationalflights/search: offers, 400 for unknown places, 422 for dates and parties", async () => {
    const server = await startTestServer(database.handle, {}, { clock });
    try {
      const ok = await rawRequest(server.port, {
        path: `/api/v1/internationalflights/search?from=IKA&to=IST&date=${outDate}&returnDate=${backDate}&adults=2&children=1&infants=1&lang=en`,
      });
      expect(ok.status).toBe(200);
      const body = JSON.parse(ok.body) as { offers: InternationalFlightOffer[] };
      expect(body.offers.length).toBeGreaterThan(0);
      const first = body.offers[0]!;
      expect(first.legs).toHaveLength(2);
      expect(first.price.total).toBe(2 * first.price.adult + first.price.child + first.price.infant);

      // No origin: from Tehran's international airport.
      const fromTehran = JSON.parse(
        (await rawRequest(server.port, { path: `/api/v1/internationalflights/search?to=DXB&date=${outDate}` })).body,
      ) as { offers: InternationalFlightOffer[] };
      expect(fromTehran.offers[0]?.legs[0]?.segments[0]?.from).toBe("IKA");

      const cases: [string, number, string][] = [
        [`from=XYZ&to=IST&date=${outDate}`, 400, "UNKNOWN_PLACE"],
        [`from=IKA&to=THR&date=${outDate}`, 400, "UNKNOWN_PLACE"],
        [`from=IKA&to=IST&date=${outDate}&cabin=sofa`, 400, "CABIN_INVALID"],
        [`from=IKA&to=IST&date=2020-01-01`, 422, "DATE_PAST"],
        [`from=IKA&to=IST&date=${backDate}&returnDate=${outDate}`, 422, "RETURN_BEFORE_DEPARTURE"],
        [`from=IKA&to=IST&date=${outDate}&adults=1&infants=2`, 422, "INFANTS_EXCEED_ADULTS"],
        [`from=IKA&to=IST&date=${outDate}&adults=0`, 422, "ADULT_REQUIRED"],
      ];
      for (const [query, status, code] of cases) {
        const response = await rawRequest(server.port, { path: `/api/v1/internationalflights/search?${query}&lang=en` });
        expect(response.status, query).toBe(status);
        expect((JSON.parse(response.body) as { error: { code: string } }).error.code, query).toBe(code);
      }
    } finally {
      await server.close();
    }
  });
});
