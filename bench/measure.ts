/**
 * `npm run bench`: measures the production build on this machine and prints figures against the
 * budgets of ARCHITECTURE.md §8. It never fails on time; it reports.
 * Traffic goes only to 127.0.0.1, bounded in count and time.
 */
import { addDays, tehranToday } from "../core/search/dates.ts";
import { startServerProcess } from "../tests/support/server-process.ts";
import { pagesServedSection } from "./pages-served.ts";
import { benchRequest, loadCalls, type Figures, type LoadOptions } from "./load-calls.ts";
import { jsPerRoute } from "./js-budget.ts";
import { openDatabase } from "../adapters/db/client.ts";
import { createHouseTourSupplier } from "../adapters/suppliers/house/tour-supplier.ts";
import type { TourSearchQuery } from "../core/tours/tour.ts";
import { SYSTEM_CLOCK, alertCheckJob, databaseAdapters, rollTourInventory } from "../server/database-adapters.ts";
import { sql } from "drizzle-orm";
import { seedFlightInventory } from "../adapters/db/seed-flights.ts";
import { seedTenants, tenantIdBySlug } from "../adapters/db/seed.ts";
import { DEMO_TENANTS } from "../seed/demo-tenants.ts";
import { AIRLINES } from "../seed/flights/airlines.ts";
import { generateFlights } from "../seed/flights/generate.ts";
import { REFUND_RULES } from "../seed/flights/refund-rules.ts";

interface UrlLoadOptions extends LoadOptions {
  expectStatus?: number;
}

type RequestOptions = Parameters<typeof benchRequest>[1];

/** Keeps `concurrency` requests in flight, cycling through `urls`. */
function loadUrls(urls: readonly string[], init: RequestOptions, options: UrlLoadOptions): Promise<Figures> {
  return loadCalls(async (index) => {
    const res = await benchRequest(urls[index % urls.length]!, init);
    return res.status === (options.expectStatus ?? 200);
  }, options);
}

const load = (url: string, init: RequestOptions, options: UrlLoadOptions) => loadUrls([url], init, options);

function row(name: string, figures: Figures, budget: string) {
  console.log(
    `${name.padEnd(34)} ${figures.perSecond.toFixed(0).padStart(6)} req/s  p50 ${figures.p50.toFixed(1).padStart(6)} ms  p95 ${figures.p95.toFixed(1).padStart(6)} ms  p99 ${figures.p99.toFixed(1).padStart(6)} ms  errors ${figures.errors}   budget: ${budget}`,
  );
}

// The server runs as `npm start` does, in its own process, so client and server do not share a core.
const server = await startServerProcess({ LOG_LEVEL: "warn" });
const base = `http://127.0.0.1:${server.port}`;
const options = { seconds: 5, concurrency: 8, maxRequests: 20_000 };
console.log(
  `Hamsafar benchmarks on ${base} (npm start's server in its own process on PGlite, ${options.seconds} s each, ${options.concurrency} in flight)\n`,
);

