/**
 * The durable job worker (pg-boss, ARCHITECTURE.md §1). The same code runs inside the web process
 * (always on PGlite, by default on PostgreSQL) and alone as `npm run worker` (server/worker.ts).
 *
 * pg-boss reaches the database through the handle's `executeSql`, on both drivers: on PGlite it
 * must share the process's single connection, and on PostgreSQL it shares the process's pool, so
 * one setting (DATABASE_POOL_SIZE) bounds a process's connections. Several workers may run at
 * once: jobs are fetched with SKIP LOCKED, cron lines are evaluated by one of them per minute,
 * and each queue runs at most one job at a time and keeps at most one waiting.
 */
import { setTimeout as sleep } from "node:timers/promises";
import PgBoss from "pg-boss";
import type { DatabaseHandle } from "#adapters/db/client.ts";
import type { Logger } from "../logger.ts";
import { standardJobs, type JobDefinition, type WorkerJobs } from "./jobs.ts";

/** pg-boss's own tables live in this schema, beside (never inside) the storefront's. */
export const JOB_SCHEMA = "pgboss";

const DEFAULT_POLLING_INTERVAL_SECONDS = 5;
const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
/** After the grace period, a moment for the completion of a job that just finished to be written. */
const DRAIN_MARGIN_MS = 1_000;
const DRAIN_POLL_MS = 10;

export interface WorkerOptions {
  /** How often an idle worker looks for jobs (at least 0.5 s). Jobs run minutes apart, so 5 s is plenty. */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running jobs before it gives up on them (they are retried later). */
  shutdownGraceMs?: number;
  /**
   * Queue the jobs marked runAtStart (default true). A web process that has just migrated has
   * also just rolled the flight inventory, so it passes false rather than do that twice.
   */
  runStartJobs?: boolean;
  /**
   * Whether this worker fires the cron schedules (default true). The schedules are written
   * either way; tests turn firing off so only the jobs they send run.
   */
  fireSchedules?: boolean;
  /** Jobs beyond the standard ones (tests; later issues add theirs to standardJobs). */
  extraJobs?: JobDefinition[];
}

export interface JobWorker {
  /** The queue itself, for sending jobs and reading their state. */
  readonly boss: PgBoss;
  /** Stops fetching, waits for running jobs (up to the grace period), and lets go of the database. Idempotent. */
  stop(): Promise<void>;
}

type SqlResult = { rows: Record<string, unknown>[] };

/**
 * The database as pg-boss sees it: counts what is in flight so stop() can wait for it, and once
 * stopped answers as pg-boss's own closed pool does (no result, no error), so a late fetch or
 * completion of a worker loop that was mid-flight can neither touch a closed database nor end as
 * an unhandled rejection. A job left active that way is expired by maintenance and retried.
 */
function gatedDatabase(database: DatabaseHandle) {
  let inFlight = 0;
  let closed = false;
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight += 1;
    try {
      return await work();
    } finally {
      inFlight -= 1;
    }
  };
  return {
    db: {
      executeSql: (text: string, values: unknown[]): Promise<SqlResult> =>
        closed ? Promise.resolve(undefined as unknown as SqlResult) : track(() => database.executeSql(text, values)),
    },
    track,
    /** Resolves once nothing has been in flight for two checks in a row (a finished job's completion follows within microtasks), or at the deadline. */
    async drain(deadline: number): Promise<boolean> {
      let quiet = 0;
      while (Date.now() < deadline) {
        quiet = inFlight === 0 ? quiet + 1 : 0;
        if (quiet >= 2) return true;
        await sleep(DRAIN_POLL_MS);
      }
      return inFlight === 0;
    },
    close() {
      closed = true;
    },
  };
}

/** SQLSTATEs of two processes setting up the same queue at once: a deadlock, or the other one's row. */
const SETUP_CONFLICTS = new Set(["40P01", "23505"]);
const SETUP_ATTEMPTS = 5;

