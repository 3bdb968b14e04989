/**
 * `npm test`: every check in order, stopping at the first failure: formatting, route types, then lint, import rules and
 * typecheck side by side, unit tests, the production build, integration tests (PGlite, plus PostgreSQL when
 * TEST_DATABASE_URL is set) and end-to-end tests in real Chromium.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const RESULTS = resolve(ROOT, "test-results");
mkdirSync(RESULTS, { recursive: true });

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const started = Date.now();
  process.stdout.write(`\n▶ ${label}\n`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stdout.write(`\n✖ ${label} failed after ${seconds} s\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`✔ ${label} (${seconds} s)\n`);
}

interface Step {
  label: string;
  command: string;
  args: string[];
}

/**
 * Steps that only read the sources run side by side: ESLint and tsc are single-threaded and CI has
 * two cores (ADR 0026). Each step's output is printed whole when all have ended, in the listed
 * order; if any failed, the first failure's status ends the run.
 */
async function runTogether(steps: Step[]): Promise<void> {
  const results = await Promise.all(
    steps.map(
      (step) =>
        new Promise<{ status: number; output: string; seconds: string }>((done) => {
          const started = Date.now();
          const chunks: Buffer[] = [];
          const child = spawn(step.command, step.args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
          child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
          child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
          const finish = (status: number, extra = "") =>
            done({ status, output: Buffer.concat(chunks).toString("utf8") + extra, seconds: ((Date.now() - started) / 1000).toFixed(1) });
          child.once("error", (error) => finish(1, `${String(error)}\n`));
          child.once("close", (code) => finish(code ?? 1));
        }),
    ),
  );
  let failure = 0;
  steps.forEach((step, index) => {
    const result = results[index]!;
    process.stdout.write(`\n▶ ${step.label}\n${result.output}`);
    if (result.status === 0) process.stdout.write(`✔ ${step.label} (${result.seconds} s)\n`);
    else process.stdout.write(`\n✖ ${step.label} failed after ${result.seconds} s\n`);
    if (result.status !== 0 && failure === 0) failure = result.status;
  });
  if (failure !== 0) process.exit(failure);
}

/** Chromium from CHROMIUM_PATH or Debian's package; installed with apt when we are allowed to. */
function ensureChromium(): string {
  const candidate = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (existsSync(candidate)) return candidate;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
    process.stdout.write("Chromium not found; installing Debian's chromium package…\n");
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    const install =
      update.status === 0
        ? spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
            stdio: "inherit",
            env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
          })
        : update;
    if (install.status === 0 && existsSync(candidate)) return candidate;
  }
  process.stderr.write(
    `\nEnd-to-end tests need Chromium, and none was found at ${candidate}.\n` +
      "Install it with `sudo apt-get install chromium` (Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium or Chrome binary.\n",
  );
  process.exit(1);
}

const chromium = ensureChromium();
const vitest = (project: string) => [
  "vitest",
  "run",
  "--project",
  project,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${RESULTS}/${project}.json`,
];

// Lint reads types, route modules' included: the generated route types come first. It runs without
// ESLint's cache, which would keep a file's verdict while a file it imports changes its types.
run("formatting (prettier)", "npx", ["prettier", "--check", "."]);
run("route types", "npx", ["react-router", "typegen"]);
await runTogether([
  { label: "lint", command: "npx", args: ["eslint", ".", "--max-warnings=0"] },
  // Import cycles, type-only ones included, and the wallet below payments (ADR 0020).
  { label: "import rules (dependency-cruiser)", command: "npx", args: ["depcruise", ".", "--config", ".dependency-cruiser.cjs"] },
  { label: "typecheck (tsc)", command: "npx", args: ["tsc", "--noEmit"] },
]);
run("unit tests", "npx", vitest("unit"));
run("production build", "npx", ["react-router", "build"]);
if (!process.env.TEST_DATABASE_URL) process.stdout.write("\nTEST_DATABASE_URL is not set: integration tests run on PGlite only.\n");
run("integration tests", "npx", vitest("integration"));
run("end-to-end tests (Chromium)", "npx", vitest("e2e"), { CHROMIUM_PATH: chromium });

let passed = 0;
let failed = 0;
let skipped = 0;
for (const project of ["unit", "integration", "e2e"]) {
  const report = JSON.parse(readFileSync(`${RESULTS}/${project}.json`, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failed > 0 ? 1 : 0);
