import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { resolve } from "node:path";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { formatNumber } from "#core/i18n/messages.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { createServerApp } from "#server/app.ts";
import { databaseAdapters } from "#server/database-adapters.ts";
import { loadEnv } from "#server/env.ts";
import { createMetrics } from "#server/metrics.ts";
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { createFakeTrainSupplier, sampleTrains, type FakeTrainSupplier } from "../support/fake-train-supplier.ts";
import { rawRequest } from "../support/http.ts";
import { loadServerBuild } from "../support/server.ts";

const ROOT = resolve(import.meta.dirname, "../..");

/** A pinned clock: 08:00 in Tehran on a fixed day, so "today" never drifts during a run. */
const TODAY = addDays(tehranToday(new Date()), 1);
const clock = { now: () => new Date(`${TODAY}T08:00:00+03:30`) };
const DATE = addDays(TODAY, 10);
const BACK = addDays(TODAY, 13);

const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");
/** The train numbers in the order the page's lists show them (the router's inline data comes later and is cut off). */
function trainsInOrder(page: string): string[] {
  const start = page.indexOf('<ol class="offer-list">');
  const end = page.indexOf("<script", start);
  const lists = page.slice(start, end);
  return [...lists.matchAll(/<time dateTime="([^"]+)" class="offer-time">/g)]
    .map((match) => match[1]!)
    .filter((_, index) => index % 2 === 0)
    .map((departAt) => departAt.slice(11, 16));
}