await load(`${base}/`, { headers: { host: "localhost" } }, { seconds: 1, concurrency: 4, maxRequests: 500 });
await pagesServedSection(base, addDays(tehranToday(new Date()), 30), addDays);
console.log("");
row("SSR home page (fa)", await load(`${base}/`, {}, options), "≥ 300 req/s on one core");
row("SSR home page (en)", await load(`${base}/en`, {}, options), "≥ 300 req/s on one core");
row("SSR flight landing (form)", await load(`${base}/flight`, {}, { ...options, seconds: 3 }), "(reported)");
row(
  "SSR refused search (400)",
  await load(`${base}/flight?s=flight&fromText=mash&toText=mash&date=1400/01/01`, {}, { ...options, seconds: 3, expectStatus: 400 }),
  "(reported)",
);
const inAMonth = addDays(tehranToday(new Date()), 30);
row(
  "SSR flight results route",
  await load(`${base}/flight/THR-MHD?date=${inAMonth}&adults=1`, {}, { ...options, seconds: 3 }),
  "(reported)",
);
row("SSR not-found page", await load(`${base}/no-such-page`, {}, { ...options, seconds: 3, expectStatus: 404 }), "(reported)");
row("POST /main/getConfigItems/nuxt", await load(`${base}/main/getConfigItems/nuxt`, { method: "POST" }, options), "p95 ≤ 50 ms");
// The places API with a mix of what travellers type: Latin, Persian, Arabic, IATA codes, one letter.
const PLACE_QUERIES = ["mash", "مشه", "MHD", "teh", "تهر", "ist", "اسط", "kish", "shi", "ت", "a", "tab", "نجف", "دب", "ker", "bandar"];
const SERVICES = ["flight", "internationalflight", "train", "bus", "hotel", "outHotel", "tour", "insurance"];
let placeIndex = 0;
const placeUrls = Array.from({ length: 400 }, () => {
  placeIndex += 1;
  const q = PLACE_QUERIES[placeIndex % PLACE_QUERIES.length] ?? "mash";
  const service = SERVICES[placeIndex % SERVICES.length] ?? "flight";
  return `${base}/api/v1/places?service=${service}&q=${encodeURIComponent(q)}&lang=fa`;
});
row("GET /api/v1/places (mixed queries)", await loadUrls(placeUrls, {}, options), "p95 ≤ 10 ms (search API ≤ 50 ms)");
// The same queries one at a time: a traveller's own typing, without other requests queued ahead of it.
row("GET /api/v1/places (one at a time)", await loadUrls(placeUrls, {}, { ...options, seconds: 3, concurrency: 1 }), "p95 ≤ 10 ms");
// Flight search over the seeded 90 days: the busiest and quieter routes, every day of the window.
const ROUTES = [
  ["THR", "MHD"],
  ["MHD", "THR"],
  ["THR", "KIH"],
  ["THR", "SYZ"],
  ["SYZ", "THR"],
  ["THR", "TBZ"],
  ["IFN", "KIH"],
  ["MHD", "SYZ"],
  ["THR", "AWZ"],
  ["BND", "THR"],
];
const firstDay = tehranToday(new Date());
const flightUrls = Array.from({ length: 900 }, (_, index) => {
  const [from, to] = ROUTES[index % ROUTES.length]!;
  return `${base}/api/v1/flights/search?from=${from}&to=${to}&date=${addDays(firstDay, 1 + (index % 89))}&adults=2&children=1&infants=0`;
});
row("GET /api/v1/flights/search (90 days)", await loadUrls(flightUrls, {}, options), "p95 ≤ 50 ms");
row(
  "GET /api/v1/flights/search (one at a time)",
  await loadUrls(flightUrls, {}, { ...options, seconds: 3, concurrency: 1 }),
  "p95 ≤ 50 ms",
);
row(
  "SSR flight results (THR-MHD)",
  await load(`${base}/flight/THR-MHD?date=${inAMonth}&adults=1&children=0&infants=0&cabin=economy`, {}, { ...options, seconds: 3 }),
  "(reported)",
);
// International flights (issue 17): direct, one-stop and round-trip searches over the 90 days, at
// one and at ten connections, against the architecture guide's search budget.
const ABROAD = [
  ["IKA", "IST"],
  ["IKA", "DXB"],
  ["MHD", "IST"],
  ["SYZ", "FRA"],
  ["IKA", "NJF"],
  ["TBZ", "IST"],
  ["IKA", "KUL"],
  ["KIH", "DXB"],
];
const abroadUrls = Array.from({ length: 400 }, (_, index) => {
  const [from, to] = ABROAD[index % ABROAD.length]!;
  const date = addDays(firstDay, 2 + (index % 80));
  const back = index % 3 === 0 ? `&returnDate=${addDays(date, 7)}` : "";
  return `${base}/api/v1/internationalflights/search?from=${from}&to=${to}&date=${date}${back}&adults=2&children=1&infants=0`;
});
for (const concurrency of [1, 10])
  row(
    `GET /api/v1/internationalflights/search (${concurrency})`,
    await loadUrls(abroadUrls, {}, { ...options, seconds: 3, concurrency }),
    "p95 ≤ 30 ms (search)",
  );
for (const concurrency of [1, 10])
  row(
    `SSR international results (${concurrency})`,
    await load(`${base}/internationalflight/search/IKA/IST?date=${inAMonth}&adults=1`, {}, { ...options, seconds: 3, concurrency }),
    "(reported)",
  );
// Trains (issue 18): one-way and round-trip searches over the 90 days, coupe searches among them,
// at one and at ten connections, and the results page.
const RAIL = [
  ["tehran", "mashhad"],
  ["mashhad", "tehran"],
  ["tehran", "tabriz"],
  ["tehran", "isfahan"],
  ["tehran", "yazd"],
  ["tehran", "bandar-abbas"],
  ["mashhad", "yazd"],
  ["tehran", "ahvaz"],
];
const railUrls = Array.from({ length: 400 }, (_, index) => {
  const [from, to] = RAIL[index % RAIL.length]!;
  const date = addDays(firstDay, 1 + (index % 85));
  const back = index % 3 === 0 ? `&returnDate=${addDays(date, 3)}` : "";
  const coupe = index % 5 === 0 ? "&coupe=1" : "";
  return `${base}/api/v1/trains/search?from=${from}&to=${to}&date=${date}${back}${coupe}&adults=2&children=1&infants=0`;
});
for (const concurrency of [1, 10])
  row(
    `GET /api/v1/trains/search (${concurrency})`,
    await loadUrls(railUrls, {}, { ...options, seconds: 3, concurrency }),
    "p95 ≤ 30 ms (search)",
  );
