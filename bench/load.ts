/**
 * `npm run bench`, load section (issue 24 §3): mixed load at a fixed arrival rate, a spike of
 * concurrent connections, SIGTERM under load and a memory soak, each against the production
 * server in its own process (as `npm start` runs it, on PGlite). It prints figures against their
 * budgets and never fails on time. Traffic goes only to 127.0.0.1, bounded in rate, count and time.
 *
 * BENCH_SOAK_MINUTES (default 10) sets the soak's length; BENCH_LOAD_SECTIONS (default
 * "mixed,spike,soak,sigterm") picks sections, e.g. `BENCH_LOAD_SECTIONS=spike npx tsx bench/load.ts`.
 */
import { Agent, request as httpRequest } from "node:http";
import { cpus, loadavg } from "node:os";
import { addDays, tehranToday } from "../core/search/dates.ts";
import { startServerProcess, type ServerProcess } from "../tests/support/server-process.ts";

const SECTIONS = new Set((process.env.BENCH_LOAD_SECTIONS ?? "mixed,spike,soak,sigterm").split(",").map((name) => name.trim()));
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);

const MIXED_RATE_PER_SECOND = 100;
const MIXED_SECONDS = 60;
const SPIKE_CONNECTIONS = 500;
/** A request not answered by then counts as hung. */
const ANSWER_DEADLINE_MS = 30_000;
const SIGTERM_RATE_PER_SECOND = MIXED_RATE_PER_SECOND;
const SIGTERM_AFTER_SECONDS = 5;
/** The load keeps arriving this long after SIGTERM, to see how the draining server treats it. */
const LOAD_AFTER_SIGTERM_SECONDS = 2;
/** Longer than the load goes on after SIGTERM: every request the bench sends should then be served. */
const SIGTERM_DRAIN_DELAY_MS = 3_000;
const SOAK_SAMPLE_SECONDS = 10;
/** "Flat": after warm-up, resident memory grows by less than this per minute. */
const FLAT_MB_PER_MINUTE = 5;

interface Target {
  name: string;
  method: "GET" | "POST";
  path: (index: number) => string;
  headers?: Record<string, string>;
}

interface Outcome {
  target: string;
  status: number | null;
  retryAfter: string | null;
  /** A socket error's code (ECONNREFUSED, ECONNRESET…), or "hung" past the deadline. */
  error: string | null;
  /** From the request's scheduled start to the end of its answer: a late start counts against the server. */
  ms: number;
  startedAt: number;
  /** When the request had been written to a connected socket (null: it never was, e.g. the connection was refused). */
  writtenAt: number | null;
}

// What a browser sends: the pages and JSON go out compressed, as they would to a visitor.
const BROWSER_HEADERS = { host: "localhost", "accept-encoding": "br, gzip", accept: "text/html,application/json;q=0.9,*/*;q=0.8" };

function send(port: number, agent: Agent, target: Target, index: number, scheduledAt: number): Promise<Outcome> {
  return new Promise((done) => {
    let settled = false;
    let writtenAt: number | null = null;
    const finish = (status: number | null, retryAfter: string | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      done({ target: target.name, status, retryAfter, error, ms: performance.now() - scheduledAt, startedAt: scheduledAt, writtenAt });
    };
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: target.method,
        path: target.path(index),
        agent,
        headers: { ...BROWSER_HEADERS, ...target.headers },
      },
      (res) => {
        res.resume();
        res.once("end", () => finish(res.statusCode ?? 0, res.headers["retry-after"] ?? null, null));
        res.once("error", (error: NodeJS.ErrnoException) => finish(null, null, error.code ?? error.message));
      },
    );
    const deadline = setTimeout(() => {
      finish(null, null, "hung");
      req.destroy();
    }, ANSWER_DEADLINE_MS);
    req.once("error", (error: NodeJS.ErrnoException) => finish(null, null, error.code ?? error.message));
    req.once("finish", () => (writtenAt = performance.now()));
    req.end();
  });
}

