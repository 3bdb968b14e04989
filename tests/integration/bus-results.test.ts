import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import type { BusOffer, BusSearchQuery, BusSeat, BusSeatMap } from "#core/buses/bus.ts";
import type { BusRouteFacts, BusSupplier } from "#core/buses/supplier.ts";
import { testBusOffer } from "#core/buses/test-bus-offers.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { formatNumber, translate } from "#core/i18n/messages.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";
import { withoutPageMessages } from "../support/page-text.ts";

/** A pinned clock: 08:00 in Tehran on a fixed day, so "today" never drifts during a run. */
const TODAY = addDays(tehranToday(new Date()), 1);
const clock = { now: () => new Date(`${TODAY}T08:00:00+03:30`) };
const DATE = addDays(TODAY, 10);

const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

/** Three buses of the day, given out of order: a VIP at 22:30, an ordinary coach at 07:15 and a VIP 29 at 13:00. */
function sampleBuses(): BusOffer[] {
  const price = (adult: number) => ({ adult, total: adult * 2 });
  return [
    testBusOffer({
      id: "seir-2230",
      date: DATE,
      departs: "22:30",
      busType: "vip25",
      terminal: "tehran-south",
      seatsLeft: 6,
      ...price(900_000),
    }),
    testBusOffer({
      id: "hamsafar-0715",
      date: DATE,
      company: "hamsafar",
      departs: "07:15",
      busType: "ordinary44",
      terminal: "tehran-west",
      seatsLeft: 30,
      ...price(420_000),
    }),
    testBusOffer({
      id: "seir-1300",
      date: DATE,
      departs: "13:00",
      busType: "vip29",
      terminal: "tehran-west",
      seatsLeft: 12,
      ...price(780_000),
    }),
  ].map((offer) => ({
    ...offer,
    company: offer.company.code === "hamsafar" ? { code: "hamsafar", name: "همسفر" } : { code: "seir-o-safar", name: "سیر و سفر" },
    originTerminal: { code: offer.originTerminal.code, name: offer.originTerminal.code === "tehran-west" ? "پایانهٔ غرب" : "پایانهٔ جنوب" },
    destinationTerminal: { code: "isfahan-kaveh", name: "پایانهٔ کاوه" },
  }));
}

/**
 * A 2+1 coach of three rows (column 1 a single seat, 2 the aisle, 3–4 a pair): a woman on 6 keeps
 * 5 for women, a man on 9 keeps 8 for men, a man on 4 (across the aisle from nobody), and the
 * free first row is for men.
 */
function sampleMap(offerId: string): BusSeatMap {
  const seat = (number: number, row: number, column: number, taken?: BusSeat["gender"]): BusSeat =>
    taken ? { number, row, column, status: "taken", gender: taken } : { number, row, column, status: "free" };
  return {
    offerId,
    layout: { rows: 3, columns: 4, aisleColumn: 2, driverSide: "left" },
    seats: [
      seat(1, 1, 1),
      seat(2, 1, 3),
      seat(3, 1, 4),
      seat(4, 2, 1, "male"),
      seat(5, 2, 3),
      seat(6, 2, 4, "female"),
      seat(7, 3, 1),
      seat(8, 3, 3),
      seat(9, 3, 4, "male"),
    ],
  };
}

/** What the results page needs of a bus supplier; it is never asked to hold or issue here. */
function fakeBuses() {
  const refuse = () => Promise.reject(new Error("not used by the results page"));
  const fake = {
    service: "bus" as const,
    name: "fake-buses",
    offers: sampleBuses(),
    searches: [] as BusSearchQuery[],
    failing: false,
    mapFailing: false,
    /** ISO date → cheapest seat, for "nearby days". */
    days: new Map<string, number>(),
    async search(query: BusSearchQuery) {
      fake.searches.push(query);
      if (fake.failing) throw new Error("the cooperative's system is down");
      return fake.offers.filter((offer) => offer.departAt.startsWith(query.date));
    },
    async seatMap(offerId: string) {
      if (fake.mapFailing) throw new Error("the seat map is down");
      return fake.offers.some((offer) => offer.offerId === offerId) ? sampleMap(offerId) : null;
    },
    async cheapestPerDay() {
      return fake.days;
    },
    revalidate: refuse,
    hold: refuse,
    extend: refuse,
    issue: refuse,
    cancel: refuse,
    refundTerms: refuse,
  };
  return fake satisfies BusSupplier & BusRouteFacts;
}