for (const concurrency of [1, 10])
  row(
    `SSR train results (${concurrency})`,
    await load(`${base}/train/tehran-mashhad?date=${inAMonth}&adults=2`, {}, { ...options, seconds: 3, concurrency }),
    "(reported)",
  );
// Buses (issue 19): searches between large cities over the 90 days at one and at ten connections,
// the results page, and the results page with a bus's seat map open.
const ROAD = [
  ["tehran", "isfahan"],
  ["isfahan", "tehran"],
  ["tehran", "mashhad"],
  ["tehran", "shiraz"],
  ["shiraz", "isfahan"],
  ["tehran", "tabriz"],
  ["tehran", "rasht"],
  ["kerman", "yazd"],
];
const roadUrls = Array.from({ length: 400 }, (_, index) => {
  const [from, to] = ROAD[index % ROAD.length]!;
  return `${base}/api/v1/buses/search?from=${from}&to=${to}&date=${addDays(firstDay, 1 + (index % 85))}&adults=2&children=1&infants=0`;
});
for (const concurrency of [1, 10])
  row(
    `GET /api/v1/buses/search (${concurrency})`,
    await loadUrls(roadUrls, {}, { ...options, seconds: 3, concurrency }),
    "p95 ≤ 30 ms (search)",
  );
const busResultsUrl = `${base}/bus/tehran-isfahan?date=${inAMonth}&adults=2`;
for (const concurrency of [1, 10])
  row(`SSR bus results (${concurrency})`, await load(busResultsUrl, {}, { ...options, seconds: 3, concurrency }), "(reported)");
// A bus of that day, from the API, for the page with its seat map.
async function firstBusOffer(url: string): Promise<string | null> {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const body = (await response.json()) as { offers?: { offerId: string }[] };
    return body.offers?.[0]?.offerId ?? null;
  } catch {
    return null;
  }
}
const busOffer = await firstBusOffer(`${base}/api/v1/buses/search?from=tehran&to=isfahan&date=${inAMonth}&adults=2`);
if (busOffer)
  row(
    "SSR bus results with seat map (1)",
    await load(`${busResultsUrl}&bus=${encodeURIComponent(busOffer)}`, {}, { ...options, seconds: 3, concurrency: 1 }),
    "(reported)",
  );
// Hotels (issue 20): Mashhad's hotels (about 40 in the house inventory) for a 7-night stay of two
// rooms, unfiltered and with every filter of the panel (stars, price bands, beds, facilities, name) and a sort.
const hotelList = `${base}/hotel/mashhad?checkIn=${inAMonth}&checkOut=${addDays(inAMonth, 7)}&room=2-0&room=2-1`;
// The name is searched in the page's language: the Persian word for hotel keeps a handful listed.
const everyHotelFilter = `stars=4&stars=5&priceBand=1.5m-3m&priceBand=3m-4.5m&priceBand=4.5m-6m&beds=2&beds=3&facilities=wifi&facilities=parking&name=${encodeURIComponent("هتل")}&sort=rating`;
row("SSR hotel results (7 nights)", await load(hotelList, {}, { ...options, seconds: 3, concurrency: 1 }), "(reported)");
for (const concurrency of [1, 10])
  row(
    `SSR hotel results, every filter (${concurrency})`,
    await load(`${hotelList}&${everyHotelFilter}`, {}, { ...options, seconds: 3, concurrency }),
    "(reported)",
  );
// Tours (issue 21): the API's search and the results page of a city's departures for a party.
const tourSearchUrl = `${base}/api/v1/tours/search?scope=domestic&from=tehran&to=kish&date=${inAMonth}&adults=2`;
const tourResultsUrl = `${base}/tour/kish?from=tehran&date=${inAMonth}&adults=2`;
for (const concurrency of [1, 10]) {
  row(
    `GET /api/v1/tours/search (${concurrency})`,
    await load(tourSearchUrl, {}, { ...options, seconds: 3, concurrency }),
    "p95 ≤ 30 ms (search)",
  );
  row(`SSR tour results (${concurrency})`, await load(tourResultsUrl, {}, { ...options, seconds: 3, concurrency }), "(reported)");
}
// Travel insurance (issue 21): plans for Germany (Schengen) for a couple and a traveller of 72.
const insuranceQuery = "days=15&birth=1990-01-01&birth=1992-06-15&birth=1954-03-01";
for (const concurrency of [1, 10]) {
  row(
    `GET /api/v1/insurance/plans (${concurrency})`,
    await load(`${base}/api/v1/insurance/plans?country=DE&${insuranceQuery}`, {}, { ...options, seconds: 3, concurrency }),
    "p95 ≤ 30 ms (search)",
  );
  row(
    `SSR insurance plans (${concurrency})`,
    await load(`${base}/insurance/services/DE?${insuranceQuery}`, {}, { ...options, seconds: 3, concurrency }),
    "(reported)",
  );
}
row("GET /healthz", await load(`${base}/healthz`, {}, { ...options, seconds: 2 }), "(reported)");
await jsPerRoute(base);

