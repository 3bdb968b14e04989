/**
 * `npm run bench:scale` (issue 24 §3): the storefront scaled out on PostgreSQL, measured. It
 * makes a fresh database (dropped at the end), migrates and seeds it, multiplies the house
 * inventory past 1,000,000 fare rows in SQL, then runs two web processes (WORKER_IN_PROCESS=false)
 * and one `npm run worker` and measures: search latency over the API, holds per second with the
 * seats counted afterwards, whole paid bookings, hold expiry on the worker, and memory and CPU
 * per process (the CPU gives the cost per 1,000 bookings an hour). It prints figures against the
 * budgets of ARCHITECTURE.md §8 and never fails on time: only an oversold departure exits with 1.
 * Traffic goes only to 127.0.0.1, bounded in count and time.
 *
 * BENCH_DATABASE_URL: the PostgreSQL server to make the database on (default
 * postgres://postgres@127.0.0.1:5432); the role needs CREATEDB.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import PgBoss from "pg-boss";
import { openDatabase, type DatabaseHandle } from "../adapters/db/client.ts";
import { seedTenants } from "../adapters/db/seed.ts";
import { addDays, tehranToday } from "../core/search/dates.ts";
import { DEMO_TENANTS } from "../seed/demo-tenants.ts";
import { databaseAdapters, writeProductData } from "../server/database-adapters.ts";
import { BOOKING_HOLD_EXPIRY, FARE_HISTORY, FLIGHT_INVENTORY_ROLL } from "../server/worker/jobs.ts";
import { JOB_SCHEMA } from "../server/worker/start-worker.ts";
import { benchRequest, loadCalls, type Figures, type LoadOptions } from "./load-calls.ts";
import { startServerProcess, startWorkerProcess, type ServerProcess, type WorkerProcess } from "../tests/support/server-process.ts";

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432";
const FARE_ROWS_TARGET = 1_000_000;
/** Past departures kept in the flight tables, as a database a year in production holds: four 90-day windows back. */
const PAST_FLIGHT_WINDOWS = 4;
const SALES_WINDOW_DAYS = 90;
const SEARCH_BUDGET_P95_MS = 30;
const HOLDS_BUDGET_PER_SECOND = 500;
/** Searches a visitor makes for each booking, to price search into the cost per booking: an assumption, said where printed. */
const SEARCHES_PER_BOOKING = 50;
const METRICS_TOKEN = randomBytes(18).toString("base64url");
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

// ---------------------------------------------------------------- measuring

const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;

function row(name: string, figures: Figures, budget: string) {
  console.log(
    `  ${name.padEnd(30)} ${String(figures.requests).padStart(5)} req ${figures.perSecond.toFixed(0).padStart(5)}/s  p50 ${ms(figures.p50)}  p95 ${ms(figures.p95)}  p99 ${ms(figures.p99)}  errors ${figures.errors}   ${budget}`,
  );
}

/** CPU seconds a process has used (user + system), from /proc; null when it cannot be read. */
function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis: state is the first, utime the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** Resident memory of a process in MB, from /proc. */
function rssMbOf(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((entry) => entry.startsWith("VmRSS:"));
    return line ? Number(line.replace(/\D+/g, "")) / 1024 : null;
  } catch {
    return null;
  }
}

/** process_resident_memory_bytes as the process's own /metrics reports it, in MB. */
async function metricsRssMb(server: ServerProcess): Promise<number | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      signal: AbortSignal.timeout(5_000),
    });
    const text = await res.text();
    const match = /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text);
    return match ? Number(match[1]) / 1024 / 1024 : null;
  } catch {
    return null;
  }
}

/** The machine's load: figures taken on a busy machine are slower than the CPU they cost says they could be. */
const loadLine = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}`;

/**
 * Samples, every 100 ms while `work` runs, how many of this database's backends are running a
 * statement and how many of those wait on a lock: the holds' time split between work and queueing.
 */
async function withLockSampling<T>(bench: Bench, work: () => Promise<T>): Promise<{ result: T; active: number; waiting: number }> {
  const sampler = new pg.Client({ connectionString: bench.url });
  await sampler.connect();
  let samples = 0;
  let active = 0;
  let waiting = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const { rows } = await sampler.query<{ active: string; waiting: string }>(
        `select count(*) filter (where state = 'active') as active,
                count(*) filter (where state = 'active' and wait_event_type = 'Lock') as waiting
         from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [bench.dbName],
      );
      samples += 1;
      active += Number(rows[0]!.active);
      waiting += Number(rows[0]!.waiting);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const result = await work();
    return { result, active: active / Math.max(1, samples), waiting: waiting / Math.max(1, samples) };
  } finally {
    running = false;
    await sampling;
    await sampler.end();
  }
}

