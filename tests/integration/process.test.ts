import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

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

describe("the server process", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "hamsafar-process-"));
  afterAll(() => {
    for (const child of children) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
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