function mixedTargets(): Target[] {
  const today = tehranToday(new Date());
  const inAMonth = addDays(today, 30);
  const places = ["mash", "مشه", "MHD", "teh", "تهر", "kish", "shi", "tab"];
  const routes = [
    ["THR", "MHD"],
    ["MHD", "THR"],
    ["THR", "KIH"],
    ["THR", "SYZ"],
    ["IFN", "KIH"],
  ];
  return [
    { name: "home (fa)", method: "GET", path: () => "/" },
    { name: "home (en)", method: "GET", path: () => "/en" },
    { name: "route landing /flight/THR-MHD", method: "GET", path: () => "/flight/THR-MHD" },
    { name: "flight results", method: "GET", path: () => `/flight/THR-MHD?date=${inAMonth}&adults=1&children=0&infants=0&cabin=economy` },
    { name: "train results", method: "GET", path: () => `/train/tehran-mashhad?date=${inAMonth}&adults=2` },
    { name: "bus results", method: "GET", path: () => `/bus/tehran-isfahan?date=${inAMonth}&adults=2` },
    {
      name: "places API",
      method: "GET",
      path: (index) => `/api/v1/places?service=flight&q=${encodeURIComponent(places[index % places.length]!)}&lang=fa`,
    },
    {
      name: "flight search API",
      method: "GET",
      path: (index) => {
        const [from, to] = routes[index % routes.length]!;
        return `/api/v1/flights/search?from=${from}&to=${to}&date=${addDays(today, 1 + (index % 60))}&adults=1&children=0&infants=0`;
      },
    },
    { name: "config call", method: "POST", path: () => "/main/getConfigItems/nuxt", headers: { language: "fa" } },
  ];
}

/** Sends `rate` requests a second for `seconds`, on schedule whatever the answers (open loop), cycling through `targets`. */
async function openLoop(port: number, targets: Target[], options: { rate: number; seconds: number; agent: Agent }): Promise<Outcome[]> {
  const pending: Promise<Outcome>[] = [];
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  const started = performance.now();
  let sent = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - started) / interval) + 1);
      for (; sent < due; sent += 1) {
        const target = targets[sent % targets.length]!;
        pending.push(send(port, options.agent, target, Math.floor(sent / targets.length), started + sent * interval));
      }
      if (sent >= total) return done();
      setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
    };
    tick();
  });
  return Promise.all(pending);
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function latencyLine(name: string, outcomes: Outcome[], expectOk: (outcome: Outcome) => boolean): { p95: number; errors: number } {
  const times = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
  const errors = outcomes.filter((outcome) => !expectOk(outcome)).length;
  const p95 = percentile(times, 0.95);
  console.log(
    `  ${name.padEnd(32)} ${String(outcomes.length).padStart(6)} req  p50 ${percentile(times, 0.5).toFixed(1).padStart(7)} ms  p95 ${p95
      .toFixed(1)
      .padStart(7)} ms  p99 ${percentile(times, 0.99).toFixed(1).padStart(7)} ms  errors ${errors}`,
  );
  return { p95, errors };
}

function describeOutcomes(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) {
    const key = outcome.error ?? String(outcome.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `${key}: ${count}`)
    .join(", ");
}

/** Free keep-alive sockets are dropped after this, well before the server's KEEP_ALIVE_TIMEOUT_MS (5 s), as a balancer's shorter idle timeout does: otherwise a request sent on a socket the server is closing fails (the keep-alive race), which says nothing about the server. */
const CLIENT_IDLE_SOCKET_MS = 2_000;

function keepAliveAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 1024, timeout: CLIENT_IDLE_SOCKET_MS });
}

async function metricValue(port: number, name: string): Promise<number | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) });
    const text = await response.text();
    const values = text
      .split("\n")
      .filter((line) => line.startsWith(name) && (line[name.length] === " " || line[name.length] === "{"))
      .map((line) => Number(line.slice(line.lastIndexOf(" ") + 1)));
    return values.length ? values.reduce((sum, value) => sum + value, 0) : null;
  } catch {
    return null;
  }
}