/** The offer ids in the order the page's list shows them. */
function busesInOrder(page: string): string[] {
  return [...page.matchAll(/bus=([a-z0-9-]+)#seats/g)].map((match) => match[1]!);
}

describe.each(PAGE_ENGINES)("bus results on %s", (engine) => {
  let database: TestDatabase;
  let server: { port: number; close: () => Promise<void> };
  const buses = fakeBuses();
  const get = (path: string) => rawRequest(server.port, { path, headers: { "user-agent": "vitest" } });
  const results = (query: Record<string, string> = {}, prefix = "/en") =>
    get(
      `${prefix}/bus/tehran-isfahan?${new URLSearchParams({ date: DATE, adults: "2", children: "0", infants: "0", ...query }).toString()}`,
    );

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    server = await startTestServer(database.handle, {}, { clock, buses });
  });
  afterEach(() => {
    buses.offers = sampleBuses();
    buses.searches = [];
    buses.failing = false;
    buses.mapFailing = false;
    buses.days = new Map();
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("lists the day's buses earliest first with company, coach, terminals, clocks, seats left and prices, in Persian", async () => {
    const response = await results({}, "");
    expect(response.status).toBe(200);
    expect(response.headers["x-robots-tag"]).toBe("noindex");
    const page = response.body;
    expect(busesInOrder(page)).toEqual(["hamsafar-0715", "seir-1300", "seir-2230"]);
    // The supplier is asked for the party of the URL, names in the page's language.
    expect(buses.searches).toEqual([{ from: "tehran", to: "isfahan", date: DATE, adults: 2, children: 0, infants: 0, locale: "fa" }]);
    for (const text of ["همسفر", "سیر و سفر", "پایانهٔ غرب", "پایانهٔ جنوب", "پایانهٔ کاوه"]) expect(page, text).toContain(html(text));
    expect(page).toContain(html(CATALOGS.fa["bus.type.vip"].replace("{seats}", "۲۵")));
    expect(page).toContain(html(CATALOGS.fa["bus.type.ordinary"].replace("{seats}", "۴۴")));
    expect(page).toContain(">۰۷:۱۵<");
    expect(page).toContain("۶ صندلی باقی مانده");
    // Per seat and for the party of two, grouped in Persian.
    expect(page).toContain(formatNumber("fa", 420_000));
    expect(page).toContain(formatNumber("fa", 840_000));
    expect(page).toContain(html(CATALOGS.fa["bus.perSeat"]));
    // "Choose seats" opens the bus's map on the same page, the search kept.
    expect(page).toContain(`href="/bus/tehran-isfahan?date=${DATE}&amp;adults=2&amp;children=0&amp;infants=0&amp;bus=hamsafar-0715#seats"`);
    // Buses are bought online: no "opens soon" note.
    expect(page).not.toContain('id="results-soon"');
    expect(page).not.toContain("results-compare-note");
  });

  it("applies the URL's filters and sort on the server, so they work without JavaScript", async () => {
    expect(busesInOrder((await results({ busClass: "vip" })).body)).toEqual(["seir-1300", "seir-2230"]);
    expect(busesInOrder((await results({ terminal: "tehran-west", sort: "price" })).body)).toEqual(["hamsafar-0715", "seir-1300"]);
    expect(busesInOrder((await results({ sort: "seats" })).body)).toEqual(["hamsafar-0715", "seir-1300", "seir-2230"]);
    expect(busesInOrder((await results({ departTime: "evening", company: "seir-o-safar" })).body)).toEqual(["seir-2230"]);
    expect(busesInOrder((await results({ priceMax: "800000", sort: "duration" })).body)).toHaveLength(2);
    // The panel is a GET form to the page that keeps the search; junk in the URL is ignored.
    const page = (await results({ busClass: "sleeper", company: "<b>" })).body;
    expect(busesInOrder(page)).toHaveLength(3);
    expect(page).toMatch(/<form id="bus-filters"[^>]*action="\/en\/bus\/tehran-isfahan" method="get"/);
    expect(page).toContain('name="busClass" value="vip"');
    expect(page).toContain('name="terminal" value="tehran-west"');
    // Filters that hide everything say so and offer to clear them.
    const none = (await results({ company: "hamsafar", busClass: "vip" })).body;
    expect(none).toContain(html(CATALOGS.en["bus.emptyFiltered"]));
    expect(none).toContain(`href="/en/bus/tehran-isfahan?date=${DATE}&amp;adults=2&amp;children=0&amp;infants=0"`);
  });

  it("draws the chosen bus's seat map as a form of checkboxes to the passengers page", async () => {
    const response = await results({ bus: "seir-1300", adults: "2", children: "1", infants: "1" });
    expect(response.status).toBe(200);
    const page = response.body;
    const start = page.indexOf('<section id="seats"');
    expect(start).toBeGreaterThan(0);
    const map = page.slice(start, page.indexOf("</section>", start));
    expect(map).toContain(`action="/en/bus/tehran-isfahan/passengers"`);
    for (const [name, value] of [
      ["offer", "seir-1300"],
      ["date", DATE],
      ["adults", "2"],
      ["children", "1"],
      ["infants", "1"],
    ])
      expect(map, name).toContain(`type="hidden" name="${name}" value="${value}"`);
    // One checkbox per seat; taken ones disabled and named with who took them; one-gender seats say so.
    const boxes = [...map.matchAll(/<input type="checkbox"[^>]*name="seat" value="(\d+)"[^>]*>/g)];
    expect(boxes.map((match) => Number(match[1]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const disabled = boxes.filter(([input]) => input.includes(" disabled")).map((match) => Number(match[1]));
    expect(disabled).toEqual([4, 6, 9]);
    expect(map).toContain("Seat 6, taken by a woman");
    expect(map).toContain("Seat 4, taken by a man");
    expect(map).toContain("Seat 5, free, women only");
    expect(map).toContain("Seat 8, free, men only");
    expect(map).toContain("Seat 1, free, men only");
    expect(map).toContain("Seat 7, free<");
    // The coach is drawn left to right whatever the page's direction, with the driver in front.
    expect(map).toContain('dir="ltr"');
    expect(map).toContain(CATALOGS.en["bus.map.driver"]);
    expect(map).toContain("0 of 3 seats chosen");
    expect(map).toContain(html(translate("en", "bus.map.infants", { count: 1 })));
    expect(map).toContain(html(CATALOGS.en["bus.legend.takenFemale"]));
    // The open card offers to close the map instead.
    expect(page).toContain(`href="/en/bus/tehran-isfahan?date=${DATE}&amp;adults=2&amp;children=1&amp;infants=1"`);
  });

  it("names seats in Arabic with Arabic-Indic digits on a right-to-left page", async () => {
    const page = (await results({ bus: "seir-2230" }, "/ar")).body;
    expect(page).toMatch(/<html[^>]*dir="rtl"/);
    expect(page).toContain(html(CATALOGS.ar["bus.seat.takenFemale"].replace("{number}", "٦")));
    expect(page).toContain('action="/ar/bus/tehran-isfahan/passengers"');
  });

  it("says so when the chosen bus is gone or its map cannot be drawn, and never fails the page", async () => {
    const gone = await results({ bus: "no-such-bus" });
    expect(gone.status).toBe(200);
    expect(gone.body).toContain(html(CATALOGS.en["bus.map.gone"]));
    expect(busesInOrder(gone.body)).toHaveLength(3);
    buses.mapFailing = true;
    const down = await results({ bus: "seir-1300" });
    expect(down.status).toBe(200);
    expect(down.body).toContain(html(CATALOGS.en["bus.map.unavailable"]));
  });

  it("offers nearby days when no bus runs, and says plainly when buses cannot be searched", async () => {
    buses.offers = [];
    buses.days = new Map([
      [addDays(DATE, 2), 500_000],
      [addDays(DATE, -1), 450_000],
    ]);
    const empty = (await results()).body;
    expect(empty).toContain(html(CATALOGS.en["bus.empty"]));
    expect(empty).toContain(`date=${addDays(DATE, -1)}`);
    expect(empty).not.toContain('id="bus-filters"');
    buses.failing = true;
    const failed = await results();
    expect(failed.status).toBe(200);
    expect(failed.headers["cache-control"]).not.toContain("public");
    expect(failed.body).toContain(html(CATALOGS.en["bus.error.unavailable"]));
    // A deployment without bus inventory says the same, never an error page.
    const bare = await startTestServer(database.handle, {}, { clock, buses: null });
    try {
      const response = await rawRequest(bare.port, { path: `/en/bus/tehran-isfahan?date=${DATE}`, headers: { "user-agent": "vitest" } });
      expect(response.status).toBe(200);
      expect(response.body).toContain(html(CATALOGS.en["bus.error.unavailable"]));
    } finally {
      await bare.close();
    }
  });

  it("answers a bare route with the coming week's cheapest seat of each day, each day a link to its buses", async () => {
    buses.days = new Map([
      [TODAY, 450_000],
      [addDays(TODAY, 3), 380_000],
    ]);
    const response = await get("/en/bus/tehran-isfahan");
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toContain("s-maxage");
    expect(response.body).toContain(html(translate("en", "bus.landing.week", { from: "Tehran", to: "Isfahan" })));
    expect(response.body).toContain(`href="/en/bus/tehran-isfahan?date=${addDays(TODAY, 3)}&amp;adults=1"`);
    expect(response.body).toContain(html(translate("en", "bus.landing.from", { price: "380,000 toman" })));
    expect(withoutPageMessages(response.body).split(html(CATALOGS.en["bus.landing.noBus"])).length - 1).toBe(5);
    // Search engines get the route and the week's cheapest seat as the page's description.
    expect(response.body).toContain(
      `<meta name="description" content="${html(translate("en", "bus.landing.description", { from: "Tehran", to: "Isfahan", price: "380,000" }))}"/>`,
    );
    expect(buses.searches).toEqual([]);
  });

  it("refuses an invalid party or date on the form without asking the supplier", async () => {
    // The page shows the search with each message on its field (as every results route does).
    const party = await results({ adults: "0", infants: "1" });
    expect(party.body).toContain(html(CATALOGS.en["search.error.ADULT_REQUIRED"]));
    const past = await results({ date: addDays(TODAY, -2) });
    expect(past.body).toContain(html(CATALOGS.en["search.error.DATE_PAST"]));
    expect(buses.searches).toEqual([]);
    // A search form for buses asks for the party.
    expect(party.body).toContain('name="adults"');
  });
});
