/**
 * The fare history and the buy-or-wait hint (issue 22 §4): the daily job records the cheapest
 * fare of every route and departure day once a day (a second run keeps the lower fare), and the
 * results pages, route landings and the API show the hint of a synthetic history with a known
 * trend: buying now on a rising route, an alert on a falling one, nothing on a thin one.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fareHistory, flightFares, flights } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { tehranDayStart } from "#core/accounts/otp.ts";
import type { RouteDayFare } from "#core/fares/ports.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { databaseAdapters, fareHistoryJob, writeBusInventory } from "#server/database-adapters.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const QUIET = { info: () => {} };

describe.each(ENGINES)("fare history on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  // Nine in the morning in Tehran, today: the day's recording and the hint's "today" agree.
  const now = new Date(tehranDayStart(new Date()).getTime() + 9 * 3600_000);
  const clock = { now: () => now };
  const today = tehranToday(now);
  let adapters: ReturnType<typeof databaseAdapters>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate: today, days: 4 }),
    });
    await writeBusInventory(database.handle, QUIET);
    adapters = databaseAdapters(database.handle, clock);
    server = await startTestServer(database.handle, {}, { clock });
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const recorded = (service: string, from: string, to: string, departureDate: string) =>
    database.handle.db
      .select({ seenOn: fareHistory.seenOn, cheapest: fareHistory.cheapest })
      .from(fareHistory)
      .where(
        and(
          eq(fareHistory.service, service),
          eq(fareHistory.fromCode, from),
          eq(fareHistory.toCode, to),
          eq(fareHistory.departureDate, departureDate),
        ),
      );

  describe("the daily job", () => {
    it("records today's cheapest fare of every route and departure day, and a second run keeps one row at the lower fare", async () => {
      const first = await fareHistoryJob(adapters, clock)();
      expect(first.seenOn).toBe(today);
      expect(first.recorded.flight).toBeGreaterThan(0);
      expect(first.recorded.bus).toBeGreaterThan(0);

      // A route and day from the inventory the test itself wrote: the first scheduled flight with seats tomorrow.
      const tomorrow = addDays(today, 1);
      const [flight] = await database.handle.db
        .select({ from: flights.fromIata, to: flights.toIata })
        .from(flights)
        .innerJoin(flightFares, eq(flightFares.flightId, flights.id))
        .where(
          and(
            sql`to_char(${flights.departAt} at time zone 'Asia/Tehran', 'YYYY-MM-DD') = ${tomorrow}`,
            sql`${flightFares.seatsAvailable} > 0`,
          ),
        )
        .limit(1);
      expect(flight).toBeDefined();
      const { from, to } = flight!;
      const expected = (await adapters.flights.cheapestPerDay({ from, to, firstDate: tomorrow, lastDate: tomorrow })).get(tomorrow)!;
      expect(await recorded("flight", from, to, tomorrow)).toEqual([{ seenOn: today, cheapest: expected }]);

      // A bus route and day as the bus calendar reads it.
      const bus = first.recorded.bus!;
      expect(bus).toBeGreaterThan(0);

      // The fare drops during the day: the second run keeps the lower one, still one row.
      const cheapestFare = database.handle.db
        .select({ id: flightFares.id })
        .from(flightFares)
        .innerJoin(flights, eq(flightFares.flightId, flights.id))
        .where(
          and(
            eq(flights.fromIata, from),
            eq(flights.toIata, to),
            sql`to_char(${flights.departAt} at time zone 'Asia/Tehran', 'YYYY-MM-DD') = ${tomorrow}`,
            eq(flightFares.adultPrice, expected),
          ),
        );
      const [fare] = await cheapestFare;
      await database.handle.db
        .update(flightFares)
        .set({ adultPrice: expected - 50_000, seatsAvailable: sql`${flightFares.seatsTotal}` })
        .where(eq(flightFares.id, fare!.id));
      const second = await fareHistoryJob(adapters, clock)();
      expect(second.recorded).toEqual(first.recorded);
      expect(await recorded("flight", from, to, tomorrow)).toEqual([{ seenOn: today, cheapest: expected - 50_000 }]);

      // It rises again: a third run the same day keeps the day's lowest.
      await database.handle.db
        .update(flightFares)
        .set({ adultPrice: expected + 400_000 })
        .where(eq(flightFares.id, fare!.id));
      await fareHistoryJob(adapters, clock)();
      expect(await recorded("flight", from, to, tomorrow)).toEqual([{ seenOn: today, cheapest: expected - 50_000 }]);
    });
  });

  describe("the hint", () => {
    /** Fares climb 1% a day over the last 30 days before departure (rising) or fall so (falling). */
    const curves = {
      rising: (daysBefore: number) => 1 + 0.01 * Math.max(0, 30 - daysBefore),
      falling: (daysBefore: number) => 1 - 0.01 * Math.max(0, 30 - daysBefore),
    };

    /**
     * A synthetic history of `days` seen days up to today over departures 60 days ahead; today's
     * departures within two weeks are sold out, so a landing judges the first one after.
     */
    async function insertHistory(from: string, to: string, days: number, curve: (daysBefore: number) => number) {
      for (let back = days - 1; back >= 0; back -= 1) {
        const seenOn = addDays(today, -back);
        const fares: RouteDayFare[] = [];
        for (let distance = 0; distance < 60; distance += 1) {
          if (back === 0 && distance < 14) continue;
          fares.push({ from, to, departureDate: addDays(seenOn, distance), cheapest: Math.round(1_500_000 * curve(distance)) });
        }
        await adapters.fareHistory.record("flight", seenOn, fares);
      }
    }

    const chosen = addDays(today, 20);
    const page = async (path: string) => {
      const answer = await rawRequest(server.port, { path });
      expect(answer.status, path).toBe(200);
      return answer.body;
    };
    const results = (route: string, locale = "/en") =>
      page(`${locale}/flight/${route}?date=${chosen}&adults=1&children=0&infants=0&cabin=economy`);

    beforeAll(async () => {
      // Only the synthetic history: what the job recorded from the real inventory above would be today's nearest fare.
      await database.handle.db.delete(fareHistory);
      await insertHistory("THR", "MHD", 45, curves.rising);
      await insertHistory("THR", "KIH", 45, curves.falling);
      // Eight days only: too thin to say anything.
      await insertHistory("THR", "SYZ", 8, curves.rising);
    });

    it("on a rising route says buying now is likely cheaper, with the chart and its table", async () => {
      const html = await results("THR-MHD");
      expect(html).toContain("Buy now or wait?");
      expect(html).toContain("Prices for this route usually rise from here; buying now is likely cheaper.");
      expect(html).toMatch(/<svg[^>]*role="img"/);
      expect(html).toContain("<polyline");
      expect(html).toContain("Cheapest fare (toman)");
      expect(html).toContain("20 days before departure");
      // In Persian the figures are in Persian digits.
      const fa = await results("THR-MHD", "");
      expect(fa).toContain("احتمالاً خرید همین حالا ارزان‌تر است");
      expect(fa).toContain("۲۰ روز مانده به حرکت");
    });

    it("on a falling route suggests an alert", async () => {
      const html = await results("THR-KIH");
      expect(html).toContain("Prices for this route usually fall from here; set an alert");
      expect(html).not.toContain("buying now is likely cheaper");
    });

    it("on a thin history shows nothing", async () => {
      const html = await results("THR-SYZ");
      expect(html).not.toContain("Buy now or wait?");
    });

    it("on a route landing judges the nearest day with a fare", async () => {
      const rising = await page("/en/flight/THR-MHD");
      expect(rising).toContain("buying now is likely cheaper");
      expect(rising).toContain("14 days before departure");
      expect(rising).toMatch(/<svg[^>]*role="img"/);
      expect(await page("/en/flight/THR-KIH")).toContain("set an alert");
      expect(await page("/en/flight/THR-SYZ")).not.toContain("Buy now or wait?");
    });

    it("answers the API with the analysis and its evidence, and refuses bad input in the envelope", async () => {
      const answer = await rawRequest(server.port, { path: `/api/v1/fares/trend?service=flight&from=THR&to=MHD&date=${chosen}` });
      expect(answer.status, answer.body).toBe(200);
      const body = JSON.parse(answer.body) as {
        hint: { kind: string; todayPrice: number; usualPrice: number; percentVsUsual: number; message: string } | null;
        evidence: { daysBefore: number; departures: number; historyDays: number; lastDays: { seenOn: string; cheapest: number }[] };
      };
      expect(body.hint).toMatchObject({ kind: "rising", todayPrice: 1_650_000, usualPrice: 1_650_000, percentVsUsual: 0 });
      expect(body.evidence.daysBefore).toBe(20);
      expect(body.evidence.historyDays).toBe(45);
      expect(body.evidence.departures).toBeGreaterThanOrEqual(14);
      expect(body.evidence.lastDays).toHaveLength(30);
      expect(body.evidence.lastDays.at(-1)).toEqual({ seenOn: today, cheapest: 1_650_000 });

      const falling = await rawRequest(server.port, { path: `/api/v1/fares/trend?service=flight&from=THR&to=KIH&date=${chosen}` });
      expect((JSON.parse(falling.body) as typeof body).hint?.kind).toBe("falling");
      const thin = await rawRequest(server.port, { path: `/api/v1/fares/trend?service=flight&from=THR&to=SYZ&date=${chosen}` });
      expect(thin.status).toBe(200);
      expect((JSON.parse(thin.body) as typeof body).hint).toBeNull();

      const refused = await rawRequest(server.port, {
        path: `/api/v1/fares/trend?service=ship&from=THR&to=THR&date=${addDays(today, -1)}`,
        headers: { "accept-language": "en" },
      });
      expect(refused.status).toBe(422);
      const error = (JSON.parse(refused.body) as { error: { code: string; fields: { field: string; code: string; message: string }[] } })
        .error;
      expect(error.code).toBe("SERVICE_INVALID");
      expect(error.fields.map((field) => [field.field, field.code])).toEqual([
        ["service", "SERVICE_INVALID"],
        ["to", "SAME_ROUTE"],
        ["date", "DATE_PAST"],
      ]);
    });
  });
});