/** The shed counter by reason, e.g. `in-flight 12, event-loop-delay 3` (cumulative since the server started). */
async function shedByReason(port: number): Promise<string> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) });
    const lines = (await response.text()).split("\n").filter((line) => line.startsWith("http_requests_shed_total{"));
    return (
      lines.map((line) => `${/reason="([^"]+)"/.exec(line)?.[1] ?? "?"} ${line.slice(line.lastIndexOf(" ") + 1)}`).join(", ") || "none"
    );
  } catch {
    return "unknown";
  }
}

async function readyStatus(port: number): Promise<string> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return String(response.status);
  } catch (error) {
    return `no answer (${(error as Error).message})`;
  }
}

/** Other work on the machine shows in every figure: each section says how busy the machine was as it began. */
const machineLoad = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")} on ${cpus().length} cores`;

const ok = (outcome: Outcome) => outcome.status === 200;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function mixedSection(server: ServerProcess) {
  const targets = mixedTargets();
  const agent = keepAliveAgent();
  // Caches and the JIT warm up as they would after a deploy, not inside the measured minute.
  await openLoop(server.port, targets, { rate: 50, seconds: 3, agent });
  console.log(
    `\nMixed load: ${MIXED_RATE_PER_SECOND} requests/s for ${MIXED_SECONDS} s (open loop, keep-alive), ${targets.length} targets in turn; ${machineLoad()}`,
  );
  const outcomes = await openLoop(server.port, targets, { rate: MIXED_RATE_PER_SECOND, seconds: MIXED_SECONDS, agent });
  agent.destroy();
  for (const target of targets)
    latencyLine(
      target.name,
      outcomes.filter((outcome) => outcome.target === target.name),
      ok,
    );
  const all = latencyLine("all", outcomes, ok);
  console.log(`  statuses: ${describeOutcomes(outcomes)}; shed so far by reason: ${await shedByReason(server.port)}`);
  console.log(`  budget: p95 < 200 ms, no errors → ${all.p95 < 200 && all.errors === 0 ? "met" : "NOT met"}`);
}

async function spikeSection(server: ServerProcess) {
  const today = tehranToday(new Date());
  const inAMonth = addDays(today, 30);
  const pages = [
    "/",
    "/en",
    "/flight/THR-MHD",
    `/flight/THR-MHD?date=${inAMonth}&adults=1`,
    `/bus/tehran-isfahan?date=${inAMonth}&adults=2`,
  ];
  const targets: Target[] = pages.map((path) => ({ name: path, method: "GET", path: () => path }));
  // A socket per request, all opened at once: 500 connections, not 500 requests over a pool.
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const shedBefore = (await metricValue(server.port, "http_requests_shed_total")) ?? 0;
  console.log(
    `\nSpike: ${SPIKE_CONNECTIONS} connections at once on pages (deadline ${ANSWER_DEADLINE_MS / 1000} s each); ${machineLoad()}`,
  );
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: SPIKE_CONNECTIONS }, (_, index) => send(server.port, agent, targets[index % targets.length]!, index, started)),
  );
  const lastAnswerMs = performance.now() - started;
  agent.destroy();
  const refused = outcomes.filter((outcome) => outcome.status === 429 || outcome.status === 503);
  const refusedWithoutRetryAfter = refused.filter((outcome) => !outcome.retryAfter || !/^\d+$/.test(outcome.retryAfter)).length;
  const socketErrors = outcomes.filter((outcome) => outcome.error !== null && outcome.error !== "hung").length;
  const hung = outcomes.filter((outcome) => outcome.error === "hung").length;
  const other = outcomes.filter((outcome) => outcome.status !== null && ![200, 429, 503].includes(outcome.status)).length;
  const ready = await readyStatus(server.port);
  const shed = ((await metricValue(server.port, "http_requests_shed_total")) ?? 0) - shedBefore;
  latencyLine("200 answers", outcomes.filter(ok), ok);
  latencyLine("429/503 answers", refused, () => true);
  console.log(`  statuses: ${describeOutcomes(outcomes)}; last answer after ${lastAnswerMs.toFixed(0)} ms`);
  console.log(
    `  refusals without Retry-After ${refusedWithoutRetryAfter}, socket errors ${socketErrors}, hung ${hung}, other statuses ${other}; shed counter +${shed} (so far by reason: ${await shedByReason(server.port)}); /readyz afterwards ${ready}`,
  );
  const met = refusedWithoutRetryAfter === 0 && socketErrors === 0 && hung === 0 && other === 0 && ready === "200";
  console.log(
    `  budget: every answer 200, 429 or 503 with Retry-After; no socket error, no hang; ready afterwards → ${met ? "met" : "NOT met"}`,
  );
}