describe.each(PAGE_ENGINES)("train pages on %s", (engine) => {
  let database: TestDatabase;
  let server: Server;
  let port: number;
  let placesDown = false;
  let supplier: FakeTrainSupplier;
  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(port, { path, headers: { "user-agent": "vitest", ...headers } });
  const results = (query: Record<string, string> = {}, prefix = "/en", route = "tehran-mashhad") =>
    get(
      `${prefix}/train/${route}?${new URLSearchParams({ date: DATE, adults: "2", children: "0", infants: "0", ticketType: "general", ...query }).toString()}`,
    );

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    const env = loadEnv({ NODE_ENV: "production", TENANT_CACHE_TTL_MS: "0", LOG_LEVEL: "silent" });
    const adapters = databaseAdapters(database.handle, clock);
    supplier = createFakeTrainSupplier({ now: clock.now });
    const places = adapters.places;
    const { app } = createServerApp({
      env,
      log: pino({ level: "silent" }),
      metrics: createMetrics({ defaultMetrics: false }),
      ...adapters,
      // The station list fails when the test says so (spec §8: 'Stations cannot be shown right now').
      places: {
        ...places,
        findByPrefix: (input) => (placesDown ? Promise.reject(new Error("place index down")) : places.findByPrefix(input)),
        byId: (...args) => (placesDown ? Promise.reject(new Error("place index down")) : places.byId(...args)),
        byRouteCode: (...args) => (placesDown ? Promise.reject(new Error("place index down")) : places.byRouteCode(...args)),
      },
      trains: supplier,
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
  afterEach(() => {
    placesDown = false;
    supplier.failing = null;
    supplier.trains = sampleTrains();
  });
  afterAll(async () => {
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    await database?.drop();
  });

  it("lists the day's trains with operator, train, clocks, wagon, ticket type, beds, foreigners, cars and the party's price, in Persian", async () => {
    const response = await results({}, "");
    expect(response.status).toBe(200);
    expect(response.headers["x-robots-tag"]).toBe("noindex");
    const page = response.body;
    // Earliest departure first: 07:20, 16:45, 21:30 (two wagons of the 356), 23:10; the VIP has room for two.
    expect(trainsInOrder(page)).toEqual(["07:20", "16:45", "21:30", "21:30", "23:10"]);
    for (const text of ["فدک", "رجا", "سیمرغ", "قطار ۳۵۲ (نور)", "ایستگاه راه‌آهن تهران", "ایستگاه راه‌آهن مشهد"])
      expect(page, text).toContain(html(text));
    expect(page).toContain(html("کوپه ۴ تخته"));
    expect(page).toContain(html("کوپه VIP ۴ تخته"));
    expect(page).toContain(html("سالنی (صندلی)"));
    expect(page).toContain(html("مسافران عادی"));
    expect(page).toContain(html("۹ تخت خالی"));
    expect(page).toContain(html("فروش به اتباع خارجی ندارد"));
    expect(page).toContain(html(`حمل خودرو (از ${formatNumber("fa", 2_100_000)} تومان)`));
    // Overnight: the 21:30 arrives the next day.
    expect(page).toContain(`title="${html("رسیدن ۱ روز بعد")}"`);
    // Per bed, and the party of two.
    expect(page).toContain(formatNumber("fa", 1_350_000));
    expect(page).toContain(formatNumber("fa", 2_700_000));
    // Select leads to the passengers step with the agreed query; trains are not bought online yet: the page says so.
    expect(page).toContain(
      `href="/train/tehran-mashhad/passengers?out=fake-352-${DATE}-compartment4-general-b&amp;date=${DATE}&amp;adults=2&amp;children=0&amp;infants=0&amp;ticketType=general&amp;coupe=0"`,
    );
    // Trains are bought online to the end: no "buying online opens soon" note.
    expect(page).not.toContain("results-compare-note");
    expect(supplier.queries.at(-1)).toMatchObject({
      from: "tehran",
      to: "mashhad",
      date: DATE,
      adults: 2,
      ticketType: "general",
      coupe: false,
      locale: "fa",
    });
  });

  it("speaks English under /en/, with the day strip of nearby days", async () => {
    const page = (await results()).body;
    expect(page).toContain('lang="en"');
    expect(page).toContain("Train 352 (Noor)");
    expect(page).toContain("Tehran Railway Station");
    expect(page).toContain("4-bed compartment");
    expect(page).toContain("Not sold to foreign nationals");
    expect(page).toContain("Total for 2 passengers: 2,700,000 toman");
    expect(page).toMatch(/<nav aria-label="Nearby days"/);
    expect(page).toContain(`date=${addDays(DATE, 1)}`);
    expect(page).toMatch(/aria-current="date"/);
  });

  it("applies filters and sorts from the URL on the server, so they work without JavaScript", async () => {
    const fadak = await results({ operator: "fadak" });
    expect(trainsInOrder(fadak.body)).toEqual(["16:45"]);
    expect(fadak.body).toContain("1 of 5 trains match your filters");
    // The filter form is a plain GET form to the same page with the search kept in hidden fields.
    expect(fadak.body).toMatch(/<form id="train-filters"[^>]*action="\/en\/train\/tehran-mashhad" method="get"/);
    expect(fadak.body).toContain(`<input type="hidden" name="date" value="${DATE}"/>`);
    expect(fadak.body).toContain('<input type="checkbox" name="operator" checked="" value="fadak"/>');

    expect(trainsInOrder((await results({ car: "1" })).body)).toEqual(["16:45", "23:10"]);
    expect(trainsInOrder((await results({ wagon: "salon" })).body)).toEqual(["07:20"]);
    expect(trainsInOrder((await results({ departTime: "evening" })).body)).toEqual(["21:30", "21:30", "23:10"]);
    expect(trainsInOrder((await results({ priceMin: "1000000", priceMax: "1400000" })).body)).toEqual(["16:45", "23:10"]);

    const byPrice = await results({ sort: "price" });
    expect(trainsInOrder(byPrice.body)).toEqual(["07:20", "21:30", "23:10", "16:45", "21:30"]);
    expect(byPrice.body).toMatch(/aria-current="true"[^>]*>Lowest price</);
    expect(trainsInOrder((await results({ sort: "duration" })).body)[0]).toBe("21:30");
    // 19:00 the same day, then 04:15, 07:50 (twice) and 11:10 the next.
    expect(trainsInOrder((await results({ sort: "arrival" })).body)).toEqual(["07:20", "16:45", "21:30", "21:30", "23:10"]);
  });

  it("shows a coupe purchase with every bed paid, and only whole compartments", async () => {
    const page = (await results({ adults: "3", coupe: "1" })).body;
    expect(page).not.toContain("Salon (seats)");
    expect(page).toContain("Whole compartments (1): all 4 beds paid");
    expect(page).toContain("Whole compartments (1): all 6 beds paid");
    expect(page).toContain(`Total for 3 passengers: ${formatNumber("en", 4 * 1_350_000)} toman`);
    expect(page).toContain("coupe=1");
  });

  it("says 'Train cannot carry these passengers' when trains run but none has room for the party", async () => {
    const response = await results({ adults: "9", coupe: "1" });
    expect(response.status).toBe(200);
    expect(response.body).toContain("Train cannot carry these passengers.");
    expect(response.body).not.toContain('<ol class="offer-list">');
    expect((await results({ adults: "9", coupe: "1" }, "")).body).toContain(html("ظرفیت قطار برای این تعداد مسافر کافی نیست."));
  });

  it("says plainly when no train runs that day, with the nearest days that have trains, or which filter to clear", async () => {
    supplier.trains = sampleTrains().map((train) => ({ ...train, runs: (date: string) => date !== DATE && date !== addDays(DATE, 1) }));
    const page = (await results()).body;
    expect(page).toContain("No train runs on this route on this date.");
    expect(page).toContain("Nearby days with trains:");
    // Nearest first (the day after has none either), the earlier of two as near.
    const suggestions = [...page.matchAll(/<li><a href="[^"]*date=(\d{4}-\d{2}-\d{2})[^"]*"[^>]*>Search /g)].map((match) => match[1]);
    expect(suggestions).toEqual([addDays(DATE, -1), addDays(DATE, -2), addDays(DATE, 2)]);

    supplier.trains = sampleTrains();
    const filtered = await results({ priceMax: "1000" });
    expect(filtered.body).toContain("No train matches these filters.");
    expect(filtered.body).toContain("Clear filters");
  });

  it("chooses a round trip as a pair in one GET form to the passengers step", async () => {
    const page = (await results({ returnDate: BACK })).body;
    expect(page).toContain("Trains out");
    expect(page).toContain("Trains back");
    expect(page).toMatch(/<form[^>]*action="\/en\/train\/tehran-mashhad\/passengers" method="get"/);
    expect(page).toMatch(/<input type="radio" required="" name="out" value="fake-352-[^"]+"/);
    expect(page).toMatch(new RegExp(`<input type="radio" required="" name="back" value="fake-351-${BACK}-compartment4-general-b"`));
    for (const [name, value] of [
      ["date", DATE],
      ["returnDate", BACK],
      ["adults", "2"],
      ["ticketType", "general"],
      ["coupe", "0"],
    ])
      expect(page).toContain(`<input type="hidden" name="${name}" value="${value}"/>`);
    expect(page).toContain("Continue with this pair");
    // No per-train Select link on a round trip: the pair is what goes on.
    expect(page).not.toContain("/passengers?out=");
  });

  it("reads an old link's women-only compartments as sisters, and shows them chosen in the form", async () => {
    const page = (await results({ ticketType: "women" })).body;
    expect(trainsInOrder(page)).toEqual(["16:45"]);
    expect(page).toContain('<option value="sisters" selected="">');
    expect(supplier.queries.at(-1)?.ticketType).toBe("sisters");
  });

  it("says the stations cannot be shown when the station list fails (503), never an error page", async () => {
    placesDown = true;
    const english = await results();
    expect(english.status).toBe(503);
    expect(english.body).toContain("Stations cannot be shown right now.");
    expect(english.body).toContain("Try again");
    const persian = await get("/train/tehran-mashhad");
    expect(persian.status).toBe(503);
    expect(persian.body).toContain(html("در حال حاضر نمایش ایستگاه‌ها ممکن نیست."));
  });

  it("says searching is not possible when the supplier fails, and answers 404 for a route of no stations", async () => {
    supplier.failing = "search";
    const down = await results();
    expect(down.status).toBe(200);
    expect(down.headers["cache-control"]).toBe("no-store");
    expect(down.body).toContain("Searching trains is not possible right now.");
    supplier.failing = null;
    expect((await results({}, "/en", "tehran-atlantis")).status).toBe(404);
  });

  it("shows a bare route's landing: the week's cheapest day, the timetable, trains back and questions with FAQ JSON-LD", async () => {
    const response = await get("/en/train/tehran-mashhad");
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=600");
    expect(response.headers["x-robots-tag"]).toBeUndefined();
    const page = response.body;
    expect(page).toMatch(/<title>Train tickets from Tehran to Mashhad[^<]*<\/title>/);
    expect(page).toMatch(
      /<meta name="description" content="Train tickets from Tehran to Mashhad: timetable, operators and fares; beds from 480,000 toman this week."/,
    );
    expect(page).toContain("Cheapest day this week:");
    expect(page).toContain(`?date=${TODAY}&amp;adults=1&amp;children=0&amp;infants=0&amp;ticketType=general`);
    // The timetable, by departure.
    for (const train of ["Train 310 (Sabz)", "Train 352 (Noor)", "Train 356 (Simorgh)", "Train 390 (Pardis)"])
      expect(page).toContain(train);
    expect(page.indexOf("Train 310 (Sabz)")).toBeLessThan(page.indexOf("Train 390 (Pardis)"));
    expect(page).toContain("VIP 4-bed compartment, 6-bed compartment");
    // Overnight trains arrive the next day.
    expect(page).toContain('title="Arrives 1 day later"');
    // Trains run back: a link to the reverse route.
    expect(page).toContain('href="/en/train/mashhad-tehran"');
    expect(page).toContain("Yes, 2 trains run from Mashhad to Tehran.");
    expect(page).toContain("At 07:20: train 310 (Sabz) of Raja.");
    expect(page).toContain("Yes, these trains carry cars: 352 (Noor), 390 (Pardis).");
    expect(page).toContain('"@type":"FAQPage"');
    // The form, filled with the route.
    expect(page).toMatch(/<form[^>]*method="get"/);
    expect(page).toContain('value="Tehran"');

    const persian = await get("/train/tehran-mashhad");
    expect(persian.body).toContain(html("بلیت قطار تهران به مشهد"));
    expect(persian.body).toContain(html("ارزان‌ترین روز این هفته:"));
  });

  it("says when no train runs back, and keeps the page when the facts cannot be read", async () => {
    supplier.trains = sampleTrains().filter((train) => train.from === "tehran");
    const oneWay = (await get("/en/train/tehran-mashhad")).body;
    expect(oneWay).toContain("No, no direct train runs from Mashhad to Tehran.");
    expect(oneWay).not.toContain('href="/en/train/mashhad-tehran"');

    supplier.failing = "timetable";
    const down = await get("/en/train/tehran-mashhad");
    expect(down.status).toBe(200);
    // Shown, but not kept by shared caches for the next five minutes.
    expect(down.headers["cache-control"]).toBe("no-store");
    expect(down.body).toContain("The train timetable of this route cannot be shown right now");
    expect(down.body).toMatch(/<form[^>]*method="get"/);
  });
});
