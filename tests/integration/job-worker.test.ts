import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flightFares } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { databaseAdapters } from "#server/database-adapters.ts";
import { loadEnv } from "#server/env.ts";
import { runsWorkerInProcess, workerJobs } from "#server/runtime.ts";
import { BOOKING_HOLD_EXPIRY, FLIGHT_INVENTORY_ROLL, type JobDefinition } from "#server/worker/jobs.ts";
import { JOB_SCHEMA, startWorker, type JobWorker } from "#server/worker/start-worker.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

const log = pino({ level: "silent" });
const PINNED_TRAVEL_DAY = "2026-03-10";
/**
 * The fastest polling pg-boss allows, so a sent job is picked up within half a second; the cron
 * lines are written but not fired, so only the jobs a test sends run.
 */
const FAST = { pollingIntervalSeconds: 0.5, shutdownGraceMs: 2_000, fireSchedules: false };
const JOB_DEADLINE_MS = 20_000;
const FINAL_STATES = new Set(["completed", "failed", "cancelled"]);

/** Polls a job until it reaches a final state, within a bounded wait. */
async function settled(worker: JobWorker, queue: string, id: string | null) {
  expect(id, `a job id for ${queue}`).toBeTruthy();
  const deadline = Date.now() + JOB_DEADLINE_MS;
  let job = await worker.boss.getJobById(queue, id!);
  while (!job || !FINAL_STATES.has(job.state)) {
    if (Date.now() > deadline)
      throw new Error(`job ${id} of ${queue} did not finish within ${JOB_DEADLINE_MS} ms (state: ${job?.state ?? "missing"})`);
    await new Promise((done) => setTimeout(done, 50));
    job = await worker.boss.getJobById(queue, id!);
  }
  return job;
}

