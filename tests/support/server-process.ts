/**
 * Runs the real production server (`node --import tsx server/start.ts`) as a child process on a
 * free port, and waits until /readyz answers 200. Used by the end-to-end tests and the
 * benchmarks, so both measure exactly what `npm start` serves. By default it runs on a throw-away
 * PGlite folder with the job worker inside; given a PostgreSQL URL it serves that database, with
 * or without its worker, and `startWorkerProcess` runs `npm run worker`'s entry beside it.
 * `stop()` sends SIGTERM, checks the process exited with 0 and removes the folder.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
const SERVER_BUILD = resolve(ROOT, "build/server/index.js");

/** With a build present the server is ready in seconds (migrations and the seed on PGlite take longer on a loaded machine); without one start.ts builds it first. */
const READY_DEADLINE_MS = existsSync(SERVER_BUILD) ? 180_000 : 300_000;
const READY_POLL_INTERVAL_MS = 200;
const READY_REQUEST_TIMEOUT_MS = 2_000;
/** Above the server's own SHUTDOWN_GRACE_MS (10 s by default) so a slow but clean stop still counts. */
const STOP_DEADLINE_MS = 20_000;
const OUTPUT_TAIL_BYTES = 64 * 1024;

/** Variables the server reads that must come from this harness, not from the caller's shell. */
const SERVER_VARIABLES_TO_DROP = [
  "DATABASE_URL",
  "DATABASE_POOL_SIZE",
  "HOST",
  "TRUST_PROXY",
  "METRICS_TOKEN",
  "MIGRATE_ON_START",
  "SEED_ON_START",
  "REQUEST_TIMEOUT_MS",
  "TENANT_CACHE_TTL_MS",
  "SHUTDOWN_GRACE_MS",
  "WORKER_IN_PROCESS",
  "PAGE_CACHE_MB",
  "MAX_IN_FLIGHT",
  "MAX_EVENT_LOOP_DELAY_MS",
  "MAX_CONNECTIONS",
  "KEEP_ALIVE_TIMEOUT_MS",
  "SHUTDOWN_DRAIN_DELAY_MS",
];

/** A port nothing listens on right now: the kernel picks one for a throw-away listener. */
async function pickFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    // No host: the server under test listens on every interface too, so the port must be free on all.
    probe.listen(0, () => {
      const address = probe.address();
      if (address === null || typeof address === "string") {
        probe.close();
        reject(new Error("could not read the port of the probe listener"));
        return;
      }
      probe.close(() => resolvePort(address.port));
    });
  });
}

/** Keeps the last bytes of a child's output stream, for error messages. */
function tailOf(stream: NodeJS.ReadableStream | null): () => string {
  let text = "";
  stream?.setEncoding("utf8");
  stream?.on("data", (chunk: string) => {
    text += chunk;
    if (text.length > OUTPUT_TAIL_BYTES) text = text.slice(-OUTPUT_TAIL_BYTES);
  });
  return () => text;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (hasExited(child)) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((done) => child.once("exit", (code, signal) => done({ code, signal })));
}

/** Resolves after `ms`, or earlier when the child exits, so an early crash is noticed at once. */
function pause(ms: number, child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, ms);
    child.once("exit", finish);
    function finish() {
      clearTimeout(timer);
      child.off("exit", finish);
      done();
    }
  });
}

async function isReady(baseURL: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(READY_REQUEST_TIMEOUT_MS) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false; // Not listening yet (ECONNREFUSED) or too slow to answer: try again.
  }
}

/** What the caller may ask of a process beyond plain variables. */
export interface ProcessOptions {
  /** Serve this PostgreSQL database instead of a throw-away PGlite folder. */
  databaseUrl?: string;
  /**
   * With `databaseUrl`: migrate the database, write the product data and seed the demo tenants at
   * start (MIGRATE_ON_START and SEED_ON_START), as one process of a fresh deployment does. Off by
   * default there, as in production; PGlite always prepares itself.
   */
  prepareDatabase?: boolean;
  /** With `databaseUrl`: false keeps the job worker out of this web process (WORKER_IN_PROCESS=false). */
  workerInProcess?: boolean;
}

/** A child process of ours: its id, what it printed lately, and a clean stop. */
export interface ChildProcessHandle {
  pid: number;
  /** The last 64 KB of its stdout (the JSON log lines). */
  output(): string;
  /** SIGTERM; rejects unless it exits with 0 in time. */
  stop(): Promise<void>;
}

export interface ServerProcess extends ChildProcessHandle {
  baseURL: string;
  port: number;
}

export type WorkerProcess = ChildProcessHandle;

/** The variables a process gets: the caller's shell without the server's own, then ours, then the caller's overrides. */
function processEnv(base: Record<string, string>, options: ProcessOptions, overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES_TO_DROP) delete env[name];
  const database: Record<string, string> = options.databaseUrl
    ? {
        DATABASE_URL: options.databaseUrl,
        MIGRATE_ON_START: String(options.prepareDatabase ?? false),
        SEED_ON_START: String(options.prepareDatabase ?? false),
        WORKER_IN_PROCESS: String(options.workerInProcess ?? true),
      }
    : {};
  return Object.assign(env, { NODE_ENV: "production", LOG_LEVEL: "warn", ...base, ...database }, overrides);
}

