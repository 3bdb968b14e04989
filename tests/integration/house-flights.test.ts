import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flightFares, flights } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { createHouseFlightSupplier } from "#adapters/suppliers/house/flight-supplier.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { setFlightFareSeats } from "../support/inventory.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

/** A clock the test moves: "now" is 08:00 in Tehran on the first seeded day. */
function testClock(firstDate: string) {
  let now = new Date(`${firstDate}T08:00:00+03:30`);
  return { now: () => now, set: (instant: Date) => (now = instant) };
}

describe.each(ENGINES)("the house flight supplier on %s", (engine) => {
  let database: TestDatabase;
  const firstDate = addDays(tehranToday(new Date()), 1);
  const secondDate = addDays(firstDate, 1);
  const clock = testClock(firstDate);
  let supplier: ReturnType<typeof createHouseFlightSupplier>;
  const party = { adults: 2, children: 1, infants: 1 };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate, days: 4 }),
    });
    supplier = createHouseFlightSupplier(database.handle.db, clock);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("offers the route's fares of that Tehran day with seats for the party, cheapest first, priced for the party", async () => {
    const offers = await supplier.search({ from: "THR", to: "MHD", date: secondDate, ...party, locale: "en" });
    expect(offers.length).toBeGreaterThan(3);
    for (const offer of offers) {
      expect(offer.departAt.startsWith(secondDate), offer.departAt).toBe(true);
      expect(offer.departAt.endsWith("+03:30")).toBe(true);
      expect([offer.from, offer.to]).toEqual(["THR", "MHD"]);
      expect(offer.seatsLeft).toBeGreaterThanOrEqual(party.adults + party.children);
      expect(offer.price.total).toBe(2 * offer.price.adult + offer.price.child + offer.price.infant);
      expect(offer.airline.name).toMatch(/^[A-Za-z][A-Za-z .'-]+$/);
    }
    const adultPrices = offers.map((offer) => offer.price.adult);
    expect(adultPrices).toEqual([...adultPrices].sort((a, b) => a - b));
    const persian = await supplier.search({ from: "THR", to: "MHD", date: secondDate, ...party });
    expect(persian[0]?.airline.name).toMatch(/[\u0600-\u06FF]/);
  });

  it("closes sales an hour before departure and leaves out fares without enough seats", async () => {
    const all = await supplier.search({ from: "THR", to: "MHD", date: firstDate, adults: 1, children: 0, infants: 0 });
    const cutoff = clock.now().getTime() + 60 * 60_000;
    for (const offer of all) expect(new Date(offer.departAt).getTime()).toBeGreaterThan(cutoff);

    const target = (await supplier.search({ from: "THR", to: "MHD", date: secondDate, adults: 1, children: 0, infants: 0 }))[0]!;
    await setFlightFareSeats(database.handle.db, [target.offerId], 2);
    const forTwo = await supplier.search({ from: "THR", to: "MHD", date: secondDate, adults: 2, children: 0, infants: 0 });
    expect(forTwo.map((offer) => offer.offerId)).toContain(target.offerId);
    // Infants sit on a lap: two adults and an infant still fit in two seats.
    const withInfant = await supplier.search({ from: "THR", to: "MHD", date: secondDate, adults: 2, children: 0, infants: 1 });
    expect(withInfant.map((offer) => offer.offerId)).toContain(target.offerId);
    const forThree = await supplier.search({ from: "THR", to: "MHD", date: secondDate, adults: 2, children: 1, infants: 0 });
    expect(forThree.map((offer) => offer.offerId)).not.toContain(target.offerId);
  });

  it("keeps to the cabin asked for", async () => {
    const business = await supplier.search({
      from: "THR",
      to: "MHD",
      date: secondDate,
      adults: 1,
      children: 0,
      infants: 0,
      cabin: "business",
    });
    for (const offer of business) expect(offer.cabin).toBe("business");
    const economy = await supplier.search({
      from: "THR",
      to: "MHD",
      date: secondDate,
      adults: 1,
      children: 0,
      infants: 0,
      cabin: "economy",
    });
    expect(economy.length).toBeGreaterThan(0);
    for (const offer of economy) expect(offer.cabin).toBe("economy");
  });

  it("revalidates an offer: found, unknown, malformed, sold out", async () => {
    const [offer] = await supplier.search({ from: "MHD", to: "THR", date: secondDate, adults: 1, children: 0, infants: 0 });
    expect(offer).toBeDefined();
    const again = await supplier.revalidate(offer!.offerId);
    expect(again).toMatchObject({ ok: true, offer: { offerId: offer!.offerId, price: { adult: offer!.price.adult } } });
    expect(await supplier.revalidate("00000000-0000-4000-8000-000000000000")).toEqual({ ok: false, error: "NOT_FOUND" });
    expect(await supplier.revalidate("'; drop table flights; --")).toEqual({ ok: false, error: "NOT_FOUND" });
    await database.handle.db.update(flightFares).set({ seatsAvailable: 0 }).where(eq(flightFares.id, offer!.offerId));
    expect(await supplier.revalidate(offer!.offerId)).toEqual({ ok: false, error: "SOLD_OUT" });
  });

  it("gives the cheapest adult fare of each day for the day strip", async () => {
    const cheapest = await supplier.cheapestPerDay({ from: "THR", to: "MHD", firstDate, lastDate: addDays(firstDate, 3) });
    expect([...cheapest.keys()].sort()).toEqual([firstDate, secondDate, addDays(firstDate, 2), addDays(firstDate, 3)]);
    const day = await supplier.search({ from: "THR", to: "MHD", date: secondDate, adults: 1, children: 0, infants: 0 });
    expect(cheapest.get(secondDate)).toBe(Math.min(...day.map((offer) => offer.price.adult)));
  });

  it("gives a route's timetable: each flight once, with its local time and the weekdays it flies", async () => {
    const timetable = await supplier.timetable({ from: "THR", to: "MHD", firstDate, lastDate: addDays(firstDate, 3), locale: "en" });
    expect(timetable.length).toBeGreaterThan(3);
    const numbers = timetable.map((entry) => `${entry.flightNumber} ${entry.departs}`);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(timetable.map((entry) => entry.departs)).toEqual([...timetable.map((entry) => entry.departs)].sort());
    const offers = await supplier.search({ from: "THR", to: "MHD", date: secondDate, adults: 1, children: 0, infants: 0 });
    const offer = offers[0]!;
    const entry = timetable.find(
      (candidate) => candidate.flightNumber === offer.flightNumber && candidate.departs === offer.departAt.slice(11, 16),
    );
    expect(entry, offer.flightNumber).toBeDefined();
    expect(entry!.durationMinutes).toBe(offer.durationMinutes);
    const isoDay = ((new Date(`${secondDate}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    expect(entry!.weekdays).toContain(isoDay);
    for (const one of timetable) for (const day of one.weekdays) expect(day).toBeGreaterThanOrEqual(1);
  });

  it("seeds again without touching seats already sold, and adds only new days", async () => {
    const [fare] = await database.handle.db.select({ id: flightFares.id, seats: flightFares.seatsAvailable }).from(flightFares).limit(1);
    await database.handle.db.update(flightFares).set({ seatsAvailable: 1 }).where(eq(flightFares.id, fare!.id));
    const again = await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate, days: 5 }),
    });
    const [after] = await database.handle.db
      .select({ seats: flightFares.seatsAvailable })
      .from(flightFares)
      .where(eq(flightFares.id, fare!.id));
    expect(after!.seats).toBe(1);
    const newDay = generateFlights({ firstDate: addDays(firstDate, 4), days: 1 });
    expect(again.flights).toBe(newDay.length);
  });

  it("cannot oversell even by a wrong update: the database refuses negative seats", async () => {
    const [fare] = await database.handle.db.select({ id: flightFares.id }).from(flightFares).limit(1);
    await expect(
      database.handle.db
        .update(flightFares)
        .set({ seatsAvailable: sql`${flightFares.seatsAvailable} - 1000` })
        .where(eq(flightFares.id, fare!.id)),
    ).rejects.toThrow();
  });

  it("serves GET /api/v1/flights/search with stable error codes and localized messages, and the OpenAPI document", async () => {
    // The server's own clock is the system's: search a day that is always ahead.
    const server = await startTestServer(database.handle);
    try {
      const ok = await rawRequest(server.port, {
        path: `/api/v1/flights/search?from=thr&to=MHD&date=${secondDate}&adults=2&children=1&infants=1&lang=en`,
      });
      expect(ok.status).toBe(200);
      const body = JSON.parse(ok.body) as {
        offers: {
          offerId: string;
          airline: { code: string; name: string };
          baggage: { kg: number };
          price: { total: number; adult: number; child: number; infant: number };
        }[];
      };
      expect(body.offers.length).toBeGreaterThan(0);
      const first = body.offers[0]!;
      expect(first.price.total).toBe(2 * first.price.adult + first.price.child + first.price.infant);
      expect(first.baggage.kg).toBeGreaterThan(0);

      const round = JSON.parse(
        (await rawRequest(server.port, { path: `/api/v1/flights/search?from=THR&to=MHD&date=${firstDate}&returnDate=${secondDate}` })).body,
      ) as { returnOffers?: { from: string }[] };
      expect(round.returnOffers?.[0]?.from).toBe("MHD");

      const cases: [string, string][] = [
        [`from=TH&to=MHD&date=${secondDate}`, "FROM_INVALID"],
        [`from=THR&to=THR&date=${secondDate}`, "SAME_ROUTE"],
        [`from=THR&to=MHD&date=2020-01-01`, "DATE_PAST"],
        [`from=THR&to=MHD&date=${secondDate}&adults=2&infants=3`, "INFANTS_EXCEED_ADULTS"],
        [`from=THR&to=MHD&date=${secondDate}&adults=5&children=5`, "TOO_MANY_PASSENGERS"],
        [`from=THR&to=MHD&date=not-a-date`, "DATE_INVALID"],
        // Well formed, but no airport or city of domestic flights: the client's mistake, not an empty day.
        [`from=XXX&to=MHD&date=${secondDate}`, "UNKNOWN_PLACE"],
        [`from=THR&to=IST&date=${secondDate}`, "UNKNOWN_PLACE"],
      ];
      for (const [query, code] of cases) {
        for (const lang of ["fa", "en"] as const) {
          const response = await rawRequest(server.port, { path: `/api/v1/flights/search?${query}&lang=${lang}` });
          expect(response.status, query).toBe(400);
          const error = (JSON.parse(response.body) as { error: { code: string; message: string } }).error;
          expect(error.code, query).toBe(code);
          expect(error.message).toBe(CATALOGS[lang][`api.flights.${code}` as keyof (typeof CATALOGS)["fa"]]);
        }
      }
      const unknownPlace = JSON.parse(
        (await rawRequest(server.port, { path: `/api/v1/flights/search?from=XXX&to=YYY&date=${secondDate}&lang=en` })).body,
      ) as { error: { fields: { field: string; code: string }[] } };
      expect(unknownPlace.error.fields.map(({ field, code }) => [field, code])).toEqual([
        ["from", "UNKNOWN_PLACE"],
        ["to", "UNKNOWN_PLACE"],
      ]);
      for (const junk of ["", "?from[]=THR", "?from=%E0%A4%A&to=MHD", `?from=THR&to=MHD&date=${secondDate}&adults=` + "9".repeat(500)]) {
        const response = await rawRequest(server.port, { path: `/api/v1/flights/search${junk}` });
        expect(response.status, junk).toBe(400);
      }
      const disabled = await rawRequest(server.port, {
        path: `/api/v1/flights/search?from=THR&to=MHD&date=${secondDate}`,
        host: "unknown.example",
      });
      expect(disabled.status).not.toBe(500);

      // The route's landing page: indexable, with its questions as FAQ JSON-LD.
      const landing = await rawRequest(server.port, { path: "/en/flight/THR-MHD" });
      expect(landing.status).toBe(200);
      expect(landing.body).toContain('"@type":"FAQPage"');
      expect(landing.body).not.toContain('content="noindex"');
      expect(landing.body).toContain(CATALOGS.en["flightLanding.timetable"]);
      expect(landing.body).toMatch(
        /<meta name="description" content="(Flights from|Flight timetable and tickets from) [^"]+ to Mashhad[^"]*"\/>/,
      );

      const openapi = await rawRequest(server.port, { path: "/api/v1/openapi.json" });
      expect(openapi.status).toBe(200);
      const document = JSON.parse(openapi.body) as { openapi: string; paths: Record<string, unknown> };
      expect(document.openapi).toMatch(/^3\./);
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining([
          "/api/v1/places",
          "/api/v1/flights/search",
          "/api/v1/bookings",
          "/api/v1/bookings/{hashId}",
          "/api/v1/bookings/lookup",
          "/api/v1/bookings/{hashId}/pay",
        ]),
      );
    } finally {
      await server.close();
    }
  });

  it("holds seats, issues tickets, cancels and expires, always giving seats back", async () => {
    // Searched for the two it holds: the fare found has them whatever the day's inventory.
    const [offer] = await supplier.search({ from: "THR", to: "SYZ", date: secondDate, adults: 2, children: 0, infants: 0 });
    expect(offer).toBeDefined();
    // Fewer than a hold's nine, so that one seat more than it has is a capacity refusal.
    await setFlightFareSeats(database.handle.db, [offer!.offerId], 4);
    const seatsOf = async () =>
      (
        await database.handle.db.select({ seats: flightFares.seatsAvailable }).from(flightFares).where(eq(flightFares.id, offer!.offerId))
      )[0]!.seats;
    const start = await seatsOf();
    const until = new Date(clock.now().getTime() + 15 * 60_000);

    const held = await supplier.hold(offer!.offerId, 2, until);
    expect(held.ok).toBe(true);
    expect(await seatsOf()).toBe(start - 2);
    if (!held.ok) return;
    const issued = await supplier.issue(held.hold);
    expect(issued.ok && issued.tickets).toHaveLength(2);
    if (!issued.ok) return;
    expect(issued.tickets[0]!.pnr).toMatch(/^[A-Z2-9]{6}$/);
    expect(new Set(issued.tickets.map((ticket) => ticket.ticketNumber)).size).toBe(2);
    // Asked again (a retry after a crash), it returns the same tickets rather than new ones.
    const again = await supplier.issue(held.hold);
    expect(again.ok && [...again.tickets].sort((a, b) => a.ticketNumber.localeCompare(b.ticketNumber))).toEqual(
      [...issued.tickets].sort((a, b) => a.ticketNumber.localeCompare(b.ticketNumber)),
    );
    expect(await supplier.cancel(issued.tickets)).toEqual({ ok: true });
    // A cancelled hold cannot be issued.
    expect(await supplier.issue(held.hold)).toEqual({ ok: false, error: "ISSUE_FAILED" });
    expect(await seatsOf()).toBe(start);
    expect(await supplier.cancel(held.hold)).toEqual({ ok: false, error: "CANCEL_FAILED" });

    // A hold left to expire gives its seat back when expired holds are released.
    const lapsing = await supplier.hold(offer!.offerId, 1, new Date(clock.now().getTime() + 60_000));
    expect(lapsing.ok).toBe(true);
    expect(await seatsOf()).toBe(start - 1);
    expect(await supplier.releaseExpired()).toBe(0);
    clock.set(new Date(clock.now().getTime() + 2 * 60_000));
    expect(await supplier.releaseExpired()).toBe(1);
    expect(await seatsOf()).toBe(start);
    clock.set(new Date(`${firstDate}T08:00:00+03:30`));

    expect(await supplier.hold(offer!.offerId, start + 1, until)).toEqual({ ok: false, error: "CAPACITY_FULL" });
    expect(await supplier.hold("not-an-offer", 1, until)).toEqual({ ok: false, error: "SOLD_OUT" });
  });

  it("never oversells: many simultaneous holds on the last seats, exactly that many succeed", async () => {
    const [offer] = await supplier.search({ from: "THR", to: "KIH", date: secondDate, adults: 1, children: 0, infants: 0 });
    await setFlightFareSeats(database.handle.db, [offer!.offerId], 3);
    const until = new Date(clock.now().getTime() + 15 * 60_000);
    const attempts = await Promise.all(Array.from({ length: 24 }, () => supplier.hold(offer!.offerId, 1, until)));
    expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(3);
    expect(attempts.filter((attempt) => !attempt.ok).every((attempt) => !attempt.ok && attempt.error === "CAPACITY_FULL")).toBe(true);
    const [after] = await database.handle.db
      .select({ seats: flightFares.seatsAvailable })
      .from(flightFares)
      .where(eq(flightFares.id, offer!.offerId));
    expect(after!.seats).toBe(0);
  });

  it("stores each departure once per key", async () => {
    const rows = await database.handle.db
      .select({ count: sql<number>`count(*)` })
      .from(flights)
      .where(and(eq(flights.fromIata, "THR"), eq(flights.toIata, "MHD")));
    expect(Number(rows[0]!.count)).toBeGreaterThan(0);
    const keys = await database.handle.db
      .select({ key: flights.key, count: sql<number>`count(*)` })
      .from(flights)
      .groupBy(flights.key)
      .having(sql`count(*) > 1`);
    expect(keys).toEqual([]);
  });
});