/** Waits (bounded) until the worker has finished the jobs it queues at start, so they do not count as load. */
async function workerStartJobsDone(worker: WorkerProcess): Promise<boolean> {
  const deadline = Date.now() + 300_000;
  const done = (queue: string) =>
    worker
      .output()
      .split("\n")
      .some((line) => line.includes(`"queue":"${queue}"`) && /"msg":"job (done|failed)"/.test(line));
  while (Date.now() < deadline) {
    if ([FLIGHT_INVENTORY_ROLL, FARE_HISTORY].every(done)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

// ---------------------------------------------------------------- the database

interface Bench {
  dbName: string;
  url: string;
  database: DatabaseHandle;
  /** Its own connection for counting, EXPLAIN and the backends' CPU. */
  admin: pg.Client;
  webA: ServerProcess;
  webB: ServerProcess;
  worker: WorkerProcess;
  boss: PgBoss;
}

const count = async (client: pg.Client, sql: string): Promise<number> => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);

async function timed(label: string, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  console.log(`  ${label.padEnd(62)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
}

/**
 * The house inventory multiplied in SQL, every constraint kept: trains and buses get every
 * departure of the 90-day sales window (the suppliers make a day on its first search; here every
 * day is made, compartments included, under the keys the suppliers use), and the flight tables
 * get four 90-day windows of past departures, as a year in production leaves them.
 */
async function multiplyInventory(client: pg.Client): Promise<void> {
  await timed("train departures, 90 days, every compartment", async () => {
    await client.query(`
      insert into train_departures (key, train_number, from_station, to_station, depart_at, arrive_at, price_percent)
      select t.number || '-' || d.day::text, t.number, t.from_station, t.to_station,
             (d.day::text || 'T00:00:00+03:30')::timestamptz + make_interval(mins => t.departs_minute),
             (d.day::text || 'T00:00:00+03:30')::timestamptz + make_interval(mins => t.departs_minute + t.duration_minutes),
             t.weekday_percents[extract(dow from d.day)::int + 1]
      from trains t
      cross join lateral (select (now() at time zone 'Asia/Tehran')::date + n as day from generate_series(0, ${SALES_WINDOW_DAYS - 1}) as n) as d
      on conflict (key) do nothing`);
    await client.query(`
      insert into train_compartments (departure_id, wagon, compartment, kind, ticket_type, beds, free_beds)
      select dep.id, (w.value->>'number')::smallint, c.ordinality::smallint, w.value->>'kind', c.value,
             (w.value->>'bedsPerCompartment')::smallint, (w.value->>'bedsPerCompartment')::smallint
      from train_departures dep
      join trains t on t.number = dep.train_number
      cross join lateral jsonb_array_elements(t.wagons) as w(value)
      cross join lateral jsonb_array_elements_text(w.value->'compartments') with ordinality as c(value, ordinality)
      on conflict do nothing`);
  });
  await timed("bus departures, 90 days, on the weekdays each trip runs", async () => {
    await client.query(`
      insert into bus_departures (key, trip_code, from_city, to_city, depart_at, arrive_at, price, seat_count)
      select t.code || '-' || d.day::text, t.code, t.from_city, t.to_city,
             (d.day::text || 'T00:00:00+03:30')::timestamptz + make_interval(mins => t.departs_minute),
             (d.day::text || 'T00:00:00+03:30')::timestamptz + make_interval(mins => t.departs_minute + t.duration_minutes),
             t.price, l.seat_count
      from bus_trips t
      join bus_layouts l on l.bus_type = t.bus_type
      cross join lateral (select (now() at time zone 'Asia/Tehran')::date + n as day from generate_series(0, ${SALES_WINDOW_DAYS - 1}) as n) as d
      where extract(dow from d.day)::smallint = any(t.weekdays)
      on conflict (key) do nothing`);
  });
  await timed(`flights and fares, ${PAST_FLIGHT_WINDOWS} windows of past departures`, async () => {
    await client.query(`
      insert into flights (key, airline_code, flight_number, from_iata, to_iata, depart_at, arrive_at, aircraft, charter, status)
      select 'past' || k || '-' || f.key, f.airline_code, f.flight_number, f.from_iata, f.to_iata,
             f.depart_at - make_interval(days => ${SALES_WINDOW_DAYS} * k), f.arrive_at - make_interval(days => ${SALES_WINDOW_DAYS} * k),
             f.aircraft, f.charter, f.status
      from flights f cross join generate_series(1, ${PAST_FLIGHT_WINDOWS}) as k
      where f.key not like 'past%'`);
    await client.query(`
      insert into flight_fares (flight_id, fare_class, cabin, adult_price, child_price, infant_price, seats_total, seats_available, baggage_kg, taxes_per_seat, refund_rule_id)
      select copy.id, ff.fare_class, ff.cabin, ff.adult_price, ff.child_price, ff.infant_price, ff.seats_total, ff.seats_available, ff.baggage_kg, ff.taxes_per_seat, ff.refund_rule_id
      from flights copy
      join flights original on original.key = regexp_replace(copy.key, '^past[0-9]+-', '')
      join flight_fares ff on ff.flight_id = original.id
      where copy.key like 'past%'`);
  });
  await timed("ANALYZE", () => client.query("analyze"));
}

async function printCounts(client: pg.Client): Promise<number> {
  const tables = [
    ["flights", "flights (departures)"],
    ["flight_fares", "flight_fares (fare rows)"],
    ["intl_flight_segments", "intl_flight_segments"],
    ["intl_segment_fares", "intl_segment_fares (fare rows)"],
    ["train_departures", "train_departures"],
    ["train_compartments", "train_compartments (fare rows)"],
    ["bus_trips", "bus_trips"],
    ["bus_departures", "bus_departures (fare rows)"],
  ] as const;
  let fareRows = 0;
  for (const [table, label] of tables) {
    const n = await count(client, `select count(*) as n from ${table}`);
    if (label.includes("fare rows")) fareRows += n;
    console.log(`  ${label.padEnd(34)} ${n.toLocaleString("en").padStart(10)}`);
  }
  console.log(
    `  ${"fare rows in all".padEnd(34)} ${fareRows.toLocaleString("en").padStart(10)}   target: ≥ ${FARE_ROWS_TARGET.toLocaleString("en")}`,
  );
  const size = (await client.query<{ size: string }>("select pg_size_pretty(pg_database_size(current_database())) as size")).rows[0]!.size;
  console.log(`  ${"database size".padEnd(34)} ${size.padStart(10)}`);
  return fareRows;
}

// ---------------------------------------------------------------- CPU accounting

interface CpuUse {
  web: number;
  worker: number;
  database: number;
  seconds: number;
}

/** CPU seconds of this database's server backends (the bench's own connection left out), by pid. */
async function backendCpu(bench: Bench): Promise<Map<number, number>> {
  const { rows } = await bench.admin.query("select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
    bench.dbName,
  ]);
  const use = new Map<number, number>();
  for (const { pid } of rows as { pid: number }[]) {
    const seconds = cpuSecondsOf(pid);
    if (seconds !== null) use.set(pid, seconds);
  }
  return use;
}

/**
 * Runs `work` and measures the CPU the two web processes, the worker and this database's
 * backends used meanwhile. A backend that closes during the work takes its share with it (the
 * pools keep theirs open while busy), so the database figure is a floor.
 */
async function withCpu<T>(bench: Bench, work: () => Promise<T>): Promise<{ result: T; cpu: CpuUse }> {
  const webCpu = () => (cpuSecondsOf(bench.webA.pid) ?? 0) + (cpuSecondsOf(bench.webB.pid) ?? 0);
  const webBefore = webCpu();
  const workerBefore = cpuSecondsOf(bench.worker.pid) ?? 0;
  const databaseBefore = await backendCpu(bench);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const databaseAfter = await backendCpu(bench);
  let database = 0;
  for (const [pid, after] of databaseAfter) database += after - (databaseBefore.get(pid) ?? 0);
  return {
    result,
    cpu: { web: webCpu() - webBefore, worker: (cpuSecondsOf(bench.worker.pid) ?? 0) - workerBefore, database, seconds },
  };
}

const cpuLine = (cpu: CpuUse, per: number, what: string) =>
  `  CPU: web ${cpu.web.toFixed(2)} s, worker ${cpu.worker.toFixed(2)} s, database ${cpu.database.toFixed(2)} s over ${cpu.seconds.toFixed(1)} s` +
  (per > 0
    ? ` = ${((cpu.web / per) * 1000).toFixed(1)} / ${((cpu.worker / per) * 1000).toFixed(1)} / ${((cpu.database / per) * 1000).toFixed(1)} ms per ${what}`
    : "");

// ---------------------------------------------------------------- search

interface SearchKind {
  name: string;
  paths: string[];
  /** One search of the kind made in this process, for EXPLAIN. */
  inProcess: () => Promise<unknown>;
}

async function searchKinds(bench: Bench): Promise<SearchKind[]> {
  const client = bench.admin;
  const today = tehranToday(new Date());
  // Many routes and days: each request a route and a day of the next 60, drawn in turn.
  const day = (index: number) => addDays(today, 1 + ((index * 7919) % 60));
  const pathsOf = (routes: { from: string; to: string }[], service: string) =>
    Array.from({ length: 600 }, (_, index) => {
      const route = routes[(index * 104_729) % routes.length]!;
      return `/api/v1/${service}/search?from=${encodeURIComponent(route.from)}&to=${encodeURIComponent(route.to)}&date=${day(index)}&adults=1`;
    });
  const flights = (
    await client.query("select distinct from_iata as from, to_iata as to from flights where key not like 'past%' order by 1, 2")
  ).rows as { from: string; to: string }[];
  const trains = (await client.query("select distinct from_station as from, to_station as to from trains order by 1, 2")).rows as {
    from: string;
    to: string;
  }[];
  const buses = (await client.query("select distinct from_city as from, to_city as to from bus_trips order by 1, 2")).rows as {
    from: string;
    to: string;
  }[];
  const adapters = databaseAdapters(bench.database);
  const party = { adults: 1, children: 0, infants: 0 };
  const busiest = async (table: string, from: string, to: string) =>
    (await client.query(`select ${from} as from, ${to} as to from ${table} group by 1, 2 order by count(*) desc limit 1`)).rows[0] as {
      from: string;
      to: string;
    };
  const flightRoute = await busiest("flights", "from_iata", "to_iata");
  const trainRoute = await busiest("trains", "from_station", "to_station");
  const busRoute = await busiest("bus_trips", "from_city", "to_city");
  const date = addDays(today, 3);
  console.log(`  routes: ${flights.length} flight, ${trains.length} train, ${buses.length} bus; days: the next 60`);
  return [
    { name: "flights", paths: pathsOf(flights, "flights"), inProcess: () => adapters.flights.search({ ...flightRoute, date, ...party }) },
    {
      name: "trains",
      paths: pathsOf(trains, "trains"),
      inProcess: () => adapters.trains.search({ ...trainRoute, date, ...party, ticketType: "general", coupe: false }),
    },
    { name: "buses", paths: pathsOf(buses, "buses"), inProcess: () => adapters.buses.search({ ...busRoute, date, ...party }) },
  ];
}

type QueryCall = { text: string; values: unknown[] };

/** The SQL statements `work` sends through the pg pools of this process. */
async function capturedQueries(work: () => Promise<unknown>): Promise<QueryCall[]> {
  const prototype = pg.Pool.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  const seen: QueryCall[] = [];
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args;
    if (typeof config === "string") seen.push({ text: config, values: Array.isArray(values) ? values : [] });
    else if (config && typeof config === "object" && "text" in config) {
      const query = config as { text: string; values?: unknown[] };
      seen.push({ text: query.text, values: query.values ?? (Array.isArray(values) ? values : []) });
    }
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype.query = original;
  }
  return seen;
}

/** EXPLAIN ANALYZE of each read a search makes; the slowest, with its plan. */
async function slowestQuery(bench: Bench, kind: SearchKind): Promise<{ executionMs: number; text: string; plan: string } | null> {
  const queries = (await capturedQueries(kind.inProcess)).filter((query) => /^\s*(select|with)\b/i.test(query.text));
  let slowest: { executionMs: number; text: string; plan: string } | null = null;
  for (const query of queries) {
    const { rows } = await bench.admin.query(`explain (analyze, buffers) ${query.text}`, query.values);
    const plan = (rows as Record<string, string>[]).map((line) => line["QUERY PLAN"]).join("\n");
    const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
    if (!slowest || executionMs > slowest.executionMs) slowest = { executionMs, text: query.text, plan };
  }
  return slowest;
}

/** Web and database CPU seconds of one search, the mean of the kinds at 10 connections. */
async function measureSearch(bench: Bench): Promise<{ web: number; database: number }> {
  const costs: { web: number; database: number }[] = [];
  console.log("\nSearch over the API, alternating between the two web processes");
  const kinds = await searchKinds(bench);
  const servers = [bench.webA, bench.webB];
  for (const kind of kinds) {
    const call = async (index: number) => {
      const res = await benchRequest(`http://127.0.0.1:${servers[index % 2]!.port}${kind.paths[index % kind.paths.length]}`);
      return res.status === 200;
    };
    await loadCalls((index) => call(index + 300), { seconds: 10, concurrency: 2, maxRequests: 60 });
    const one = await loadCalls(call, { seconds: 15, concurrency: 1, maxRequests: 400 });
    row(`${kind.name}, 1 connection`, one, `budget p95 ≤ ${SEARCH_BUDGET_P95_MS} ms`);
    const { result: ten, cpu } = await withCpu(bench, () =>
      loadCalls((index) => call(index + 1000), { seconds: 20, concurrency: 10, maxRequests: 2_000 }),
    );
    row(`${kind.name}, 10 connections`, ten, `budget p95 ≤ ${SEARCH_BUDGET_P95_MS} ms`);
    console.log(cpuLine(cpu, ten.requests, "search"));
    costs.push({ web: cpu.web / Math.max(1, ten.requests), database: cpu.database / Math.max(1, ten.requests) });
    const perSearch = (cpu.web + cpu.database) / Math.max(1, ten.requests);
    console.log(`  CPU-bound ceiling (web + database CPU per search): ${(1 / perSearch).toFixed(0)} searches/s per core; ${loadLine()}`);
    const slowest = await slowestQuery(bench, kind);
    if (slowest) console.log(`  slowest query of one ${kind.name} search in the database: ${slowest.executionMs.toFixed(2)} ms`);
    if (slowest && Math.max(one.p95, ten.p95) > SEARCH_BUDGET_P95_MS) {
      console.log(`  over budget: EXPLAIN (ANALYZE, BUFFERS) of that query\n    ${slowest.text.replace(/\s+/g, " ").slice(0, 600)}`);
      console.log(slowest.plan.replace(/^/gm, "    "));
    }
  }
  const mean = (pick: (cost: { web: number; database: number }) => number) =>
    costs.reduce((sum, cost) => sum + pick(cost), 0) / costs.length;
  return { web: mean((cost) => cost.web), database: mean((cost) => cost.database) };
}

// ---------------------------------------------------------------- holds

const PASSENGER = {
  type: "adult",
  firstName: "علی",
  lastName: "رضایی",
  gender: "male",
  birthDate: "1990-05-01",
  nationalCode: "0499370899",
};

function bookingBody(offerId: string, index: number): string {
  return JSON.stringify({
    offerId,
    passengers: [PASSENGER],
    contact: { mobile: `0912${String(1_000_000 + (index % 9_000_000)).slice(-7)}` },
  });
}

/** Fares of distinct future flights, none used before, each left with exactly `seats` seats. */
async function freshFares(bench: Bench, howMany: number, seats: number, used: Set<string>): Promise<string[]> {
  const { rows } = await bench.admin.query(
    `select distinct on (f.id) ff.id from flight_fares ff join flights f on f.id = ff.flight_id
     where f.key not like 'past%' and f.depart_at between now() + interval '2 days' and now() + interval '40 days'
       and not (ff.id = any($1::uuid[]))
     order by f.id, ff.adult_price limit $2`,
    [[...used], howMany],
  );
  const ids = (rows as { id: string }[]).map((found) => found.id);
  for (const id of ids) used.add(id);
  await bench.admin.query("update flight_fares set seats_total = $2, seats_available = $2 where id = any($1::uuid[])", [ids, seats]);
  return ids;
}

interface SeatCount {
  capacity: number;
  available: number;
  held: number;
  bookings: number;
  oversold: number;
}

/** Seats of these fares as the database has them: capacity, what is left, what live holds keep, and the live bookings on them. */
async function countSeats(bench: Bench, fares: string[]): Promise<SeatCount> {
  const { rows } = await bench.admin.query(
    `select ff.id, ff.seats_total as capacity, ff.seats_available as available,
            coalesce((select sum(h.seats) from flight_holds h where h.fare_id = ff.id and h.status in ('held', 'issued')), 0)::int as held,
            (select count(*) from booking_items i join bookings b on b.id = i.booking_id
              where i.offer_id = ff.id::text and b.status in ('held', 'awaiting_payment', 'paid', 'issued'))::int as bookings
     from flight_fares ff where ff.id = any($1::uuid[])`,
    [fares],
  );
  const total: SeatCount = { capacity: 0, available: 0, held: 0, bookings: 0, oversold: 0 };
  for (const fare of rows as { capacity: number; available: number; held: number; bookings: number }[]) {
    total.capacity += fare.capacity;
    total.available += fare.available;
    total.held += fare.held;
    total.bookings += fare.bookings;
    // Sold past capacity, or counters that do not add up, on this departure.
    total.oversold += Math.max(0, fare.held - fare.capacity, fare.bookings - fare.capacity, fare.held + fare.available - fare.capacity);
  }
  return total;
}

interface DatabaseActivity {
  transactions: number;
  inserted: number;
  updated: number;
}

/**
 * This database's transaction and row counters. Backends report them about once a second, so the
 * figures are read until two reads a second apart agree (at most five seconds).
 */
async function databaseActivity(bench: Bench): Promise<DatabaseActivity> {
  const read = async () => {
    await bench.admin.query("select pg_stat_clear_snapshot()");
    const { rows } = await bench.admin.query<{ transactions: string; inserted: string; updated: string }>(
      `select xact_commit + xact_rollback as transactions, tup_inserted as inserted, tup_updated as updated
       from pg_stat_database where datname = current_database()`,
    );
    return { transactions: Number(rows[0]!.transactions), inserted: Number(rows[0]!.inserted), updated: Number(rows[0]!.updated) };
  };
  const deadline = Date.now() + 5_000;
  let last = await read();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await read();
    if (now.transactions === last.transactions && now.inserted === last.inserted) return now;
    last = now;
  }
  return last;
}

