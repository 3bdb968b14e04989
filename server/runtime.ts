import { readFileSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { resolve } from "node:path";
import { openDatabase, type DatabaseHandle } from "#adapters/db/client.ts";
import { countTenants, seedTenants } from "#adapters/db/seed.ts";
import { withFareHistoryCache } from "#adapters/db/fare-history-repository.ts";
import { withTenantCache } from "#adapters/db/tenant-repository.ts";
import { sharedPagesVersion } from "#adapters/db/inventory-changes.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { createServerApp, type ServerDeps } from "./app.ts";
import {
  alertCheckJob,
  databaseAdapters,
  fareHistoryJob,
  holdExpiryJob,
  paymentReconciliationJob,
  writeProductData,
  seedDemoMagazine,
} from "./database-adapters.ts";
import { EnvError, loadEnv, type Env } from "./env.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMetrics } from "./metrics.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";
import { taxFilingJob } from "./tax-filing.ts";
import { autoReserveJob, desiredPriceOrdersJob } from "./watch-purchase-jobs.ts";
import type { WorkerJobs } from "./worker/jobs.ts";
import { startWorker, type JobWorker } from "./worker/start-worker.ts";

export const PROJECT_ROOT = resolve(import.meta.dirname, "..");

export function readVersion(): string {
  const pkg = JSON.parse(readFileSync(resolve(PROJECT_ROOT, "package.json"), "utf8")) as { version: string };
  return process.env.BUILD_SHA ? `${pkg.version}+${process.env.BUILD_SHA.slice(0, 12)}` : pkg.version;
}

/** Reads the environment or stops the process with a message naming each bad variable. */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\nSee the README's table of environment variables.\n`);
      process.exit(1);
    }
    throw error;
  }
}

export function databaseTarget(env: Env) {
  return env.DATABASE_URL
    ? ({ kind: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } as const)
    : ({ kind: "pglite", dataDir: env.DATA_DIR } as const);
}

/** Opens the database and, where configured, migrates it and seeds the demo tenants into an empty one. */
export async function prepareDatabase(env: Env, log: Logger): Promise<DatabaseHandle> {
  const database = await openDatabase(databaseTarget(env));
  if (env.MIGRATE_ON_START) {
    await database.migrate();
    log.info({ database: database.kind }, "migrations applied");
    await writeProductData(database, log);
  }
  if (env.SEED_ON_START && (await countTenants(database.db)) === 0) {
    await seedTenants(database.db, DEMO_TENANTS);
    log.info({ tenants: DEMO_TENANTS.length }, "demo tenants seeded");
    await seedDemoMagazine(database, DEMO_TENANTS, log);
  }
  return database;
}

/** The work behind the worker's queues, over the process's adapters. */
export function workerJobs(adapters: ReturnType<typeof databaseAdapters>, log?: Pick<Logger, "warn">): WorkerJobs {
  return {
    expireHolds: holdExpiryJob(adapters),
    reconcilePayments: paymentReconciliationJob(adapters, undefined, log),
    recordFareHistory: fareHistoryJob(adapters),
    watchAlerts: alertCheckJob(adapters, undefined, log),
    autoReserve: autoReserveJob(adapters, undefined, log),
    desiredPriceOrders: desiredPriceOrdersJob(adapters, undefined, log),
    // Issue 23: official invoices.
    fileTaxInvoices: taxFilingJob(adapters, undefined, log),
  };
}

/**
 * Whether this web process runs the job worker. PGlite allows one process per data folder, so
 * there the worker always runs inside the web process, whatever WORKER_IN_PROCESS says.
 */
export function runsWorkerInProcess(env: Env, database: Pick<DatabaseHandle, "kind">, log: Pick<Logger, "warn" | "info">): boolean {
  if (env.WORKER_IN_PROCESS) return true;
  if (database.kind === "pglite") {
    log.warn("WORKER_IN_PROCESS=false is ignored on PGlite: no other process can open its data folder, so the worker runs here");
    return true;
  }
  log.info("job worker not started in this process (WORKER_IN_PROCESS=false); run `npm run worker` beside it");
  return false;
}

