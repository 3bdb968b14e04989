import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { resolve } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import type { InternationalFlightPagesPort } from "#app/context.ts";
import type {
  FlightLeg,
  InternationalFlightOffer,
  InternationalFlightSearchQuery,
} from "#core/international-flights/international-flight.ts";
import { formatNumber } from "#core/i18n/messages.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { createServerApp } from "#server/app.ts";
import { databaseAdapters } from "#server/database-adapters.ts";
import { loadEnv } from "#server/env.ts";
import { createMetrics } from "#server/metrics.ts";
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { loadServerBuild } from "../support/server.ts";

const ROOT = resolve(import.meta.dirname, "../..");

/** A pinned clock: 08:00 in Tehran on a fixed day, so dates and "today" never drift during a run. */
const TODAY = addDays(tehranToday(new Date()), 1);
const clock = { now: () => new Date(`${TODAY}T08:00:00+03:30`) };
const DATE = addDays(TODAY, 10);
const RETURN = addDays(TODAY, 17);

function leg(
  parts: { flight: string; airline: string; name: string; from: string; to: string; departAt: string; arriveAt: string }[],
): FlightLeg {
  const minutes = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 60_000);
  return {
    segments: parts.map((part) => ({
      airline: { code: part.airline, name: part.name },
      flightNumber: part.flight,
      from: part.from,
      to: part.to,
      departAt: part.departAt,
      arriveAt: part.arriveAt,
      durationMinutes: minutes(part.departAt, part.arriveAt),
      aircraft: "A321",
    })),
    layoverMinutes: parts.slice(1).map((part, index) => minutes(parts[index]!.arriveAt, part.departAt)),
    durationMinutes: minutes(parts[0]!.departAt, parts[parts.length - 1]!.arriveAt),
  };
}

/**
 * The offers of the test supplier for IKA–IST on any date: a direct Turkish Airlines fare, a
 * cheaper Emirates fare changing planes in Dubai, and a Mahan fare with a cabin bag only. Every
 * other route has none. Prices are for the party asked (adults and children pay the adult fare).
 */
function offersFor(query: InternationalFlightSearchQuery): InternationalFlightOffer[] {
  if (query.from !== "IKA" || query.to !== "IST") return [];
  const d = query.date;
  const seats = query.adults + query.children;
  const price = (adult: number) => ({ adult, child: adult, infant: adult / 10, total: seats * adult + (query.infants * adult) / 10 });
  const back = (airline: string, name: string, flight: string) =>
    query.returnDate
      ? [
          leg([
            {
              flight,
              airline,
              name,
              from: "IST",
              to: "IKA",
              departAt: `${query.returnDate}T12:00:00+03:00`,
              arriveAt: `${query.returnDate}T16:30:00+03:30`,
            },
          ]),
        ]
      : [];
  const base = { stops: 0, cabin: "economy" as const, fareClass: "Y", refundable: true, taxesPerSeat: 1_200_000 };
  return [
    {
      ...base,
      offerId: "tk-direct",
      validatingAirline: { code: "TK", name: "Turkish Airlines" },
      legs: [
        leg([
          {
            flight: "TK 879",
            airline: "TK",
            name: "Turkish Airlines",
            from: "IKA",
            to: "IST",
            departAt: `${d}T05:30:00+03:30`,
            arriveAt: `${d}T08:15:00+03:00`,
          },
        ]),
        ...back("TK", "Turkish Airlines", "TK 878"),
      ],
      baggage: { pieces: 1, kg: 23, cabinKg: 8 },
      seatsLeft: 4,
      price: price(31_000_000),
    },
    {
      ...base,
      offerId: "ek-via-dxb",
      stops: 1,
      validatingAirline: { code: "EK", name: "Emirates" },
      legs: [
        leg([
          {
            flight: "EK 972",
            airline: "EK",
            name: "Emirates",
            from: "IKA",
            to: "DXB",
            departAt: `${d}T09:00:00+03:30`,
            arriveAt: `${d}T11:30:00+04:00`,
          },
          {
            flight: "EK 121",
            airline: "EK",
            name: "Emirates",
            from: "DXB",
            to: "IST",
            departAt: `${d}T14:40:00+04:00`,
            arriveAt: `${d}T18:55:00+03:00`,
          },
        ]),
        ...back("EK", "Emirates", "EK 124"),
      ],
      baggage: { kg: 30, cabinKg: 7 },
      seatsLeft: 9,
      refundable: false,
      price: price(27_500_000),
    },
    {
      ...base,
      offerId: "w5-saver",
      validatingAirline: { code: "W5", name: "Mahan Air" },
      legs: [
        leg([
          {
            flight: "W5 112",
            airline: "W5",
            name: "Mahan Air",
            from: "IKA",
            to: "IST",
            departAt: `${d}T21:10:00+03:30`,
            arriveAt: `${d}T23:55:00+03:00`,
          },
        ]),
        ...back("W5", "Mahan Air", "W5 113"),
      ],
      baggage: { cabinKg: 7 },
      seatsLeft: 12,
      price: price(29_000_000),
    },
  ];
}