/** Waits, within a bounded time, until a condition holds. */
async function eventually(condition: () => boolean, what: string) {
  const deadline = Date.now() + JOB_DEADLINE_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${JOB_DEADLINE_MS} ms`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe.each(ENGINES)("the job worker on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("installs pg-boss, schedules both sweeps, rolls the inventory at start, runs what it is sent and stops cleanly", async () => {
    let rolls = 0;
    const failing: JobDefinition = {
      queue: "test-failing",
      expireInSeconds: 60,
      retryLimit: 0,
      run: () => Promise.reject(new Error("this job always fails")),
    };
    const worker = await startWorker({
      database: database.handle,
      log,
      jobs: {
        expireHolds: async () => ({ expired: 3 }),
        rollFlightInventory: async () => {
          rolls += 1;
        },
      },
      options: { ...FAST, extraJobs: [failing] },
    });
    let stopped = false;
    try {
      const { rows } = await database.handle.executeSql("select schema_name from information_schema.schemata where schema_name = $1", [
        JOB_SCHEMA,
      ]);
      expect(rows).toHaveLength(1);

      const schedules = await worker.boss.getSchedules();
      expect(schedules.map(({ name, cron }) => ({ name, cron })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: BOOKING_HOLD_EXPIRY, cron: "* * * * *" },
        { name: FLIGHT_INVENTORY_ROLL, cron: "5 */6 * * *" },
      ]);
      for (const queue of [BOOKING_HOLD_EXPIRY, FLIGHT_INVENTORY_ROLL]) expect((await worker.boss.getQueue(queue))?.policy).toBe("stately");

      await eventually(() => rolls === 1, "the roll at start");

      const sweep = await settled(worker, BOOKING_HOLD_EXPIRY, await worker.boss.send(BOOKING_HOLD_EXPIRY, {}));
      expect(sweep.state).toBe("completed");
      expect(sweep.output).toEqual({ expired: 3 });

      const failed = await settled(worker, failing.queue, await worker.boss.send(failing.queue, {}));
      expect(failed.state).toBe("failed");
      expect(JSON.stringify(failed.output)).toContain("this job always fails");

      await worker.stop();
      await worker.stop();
      stopped = true;
      // The shared connection is left usable: no transaction of pg-boss's is left open.
      await database.handle.ping();
      expect(await database.handle.executeSql(`select count(*)::int as n from ${JOB_SCHEMA}.schedule`)).toEqual({ rows: [{ n: 2 }] });
    } finally {
      if (!stopped) await worker.stop();
    }
  });

  it("starts again over an installed schema, and two workers share a queue: a job runs once", async () => {
    let runs = 0;
    const counted: JobDefinition = {
      queue: "test-counted",
      expireInSeconds: 60,
      retryLimit: 0,
      run: async () => ({ run: ++runs }),
    };
    const jobs = { expireHolds: async () => ({ expired: 0 }), rollFlightInventory: async () => undefined };
    // Both start at once, as web processes do after a deploy; a worker that did start is stopped whatever happens.
    const starts = await Promise.allSettled(
      [1, 2].map(() =>
        startWorker({ database: database.handle, log, jobs, options: { ...FAST, runStartJobs: false, extraJobs: [counted] } }),
      ),
    );
    const workers = starts.flatMap((start) => (start.status === "fulfilled" ? [start.value] : []));
    try {
      expect(starts.map((start) => (start.status === "rejected" ? String(start.reason) : "started"))).toEqual(["started", "started"]);
      const [first, second] = workers as [JobWorker, JobWorker];
      const ids = await Promise.all(Array.from({ length: 4 }, () => first.boss.send(counted.queue, {})));
      // The queue keeps one job waiting: sends while one waits are dropped, never run twice.
      const sent = ids.filter((id): id is string => id !== null);
      expect(sent.length).toBeGreaterThanOrEqual(1);
      for (const id of sent) expect((await settled(second, counted.queue, id)).state).toBe("completed");
      expect(runs).toBe(sent.length);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });

  it("sweeps lapsed holds through the real wiring: an orphan hold gives its seats back once", async () => {
    // A fixed day and a pinned clock: the generated inventory is the same whatever today is.
    const firstDate = PINNED_TRAVEL_DAY;
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate, days: 1 }),
    });
    let now = new Date(`${firstDate}T00:30:00+03:30`);
    const clock = { now: () => now };
    const adapters = databaseAdapters(database.handle, clock);
    // Searched for the party it holds, so the fare found has the two seats whatever the inventory.
    const [offer] = await adapters.flights.search({ from: "THR", to: "MHD", date: firstDate, adults: 2, children: 0, infants: 0 });
    expect(offer).toBeDefined();
    const seatsOf = async () =>
      (
        await database.handle.db.select({ seats: flightFares.seatsAvailable }).from(flightFares).where(eq(flightFares.id, offer!.offerId))
      )[0]!.seats;
    const before = await seatsOf();
    const held = await adapters.flights.hold(offer!.offerId, 2, new Date(now.getTime() + 15 * 60_000));
    expect(held.ok).toBe(true);
    expect(await seatsOf()).toBe(before - 2);

    const worker = await startWorker({
      database: database.handle,
      log,
      jobs: { ...workerJobs(adapters), rollFlightInventory: async () => undefined },
      options: { ...FAST, runStartJobs: false },
    });
    try {
      const early = await settled(worker, BOOKING_HOLD_EXPIRY, await worker.boss.send(BOOKING_HOLD_EXPIRY, {}));
      expect(early.output).toEqual({ expired: 0, orphanHolds: 0 });
      expect(await seatsOf()).toBe(before - 2);

      now = new Date(now.getTime() + 16 * 60_000);
      const lapsed = await settled(worker, BOOKING_HOLD_EXPIRY, await worker.boss.send(BOOKING_HOLD_EXPIRY, {}));
      expect(lapsed.state).toBe("completed");
      expect(lapsed.output).toEqual({ expired: 0, orphanHolds: 1 });
      expect(await seatsOf()).toBe(before);

      const again = await settled(worker, BOOKING_HOLD_EXPIRY, await worker.boss.send(BOOKING_HOLD_EXPIRY, {}));
      expect(again.output).toEqual({ expired: 0, orphanHolds: 0 });
      expect(await seatsOf()).toBe(before);
    } finally {
      await worker.stop();
    }
  });

  it(`runs in the web process ${engine === "pglite" ? "whatever WORKER_IN_PROCESS says" : "unless WORKER_IN_PROCESS is false"}`, () => {
    const warnings: string[] = [];
    const quiet = { warn: (message: string) => void warnings.push(message), info: () => {} };
    expect(runsWorkerInProcess(loadEnv({}), database.handle, quiet)).toBe(true);
    expect(runsWorkerInProcess(loadEnv({ WORKER_IN_PROCESS: "false" }), database.handle, quiet)).toBe(engine === "pglite");
    expect(warnings).toHaveLength(engine === "pglite" ? 1 : 0);
  });
});