/** How often a web process asks whether the inventory changed, to drop its cached landings. */
const INVENTORY_CHECK_INTERVAL_MS = 5_000;

/**
 * Drops the shared pages and cached tenants when the inventory, a tenant or a content page changes
 * (server/page-cache.ts), whichever process changed it: checked now and then every `intervalMs`. A
 * failed check keeps them; the pages' own s-maxage and the tenants' TTL still end them.
 */
export function watchInventory(
  database: Pick<DatabaseHandle, "db">,
  sharedCaches: Pick<PageCache, "clear">,
  log: Pick<Logger, "warn">,
  intervalMs = INVENTORY_CHECK_INTERVAL_MS,
): { check(): Promise<void>; stop(): void } {
  let seen: string | null = null;
  let checking: Promise<void> | null = null;
  const check = () =>
    (checking ??= (async () => {
      try {
        const version = await sharedPagesVersion(database.db);
        if (seen !== null && version !== seen) sharedCaches.clear();
        seen = version;
      } catch (error) {
        log.warn({ err: error }, "could not read what shared pages show; kept pages expire on their own");
      } finally {
        checking = null;
      }
    })());
  void check();
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
/** Event-loop turns a shutdown waits, at most, for the listen backlog to be accepted and read. */
const MAX_DRAIN_TURNS = 5;

/** Time a client has to send a request's headers; see `serve`. */
const HEADERS_TIMEOUT_MS = 20_000;

/** How long a web process keeps a route's fare history read for the buy-or-wait hint. */
const FARE_HISTORY_CACHE_TTL_MS = 10 * 60_000;

/** Starts the HTTP server and wires a clean shutdown on SIGTERM/SIGINT (PGlite must be closed). */
export async function serve(options: {
  env: Env;
  log: Logger;
  build: ServerDeps["build"];
  clientDir?: string;
  devMiddleware?: ServerDeps["devMiddleware"];
  onClose?: () => Promise<void>;
}): Promise<Server> {
  const { env, log } = options;
  const database = await prepareDatabase(env, log);
  const adapters = databaseAdapters(database, undefined, {
    credentialsKey: env.CREDENTIALS_KEY,
    log,
    moadianBaseUrl: env.MOADIAN_BASE_URL,
  });
  let worker: JobWorker | null = null;
  if (runsWorkerInProcess(env, database, log)) {
    try {
      // A migrating start has just rolled the flight inventory (writeProductData): no second roll now.
      worker = await startWorker({
        database,
        log,
        jobs: workerJobs(adapters, log),
        options: { shutdownGraceMs: env.SHUTDOWN_GRACE_MS, runStartJobs: !env.MIGRATE_ON_START },
      });
    } catch (error) {
      // Without its worker the site would keep seats of lapsed holds: refuse to serve.
      await database.close();
      throw error;
    }
  }
  const metrics = createMetrics({ defaultMetrics: true });
  const pageCache =
    env.PAGE_CACHE_MB > 0
      ? createPageCache({
          maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
          now: () => Date.now(),
          onResult: (result) => metrics.pageCache.inc({ result }),
        })
      : undefined;
  const tenants = withTenantCache(adapters.tenants, { ttlMs: env.TENANT_CACHE_TTL_MS });
  const siteCaches = {
    clear() {
      pageCache?.clear();
      tenants.clear();
    },
  };
  const inventoryWatch = watchInventory(database, siteCaches, log);
  const { app, beginShutdown } = createServerApp({
    pageCache,
    ...adapters,
    env,
    log,
    metrics,
    tenants,
    tenantCache: tenants,
    // Recorded once a day, read by every results page and landing: ten minutes old at worst.
    fareHistory: withFareHistoryCache(adapters.fareHistory, { ttlMs: FARE_HISTORY_CACHE_TTL_MS }),
    buildVersion: readVersion(),
    build: options.build,
    clientDir: options.clientDir,
    devMiddleware: options.devMiddleware,
  });

  const server = await new Promise<Server>((resolveServer, reject) => {
    const listening = env.HOST ? app.listen(env.PORT, env.HOST) : app.listen(env.PORT);
    listening.once("listening", () => resolveServer(listening));
    listening.once("error", reject);
  }).catch(async (error: unknown) => {
    // A port in use: let go of the worker and the database so the process can end.
    await worker?.stop();
    await database.close();
    throw error;
  });
  server.requestTimeout = Math.max(env.REQUEST_TIMEOUT_MS * 2, 120_000) + 5_000;
  // Issue 24 §3, sockets under a spike. Idle keep-alive sockets are let go after KEEP_ALIVE_TIMEOUT_MS.
  server.keepAliveTimeout = env.KEEP_ALIVE_TIMEOUT_MS;
  // A client gets HEADERS_TIMEOUT_MS to send its request's headers (Node allows 60 s): a socket that
  // trickles them in (slowloris) is closed instead of held; always above the keep-alive timeout, so
  // a request starting on a reused socket is never cut short by it.
  server.headersTimeout = Math.max(HEADERS_TIMEOUT_MS, env.KEEP_ALIVE_TIMEOUT_MS + 1_000);
  // Beyond MAX_CONNECTIONS open sockets Node closes new ones on arrival, so a flood of sockets runs
  // out of this cap rather than of the process's file descriptors (which the database needs too).
  if (env.MAX_CONNECTIONS > 0) server.maxConnections = env.MAX_CONNECTIONS;
  // The responses being written, so a shutdown can tell each to close its connection when done;
  // ahead of the app, which may answer before a later listener runs.
  let stopping = false;
  const openResponses = new Set<ServerResponse>();
  // Connections and requests that arrived, so a shutdown can tell when the backlog is taken in.
  let arrivals = 0;
  server.on("connection", () => (arrivals += 1));
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    arrivals += 1;
    if (stopping) res.setHeader("Connection", "close");
    openResponses.add(res);
    res.once("close", () => openResponses.delete(res));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  log.info(
    { port, host: env.HOST ?? "all interfaces", database: database.kind, env: env.NODE_ENV },
    `storefront listening on http://localhost:${port}`,
  );

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    beginShutdown();
    inventoryWatch.stop();
    // The worker winds down (its running job finishes) while open requests do.
    const workerStopped = worker?.stop();
    // Requests in flight finish with their normal answer, then their connection closes (those that
    // arrive from now on too, see above): without this, keep-alive sockets stay open until
    // KEEP_ALIVE_TIMEOUT_MS and the close below waits for them.
    for (const res of openResponses) if (!res.headersSent) res.setHeader("Connection", "close");
    if (env.SHUTDOWN_DRAIN_DELAY_MS > 0) {
      // Behind a balancer: keep serving while it sees /readyz fail and stops sending here, so no
      // request it sends meanwhile meets a closed port or a reset.
      log.info({ ms: env.SHUTDOWN_DRAIN_DELAY_MS }, "draining: serving until the balancer stops sending");
      await new Promise((done) => setTimeout(done, env.SHUTDOWN_DRAIN_DELAY_MS));
    }
    const force = setTimeout(() => {
      log.error("shutdown grace period over; closing remaining connections");
      server.closeAllConnections();
    }, env.SHUTDOWN_GRACE_MS);
    force.unref();
    // A streamed page had promised keep-alive before the shutdown: its socket closes once idle.
    for (const res of openResponses) if (res.headersSent) res.once("finish", () => setImmediate(() => server.closeIdleConnections()));
    // A few more turns of the event loop first: connections waiting in the listen backlog are
    // accepted (one turn) and the requests already in their buffers read (the next), so they are
    // served as in flight instead of being reset as idle; under load the backlog holds many.
    for (let turn = 0; turn < MAX_DRAIN_TURNS; turn += 1) {
      const seen = arrivals;
      await new Promise((done) => setImmediate(() => setImmediate(done)));
      if (arrivals === seen && turn > 0) break;
    }
    // No new connections from here; idle keep-alive sockets are closed now (server.close does both).
    await new Promise<void>((done) => server.close(() => done()));
    clearTimeout(force);
    await workerStopped;
    await options.onClose?.();
    await database.close();
    log.info("stopped");
    log.flush?.();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  return server;
}

export { createLogger };