async function soakSection(server: ServerProcess) {
  const targets = mixedTargets();
  const agent = keepAliveAgent();
  const seconds = SOAK_MINUTES * 60;
  console.log(
    `\nSoak: ${MIXED_RATE_PER_SECOND} requests/s mixed for ${SOAK_MINUTES} min; resident memory (RSS) and heap from /metrics every ${SOAK_SAMPLE_SECONDS} s; ${machineLoad()}`,
  );
  const samples: { minute: number; rss: number; heap: number; external: number }[] = [];
  const started = performance.now();
  let finished = false;
  const sampler = (async () => {
    while (!finished) {
      const rss = await metricValue(server.port, "process_resident_memory_bytes");
      const heap = await metricValue(server.port, "nodejs_heap_size_used_bytes");
      // Buffers and PGlite's WebAssembly memory live outside the JavaScript heap.
      const external = (await metricValue(server.port, "nodejs_external_memory_bytes")) ?? 0;
      if (rss !== null && heap !== null) samples.push({ minute: (performance.now() - started) / 60_000, rss, heap, external });
      const next = started + samples.length * SOAK_SAMPLE_SECONDS * 1000;
      await new Promise((resume) => setTimeout(resume, Math.max(0, next - performance.now())));
    }
  })();
  const outcomes = await openLoop(server.port, targets, { rate: MIXED_RATE_PER_SECOND, seconds, agent });
  finished = true;
  await sampler;
  agent.destroy();
  latencyLine("all", outcomes, ok);
  console.log(`  statuses: ${describeOutcomes(outcomes)}`);
  if (samples.length < 3) return console.log("  too few memory samples to judge");
  // Warm-up: the first minute, or the first fifth of a short soak, while caches and the JIT fill.
  const warmUpMinutes = Math.min(1, SOAK_MINUTES / 5);
  const steady = samples.filter((sample) => sample.minute >= warmUpMinutes);
  const slope = (pick: (sample: (typeof samples)[number]) => number) => {
    const n = steady.length;
    const meanX = steady.reduce((sum, s) => sum + s.minute, 0) / n;
    const meanY = steady.reduce((sum, s) => sum + pick(s), 0) / n;
    const covariance = steady.reduce((sum, s) => sum + (s.minute - meanX) * (pick(s) - meanY), 0);
    const variance = steady.reduce((sum, s) => sum + (s.minute - meanX) ** 2, 0);
    return variance === 0 ? 0 : covariance / variance;
  };
  const first = samples[0]!;
  const last = samples.at(-1)!;
  const rssSlope = slope((sample) => sample.rss);
  const heapSlope = slope((sample) => sample.heap);
  console.log(
    `  RSS  first ${mb(first.rss)} MB, last ${mb(last.rss)} MB, max ${mb(Math.max(...samples.map((s) => s.rss)))} MB; slope after ${warmUpMinutes.toFixed(1)} min warm-up ${mb(rssSlope)} MB/min`,
  );
  console.log(
    `  heap first ${mb(first.heap)} MB, last ${mb(last.heap)} MB, max ${mb(Math.max(...samples.map((s) => s.heap)))} MB; slope ${mb(heapSlope)} MB/min (${samples.length} samples)`,
  );
  console.log(
    `  external first ${mb(first.external)} MB, last ${mb(last.external)} MB; slope ${mb(slope((sample) => sample.external))} MB/min`,
  );
  console.log(
    `  budget: flat = RSS slope < ${FLAT_MB_PER_MINUTE} MB/min after warm-up → ${rssSlope / 1024 / 1024 < FLAT_MB_PER_MINUTE ? "met" : "NOT met"}`,
  );
}

