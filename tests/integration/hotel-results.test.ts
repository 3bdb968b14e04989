import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import type { HotelSearchQuery } from "#core/hotels/hotel.ts";
import { testHotelSupplier, type TestHotelSupplier } from "#core/hotels/test-hotels.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { formatNumber, translate } from "#core/i18n/messages.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS, type TenantSeed } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

/** A pinned clock: 08:00 in Tehran on a fixed day, so "today" never drifts during a run. */
const TODAY = addDays(tehranToday(new Date()), 1);
const clock = { now: () => new Date(`${TODAY}T08:00:00+03:30`) };
const CHECK_IN = addDays(TODAY, 20);
const CHECK_OUT = addDays(CHECK_IN, 3);

const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

/** Two agencies besides the demo ones: one with a map token, one that sells no hotels. */
const [base] = DEMO_TENANTS;
const EXTRA_TENANTS: TenantSeed[] = [
  { domains: ["maps.localhost"], tenant: { ...base!.tenant, slug: "maps", isDefault: false, mapToken: "map-token-for-tests" } },
  { domains: ["nohotels.localhost"], tenant: { ...base!.tenant, slug: "nohotels", isDefault: false, servicesActive: ["flight", "bus"] } },
];

/** The hotel ids in the order the list shows their cards. */
function hotelsInOrder(page: string): string[] {
  return [...page.matchAll(/<li id="hotel-([a-z-]+)" class="offer-card hotel-card/g)].map((match) => match[1]!);
}

/** The test supplier, recording what the page asked it. */
function spiedHotels(): TestHotelSupplier & { searches: HotelSearchQuery[] } {
  const supplier = testHotelSupplier();
  const searches: HotelSearchQuery[] = [];
  const search = supplier.searchHotels.bind(supplier);
  return Object.assign(supplier, {
    searches,
    searchHotels: (query: HotelSearchQuery) => {
      searches.push(query);
      return search(query);
    },
  });
}

describe.each(PAGE_ENGINES)("hotel results on %s", (engine) => {
  let database: TestDatabase;
  let server: { port: number; close: () => Promise<void> };
  const hotels = spiedHotels();
  const get = (path: string, host = "localhost") => rawRequest(server.port, { path, headers: { "user-agent": "vitest", host } });
  const mashhad = (query: Record<string, string | string[]> = {}, prefix = "/en", host?: string) => {
    const params = new URLSearchParams({ checkIn: CHECK_IN, checkOut: CHECK_OUT, room: "2-0" });
    for (const [name, value] of Object.entries(query)) {
      params.delete(name);
      for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
    }
    return get(`${prefix}/hotel/mashhad?${params.toString()}`, host);
  };
  const order = async (query: Record<string, string | string[]>) => hotelsInOrder((await mashhad(query)).body);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, [...DEMO_TENANTS, ...EXTRA_TENANTS]);
    await seedPlaces(database.handle.db, referencePlaces());
    // Darvishi's twin is taken on the first night: its cheapest room for the stay is the 3,200,000 double.
    hotels.closeNight("darvishi:twin", CHECK_IN);
    server = await startTestServer(database.handle, {}, { clock, hotels });
  });
  beforeEach(() => {
    hotels.searches.length = 0;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("lists the city's hotels for the stay and the rooms, each card with what a traveller compares, in English", async () => {
    const response = await mashhad({ sort: "price", room: ["2-1", "1-0"] });
    expect(response.status).toBe(200);
    expect(response.headers["x-robots-tag"]).toBe("noindex");
    const page = response.body;
    // The supplier is asked for the city, the region, the stay and every room of the URL, names in the page's language.
    expect(hotels.searches).toEqual([
      {
        city: "mashhad",
        region: "iran",
        checkIn: CHECK_IN,
        checkOut: CHECK_OUT,
        rooms: [
          { adults: 2, children: 1 },
          { adults: 1, children: 0 },
        ],
        locale: "en",
      },
    ]);
    expect(hotelsInOrder(page)).toEqual(["razi", "darvishi"]);
    expect(page).toContain(html(translate("en", "hotelResults.found", { count: 2 })));
    // The card: thumbnail with its size and alt text, stars in words, score, address, distance, facilities, breakfast.
    expect(page).toMatch(
      /<img class="hotel-card-image" src="\/hotel-images\/mashhad\/darvishi\/1.svg" alt="Darvishi Hotel" width="160" height="120"/,
    );
    expect(page).toContain(html(translate("en", "hotelResults.starsText", { count: 5 })));
    expect(page).toContain(html(translate("en", "hotelResults.score", { score: "9.1" })));
    expect(page).toContain(html(translate("en", "hotelResults.ratings", { count: 340 })));
    expect(page).toContain(html(translate("en", "hotelResults.distance", { km: "2.4" })));
    expect(page).toContain(CATALOGS.en["hotelResults.facility.parking"]);
    expect(page).toContain(CATALOGS.en["hotelResults.breakfast"]);
    // Razi for 2+1 and 1: a triple (2,400,000) and a single (1,100,000) for three nights.
    const raziTotal = (2_400_000 + 1_100_000) * 3;
    expect(page).toContain(formatNumber("en", raziTotal));
    expect(page).toContain(formatNumber("en", Math.round(raziTotal / 6)));
    // The hotel page for the same stay and rooms.
    expect(page).toContain(`href="/en/hotel/mashhad/darvishi?checkIn=${CHECK_IN}&amp;checkOut=${CHECK_OUT}&amp;room=2-1&amp;room=1-0"`);
    // Hotels are searched for real: no "results soon" section.
    expect(page).not.toContain('id="results-soon"');
    // Without a map token, the addresses of the hotels.
    expect(page).toContain(html(CATALOGS.en["hotelResults.addresses.title"]));
    expect(page).not.toContain("hotel-map-drawing");
  });

  it("writes the list in Persian with Persian digits on a right-to-left page", async () => {
    const page = (await mashhad({ sort: "price" }, "")).body;
    expect(page).toMatch(/<html[^>]*lang="fa"[^>]*dir="rtl"/);
    expect(hotelsInOrder(page)).toEqual(["razi", "darvishi"]);
    expect(page).toContain(formatNumber("fa", 2_400_000));
    expect(page).toContain(html(translate("fa", "hotelResults.starsText", { count: 5 })));
    expect(page).toContain(`href="/hotel/mashhad/razi?checkIn=${CHECK_IN}&amp;checkOut=${CHECK_OUT}&amp;room=2-0"`);
    expect(page).not.toMatch(/hotel-card-number"[^>]*>\d/);
    // Arabic counts its two hotels in the dual, with Arabic-Indic digits in the prices.
    const arabic = (await mashhad({}, "/ar")).body;
    expect(arabic).toMatch(/<html[^>]*lang="ar"[^>]*dir="rtl"/);
    expect(arabic).toContain(html(translate("ar", "hotelResults.found", { count: 2 })));
    expect(arabic).toContain(formatNumber("ar", 2_400_000));
  });

  it("narrows the list by each filter and orders it by each sort, on the server", async () => {
    expect(await order({ stars: "5" })).toEqual(["darvishi"]);
    expect(await order({ stars: "under3" })).toEqual(["razi"]);
    expect(await order({ stars: ["under3", "5"], sort: "stars" })).toEqual(["darvishi", "razi"]);
    // Per room-night: Razi's triple 2,400,000, Darvishi's double 3,200,000.
    expect(await order({ priceBand: "1.5m-3m" })).toEqual(["razi"]);
    expect(await order({ priceBand: "3m-4.5m" })).toEqual(["darvishi"]);
    expect(await order({ priceBand: "6m+" })).toEqual([]);
    // Beds: Razi has a single and a triple, Darvishi doubles and a suite for four.
    expect(await order({ beds: "1" })).toEqual(["razi"]);
    expect(await order({ beds: "4+" })).toEqual(["darvishi"]);
    expect(await order({ facilities: "parking" })).toEqual(["darvishi"]);
    expect(await order({ name: "razi" })).toEqual(["razi"]);
    expect(await order({ sort: "price" })).toEqual(["razi", "darvishi"]);
    expect(await order({ sort: "stars" })).toEqual(["darvishi", "razi"]);
    expect(await order({ sort: "rating" })).toEqual(["darvishi", "razi"]);
    expect(await order({ sort: "distance" })).toEqual(["darvishi", "razi"]);
    // The facet counts are of the whole search, whatever is chosen.
    const page = (await mashhad({ stars: "5" })).body;
    expect(page).toContain(html(translate("en", "hotelResults.shown", { count: 1, found: 2 })));
    const box = (value: string) => new RegExp(`<input[^>]*name="stars"[^>]*value="${value}"[^>]*>`).exec(page)?.[0] ?? "";
    expect(box("5")).toContain('checked=""');
    expect(box("under3")).not.toContain("checked");
    // No 4-star hotel in the search: that choice cannot be ticked.
    expect(box("4")).toContain('disabled=""');
    expect(page).toMatch(/value="under3"\/><span>[^<]*<\/span><span class="filter-count">1</);
    // Filters that hide everything say so and offer to clear them; junk is ignored.
    const none = (await mashhad({ stars: "5", beds: "1" })).body;
    expect(none).toContain(html(CATALOGS.en["hotelResults.emptyFiltered"]));
    expect(none).toContain(`href="/en/hotel/mashhad?checkIn=${CHECK_IN}&amp;checkOut=${CHECK_OUT}&amp;room=2-0"`);
    expect(hotelsInOrder((await mashhad({ stars: "7", priceBand: "<b>", beds: "x" })).body)).toHaveLength(2);
  });

  it("round-trips the filter form without JavaScript: a GET form that keeps the search", async () => {
    const page = (await mashhad()).body;
    const form = /<form id="hotel-filters"[^>]*action="([^"]+)" method="get"[^>]*>([\s\S]*?)<\/form>/.exec(page);
    expect(form).not.toBeNull();
    const [, action, body] = form!;
    expect(action).toBe("/en/hotel/mashhad");
    const hidden = [...body!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name!, value!]);
    expect(hidden).toEqual([
      ["checkIn", CHECK_IN],
      ["checkOut", CHECK_OUT],
      ["room", "2-0"],
    ]);
    for (const field of ['name="name"', 'name="stars" value="4"', 'name="priceBand" value="0-1.5m"', 'name="beds" value="4+"'])
      expect(body, field).toContain(field);
    expect(body).toContain('<label for="hotel-name">');
    // What a browser sends when "5 stars" is ticked and the form submitted.
    const submitted = new URLSearchParams([...hidden, ["name", ""], ["stars", "5"]]);
    const filtered = await get(`${action}?${submitted.toString()}`);
    expect(filtered.status).toBe(200);
    expect(hotelsInOrder(filtered.body)).toEqual(["darvishi"]);
  });

  it("says so when no hotel has rooms for the party, and when hotels cannot be searched", async () => {
    // Seven guests in one room: no room of either hotel takes them.
    const empty = (await mashhad({ room: "4-3" })).body;
    expect(empty).toContain(html(CATALOGS.en["hotelResults.empty"]));
    expect(empty).not.toContain('id="hotel-filters"');
    const bare = await startTestServer(database.handle, {}, { clock, hotels: null });
    try {
      const response = await rawRequest(bare.port, {
        path: `/en/hotel/mashhad?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&room=2-0`,
        headers: { "user-agent": "vitest" },
      });
      expect(response.status).toBe(200);
      expect(response.body).toContain(html(CATALOGS.en["hotelResults.error.unavailable"]));
    } finally {
      await bare.close();
    }
  });

  it("searches abroad up to nine nights and refuses a longer stay on the form without asking the supplier", async () => {
    const abroad = (nights: number) =>
      get(`/en/internationalhotel/search/TR/istanbul?checkIn=${CHECK_IN}&checkOut=${addDays(CHECK_IN, nights)}&room=2-0`);
    const nine = await abroad(9);
    expect(nine.status).toBe(200);
    expect(hotelsInOrder(nine.body)).toEqual(["golden-horn"]);
    expect(hotels.searches.at(-1)).toMatchObject({ city: "istanbul", region: "abroad" });
    expect(nine.body).toContain(`href="/en/internationalhotel/search/TR/istanbul/golden-horn?checkIn=${CHECK_IN}&amp;checkOut=`);
    hotels.searches.length = 0;
    const ten = await abroad(10);
    expect(ten.body).toContain(html(CATALOGS.en["search.error.STAY_TOO_LONG_ABROAD"]));
    expect(hotelsInOrder(ten.body)).toEqual([]);
    expect(hotels.searches).toEqual([]);
    // A check-out before check-in is refused the same way.
    const backwards = await mashhad({ checkOut: addDays(CHECK_IN, -1) });
    expect(backwards.body).toContain(html(CATALOGS.en["search.error.CHECKOUT_NOT_AFTER_CHECKIN"]));
  });

  it("answers a bare city with its hotels best rated first, without prices, each a link to its page", async () => {
    const response = await get("/en/hotel/mashhad");
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toContain("s-maxage");
    const page = response.body;
    expect(page).toContain(html(translate("en", "hotelResults.landing.title", { city: "Mashhad" })));
    expect([...page.matchAll(/<li id="hotel-([a-z-]+)"/g)].map((match) => match[1])).toEqual(["darvishi", "razi"]);
    expect(page).toContain('href="/en/hotel/mashhad/darvishi"');
    expect(page).not.toContain(formatNumber("en", 2_400_000));
  });

  it("draws the hotels on a map for an agency with a map token", async () => {
    const page = (await mashhad({ sort: "price" }, "/en", "maps.localhost")).body;
    const map = /<svg[^>]*class="hotel-map-drawing"[\s\S]*?<\/svg>/.exec(page)?.[0] ?? "";
    expect(map).toContain(`aria-label="${html(CATALOGS.en["hotelResults.map.label"])}"`);
    expect([...map.matchAll(/<a href="#hotel-([a-z-]+)"/g)].map((match) => match[1])).toEqual(["razi", "darvishi"]);
    expect(map).toContain("<title>Razi Hotel</title>");
  });

  it("is not there for an agency that sells no hotels", async () => {
    expect((await mashhad({}, "/en", "nohotels.localhost")).status).toBe(404);
    expect((await get("/en/internationalhotel/search/TR/istanbul", "nohotels.localhost")).status).toBe(404);
  });
});