function sqlState(error: unknown): string | undefined {
  for (let current: unknown = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * Web processes and workers start together after a deploy, and each sets up the same queues; on
 * PostgreSQL two of them can deadlock or collide there. The loser tries again after a short,
 * random pause (the setup is idempotent), so a start never fails for having company.
 */
async function retryingConflicts(setup: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await setup();
      return;
    } catch (error) {
      if (attempt >= SETUP_ATTEMPTS || !SETUP_CONFLICTS.has(sqlState(error) ?? "")) throw error;
      await sleep(50 * attempt + Math.floor(Math.random() * 100));
    }
  }
}

/** Creates the queues and schedules (idempotent) and starts working them. */
export async function startWorker({
  database,
  log,
  jobs,
  options = {},
}: {
  database: DatabaseHandle;
  log: Logger;
  jobs: WorkerJobs;
  options?: WorkerOptions;
}): Promise<JobWorker> {
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? DEFAULT_POLLING_INTERVAL_SECONDS;
  const graceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  const definitions = [...standardJobs(database, log, jobs), ...(options.extraJobs ?? [])];
  const gate = gatedDatabase(database);
  let stopped = false;
  // pg-boss creates its schema before taking its advisory lock: two processes starting together on
  // a new database can both try, and the loser fails on the schema's name. Made here first, with
  // the loser of that race trying again and finding it there.
  await retryingConflicts(async () => {
    await database.executeSql(`create schema if not exists ${JOB_SCHEMA}`, []);
  });

  const boss = new PgBoss({
    db: gate.db,
    schema: JOB_SCHEMA,
    // pg-boss creates and upgrades its own schema under an advisory lock, so workers starting
    // together do it once. No state monitor: /metrics may count queues later.
    migrate: true,
    supervise: true,
    schedule: options.fireSchedules ?? true,
  });
  boss.on("error", (error: unknown) => {
    if (!stopped) log.error({ err: error }, "job queue error");
  });
  try {
    await boss.start();
    for (const job of definitions) {
      const queue: PgBoss.Queue = {
        name: job.queue,
        // At most one job waiting and one running per queue, across all workers: a sweep queued
        // twice runs once, and two sweeps never overlap.
        policy: "stately",
        expireInSeconds: job.expireInSeconds,
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds ?? 0,
        retryBackoff: job.retryDelaySeconds !== undefined,
      };
      await retryingConflicts(async () => {
        if (!(await boss.getQueue(job.queue))) await boss.createQueue(job.queue, queue);
        // A queue made by an older release keeps its options unless they are written again.
        await boss.updateQueue(job.queue, queue);
        if (job.cron) await boss.schedule(job.queue, job.cron, undefined, { tz: job.tz ?? "UTC" });
      });

      await boss.work(job.queue, { pollingIntervalSeconds, batchSize: 1 }, async ([found]) => {
        if (!found) return undefined;
        const started = Date.now();
        try {
          const result = await gate.track(() => job.run());
          const ms = Date.now() - started;
          if (job.notable?.(result) ?? true) log.info({ queue: job.queue, jobId: found.id, ms, result }, "job done");
          else log.debug({ queue: job.queue, jobId: found.id, ms, result }, "job done");
          return result;
        } catch (error) {
          log.error({ err: error, queue: job.queue, jobId: found.id }, "job failed");
          throw error;
        }
      });
      if (job.runAtStart && (options.runStartJobs ?? true)) await boss.send(job.queue, {});
    }
  } catch (error) {
    stopped = true;
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    gate.close();
    throw error;
  }
  log.info({ queues: definitions.map((job) => job.queue), database: database.kind }, "job worker started");

  let stopping: Promise<void> | null = null;
  return {
    boss,
    stop() {
      stopping ??= (async () => {
        const deadline = Date.now() + graceMs;
        try {
          await boss.stop({ graceful: true, wait: true, timeout: graceMs });
        } catch (error) {
          log.error({ err: error }, "job queue did not stop cleanly");
        }
        stopped = true;
        if (!(await gate.drain(deadline + DRAIN_MARGIN_MS)))
          log.warn("job worker stopped with work still in flight; it is retried after expiry");
        gate.close();
        log.info("job worker stopped");
      })();
      return stopping;
    },
  };
}
