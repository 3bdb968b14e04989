import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLIENT_ERROR_REPORT_PATH } from "#core/client-errors/limits.ts";
import { startServerProcess } from "../support/server-process.ts";

const ROOT = resolve(import.meta.dirname, "../..");

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exit: Promise<number | null>;
}

/** Every process a test started; one still running when the file ends (a test that failed or timed out) is killed. */
const children = new Set<ChildProcess>();

/** Starts `npm start`'s entry and resolves once it logs the port it listens on. */
function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: "", PORT: "0", LOG_LEVEL: "info", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  let output = "";
  const exit = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return new Promise((resolveStart, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)[^\n]*storefront listening/.exec(output);
      if (match) resolveStart({ child, port: Number(match[1]), output: () => output, exit });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    void exit.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
}

function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.once("exit", (code) => done({ code, output })));
}

/**
 * One PGlite folder for the file: the first full start migrates and seeds it (tens of seconds), and
 * the later starts (the restart, the shutdown under load) open it as it was left. A test run alone
 * finds it empty and seeds it itself.
 */
const dataDir = mkdtempSync(join(tmpdir(), "hamsafar-process-"));
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the server process", () => {
  // Each refusal is a process of its own, ending at its first check: they run side by side.
  it.concurrent.each([
    ["PORT", "not-a-port"],
    ["LOG_LEVEL", "chatty"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["TRUST_PROXY", "sometimes"],
  ])("refuses to start when %s is %s, naming the variable", async (name, value) => {
    const { code, output } = await runToExit({ [name]: value, DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toContain(`${name}:`);
  });

  // Two full starts of the real process (the first migrates, seeds 90 days of flights and installs
  // the job queue's schema on PGlite): on two busy cores that can take longer than one request's minute.
  it("migrates and seeds on first start, stops cleanly on SIGTERM, and starts again on the same data", { timeout: 180_000 }, async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    const ready = await fetch(`http://127.0.0.1:${first.port}/readyz`);
    expect(ready.status).toBe(200);
    expect(first.output()).toContain("demo tenants seeded");
    first.child.kill("SIGTERM");
    expect(await first.exit).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    // PGlite's folder was closed properly: a second process opens it and finds the seeded data.
    const second = await startServer({ DATA_DIR: dataDir });
    try {
      const page = await fetch(`http://127.0.0.1:${second.port}/test`, { headers: { accept: "text/html" } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("hamsafar");
      expect(second.output()).not.toContain("demo tenants seeded");
    } finally {
      second.child.kill("SIGTERM");
      expect(await second.exit).toBe(0);
    }
  });
});

const IN_FLIGHT = 5;
/** The server keeps serving this long after SIGTERM (SHUTDOWN_DRAIN_DELAY_MS), within the harness's 20 s stop deadline. */
const DRAIN_DELAY_MS = 12_000;
const DRAIN_DEADLINE_MS = 15_000;
const POLL_INTERVAL_MS = 50;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A report posted with `Expect: 100-continue`: the server answers "100 Continue" when the request
 * has reached the app, so once `admitted` resolves the request is in flight inside the server, and
 * it stays there, waiting for its body, until the test sends it.
 */
function heldReport(port: number, agent: Agent): { admitted: Promise<void>; send: () => void; answer: Promise<Answer> } {
  const body = JSON.stringify({
    tikets_vaheds: "frontend",
    tikets_title: "Client error during a shutdown",
    subtiket_text: "Failed to execute 'appendChild' on 'Node'\nurl: http://localhost/",
    category: "client-error",
  });
  let request!: ClientRequest;
  const admitted = new Promise<void>((resolveAdmitted, reject) => {
    request = httpRequest({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: CLIENT_ERROR_REPORT_PATH,
      agent,
      headers: {
        host: "localhost",
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        expect: "100-continue",
      },
    });
    request.once("continue", () => resolveAdmitted());
    request.once("error", reject);
  });
  const answer = new Promise<Answer>((resolveAnswer, reject) => {
    request.once("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolveAnswer({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    request.once("error", reject);
  });
  return { admitted, send: () => request.end(body), answer };
}

/** Whether the server has begun its shutdown: readiness answers 503. */
async function draining(port: number): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(5_000) });
  await response.arrayBuffer();
  return response.status === 503;
}

describe("SIGTERM under load", () => {
  it(
    "finishes every request in flight with its normal answer, serves through the drain delay, closes connections after their answer, and exits 0",
    { timeout: 240_000 },
    async () => {
      const server = await startServerProcess({ LOG_LEVEL: "warn", SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS), DATA_DIR: dataDir });
      // Keep-alive, so the server has to say it closes these connections rather than leave them open.
      const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
      try {
        const reports = Array.from({ length: IN_FLIGHT }, () => heldReport(server.port, agent));
        await Promise.all(reports.map((report) => report.admitted));

        // stop() sends SIGTERM now and, after the exit, fails unless the exit code was 0.
        const stopped = server.stop();
        const deadline = Date.now() + DRAIN_DEADLINE_MS;
        while (!(await draining(server.port))) {
          if (Date.now() > deadline) throw new Error(`the server did not begin draining within ${DRAIN_DEADLINE_MS / 1000} s of SIGTERM`);
          await new Promise((resume) => setTimeout(resume, POLL_INTERVAL_MS));
        }

        // The server is draining; the requests it admitted before now get their bodies and must succeed.
        for (const report of reports) report.send();
        const answers = await Promise.all(reports.map((report) => report.answer));
        for (const answer of answers) {
          expect(answer.status, answer.body).toBe(201);
          expect(JSON.parse(answer.body)).toEqual({ ok: true });
          expect(answer.headers.connection).toBe("close");
        }
        // During the drain delay a new request is still served, and told the connection closes after it.
        const page = await fetch(`http://127.0.0.1:${server.port}/en`, { headers: { host: "localhost" } });
        await page.arrayBuffer();
        expect(page.status).toBe(200);
        expect(page.headers.get("connection")).toBe("close");
        await stopped;
      } finally {
        agent.destroy();
      }
    },
  );
});