/**
 * Spawns `node --import tsx <entry>` and waits until `isReady()` holds. A process that exits or
 * does not get ready in time is killed and reported with its output; `stop()` sends SIGTERM and
 * expects exit code 0, then runs `cleanUp`.
 */
async function superviseChild(input: {
  entry: string;
  env: NodeJS.ProcessEnv;
  what: string;
  readyDeadlineMs: number;
  isReady: (output: () => string) => Promise<boolean>;
  cleanUp: () => Promise<void>;
}): Promise<ChildProcessHandle> {
  const { what, cleanUp } = input;
  const child = spawn(process.execPath, ["--import", "tsx", input.entry], { cwd: ROOT, env: input.env, stdio: ["ignore", "pipe", "pipe"] });
  const stdout = tailOf(child.stdout);
  const stderr = tailOf(child.stderr);
  const spawnFailure: { error?: Error } = {};
  child.once("error", (error) => (spawnFailure.error = error));
  // If vitest itself is interrupted, do not leave the process running.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const describeOutput = () => `--- ${what} stderr ---\n${stderr() || "(empty)"}\n--- ${what} stdout ---\n${stdout() || "(empty)"}`;

  const abandon = async (message: string): Promise<never> => {
    if (!hasExited(child)) {
      child.kill("SIGKILL");
      await exitOf(child);
    }
    process.off("exit", killOnExit);
    await cleanUp();
    throw new Error(`${message}\n${describeOutput()}`);
  };

  const deadline = Date.now() + input.readyDeadlineMs;
  let ready = false;
  while (!ready) {
    if (spawnFailure.error) return abandon(`could not start the ${what}: ${String(spawnFailure.error)}`);
    if (hasExited(child)) return abandon(`the ${what} exited before it was ready (code ${child.exitCode}, signal ${child.signalCode})`);
    if (Date.now() > deadline) return abandon(`the ${what} was not ready within ${input.readyDeadlineMs / 1000} s`);
    ready = await input.isReady(stdout);
    if (!ready) await pause(READY_POLL_INTERVAL_MS, child);
  }

  return {
    pid: child.pid!,
    output: stdout,
    async stop() {
      process.off("exit", killOnExit);
      try {
        if (hasExited(child)) {
          throw new Error(
            `the ${what} stopped before it was asked to (code ${child.exitCode}, signal ${child.signalCode})\n${describeOutput()}`,
          );
        }
        child.kill("SIGTERM");
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<null>((done) => (timer = setTimeout(() => done(null), STOP_DEADLINE_MS)));
        const stopped = await Promise.race([exitOf(child), timedOut]);
        clearTimeout(timer);
        if (stopped === null) {
          child.kill("SIGKILL");
          await exitOf(child);
          throw new Error(`the ${what} did not stop within ${STOP_DEADLINE_MS / 1000} s of SIGTERM\n${describeOutput()}`);
        }
        if (stopped.code !== 0) {
          throw new Error(
            `the ${what} exited with code ${stopped.code} (signal ${stopped.signal}) on SIGTERM, expected 0\n${describeOutput()}`,
          );
        }
      } finally {
        await cleanUp();
      }
    },
  };
}

/**
 * The production server on a free port. `overrides` are variables set last (LOG_LEVEL, METRICS_TOKEN…);
 * `options` point it at PostgreSQL. Ready once /readyz answers 200.
 */
export async function startServerProcess(overrides: Record<string, string> = {}, options: ProcessOptions = {}): Promise<ServerProcess> {
  const port = await pickFreePort();
  const baseURL = `http://localhost:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), "hamsafar-server-"));
  const env = processEnv({ PORT: String(port), DATA_DIR: dataDir, UNKNOWN_HOST: "404" }, options, overrides);
  const handle = await superviseChild({
    entry: "server/start.ts",
    env,
    what: "server",
    readyDeadlineMs: READY_DEADLINE_MS,
    isReady: () => isReady(baseURL),
    cleanUp: () => rm(dataDir, { recursive: true, force: true }),
  });
  return { ...handle, baseURL, port };
}

/** The log line the worker writes once its queues are set up and worked. */
const WORKER_STARTED = /"msg":"job worker started"/;
/** Installing pg-boss's schema on a new database and the start jobs take seconds; a loaded machine, more. */
const WORKER_READY_DEADLINE_MS = 120_000;

/**
 * `npm run worker`'s entry (server/worker.ts) on a PostgreSQL database, alone: ready once it logs
 * that its queues are worked. It logs at info at least, since that line is how readiness is seen
 * (and its "job done" lines are how a test sees which process ran a job).
 */
export async function startWorkerProcess(databaseUrl: string, overrides: Record<string, string> = {}): Promise<WorkerProcess> {
  const env = processEnv({}, { databaseUrl }, overrides);
  if (env.LOG_LEVEL !== "debug" && env.LOG_LEVEL !== "trace") env.LOG_LEVEL = "info";
  return superviseChild({
    entry: "server/worker.ts",
    env,
    what: "worker",
    readyDeadlineMs: WORKER_READY_DEADLINE_MS,
    isReady: async (output) => WORKER_STARTED.test(output()),
    cleanUp: async () => {},
  });
}
