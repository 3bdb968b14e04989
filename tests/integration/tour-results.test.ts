import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { formatNumber, translate } from "#core/i18n/messages.ts";
import { addDays, readableDate, tehranToday } from "#core/search/dates.ts";
import { testHotelSupplier } from "#core/hotels/test-hotels.ts";
import type { HotelSupplier } from "#core/hotels/supplier.ts";
import { testTourId, testTourSupplier } from "#core/tours/test-tours.ts";
import type { TourPackage, TourSearchQuery } from "#core/tours/tour.ts";
import type { TourSupplier } from "#core/tours/supplier.ts";
import { DEMO_TENANTS, type TenantSeed } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

/** A pinned clock: 08:00 in Tehran on a fixed day, so "today" never drifts during a run. */
const TODAY = addDays(tehranToday(new Date()), 1);
const clock = { now: () => new Date(`${TODAY}T08:00:00+03:30`) };
/** The test supplier's Kish departure leaves ten days after today, for three nights. */
const KISH_DAY = addDays(TODAY, 10);

const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");
const fa = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => html(translate("fa", key, params as never));
const en = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => html(translate("en", key, params as never));

/** An agency that sells tours at home only. */
const [base] = DEMO_TENANTS;
const EXTRA_TENANTS: TenantSeed[] = [
  {
    domains: ["homeonly.localhost"],
    tenant: { ...base!.tenant, slug: "homeonly", isDefault: false, servicesActive: ["flight", "hotel", "tour"] },
  },
];

/**
 * The test supplier with two more departures to Kish around its own, so filters and sorts have
 * something to tell apart: a cheap 2-night bus tour with 3 seats left (a day earlier) and a 5-night
 * five-star flight (a day later).
 */
function kishVariants(today: string): TourSupplier {
  const supplier = testTourSupplier({ today });
  const search = supplier.searchTours.bind(supplier);
  const kish = async (query: TourSearchQuery) =>
    (await search({ ...query, to: "kish", transport: undefined, seats: 1 })).find((pkg) => pkg.to === "kish");
  const variants = async (query: TourSearchQuery): Promise<TourPackage[]> => {
    const found = await kish({ ...query, date: today, lastDate: addDays(today, 60) });
    if (!found) return [];
    const day = (offset: number) => addDays(found.departureDate, offset);
    const bus: TourPackage = {
      ...found,
      tourId: `kish-thr-bus-2n.${day(-1)}`,
      packageId: "kish-thr-bus-2n",
      title: query.locale === "fa" ? "۲ شب کیش، با اتوبوس" : "2 nights in Kish, by bus",
      transport: "bus",
      carrier: { code: "seir", name: "Seir-o-Safar" },
      departureDate: day(-1),
      returnDate: day(1),
      departAt: `${day(-1)}T06:00:00+03:30`,
      returnAt: `${day(1)}T20:00:00+03:30`,
      nights: 2,
      hotelCount: 1,
      stars: { min: 3, max: 3 },
      fromPrice: 6_000_000,
      seatsLeft: 3,
      inclusions: ["transfer"],
    };
    const long: TourPackage = {
      ...found,
      tourId: `kish-thr-fl-5n.${day(1)}`,
      packageId: "kish-thr-fl-5n",
      title: query.locale === "fa" ? "۵ شب کیش، با هواپیما" : "5 nights in Kish, by air",
      departureDate: day(1),
      returnDate: day(6),
      departAt: `${day(1)}T09:00:00+03:30`,
      returnAt: `${day(6)}T19:00:00+03:30`,
      nights: 5,
      hotelCount: 1,
      stars: { min: 5, max: 5 },
      fromPrice: 30_000_000,
      seatsLeft: 30,
    };
    return [bus, long].filter(
      (pkg) =>
        query.scope === "domestic" &&
        (query.to === undefined || query.to === "kish") &&
        (query.from === undefined || query.from === pkg.from) &&
        (query.transport === undefined || query.transport === pkg.transport) &&
        (query.date === undefined || pkg.departureDate >= query.date) &&
        (query.lastDate === undefined || pkg.departureDate <= query.lastDate) &&
        pkg.seatsLeft >= (query.seats ?? 1),
    );
  };
  return {
    ...supplier,
    searchTours: async (query) =>
      [...(await search(query)), ...(await variants(query))].sort((a, b) => a.departAt.localeCompare(b.departAt)),
  };
}

