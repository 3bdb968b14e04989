import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { resolve } from "node:path";
import { openDatabase, type DatabaseHandle } from "#adapters/db/client.ts";
import { countTenants, seedTenants } from "#adapters/db/seed.ts";
import { withTenantCache } from "#adapters/db/tenant-repository.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { createServerApp, type ServerDeps } from "./app.ts";
import { databaseAdapters, rollFlightInventory, writeProductData } from "./database-adapters.ts";
import { EnvError, loadEnv, type Env } from "./env.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMetrics } from "./metrics.ts";

const FLIGHT_ROLL_INTERVAL_MS = 6 * 3_600_000;

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
  }
  return database;
}

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
  const adapters = databaseAdapters(database);
  const { app, beginShutdown } = createServerApp({
    ...adapters,
    env,
    log,
    metrics: createMetrics({ defaultMetrics: true }),
    tenants: withTenantCache(adapters.tenants, { ttlMs: env.TENANT_CACHE_TTL_MS }),
    buildVersion: readVersion(),
    build: options.build,
    clientDir: options.clientDir,
    devMiddleware: options.devMiddleware,
  });

  const server = await new Promise<Server>((resolveServer, reject) => {
    const listening = env.HOST ? app.listen(env.PORT, env.HOST) : app.listen(env.PORT);
    listening.once("listening", () => resolveServer(listening));
    listening.once("error", reject);
  });
  server.requestTimeout = Math.max(env.REQUEST_TIMEOUT_MS * 2, 120_000) + 5_000;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  log.info({ port, host: env.HOST ?? "all interfaces", database: database.kind, env: env.NODE_ENV }, `storefront listening on http://localhost:${port}`);

  // New days roll into the flight inventory as time passes (idempotent: several processes may run it).
  // The durable worker of the booking issue takes this over.
  const rollDays = setInterval(() => {
    rollFlightInventory(database, new Date(), log).catch((error: unknown) => log.error({ err: error }, "flight inventory roll failed"));
  }, FLIGHT_ROLL_INTERVAL_MS);
  rollDays.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    beginShutdown();
    clearInterval(rollDays);
    const force = setTimeout(() => {
      log.error("shutdown grace period over; closing remaining connections");
      server.closeAllConnections();
    }, env.SHUTDOWN_GRACE_MS);
    force.unref();
    server.closeIdleConnections();
    await new Promise<void>((done) => server.close(() => done()));
    clearTimeout(force);
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
