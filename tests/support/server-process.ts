/**
 * Runs the real production server (`node --import tsx server/start.ts`) as a child process on a
 * free port with a throw-away PGlite folder, and waits until /readyz answers 200. Used by the
 * end-to-end tests and the benchmarks, so both measure exactly what `npm start` serves.
 * `stop()` sends SIGTERM, checks the server exited cleanly and removes the folder.
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

export interface ServerProcess {
  baseURL: string;
  port: number;
  stop(): Promise<void>;
}

export async function startServerProcess(overrides: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await pickFreePort();
  const baseURL = `http://localhost:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), "hamsafar-server-"));

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES_TO_DROP) delete env[name];
  Object.assign(env, { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn", UNKNOWN_HOST: "404" }, overrides);
  const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const stdout = tailOf(child.stdout);
  const stderr = tailOf(child.stderr);
  const spawnFailure: { error?: Error } = {};
  child.once("error", (error) => (spawnFailure.error = error));
  // If vitest itself is interrupted, do not leave the server running.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const describeOutput = () => `--- server stderr ---\n${stderr() || "(empty)"}\n--- server stdout ---\n${stdout() || "(empty)"}`;

  const abandon = async (message: string): Promise<never> => {
    if (!hasExited(child)) {
      child.kill("SIGKILL");
      await exitOf(child);
    }
    process.off("exit", killOnExit);
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`${message}\n${describeOutput()}`);
  };

  const deadline = Date.now() + READY_DEADLINE_MS;
  let ready = false;
  while (!ready) {
    if (spawnFailure.error) return abandon(`could not start the server: ${String(spawnFailure.error)}`);
    if (hasExited(child)) return abandon(`the server exited before it was ready (code ${child.exitCode}, signal ${child.signalCode})`);
    if (Date.now() > deadline) return abandon(`the server did not answer 200 on ${baseURL}/readyz within ${READY_DEADLINE_MS / 1000} s`);
    ready = await isReady(baseURL);
    if (!ready) await pause(READY_POLL_INTERVAL_MS, child);
  }

  return {
    baseURL,
    port,
    async stop() {
      process.off("exit", killOnExit);
      try {
        if (hasExited(child)) {
          throw new Error(
            `the server stopped before it was asked to (code ${child.exitCode}, signal ${child.signalCode})\n${describeOutput()}`,
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
          throw new Error(`the server did not stop within ${STOP_DEADLINE_MS / 1000} s of SIGTERM\n${describeOutput()}`);
        }
        if (stopped.code !== 0) {
          throw new Error(
            `the server exited with code ${stopped.code} (signal ${stopped.signal}) on SIGTERM, expected 0\n${describeOutput()}`,
          );
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