/** Tour ids in the order the page shows their cards. */
function toursInOrder(page: string): string[] {
  return [...page.matchAll(/<li class="offer-card tour-card" data-tour="([^"]+)"/g)].map((match) => match[1]!);
}

/** The visible text of every card: each card's markup up to the next card or the list's end, tags dropped. */
function cardTexts(page: string): string {
  return page
    .split('class="offer-card tour-card"')
    .slice(1)
    .map((chunk) =>
      chunk
        .slice(chunk.indexOf(">") + 1)
        .split("</ol>")[0]!
        .replace(/<[^>]*>/g, " "),
    )
    .join(" ");
}

describe.each(PAGE_ENGINES)("tour landings and results on %s", (engine) => {
  let database: TestDatabase;
  let server: { port: number; close: () => Promise<void> };
  const get = (path: string, host = "localhost") => rawRequest(server.port, { path, headers: { "user-agent": "vitest", host } });
  const kishSearch = (query: Record<string, string | string[]> = {}, prefix = "/en") => {
    const params = new URLSearchParams({
      from: "tehran",
      date: KISH_DAY,
      returnDate: addDays(KISH_DAY, 3),
      adults: "2",
      children: "0",
      infants: "0",
    });
    for (const [name, value] of Object.entries(query)) {
      params.delete(name);
      for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
    }
    return get(`${prefix}/tour/kish?${params.toString()}`);
  };
  const order = async (query: Record<string, string | string[]>) => toursInOrder((await kishSearch(query)).body);
  const ids = {
    bus: `kish-thr-bus-2n.${addDays(KISH_DAY, -1)}`,
    kish: testTourId("kish", TODAY),
    long: `kish-thr-fl-5n.${addDays(KISH_DAY, 1)}`,
    mashhad: testTourId("mashhad", TODAY),
    istanbul: testTourId("istanbul", TODAY),
    dubai: testTourId("dubai", TODAY),
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, [...DEMO_TENANTS, ...EXTRA_TENANTS]);
    await seedPlaces(database.handle.db, referencePlaces());
    server = await startTestServer(database.handle, {}, { clock, tours: kishVariants(TODAY) });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("lists a search's departures around the dates with seats for the party, each card with what a traveller compares, in English", async () => {
    const response = await kishSearch();
    expect(response.status).toBe(200);
    expect(response.headers["x-robots-tag"]).toBe("noindex");
    const page = response.body;
    expect(page).toMatch(/<html[^>]*lang="en"[^>]*dir="ltr"/);
    expect(page).toContain(`<h1 class="mb-3 text-2xl font-bold">${en("results.heading.route", { from: "Tehran", to: "Kish" })}</h1>`);
    // Departures three days either side of the asked day, the soonest first; Mashhad's is not to Kish.
    expect(toursInOrder(page)).toEqual([ids.bus, ids.kish, ids.long]);
    expect(page).toContain(en("tourResults.found", { count: 3 }));
    expect(page).toContain(
      en("tourResults.window", {
        first: readableDate(addDays(KISH_DAY, -3), "en", "gregorian", false),
        last: readableDate(addDays(KISH_DAY, 3), "en", "gregorian", false),
      }),
    );
    // The card: picture, title, route, transport and carrier, dates and nights, hotels and stars, inclusions, price.
    expect(page).toContain('<img class="tour-card-image" src="/tour-images/kish.svg" alt="" width="320" height="180"');
    expect(page).toContain("3 nights in Kish, by air");
    expect(page).toContain(en("tourResults.card.route", { from: "Tehran", to: "Kish" }));
    expect(page).toContain(en("tourResults.transport.flight"));
    expect(page).toContain("Iran Air");
    expect(page).toContain(
      en("tourResults.card.dates", {
        depart: readableDate(KISH_DAY, "en", "gregorian", false),
        back: readableDate(addDays(KISH_DAY, 3), "en", "gregorian", false),
      }),
    );
    expect(page).toContain(en("search.nights", { count: 3 }));
    expect(page).toContain(en("tourResults.card.hotels", { count: 2 }));
    expect(page).toContain(en("tourResults.card.starRange", { min: "4", max: "5" }));
    expect(page).toContain(en("tourResults.inclusion.cityTour"));
    expect(page).toContain(en("tourResults.card.from", { amount: en("flights.toman", { amount: formatNumber("en", 12_500_000) }) }));
    // Few seats left are said; many are not.
    expect(page).toContain(en("flights.seatsLeft", { count: 3 }));
    expect(page).not.toContain(en("flights.seatsLeft", { count: 20 }));
    // Each card leads to the departure's hotels for the same party.
    expect(page).toContain(`href="/en/tour/searchHotels/${ids.kish}?adults=2&amp;children=0&amp;infants=0"`);
    // Tours are searched for real: no "results soon" section; the search form is there to edit, prefilled.
    expect(page).not.toContain('id="results-soon"');
    expect(page).toContain(`value="${html("Tehran")}"`);
    expect(page).toContain('name="adults"');
  });

  it("leaves out departures without seats for the whole party", async () => {
    // The bus tour has three seats left: four travellers do not fit.
    expect(await order({ adults: "4" })).toEqual([ids.kish, ids.long]);
    // Infants sit on a lap: two adults and two infants still fit it.
    expect(await order({ adults: "2", infants: "2" })).toEqual([ids.bus, ids.kish, ids.long]);
  });

  it("narrows the list by each filter and orders it by each sort, on the server", async () => {
    expect(await order({ sort: "price" })).toEqual([ids.bus, ids.kish, ids.long]);
    expect(await order({ transport: "bus" })).toEqual([ids.bus]);
    expect(await order({ transport: "flight", sort: "price" })).toEqual([ids.kish, ids.long]);
    expect(await order({ nights: "5" })).toEqual([ids.long]);
    expect(await order({ nights: ["2", "3"] })).toEqual([ids.bus, ids.kish]);
    expect(await order({ stars: "5" })).toEqual([ids.kish, ids.long]);
    expect(await order({ stars: "under3" })).toEqual([ids.bus]);
    expect(await order({ priceMax: "13000000" })).toEqual([ids.bus, ids.kish]);
    // Bounds typed in Persian digits count the same.
    expect(await order({ priceMin: "۲۰۰۰۰۰۰۰" })).toEqual([ids.long]);
    // Nonsense is ignored, never a 500.
    const odd = await kishSearch({ nights: "ten", stars: "7", transport: "ship", sort: "random", priceMin: "-5" });
    expect(odd.status).toBe(200);
    expect(toursInOrder(odd.body)).toEqual([ids.bus, ids.kish, ids.long]);
    // The panel: a GET form keeping the search, each choice with its count, the chosen one ticked.
    const page = (await kishSearch({ transport: "flight" })).body;
    expect(page).toContain('id="tour-filters"');
    expect(page).toContain('<input type="hidden" name="from" value="tehran"/>');
    expect(page).toContain(`<input type="checkbox" name="transport" checked="" value="flight"/>`);
    expect(page).toContain(en("tourResults.shown", { count: 2, found: 3 }));
    // Filters that keep nothing say so, with a way back.
    const none = (await kishSearch({ transport: "bus", nights: "5" })).body;
    expect(none).toContain(en("tourResults.emptyFiltered"));
  });

  it("writes the results in Persian with Persian digits on a right-to-left page", async () => {
    const page = (await kishSearch({}, "")).body;
    expect(page).toMatch(/<html[^>]*lang="fa"[^>]*dir="rtl"/);
    expect(toursInOrder(page)).toEqual([ids.bus, ids.kish, ids.long]);
    expect(page).toContain(fa("tourResults.found", { count: 3 }));
    expect(page).toContain(formatNumber("fa", 12_500_000));
    expect(page).toContain(html(readableDate(KISH_DAY, "fa", "persian", false)));
    expect(page).toContain(`href="/tour/searchHotels/${ids.kish}?adults=2&amp;children=0&amp;infants=0"`);
    const texts = cardTexts(page);
    expect(texts).toContain(CATALOGS.fa["tourResults.card.choose"]);
    expect(texts).not.toMatch(/[0-9]/);
  });

  it("says so in the page's language when nothing leaves around the dates, with the city's other tours", async () => {
    const far = addDays(TODAY, 50);
    for (const [prefix, locale] of [
      ["", "fa"],
      ["/en", "en"],
    ] as const) {
      const page = (await kishSearch({ date: far, returnDate: addDays(far, 3) }, prefix)).body;
      expect(toursInOrder(page)).toEqual([]);
      const names = locale === "fa" ? { from: "تهران", to: "کیش" } : { from: "Tehran", to: "Kish" };
      expect(page).toContain(html(translate(locale, "tourResults.empty", names)));
      expect(page).toContain(`href="${prefix}/tour/kish"`);
    }
  });

  it("answers a city without a search with its cheapest tours, more tours and the hotels of its tours", async () => {
    const response = await get("/en/tour/kish");
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toContain("s-maxage");
    const page = response.body;
    expect(page).toContain(`<h1 class="mb-3 text-2xl font-bold">${en("tourLanding.city.title", { city: "Kish" })}</h1>`);
    expect(page).toContain('id="tour-cheapest"');
    expect(page).toContain(en("tourLanding.city.cheapest", { city: "Kish" }));
    // One card per package, the cheapest first.
    expect(toursInOrder(page)).toEqual([ids.bus, ids.kish, ids.long]);
    // The hotels the city's packages stay at, from the packages' own details, with their board and price.
    expect(page).toContain('id="tour-hotels"');
    expect(page).toContain("Dariush Grand Hotel");
    expect(page).toContain("Toranj Hotel");
    expect(page).toContain(en("tourResults.board.halfBoard"));
    expect(page).toContain(en("tourResults.hotelPrice", { amount: en("flights.toman", { amount: formatNumber("en", 12_500_000) }) }));
    // Without a party, the hotels page asks for it.
    expect(page).toContain(`href="/en/tour/searchHotels/${ids.kish}"`);
    const persian = (await get("/tour/mashhad")).body;
    expect(persian).toMatch(/<html[^>]*lang="fa"[^>]*dir="rtl"/);
    expect(persian).toContain(fa("tourLanding.city.title", { city: "مشهد" }));
    expect(persian).toContain(fa("tourResults.card.ownFlight"));
    expect(cardTexts(persian)).not.toMatch(/[0-9]/);
    // A city no tour goes to yet says so; a city that does not exist is not found.
    expect((await get("/en/tour/yazd")).body).toContain(en("tourLanding.city.none", { city: "Yazd" }));
    expect((await get("/en/tour/atlantis")).status).toBe(404);
    // A city abroad is the international search's.
    const abroad = await get("/en/tour/istanbul?from=tehran&adults=1");
    expect(abroad.status).toBe(301);
    expect(abroad.headers.location).toBe("/en/internationaltour/search/tehran/istanbul?adults=1");
  });

  it("lists the main landing's sections under the /tour form", async () => {
    const page = (await get("/en/tour")).body;
    expect(page).toContain('name="s" value="tour"');
    for (const section of ["tour-fast", "tour-packages", "tour-best", "tour-transports", "tour-abroad"])
      expect(page).toContain(`id="${section}"`);
    // Leaving soon: one card per package, the soonest first; then the best: per destination the best
    // hotels (Kish's 5-star range at its lowest price beats the 5-night one), the cheapest first.
    expect(toursInOrder(page)).toEqual([ids.bus, ids.kish, ids.long, ids.mashhad, ids.mashhad, ids.kish]);
    // The package list links each destination with its departures and from-price.
    expect(page).toContain('href="/en/tour/kish"');
    expect(page).toContain('href="/en/tour/mashhad"');
    expect(page).toContain(en("tourLanding.departures", { count: 1 }));
    // Packages by transport, and the destinations abroad from Tehran.
    expect(page).toContain('href="/en/tour/searchCariage/flight"');
    expect(page).toContain('href="/en/internationaltour/search/tehran/istanbul"');
    expect(page).toContain('href="/en/internationaltour/search/tehran/dubai"');
    const persian = (await get("/tour")).body;
    expect(persian).toMatch(/<html[^>]*lang="fa"[^>]*dir="rtl"/);
    expect(persian).toContain(fa("tourLanding.fast.title"));
    expect(persian).toContain(fa("tourLanding.transport.flight"));
    expect(cardTexts(persian)).not.toMatch(/[0-9]/);
    // An agency without tours abroad shows none.
    const home = (await get("/en/tour", "homeonly.localhost")).body;
    expect(home).toContain('id="tour-packages"');
    expect(home).not.toContain('id="tour-abroad"');
    expect((await get("/en/internationaltour/search/tehran/istanbul", "homeonly.localhost")).status).toBe(404);
  });

  it("lists domestic packages by transport, grouped by destination, and answers any other kind with the 404 page", async () => {
    const flights = (await get("/en/tour/searchCariage/flight")).body;
    expect(flights).toContain(`<h1 class="mb-3 text-2xl font-bold">${en("tourLanding.transport.flight")}</h1>`);
    expect(flights).toContain('id="tour-to-kish"');
    expect(flights).toContain('id="tour-to-mashhad"');
    expect(toursInOrder(flights)).not.toContain(ids.bus);
    expect(flights).toContain(en("tourLanding.carriage.all", { city: "Kish" }));
    const buses = (await get("/tour/searchCariage/bus")).body;
    expect(buses).toMatch(/<html[^>]*lang="fa"[^>]*dir="rtl"/);
    expect(toursInOrder(buses)).toEqual([ids.bus]);
    expect(cardTexts(buses)).not.toMatch(/[0-9]/);
    expect((await get("/en/tour/searchCariage/train")).body).toContain(en("tourLanding.carriage.none"));
    for (const [path, lang] of [
      ["/en/tour/searchCariage/ship", "en"],
      ["/tour/searchCariage/Flight", "fa"],
      ["/ar/tour/searchCariage/camel", "ar"],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toMatch(new RegExp(`<html[^>]*lang="${lang}"`));
    }
  });

  it("shows a trip abroad's cities, airports and visa before any departure is chosen, then the departures", async () => {
    const landing = await get("/en/internationaltour/search/tehran/dubai");
    expect(landing.status).toBe(200);
    const page = landing.body;
    expect(page).toContain('id="tour-trip"');
    expect(page).toContain("Dubai International");
    expect(page).toContain("(DXB)");
    expect(page).toContain("(IKA)");
    expect(page).toContain(en("tourResults.visa.eVisa"));
    expect(page).toContain(html("The UAE tourist visa is issued with the agency as sponsor"));
    expect(page).toContain(en("tourResults.trip.visaArranged"));
    expect(page).toContain(en("tourResults.trip.visaDays", { count: 7 }));
    expect(page).toContain(en("tourResults.trip.visaFee", { amount: en("flights.toman", { amount: formatNumber("en", 4_500_000) }) }));
    expect(toursInOrder(page)).toEqual([ids.dubai]);
    // The trip facts come before the cards.
    expect(page.indexOf(`id="tour-trip"`)).toBeLessThan(page.indexOf(`data-tour="${ids.dubai}"`));
    // Without an origin the trip leaves from Tehran; Istanbul needs no visa; the card carries the badge.
    const istanbul = (await get("/internationaltour/search/istanbul")).body;
    expect(istanbul).toMatch(/<html[^>]*lang="fa"[^>]*dir="rtl"/);
    expect(istanbul).toContain(fa("tourResults.visa.none"));
    expect(istanbul).toContain('class="tour-visa tour-visa-none"');
    expect(toursInOrder(istanbul)).toEqual([ids.istanbul]);
    expect(cardTexts(istanbul)).not.toMatch(/[0-9]/);
    // A search: the facts again, then its departures for the party.
    const day = addDays(TODAY, 20);
    const search = (
      await get(`/en/internationaltour/search/tehran/istanbul?date=${day}&returnDate=${addDays(day, 4)}&adults=2&children=0&infants=0`)
    ).body;
    expect(search).toContain('id="tour-trip"');
    expect(search).toContain(en("tourResults.found", { count: 1 }));
    expect(search).toContain(`href="/en/tour/searchHotels/${ids.istanbul}?adults=2&amp;children=0&amp;infants=0"`);
    expect((await get("/en/internationaltour/search/tehran/atlantis")).status).toBe(404);
  });

  it("serves each destination's drawn picture, and nothing for a place no tour goes to", async () => {
    const picture = await get("/tour-images/kish.svg");
    expect(picture.status).toBe(200);
    expect(picture.headers["content-type"]).toContain("image/svg+xml");
    expect(picture.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((await get("/tour-images/istanbul.svg")).body).toBe((await get("/tour-images/istanbul.svg")).body);
    expect((await get("/tour-images/atlantis.svg")).status).toBe(404);
    expect((await get("/tour-images/../etc.svg")).status).toBe(404);
  });

  it("says tours cannot be searched right now when the deployment has no tour supplier", async () => {
    const bare = await startTestServer(database.handle, {}, { clock, tours: null });
    try {
      const request = (path: string) => rawRequest(bare.port, { path, headers: { "user-agent": "vitest", host: "localhost" } });
      const landing = await request("/en/tour");
      expect(landing.status).toBe(200);
      expect(landing.body).toContain(en("tourLanding.unavailable"));
      const results = await request(`/tour/kish?from=tehran&date=${KISH_DAY}&returnDate=${addDays(KISH_DAY, 3)}&adults=1`);
      expect(results.status).toBe(200);
      expect(results.body).toContain(fa("tourResults.error.unavailable"));
      expect((await request("/en/tour/kish")).body).toContain(en("tourLanding.unavailable"));
      expect((await request("/en/internationaltour/search/tehran/dubai")).body).toContain(en("tourLanding.unavailable"));
      expect((await request("/en/tour/searchCariage/flight")).body).toContain(en("tourLanding.unavailable"));
      expect((await request("/tour-images/kish.svg")).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe("tour search time budget", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("lets a tour search outlast the general request budget (spec §9: tours may take 120 s)", async () => {
    // Both suppliers wait until the test lets them answer, standing in for slow ones.
    const tours = testTourSupplier({ today: TODAY });
    const hotels = testHotelSupplier();
    let release: () => void = () => {};
    const gate = new Promise<void>((done) => (release = done));
    let asked: () => void = () => {};
    const searching = new Promise<void>((done) => (asked = done));
    const slowTours: TourSupplier = {
      ...tours,
      searchTours: async (query) => {
        asked();
        await gate;
        return tours.searchTours(query);
      },
    };
    const slowHotels: HotelSupplier = {
      ...hotels,
      searchHotels: async (query) => {
        await gate;
        return hotels.searchHotels(query);
      },
    };
    const server = await startTestServer(database.handle, { REQUEST_TIMEOUT_MS: "150" }, { clock, tours: slowTours, hotels: slowHotels });
    try {
      const request = (path: string) => rawRequest(server.port, { path, headers: { "user-agent": "vitest", host: "localhost" } });
      const tour = request(`/en/tour/kish?from=tehran&date=${KISH_DAY}&returnDate=${addDays(KISH_DAY, 3)}&adults=1`);
      await searching;
      // A hotel search started after it is cut at the general budget: by then the tour's would have been too.
      const checkIn = addDays(TODAY, 20);
      const hotel = await request(`/en/hotel/mashhad?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&room=2-0`);
      expect(hotel.status).toBe(504);
      release();
      const answered = await tour;
      expect(answered.status).toBe(200);
      expect(toursInOrder(answered.body)).toEqual([testTourId("kish", TODAY)]);
    } finally {
      release();
      await server.close();
    }
  });
});