/** A supplier whose searches wait, when the test says so, until the test releases them: no timing involved. */
function testSupplier() {
  let gate: { promise: Promise<void>; release: () => void } | null = null;
  let called: ((query: InternationalFlightSearchQuery) => void) | null = null;
  const queries: InternationalFlightSearchQuery[] = [];
  const supplier: InternationalFlightPagesPort = {
    async search(query) {
      queries.push(query);
      called?.(query);
      if (gate) await gate.promise;
      return offersFor(query);
    },
    async cheapestPerDay({ from, to, firstDate, lastDate }) {
      const days = new Map<string, number>();
      if (from !== "IKA" || to !== "IST") return days;
      for (let date = firstDate, index = 0; date <= lastDate; date = addDays(date, 1), index += 1)
        if (index % 3 !== 2) days.set(date, 27_500_000 + (index % 5) * 500_000);
      return days;
    },
  };
  return {
    supplier,
    queries,
    /** Holds every search from now on; `searched` resolves when the next one reaches the supplier. */
    hold() {
      let release!: () => void;
      gate = { promise: new Promise<void>((done) => (release = done)), release };
      const searched = new Promise<InternationalFlightSearchQuery>((done) => (called = done));
      return {
        searched,
        release: () => {
          const current = gate;
          gate = null;
          called = null;
          current?.release();
        },
      };
    },
  };
}

const resultsPath = (to: string, query: Record<string, string> = {}, prefix = "") =>
  `${prefix}/internationalflight/search/IKA/${to}?${new URLSearchParams({ date: DATE, adults: "2", children: "0", infants: "0", cabin: "economy", ...query }).toString()}`;

/** A person's browser (isbot() says no): such a visitor gets the page streamed. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** The flight numbers in the order the page's offer list shows them (the router's inline data comes earlier and is skipped). */
function flightNumbersInOrder(html: string, numbers: string[]): string[] {
  const list = html.slice(html.lastIndexOf('<ol class="offer-list">'));
  return numbers.filter((number) => list.includes(number)).sort((a, b) => list.indexOf(a) - list.indexOf(b));
}