async function sigtermSection(drainDelayMs: number) {
  console.log(
    `\nSIGTERM under load: a fresh server with SHUTDOWN_DRAIN_DELAY_MS=${drainDelayMs}, ${SIGTERM_RATE_PER_SECOND} requests/s mixed, SIGTERM after ${SIGTERM_AFTER_SECONDS} s, load for ${LOAD_AFTER_SIGTERM_SECONDS} s more; ${machineLoad()}`,
  );
  const server = await startServerProcess({ LOG_LEVEL: "warn", SHUTDOWN_DRAIN_DELAY_MS: String(drainDelayMs) });
  const targets = mixedTargets();
  const agent = keepAliveAgent();
  await openLoop(server.port, targets, { rate: 50, seconds: 2, agent });
  let signalledAt: number | null = null;
  let exit: string | null = null;
  let exitedAt = 0;
  const load = openLoop(server.port, targets, {
    rate: SIGTERM_RATE_PER_SECOND,
    seconds: SIGTERM_AFTER_SECONDS + LOAD_AFTER_SIGTERM_SECONDS,
    agent,
  });
  const stopped = new Promise<void>((done) =>
    setTimeout(() => {
      signalledAt = performance.now();
      // stop() sends SIGTERM at once and rejects, naming the exit code, unless the process exits 0.
      server.stop().then(
        () => {
          exit = "0";
          exitedAt = performance.now();
          done();
        },
        (error: Error) => {
          exit = error.message.split("\n")[0] ?? "failed";
          exitedAt = performance.now();
          done();
        },
      );
    }, SIGTERM_AFTER_SECONDS * 1000),
  );
  const outcomes = await load;
  await stopped;
  const exitedAfterMs = exitedAt - signalledAt!;
  agent.destroy();
  // Classified by when the request reached a socket, not by when it was due: under load the client's
  // own queue can hold a request past the signal.
  const signal = signalledAt!;
  const inFlight = outcomes.filter(
    (outcome) => outcome.writtenAt !== null && outcome.writtenAt < signal && outcome.startedAt + outcome.ms > signal,
  );
  const answeredBefore = outcomes.filter((outcome) => outcome.writtenAt !== null && outcome.startedAt + outcome.ms <= signal);
  const later = outcomes.filter((outcome) => outcome.writtenAt === null || outcome.writtenAt >= signal);
  const failedInFlight = inFlight.filter((outcome) => outcome.status === null);
  console.log(`  answered before SIGTERM ${answeredBefore.length}: ${describeOutcomes(answeredBefore) || "none"}`);
  console.log(
    `  in flight at SIGTERM (written to the server, not yet answered) ${inFlight.length}: ${describeOutcomes(inFlight) || "none"}`,
  );
  console.log(
    `  written after SIGTERM or never (${drainDelayMs > 0 ? "served while draining, then refused" : "refused"} expected) ${later.length}: ${describeOutcomes(later) || "none"}`,
  );
  console.log(`  exit code ${exit}; the process ended ${(exitedAfterMs / 1000).toFixed(1)} s after SIGTERM`);
  console.log(
    `  budget: every request in flight at SIGTERM answered (its normal answer, or 503 if shed), exit 0 → ${failedInFlight.length === 0 && exit === "0" ? "met" : `NOT met (${failedInFlight.length} without an answer)`}`,
  );
}

console.log("\nLoad, spike, soak and SIGTERM (issue 24 §3): the production server in its own process, on PGlite");
if (SECTIONS.has("mixed") || SECTIONS.has("spike") || SECTIONS.has("soak")) {
  const server = await startServerProcess({ LOG_LEVEL: "warn" });
  try {
    if (SECTIONS.has("mixed")) await mixedSection(server);
    if (SECTIONS.has("spike")) await spikeSection(server);
    if (SECTIONS.has("soak")) await soakSection(server);
  } finally {
    await server.stop();
  }
}
// As `npm start` stops (at once), and as behind a balancer (serving while it notices /readyz fail).
if (SECTIONS.has("sigterm")) for (const drainDelayMs of [0, SIGTERM_DRAIN_DELAY_MS]) await sigtermSection(drainDelayMs);