/** Holds (POST /api/v1/bookings, one adult each) spread over the fares and both web processes; how they went and the seats after. */
async function holdBurst(bench: Bench, fares: string[], options: LoadOptions) {
  const servers = [bench.webA, bench.webB];
  const statuses = new Map<string, number>();
  let held = 0;
  let lastHoldAt = 0;
  const activityBefore = await databaseActivity(bench);
  const started = performance.now();
  const {
    result: { result: figures, active, waiting },
    cpu,
  } = await withCpu(bench, () =>
    withLockSampling(bench, () =>
      loadCalls(async (index) => {
        const res = await benchRequest(`http://127.0.0.1:${servers[index % 2]!.port}/api/v1/bookings`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: bookingBody(fares[index % fares.length]!, index),
        });
        const refusal = () => (JSON.parse(res.text()) as { error?: { code?: string } }).error?.code ?? "";
        const outcome = res.status === 201 ? "201" : `${res.status} ${refusal()}`.trim();
        statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
        if (res.status === 201) {
          held += 1;
          lastHoldAt = performance.now();
        }
        // A refusal for want of seats is an answer, not an error.
        return res.status === 201 || res.status === 409;
      }, options),
    ),
  );
  const sellingSeconds = held > 0 ? (lastHoldAt - started) / 1000 : figures.seconds;
  const activityAfter = await databaseActivity(bench);
  const activity = {
    transactions: activityAfter.transactions - activityBefore.transactions,
    inserted: activityAfter.inserted - activityBefore.inserted,
    updated: activityAfter.updated - activityBefore.updated,
  };
  return { figures, cpu, held, sellingSeconds, statuses, active, waiting, activity, seats: await countSeats(bench, fares) };
}

