/**
 * Scale-out on PostgreSQL (issue 24 §3): two web processes (A and B) started with
 * WORKER_IN_PROCESS=false and one `npm run worker` process, all on one database of this file's
 * own. What one process starts, another finishes: a booking held through A is paid by the bank's
 * callback arriving at B; hold expiry and payment reconciliation run on the worker and nowhere
 * else; a rate limit and an idempotency key count the same whichever process answers.
 *
 * The processes run on the system clock (a spawned process cannot share a pinned one), so dates
 * are taken from today and every number of seats a check relies on is set by the test first.
 * Time is moved by writing the past into the rows the jobs look at, never by waiting.
 */
import { randomBytes, randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#adapters/db/client.ts";
import { bookings, flightFares, flightHolds, payments, rateLimits } from "#adapters/db/schema.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { BOOKING_LOOKUP_RATE_LIMIT } from "#server/api/bookings/lookup.ts";
import { hashClientAddress, normalizeAddress, rateLimitSubject } from "#server/client-address.ts";
import { BOOKING_HOLD_EXPIRY, PAYMENT_RECONCILIATION } from "#server/worker/jobs.ts";
import { JOB_SCHEMA } from "#server/worker/start-worker.ts";
import { bankForm } from "../support/sandbox-bank.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { setFlightFareSeats } from "../support/inventory.ts";
import { startServerProcess, startWorkerProcess, type ServerProcess, type WorkerProcess } from "../support/server-process.ts";

const postgresUrl = process.env.TEST_DATABASE_URL;
/** Shared by A and B, as it must be behind a balancer: otherwise each process hashes an address its own way. */
const IP_HASH_SECRET = `two-processes-${randomBytes(12).toString("hex")}`;
/** How long a job sent to the worker may take to show its effect: the worker polls every 5 s. */
const JOB_DEADLINE_MS = 30_000;
const POLL_MS = 100;

interface Offer {
  offerId: string;
}
interface Created {
  reference: string;
  hashId: string;
  status: string;
  total: number;
}

/** Waits, within a bounded time, until `read` gives a value `done` accepts; the last value otherwise fails the test. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + JOB_DEADLINE_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen within ${JOB_DEADLINE_MS / 1000} s (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The "job done" lines of a process's JSON log for one queue. */
function jobsDone(output: string, queue: string): { result?: Record<string, number> }[] {
  return output
    .split("\n")
    .filter((line) => line.includes('"msg":"job done"') && line.includes(`"queue":"${queue}"`))
    .map((line) => JSON.parse(line) as { result?: Record<string, number> });
}

describe.skipIf(!postgresUrl)("two web processes and a worker on one PostgreSQL", () => {
  const dbName = `hamsafar_two_${randomBytes(6).toString("hex")}`;
  let databaseUrl: string;
  let database: DatabaseHandle | null = null;
  let webA: ServerProcess | null = null;
  let webB: ServerProcess | null = null;
  let worker: WorkerProcess | null = null;
  let boss: PgBoss | null = null;
  const date = addDays(tehranToday(new Date()), 2);

  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const post = (server: ServerProcess, path: string, body: string, headers: Record<string, string> = {}) =>
    rawRequest(server.port, { method: "POST", path, headers: { "content-type": "application/json", ...headers }, body });
  const postForm = (server: ServerProcess, path: string, body: string) =>
    rawRequest(server.port, { method: "POST", path, headers: { "content-type": "application/x-www-form-urlencoded" }, body });

  /** A fare of the route on the test's day, left with exactly `seats` seats. */
  async function fareWithSeats(server: ServerProcess, route: [string, string], pick: number, seats: number): Promise<string> {
    const search = await rawRequest(server.port, { path: `/api/v1/flights/search?from=${route[0]}&to=${route[1]}&date=${date}&adults=1` });
    expect(search.status, search.body.slice(0, 300)).toBe(200);
    const offers = json<{ offers: Offer[] }>(search).offers;
    const offerId = offers[pick % offers.length]?.offerId;
    expect(offerId, `an offer ${route.join("-")} on ${date}`).toBeDefined();
    await setFlightFareSeats(database!.db, [offerId!], seats);
    return offerId!;
  }

  const bookingBody = (offerId: string, mobile = "09121234567") =>
    JSON.stringify({
      offerId,
      passengers: [
        { type: "adult", firstName: "علی", lastName: "رضایی", gender: "male", birthDate: "1990-05-01", nationalCode: "0499370899" },
      ],
      contact: { mobile },
    });

  async function hold(server: ServerProcess, offerId: string): Promise<Created> {
    const created = await post(server, "/api/v1/bookings", bookingBody(offerId));
    expect(created.status, created.body).toBe(201);
    return json<Created>(created);
  }

  async function seatsOf(fareId: string): Promise<number> {
    const [row] = await database!.db.select({ seats: flightFares.seatsAvailable }).from(flightFares).where(eq(flightFares.id, fareId));
    return row!.seats;
  }

  async function bookingRow(hashId: string) {
    const [row] = await database!.db.select().from(bookings).where(eq(bookings.hashId, hashId));
    return row!;
  }

  /** Starts paying at the sandbox bank through `server` and pays on the bank's page; the form the bank would post back. */
  async function payAtBank(server: ServerProcess, hashId: string) {
    const pay = await post(server, `/api/v1/bookings/${hashId}/pay`, JSON.stringify({ gateway: "sandbox" }));
    expect(pay.status, pay.body).toBe(200);
    const bankPath = new URL(json<{ redirectUrl: string }>(pay).redirectUrl).pathname;
    const paid = await postForm(server, bankPath, "action=pay");
    const form = bankForm(paid.body);
    expect(form.fields.status).toBe("OK");
    return form;
  }

  // Three processes start on a shared CI machine, the first migrating and writing the product data: bounded, generously.
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5_000 });
    await admin.connect();
    // The run's migrated template when there is one; the first process migrates what is left either way.
    const template = inject("postgresTemplate");
    await admin.query(template ? `CREATE DATABASE ${dbName} TEMPLATE ${template}` : `CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(postgresUrl!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();

    const web = { IP_HASH_SECRET, TRUST_PROXY: "loopback", LOG_LEVEL: "info", DATABASE_POOL_SIZE: "4" };
    // A migrates, writes the product data and seeds the agencies, as the first process of a deployment does.
    webA = await startServerProcess(web, { databaseUrl, prepareDatabase: true, workerInProcess: false });
    [webB, worker] = await Promise.all([
      startServerProcess(web, { databaseUrl, workerInProcess: false }),
      startWorkerProcess(databaseUrl, { DATABASE_POOL_SIZE: "4" }),
    ]);
    database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 4 });
    // Only to send jobs: this client works no queue and fires no schedule.
    boss = new PgBoss({ connectionString: databaseUrl, schema: JOB_SCHEMA, migrate: false, supervise: false, schedule: false, max: 2 });
    boss.on("error", () => {});
    await boss.start();
  }, 240_000);

  afterAll(async () => {
    // Every process is stopped, and each must exit with 0; the first failure is reported after the database is dropped.
    const stops = await Promise.allSettled([webA?.stop(), webB?.stop(), worker?.stop(), boss?.stop({ graceful: false, wait: true })]);
    await database?.close();
    const cleanup = new pg.Client({ connectionString: postgresUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await cleanup.end();
    const failed = stops.find((stop) => stop.status === "rejected");
    if (failed) throw failed.reason;
  });

  it("runs the job worker only in the worker process", () => {
    for (const web of [webA!, webB!]) {
      expect(web.output()).toContain("job worker not started in this process");
      expect(web.output()).not.toContain('"msg":"job worker started"');
    }
    expect(worker!.output()).toContain('"msg":"job worker started"');
  });

  it("issues a booking held through A when the bank's callback arrives at B", async () => {
    const fareId = await fareWithSeats(webA!, ["THR", "SYZ"], 0, 5);
    const booking = await hold(webA!, fareId);
    expect(await seatsOf(fareId)).toBe(4);
    const form = await payAtBank(webA!, booking.hashId);

    const back = await postForm(webB!, "/payment/callback/sandbox", new URLSearchParams(form.fields).toString());
    expect(back.status).toBe(303);
    expect(String(back.headers.location)).toMatch(new RegExp(`^/payment/paymentp/${booking.reference}/[A-Za-z0-9_-]+/issued$`));
    for (const web of [webA!, webB!]) {
      const read = await rawRequest(web.port, { path: `/api/v1/bookings/${booking.hashId}` });
      expect(json<{ status: string }>(read).status).toBe("issued");
    }
    // The seat stays sold: issuing took the held seat, not another.
    expect(await seatsOf(fareId)).toBe(4);
    expect(requestsLogged(webB!.output(), "/payment/callback/sandbox")).toBeGreaterThanOrEqual(1);
  });

  it("expires an unpaid hold on the worker, which gives its seats back", async () => {
    const fareId = await fareWithSeats(webB!, ["THR", "MHD"], 0, 5);
    const booking = await hold(webB!, fareId);
    expect(await seatsOf(fareId)).toBe(4);
    // The hold ran out a minute ago, for the booking and for the inventory's own row.
    const lapsed = sql`now() - interval '1 minute'`;
    await database!.db.update(bookings).set({ holdExpiresAt: lapsed }).where(eq(bookings.hashId, booking.hashId));
    const [item] = await database!
      .executeSql("select hold_id from booking_items where booking_id = (select id from bookings where hash_id = $1)", [booking.hashId])
      .then((result) => result.rows as { hold_id: string }[]);
    await database!.db.update(flightHolds).set({ expiresAt: lapsed }).where(eq(flightHolds.id, item!.hold_id));

    // The sweep runs each minute; asking for one now saves the wait (a sweep already queued does as well).
    await boss!.send(BOOKING_HOLD_EXPIRY, {});
    // Done once the booking is expired and the worker has logged the sweep that did it (its seats go back before that line).
    const sweptByWorker = () => jobsDone(worker!.output(), BOOKING_HOLD_EXPIRY).some((job) => (job.result?.expired ?? 0) >= 1);
    await eventually(
      async () => ({ status: (await bookingRow(booking.hashId)).status, logged: sweptByWorker() }),
      (state) => state.status === "expired" && state.logged,
      "the hold's expiry on the worker",
    );
    expect(await seatsOf(fareId)).toBe(5);
    for (const web of [webA!, webB!]) expect(jobsDone(web.output(), BOOKING_HOLD_EXPIRY)).toEqual([]);
  });

  it("reconciles on the worker a payment whose callback never came", async () => {
    const fareId = await fareWithSeats(webA!, ["THR", "SYZ"], 1, 5);
    const booking = await hold(webA!, fareId);
    // Paid at the bank through B's pages; the buyer's browser never comes back.
    await payAtBank(webB!, booking.hashId);
    const { id } = await bookingRow(booking.hashId);
    // The bank's session (15 minutes) is over for this payment; its verify deadline (20 minutes after paying) is not.
    await database!.db
      .update(payments)
      .set({ createdAt: sql`${payments.createdAt} - interval '16 minutes'` })
      .where(eq(payments.bookingId, id));

    await boss!.send(PAYMENT_RECONCILIATION, {});
    const reconciledByWorker = () => jobsDone(worker!.output(), PAYMENT_RECONCILIATION).some((job) => (job.result?.looked ?? 0) >= 1);
    await eventually(
      async () => ({ status: (await bookingRow(booking.hashId)).status, logged: reconciledByWorker() }),
      (state) => state.status === "issued" && state.logged,
      "the reconciliation on the worker",
    );
    const [payment] = await database!.db.select({ status: payments.status }).from(payments).where(eq(payments.bookingId, id));
    expect(payment!.status).toBe("verified");
    for (const web of [webA!, webB!]) expect(jobsDone(web.output(), PAYMENT_RECONCILIATION)).toEqual([]);
  });

  it("counts a rate limit across both processes: the limit's next request is refused by either", async () => {
    // A fixed window can end between two requests; then the try is made again from another address.
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const address = `198.51.100.${randomInt(1, 255)}`;
      const lookup = (server: ServerProcess) =>
        post(server, "/api/v1/bookings/lookup", JSON.stringify({ reference: "ZZZZZZZZ", mobile: "09120000000" }), {
          "x-forwarded-for": address,
        });
      const allowed: number[] = [];
      for (let index = 0; index < BOOKING_LOOKUP_RATE_LIMIT; index += 1)
        allowed.push((await lookup(index % 2 === 0 ? webA! : webB!)).status);
      const refusedByA = await lookup(webA!);
      const refusedByB = await lookup(webB!);
      const bucket = `booking-lookup:${hashClientAddress(IP_HASH_SECRET, rateLimitSubject(normalizeAddress(address)))}`;
      const windows = await database!.db.select().from(rateLimits).where(eq(rateLimits.bucket, bucket));
      if (windows.length > 1 && attempt < 3) continue;
      expect(windows).toHaveLength(1);
      expect(windows[0]!.hits).toBe(BOOKING_LOOKUP_RATE_LIMIT + 2);
      expect(allowed).toEqual(Array.from({ length: BOOKING_LOOKUP_RATE_LIMIT }, () => 404));
      for (const refused of [refusedByA, refusedByB]) {
        expect(refused.status).toBe(429);
        expect(json<{ error: { code: string } }>(refused).error.code).toBe("RATE_LIMITED");
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      }
      return;
    }
  });

  it("answers an idempotency key replayed on B with A's answer, and holds once", async () => {
    const fareId = await fareWithSeats(webA!, ["THR", "MHD"], 1, 5);
    const countBookings = async () => (await database!.executeSql("select count(*)::int as n from bookings", [])).rows[0]!.n as number;
    const before = await countBookings();
    const key = `two-processes-${randomBytes(8).toString("hex")}`;
    const body = bookingBody(fareId, "09129876543");

    const first = await post(webA!, "/api/v1/bookings", body, { "idempotency-key": key });
    expect(first.status, first.body).toBe(201);
    const replay = await post(webB!, "/api/v1/bookings", body, { "idempotency-key": key });
    expect(replay.status).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(json<Created>(replay)).toEqual(json<Created>(first));
    expect(await countBookings()).toBe(before + 1);
    expect(await seatsOf(fareId)).toBe(4);

    // Sent to both at once with a new key: one request makes the booking, the other repeats it or waits for it.
    const raceKey = `${key}-race`;
    const [onA, onB] = await Promise.all([webA!, webB!].map((web) => post(web, "/api/v1/bookings", body, { "idempotency-key": raceKey })));
    const answers = [onA!, onB!];
    const made = answers.filter((answer) => answer.status === 201 && answer.headers["idempotent-replayed"] === undefined);
    expect(made).toHaveLength(1);
    for (const other of answers.filter((answer) => !made.includes(answer))) {
      if (other.status === 201) expect(json<Created>(other).hashId).toBe(json<Created>(made[0]!).hashId);
      else expect(json<{ error: { code: string } }>(other).error.code).toBe("IDEMPOTENCY_IN_PROGRESS");
    }
    expect(await countBookings()).toBe(before + 2);
    expect(await seatsOf(fareId)).toBe(3);
  });
});

/** How many requests to `path` a web process logged (its access log is at info here). */
function requestsLogged(output: string, path: string): number {
  return output.split("\n").filter((line) => line.includes('"msg":"request"') && line.includes(`"path":"${path}"`)).length;
}
