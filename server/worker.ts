/**
 * `npm run worker`: the durable job worker alone, against PostgreSQL (DATABASE_URL). Run any
 * number beside web processes started with WORKER_IN_PROCESS=false. On PGlite the worker runs
 * inside the web process instead (one process per data folder), so this refuses to start there.
 */
import { databaseAdapters } from "./database-adapters.ts";
import { createLogger, loadEnvOrExit, prepareDatabase, workerJobs } from "./runtime.ts";
import { startWorker } from "./worker/start-worker.ts";

const env = loadEnvOrExit();
const log = createLogger(env.LOG_LEVEL);

if (!env.DATABASE_URL) {
  process.stderr.write(
    "npm run worker needs PostgreSQL: set DATABASE_URL.\n" +
      "On the embedded PGlite database the worker runs inside the web process (npm start), because only one process may open its data folder.\n",
  );
  process.exit(1);
}

const database = await prepareDatabase(env, log);
const worker = await startWorker({
  database,
  log,
  jobs: workerJobs(
    databaseAdapters(database, undefined, { credentialsKey: env.CREDENTIALS_KEY, log, moadianBaseUrl: env.MOADIAN_BASE_URL }),
    log,
  ),
  // With MIGRATE_ON_START, prepareDatabase has just rolled the flight inventory.
  options: { shutdownGraceMs: env.SHUTDOWN_GRACE_MS, runStartJobs: !env.MIGRATE_ON_START },
}).catch(async (error: unknown) => {
  log.fatal({ err: error }, "job worker could not start");
  await database.close();
  log.flush?.();
  process.exit(1);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down");
  // A hung job or database must not keep the process past its grace period.
  const force = setTimeout(() => {
    log.error("worker shutdown took too long; exiting");
    log.flush?.();
    process.exit(1);
  }, env.SHUTDOWN_GRACE_MS + 5_000);
  force.unref();
  await worker.stop();
  await database.close();
  clearTimeout(force);
  log.info("stopped");
  log.flush?.();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