/** `budgeted`: the burst whose rate is the budget's; a contended burst is about oversell, and mostly refusals. */
function printBurst(title: string, burst: Awaited<ReturnType<typeof holdBurst>>, budgeted: boolean) {
  const { figures, held, sellingSeconds, statuses, seats } = burst;
  console.log(`\n${title}`);
  row("hold requests", figures, "");
  console.log(
    `  holds made ${held} in ${sellingSeconds.toFixed(2)} s = ${(held / sellingSeconds).toFixed(0)} holds/s   ` +
      (budgeted ? `budget: ≥ ${HOLDS_BUDGET_PER_SECOND} holds/s` : "(a contention test: what counts is zero oversell)"),
  );
  console.log(`  answers: ${[...statuses].map(([status, n]) => `${status} × ${n}`).join(", ")}`);
  console.log(
    `  seats: capacity ${seats.capacity}, held by live holds ${seats.held}, left ${seats.available}, live bookings ${seats.bookings}, holds answered 201 ${held}` +
      `  → oversold: ${seats.oversold}${seats.oversold === 0 && held === seats.held ? " (every 201 has its seat, none twice)" : ""}`,
  );
  console.log(cpuLine(burst.cpu, held, "hold"));
  const requests = Math.max(1, burst.figures.requests);
  console.log(
    `  database work per hold request: ${(burst.activity.transactions / requests).toFixed(1)} transactions, ${(burst.activity.inserted / requests).toFixed(1)} rows inserted, ${(burst.activity.updated / requests).toFixed(1)} updated`,
  );
  const perHold = (burst.cpu.web + burst.cpu.database) / Math.max(1, held);
  console.log(
    `  database backends running a statement: ${burst.active.toFixed(1)} on average, ${burst.waiting.toFixed(1)} of them waiting on a lock; ${loadLine()}`,
  );
  console.log(
    `  CPU-bound ceiling (web + database CPU per hold): ${(1 / perHold).toFixed(0)} holds/s per core, ${(cpus().length / perHold).toFixed(0)} on this machine's ${cpus().length} cores if they were the bench's alone`,
  );
}