describe.each(PAGE_ENGINES)("international flight pages on %s", (engine) => {
  let database: TestDatabase;
  let server: Server;
  let port: number;
  const double = testSupplier();
  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(port, { path, headers: { "user-agent": "vitest", ...headers } });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    const env = loadEnv({ NODE_ENV: "production", TENANT_CACHE_TTL_MS: "0", LOG_LEVEL: "silent" });
    const adapters = databaseAdapters(database.handle, clock);
    const { app } = createServerApp({
      env,
      log: pino({ level: "silent" }),
      metrics: createMetrics({ defaultMetrics: false }),
      ...adapters,
      // The pages search the test's double; holds and tickets would still go to the house supplier.
      internationalFlights: { ...adapters.internationalFlights, ...double.supplier },
      clock,
      buildVersion: "test",
      build: await loadServerBuild(),
      clientDir: resolve(ROOT, "build/client"),
    });
    server = await new Promise((done) => {
      const listening = app.listen(0, "127.0.0.1", () => done(listening));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    await database?.drop();
  });

  it("lists every offer with its legs, connection, layover, baggage, cabin, seats and the party's price, in Persian", async () => {
    const response = await get(resultsPath("IST"));
    expect(response.status).toBe(200);
    expect(response.headers["x-robots-tag"]).toBe("noindex");
    const html = response.body;
    for (const flight of ["TK 879", "EK 972", "EK 121", "W5 112"]) expect(html, flight).toContain(flight);
    // The connection in Dubai, named, with the layover: 11:30 to 14:40 is 3 h 10 min.
    expect(html).toContain("تعویض هواپیما در");
    expect(html).toContain("(DXB)");
    expect(html).toContain("۳ ساعت و ۱۰ دقیقه");
    // Baggage, cabin and seats.
    expect(html).toContain("۱ چمدان تا ۲۳ کیلو");
    expect(html).toContain("بدون بار (فقط بار دستی)");
    expect(html).toContain("اکونومی");
    expect(html).toContain("۴ صندلی باقی مانده");
    // Prices in Persian digits: per adult and for the party of two.
    expect(html).toContain(formatNumber("fa", 27_500_000));
    expect(html).toContain(formatNumber("fa", 55_000_000));
    // Cheapest first by default; Select leads to the passengers step of the offer.
    expect(flightNumbersInOrder(html, ["TK 879", "EK 972", "W5 112"])).toEqual(["EK 972", "W5 112", "TK 879"]);
    expect(html).toContain('href="/internationalflight/ek-via-dxb/passengers?adults=2&amp;children=0&amp;infants=0&amp;fare=55000000"');
    // International flights are bought online: no "buying online opens soon" notice.
    expect(html).not.toContain("خرید آنلاین");
    expect(double.queries.at(-1)).toMatchObject({ from: "IKA", to: "IST", date: DATE, adults: 2, cabin: "economy", locale: "fa" });
  });

  it("speaks English under /en/, and searches a round trip with both legs", async () => {
    const response = await get(resultsPath("IST", { returnDate: RETURN, trip: "round" }, "/en"));
    expect(response.status).toBe(200);
    const html = response.body;
    expect(html).toContain('lang="en"');
    expect(html).toContain("Change planes in");
    expect(html).toContain("3 h 10 min");
    expect(html).toContain("1 checked bag up to 23 kg");
    expect(html).toContain("Outbound");
    expect(html).toContain("Return");
    expect(html).toContain("EK 124");
    expect(html).toContain('href="/en/internationalflight/tk-direct/passengers?');
    expect(double.queries.at(-1)).toMatchObject({ returnDate: RETURN, locale: "en" });
  });

  it("takes IKA as the origin when the path names only the destination", async () => {
    const response = await get(`/en/internationalflight/search/IST?date=${DATE}&adults=1&children=0&infants=0`);
    expect(response.status).toBe(200);
    expect(response.body).toContain("TK 879");
    expect(double.queries.at(-1)).toMatchObject({ from: "IKA", to: "IST" });
  });

  it("applies filters and sorts from the URL on the server, so they work without JavaScript", async () => {
    const direct = await get(resultsPath("IST", { stops: "0" }, "/en"));
    expect(direct.body).toContain("TK 879");
    expect(direct.body).toContain("W5 112");
    expect(direct.body).not.toContain("EK 972");
    expect(direct.body).toContain("2 of 3 fares match your filters");
    // The filter form is a plain GET form to the same page, with the search kept in hidden fields.
    expect(direct.body).toMatch(/<form id="intl-filters"[^>]*action="\/en\/internationalflight\/search\/IKA\/IST" method="get"/);
    expect(direct.body).toContain('<input type="hidden" name="date" value="' + DATE + '"/>');
    expect(direct.body).toContain('<input type="checkbox" name="stops" checked="" value="0"/>');

    const checked = await get(resultsPath("IST", { baggage: "checked", airline: "TK" }, "/en"));
    expect(flightNumbersInOrder(checked.body, ["TK 879", "EK 972", "W5 112"])).toEqual(["TK 879"]);

    const early = await get(resultsPath("IST", { departTime: "early" }, "/en"));
    expect(flightNumbersInOrder(early.body, ["TK 879", "EK 972", "W5 112"])).toEqual(["TK 879"]);

    const byDeparture = await get(resultsPath("IST", { sort: "departure" }, "/en"));
    expect(flightNumbersInOrder(byDeparture.body, ["TK 879", "EK 972", "W5 112"])).toEqual(["TK 879", "EK 972", "W5 112"]);
    expect(byDeparture.body).toMatch(/aria-current="true"[^>]*>Earliest departure</);

    const byStops = await get(resultsPath("IST", { sort: "stops", priceMax: "30000000" }, "/en"));
    expect(flightNumbersInOrder(byStops.body, ["TK 879", "EK 972", "W5 112"])).toEqual(["W5 112", "EK 972"]);
  });

  it("says plainly when nothing flies, with other dates and the route's cheapest days to try", async () => {
    const response = await get(resultsPath("AYT", {}, "/en"));
    expect(response.status).toBe(200);
    expect(response.body).toContain("No international flight for this route and date.");
    expect(response.body).toContain(`date=${addDays(DATE, 1)}`);
    expect(response.body).toContain('href="/en/internationalflight/IKA-AYT"');

    const filteredAway = await get(resultsPath("IST", { priceMax: "1000" }, "/en"));
    expect(filteredAway.body).toContain("No flight matches these filters.");
  });

  it("answers a code that names no airport with a clear message and the form (404), not an error", async () => {
    const response = await get(resultsPath("XXX", {}, "/en"));
    expect(response.status).toBe(404);
    expect(response.body).toContain("Airport not found");
    expect(response.body).toContain("No airport or city of international flights has the code");
    expect(response.body).toContain("XXX");
    expect(response.body).toMatch(/<form[^>]*method="get"/);

    const persian = await get(resultsPath("XXX"));
    expect(persian.status).toBe(404);
    expect(persian.body).toContain("فرودگاه پیدا نشد");
  });

  it("streams the progress state first and the offers when the slow supplier answers", async () => {
    const held = double.hold();
    const response = await fetch(`http://127.0.0.1:${port}${resultsPath("IST", { adults: "1" }, "/en")}`, {
      headers: { "user-agent": BROWSER },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let html = "";
    // Read until the progress state has arrived; the supplier has not answered yet.
    while (!html.includes('data-testid="intl-progress"')) {
      const { value, done } = await reader.read();
      if (done) break;
      html += decoder.decode(value, { stream: true });
    }
    await held.searched;
    expect(html).toContain('data-testid="intl-progress"');
    expect(html).toContain("Searching flights from");
    expect(html).toContain("<h1");
    expect(html).not.toContain("TK 879");
    held.release();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      html += decoder.decode(value, { stream: true });
    }
    expect(html.lastIndexOf("TK 879")).toBeGreaterThan(html.indexOf('data-testid="intl-progress"'));
    expect(flightNumbersInOrder(html, ["TK 879", "EK 972", "W5 112"])).toEqual(["EK 972", "W5 112", "TK 879"]);
  });

  it("offers a browser without JavaScript a link that waits for the offers and renders them in place (wait=1)", async () => {
    const held = double.hold();
    const streamed = fetch(`http://127.0.0.1:${port}${resultsPath("IST", {}, "/en")}`, { headers: { "user-agent": BROWSER } });
    await held.searched;
    held.release();
    const page = await (await streamed).text();
    expect(page).toMatch(/<noscript>.*href="\/en\/internationalflight\/search\/IKA\/IST\?[^"]*wait=1"/s);

    const response = await get(resultsPath("IST", { wait: "1" }, "/en"), { "user-agent": BROWSER });
    expect(response.body).not.toContain('data-testid="intl-progress"');
    expect(response.body).toContain("TK 879");
  });
});