await server.stop();

// Tours (issue 21): the house supplier's own search, called in this process on a fresh in-memory
// database with the rolled inventory (the server's PGlite folder belongs to its process): landings
// (a scope without a destination), a city's departures, by transport and abroad, over the window.
{
  const database = await openDatabase({ kind: "pglite", dataDir: null });
  await database.migrate();
  await rollTourInventory(database, new Date(), { info: () => {} });
  const tours = createHouseTourSupplier(database.db, SYSTEM_CLOCK);
  const TOUR_QUERIES: Omit<TourSearchQuery, "date">[] = [
    { scope: "domestic", from: "tehran", to: "kish" },
    { scope: "domestic", to: "mashhad" },
    { scope: "domestic", to: "mashhad", transport: "train" },
    { scope: "domestic" },
    { scope: "domestic", from: "isfahan", to: "shiraz", seats: 4 },
    { scope: "international", from: "tehran", to: "istanbul" },
    { scope: "international", to: "dubai", seats: 3 },
    { scope: "international" },
  ];
  const search = async (index: number) => {
    const query = TOUR_QUERIES[index % TOUR_QUERIES.length]!;
    await tours.searchTours({ ...query, date: addDays(firstDay, index % 90), locale: "fa" });
    return true;
  };
  console.log("");
  for (const concurrency of [1, 10])
    row(`house searchTours (${concurrency})`, await loadCalls(search, { ...options, seconds: 3, concurrency }), "p95 ≤ 30 ms (search)");
  await database.close();
}

// Notify-me alerts (issue 22 §5): 100,000 active alerts on a few hundred route-days, due at once,
// checked by one run of the watch-alerts job on a fresh in-memory database. Its searches must
// equal its groups (one per route, day and party), never its alerts.
{
  const database = await openDatabase({ kind: "pglite", dataDir: null });
  await database.migrate();
  await seedTenants(database.db, DEMO_TENANTS);
  const today = tehranToday(new Date());
  await seedFlightInventory(database.db, {
    airlines: AIRLINES,
    refundRules: REFUND_RULES,
    flights: generateFlights({ firstDate: addDays(today, 1), days: 3 }),
  });
  const tenantId = (await tenantIdBySlug(database.db, "hamsafar"))!;
  const due = new Date(Date.now() - 60_000).toISOString();
  // One in a thousand measures from a price far above today's, so the run also fires and sends.
  await database.db.execute(sql`
    with days as (
      select distinct from_iata, to_iata, to_char((depart_at at time zone 'Asia/Tehran')::date, 'YYYY-MM-DD') as day
      from flights where depart_at > now() + interval '1 day'
    ), numbered as (select *, row_number() over (order by from_iata, to_iata, day) - 1 as i, count(*) over () as total from days)
    insert into watch_alerts (tenant_id, mobile, locale, kind, service, from_code, to_code, travel_date, percent, interval_minutes,
      status, baseline_price, next_check_at, remove_token, created_at, updated_at)
    select ${tenantId}::uuid, '0912' || lpad(n::text, 7, '0'), 'fa', 'price-drop', 'flight', from_iata, to_iata, day::date, 10, 60,
      'active', case when n % 1000 = 0 then 1000000000 else null end, ${due}::timestamptz, md5(n::text || random()::text),
      ${due}::timestamptz, ${due}::timestamptz
    from generate_series(0, 99999) as n join numbered on numbered.i = n % numbered.total`);
  const adapters = databaseAdapters(database);
  const started = performance.now();
  const result = await alertCheckJob(adapters)();
  const seconds = (performance.now() - started) / 1000;
  console.log("");
  console.log(
    `watch-alerts job (one run)          alerts ${result.alerts}  groups ${result.groups}  searches ${result.searches}  fired ${result.fired}  sms ${result.sms}  ${seconds.toFixed(1)} s   budget: searches = groups`,
  );
  await database.close();
}