// ---------------------------------------------------------------- whole bookings

/** The bank's auto-submitting form: its hidden fields. */
function bankFields(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, "&")]),
  );
}

/** Held on one process, paid at the sandbox bank, the bank's callback arriving at the other: issued or not. */
async function paidBooking(bench: Bench, fare: string, index: number): Promise<boolean> {
  const [first, second] = index % 2 === 0 ? [bench.webA, bench.webB] : [bench.webB, bench.webA];
  const post = (server: ServerProcess, path: string, body: string, type = "application/json") =>
    fetch(`http://127.0.0.1:${server.port}${path}`, { method: "POST", headers: { "content-type": type }, body, redirect: "manual" });
  const created = await post(first, "/api/v1/bookings", bookingBody(fare, index));
  if (created.status !== 201) return false;
  const { hashId } = (await created.json()) as { hashId: string };
  const pay = await post(first, `/api/v1/bookings/${hashId}/pay`, JSON.stringify({ gateway: "sandbox" }));
  if (pay.status !== 200) return false;
  const bankPath = new URL(((await pay.json()) as { redirectUrl: string }).redirectUrl).pathname;
  const paid = await post(second, bankPath, "action=pay", "application/x-www-form-urlencoded");
  const fields = bankFields(await paid.text());
  const back = await post(second, "/payment/callback/sandbox", new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded");
  await back.arrayBuffer();
  return back.status === 303 && (back.headers.get("location") ?? "").endsWith("/issued");
}

// ---------------------------------------------------------------- expiry on the worker

/** Lapses the live holds on these fares and has the worker sweep them; the CPU it took and the seats after. */
async function expireOnWorker(bench: Bench, fares: string[]) {
  const lapsed = await bench.admin.query(
    `with due as (
       select b.id from bookings b join booking_items i on i.booking_id = b.id
       where i.offer_id = any($1::text[]) and b.status = 'held')
     update bookings set hold_expires_at = now() - interval '1 minute' where id in (select id from due)`,
    [fares],
  );
  await bench.admin.query(
    "update flight_holds set expires_at = now() - interval '1 minute' where fare_id = any($1::uuid[]) and status = 'held'",
    [fares],
  );
  const open = () =>
    count(
      bench.admin,
      `select count(*) as n from bookings b join booking_items i on i.booking_id = b.id
       where i.offer_id = any('{${fares.join(",")}}'::text[]) and b.status = 'held'`,
    );
  const deadline = Date.now() + 180_000;
  const { cpu } = await withCpu(bench, async () => {
    // A sweep expires at most 100 bookings; one is asked for as soon as the last has ended (the queue keeps one waiting).
    while ((await open()) > 0 && Date.now() < deadline) {
      await bench.boss.send(BOOKING_HOLD_EXPIRY, {});
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  return { expired: lapsed.rowCount ?? 0, left: await open(), cpu, seats: await countSeats(bench, fares) };
}

// ---------------------------------------------------------------- the run

async function main(): Promise<number> {
  const server = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 5_000 });
  await server.connect();
  const dbName = `hamsafar_scale_${randomBytes(5).toString("hex")}`;
  await server.query(`create database ${dbName}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  const cleanups: (() => Promise<unknown>)[] = [];
  let exitCode = 0;
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup().catch((error: unknown) => console.error(`clean-up: ${String(error)}`));
    await server.query(`drop database if exists ${dbName} with (force)`);
    await server.end();
  };
  // Interrupted: the processes are stopped and the database dropped all the same.
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  try {
    const version = (await server.query<{ v: string }>("select version() as v")).rows[0]!.v;
    const settings = (
      await server.query("select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem', 'max_connections')")
    ).rows as { name: string; setting: string; unit: string | null }[];
    console.log(`Hamsafar scale benchmark on PostgreSQL (database ${dbName}, dropped at the end)`);
    console.log(`  ${version}`);
    console.log(`  ${settings.map((setting) => `${setting.name} ${setting.setting}${setting.unit ?? ""}`).join(", ")}`);
    console.log(`  this machine: ${cpus().length} cores, shared by this client, the three processes and PostgreSQL; ${loadLine()}\n`);

    const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
    cleanups.push(() => database.close());
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    cleanups.push(() => admin.end());

    console.log("Preparing the database");
    await timed("migrations, product data (90 days of flights), demo agencies", async () => {
      await database.migrate();
      await writeProductData(database, { info: () => {} });
      await seedTenants(database.db, DEMO_TENANTS);
    });
    await multiplyInventory(admin);
    console.log("\nRows");
    await printCounts(admin);

    console.log("\nProcesses: two web processes (WORKER_IN_PROCESS=false) and one worker, on this database");
    const web = { LOG_LEVEL: "warn", METRICS_TOKEN, IP_HASH_SECRET: randomBytes(24).toString("base64url") };
    const startedAt = performance.now();
    const [webA, webB, worker] = await Promise.all([
      startServerProcess(web, { databaseUrl: url.toString(), workerInProcess: false }),
      startServerProcess(web, { databaseUrl: url.toString(), workerInProcess: false }),
      startWorkerProcess(url.toString(), { LOG_LEVEL: "info" }),
    ]);
    cleanups.unshift(() => Promise.all([webA.stop(), webB.stop(), worker.stop()]));
    console.log(`  ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    const settled = await workerStartJobsDone(worker);
    console.log(
      `  the worker's start jobs (inventory roll, fare history) ${settled ? "done" : "still running after 5 minutes"} after ${((performance.now() - startedAt) / 1000).toFixed(1)} s; ${loadLine()}`,
    );
    const boss = new PgBoss({
      connectionString: url.toString(),
      schema: JOB_SCHEMA,
      migrate: false,
      supervise: false,
      schedule: false,
      max: 2,
    });
    boss.on("error", () => {});
    await boss.start();
    cleanups.unshift(() => boss.stop({ graceful: false, wait: true }));
    const bench: Bench = { dbName, url: url.toString(), database, admin, webA, webB, worker, boss };

    const memory = async () => ({
      a: rssMbOf(webA.pid),
      b: rssMbOf(webB.pid),
      worker: rssMbOf(worker.pid),
      aMetrics: await metricsRssMb(webA),
      bMetrics: await metricsRssMb(webB),
    });
    const memoryBefore = await memory();
    const workerCpuAtStart = cpuSecondsOf(worker.pid) ?? 0;
    const benchStarted = performance.now();

    const searchCost = await measureSearch(bench);

    const used = new Set<string>();
    // Warm both processes' booking path before timing it, on departures of its own.
    const warmFares = await freshFares(bench, 4, 30, used);
    await loadCalls((index) => paidBooking(bench, warmFares[index % warmFares.length]!, index), {
      seconds: 20,
      concurrency: 4,
      maxRequests: 20,
    });
    // The hold path warmed too, untimed: a burst of 1,200 lasted under 3 s and its first few
    // hundred holds ran on code the JIT had not optimised yet, so it measured the warm-up.
    const holdWarmFares = await freshFares(bench, 20, 30, used);
    const warmed = await holdBurst(bench, holdWarmFares, { seconds: 30, concurrency: 20, maxRequests: 600 });
    console.log(`\nHolds, warm-up (not counted): ${warmed.held} holds on 20 departures of their own`);
    const throughputFares = await freshFares(bench, 200, 30, used);
    const throughput = await holdBurst(bench, throughputFares, { seconds: 30, concurrency: 20, maxRequests: 5_000 });
    printBurst("Holds: 5,000 asked over 200 departures with room (30 seats each), 20 at a time across both processes", throughput, true);

    const contendedFares = await freshFares(bench, 6, 20, used);
    const contended = await holdBurst(bench, contendedFares, { seconds: 30, concurrency: 40, maxRequests: 600 });
    printBurst("Holds: a burst of 600 over 6 departures with 20 seats each, 40 at a time across both processes", contended, false);

    const payFares = await freshFares(bench, 20, 30, used);
    const { result: paid, cpu: paidCpu } = await withCpu(bench, () =>
      loadCalls((index) => paidBooking(bench, payFares[index % payFares.length]!, index), {
        seconds: 40,
        concurrency: 10,
        maxRequests: 300,
      }),
    );
    console.log("\nWhole bookings: held on one process, paid at the sandbox bank, its callback at the other, tickets issued");
    row("paid and issued bookings", paid, "(reported)");
    console.log(cpuLine(paidCpu, paid.requests - paid.errors, "booking"));
    const paidSeats = await countSeats(bench, payFares);
    console.log(
      `  seats: capacity ${paidSeats.capacity}, sold ${paidSeats.held}, left ${paidSeats.available} → oversold: ${paidSeats.oversold}`,
    );

    const expiry = await expireOnWorker(bench, contendedFares);
    console.log("\nHold expiry on the worker: the contended burst's holds lapsed and swept");
    console.log(
      `  ${expiry.expired} bookings expired in ${expiry.cpu.seconds.toFixed(1)} s (a sweep takes at most 100; still held: ${expiry.left})`,
    );
    console.log(
      `  seats after: capacity ${expiry.seats.capacity}, left ${expiry.seats.available}, held ${expiry.seats.held}${expiry.seats.available === expiry.seats.capacity ? " (all back)" : ""}`,
    );
    console.log(cpuLine(expiry.cpu, expiry.expired, "expired hold"));

    const memoryAfter = await memory();
    const benchSeconds = (performance.now() - benchStarted) / 1000;
    const workerIdle = (cpuSecondsOf(worker.pid) ?? 0) - workerCpuAtStart - expiry.cpu.worker;
    console.log("\nMemory (resident, MB): before → after");
    const mb = (value: number | null) => (value === null ? "n/a" : value.toFixed(0));
    console.log(
      `  web A   ${mb(memoryBefore.a)} → ${mb(memoryAfter.a)}   (its /metrics: ${mb(memoryBefore.aMetrics)} → ${mb(memoryAfter.aMetrics)})`,
    );
    console.log(
      `  web B   ${mb(memoryBefore.b)} → ${mb(memoryAfter.b)}   (its /metrics: ${mb(memoryBefore.bMetrics)} → ${mb(memoryAfter.bMetrics)})`,
    );
    console.log(`  worker  ${mb(memoryBefore.worker)} → ${mb(memoryAfter.worker)}`);

    const perBooking = paid.requests - paid.errors > 0 ? paidCpu.web / (paid.requests - paid.errors) : 0;
    const perBookingDb = paid.requests - paid.errors > 0 ? paidCpu.database / (paid.requests - paid.errors) : 0;
    const perExpiry = expiry.expired > 0 ? expiry.cpu.worker / expiry.expired : 0;
    const workerPerHour = (workerIdle / benchSeconds) * 3600;
    console.log("\nCost per 1,000 bookings an hour (CPU, from the figures above)");
    console.log(
      `  web       ${(perBooking * 1000).toFixed(0)} CPU s/h = ${((perBooking * 1000) / 3600).toFixed(3)} cores (a paid booking on the web)`,
    );
    console.log(
      `  database  ${(perBookingDb * 1000).toFixed(0)} CPU s/h = ${((perBookingDb * 1000) / 3600).toFixed(3)} cores (its backends, a floor)`,
    );
    console.log(
      `  worker    ${(perExpiry * 1000).toFixed(1)} CPU s/h if every booking's hold lapsed, plus ${workerPerHour.toFixed(0)} CPU s/h of schedules whatever the traffic`,
    );

    console.log(
      `  searches  ${(searchCost.web * 1000 * SEARCHES_PER_BOOKING).toFixed(0)} CPU s/h on the web and ${(searchCost.database * 1000 * SEARCHES_PER_BOOKING).toFixed(0)} in the database at ${SEARCHES_PER_BOOKING} searches per booking (an assumed look-to-book ratio; ${(searchCost.web * 1000).toFixed(1)} + ${(searchCost.database * 1000).toFixed(1)} ms a search)`,
    );

    const oversold = throughput.seats.oversold + contended.seats.oversold + paidSeats.oversold;
    if (oversold > 0) {
      console.log(`\nOVERSOLD: ${oversold} seats past capacity`);
      exitCode = 1;
    } else console.log("\nZero oversell: every departure's holds and tickets stay within its seats.");
  } finally {
    await cleanUp();
  }
  return exitCode;
}

process.exitCode = await main();
