/**
 * Lighthouse on the key pages (issue 24 §1), run by `npm run bench` after measure.ts and alone by
 * `npx tsx bench/lighthouse.ts`. Mobile with Lighthouse's default simulated throttling, three runs
 * per page; prints the medians against the budgets and saves every run's JSON and HTML report to
 * bench/reports/lighthouse/ (git-ignored). It never fails on a score; it reports.
 * Its own production server on PGlite; Chromium talks only to 127.0.0.1 (and *.localhost, which
 * Chromium resolves to loopback), a fixed number of runs each bounded by Lighthouse's load timeout.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import type { Result as LighthouseResult } from "lighthouse";
import { addDays, tehranToday } from "../core/search/dates.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { startServerProcess } from "../tests/support/server-process.ts";

const ROOT = resolve(import.meta.dirname, "..");
const REPORTS = resolve(ROOT, "bench/reports/lighthouse");
/** Three by default (the median of 3); LIGHTHOUSE_RUNS=1 for a quick look while fixing. */
const RUNS_PER_PAGE = Math.max(1, Math.min(9, Number(process.env.LIGHTHOUSE_RUNS) || 3));
/** LIGHTHOUSE_PAGES=home|landing measures only the pages whose names match (a regular expression). */
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES ? new RegExp(process.env.LIGHTHOUSE_PAGES) : null;
const BUDGET = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 2500, tbtMs: 150, cls: 0.05 };
/**
 * Headless Chromium withholds its frames during a load (Lighthouse issue #17148): the first paint
 * comes late and Lantern then takes every script fetched before it as render-blocking. Where Xvfb
 * is installed Chromium runs headful on a virtual display of its own, as a phone's browser paints;
 * LIGHTHOUSE_HEADLESS=1 asks for headless anyway (the table's late¹ column counts such runs).
 */
async function virtualDisplay(): Promise<{ display: string; stop: () => void } | null> {
  if (process.env.LIGHTHOUSE_HEADLESS) return null;
  // -displayfd: Xvfb picks a free display number and writes it to the given descriptor when ready.
  const xvfb = spawn("Xvfb", ["-displayfd", "1", "-screen", "0", "1366x900x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  const ready = await Promise.race([
    once(xvfb.stdout, "data").then(([data]) => String(data).trim()),
    once(xvfb, "error").then(() => null),
    once(xvfb, "exit").then(() => null),
  ]);
  if (!ready) return null;
  return { display: `:${ready}`, stop: () => xvfb.kill() };
}

type Category = "performance" | "accessibility" | "best-practices" | "seo";

interface PageToMeasure {
  /** File-name friendly: home-fa, results-en, … */
  name: string;
  url: string;
  /** Why search engines are told to skip it; its SEO score is then shown but not held to the budget. */
  noindex?: string;
  categories: Category[];
  runs: number;
  /** Lighthouse's desktop preset (a wide screen, where the themes lay the home page out their own way). */
  desktop?: boolean;
}

interface RunFigures {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** The SEO score without the crawlability audit: what a noindex page can be held to. */
  seoWithoutCrawlable: number | null;
  lcp: number | null;
  tbt: number | null;
  cls: number | null;
  fcp: number | null;
  /**
   * The unthrottled load's own first paint came half a second or more after its load event: the mark of headless
   * Chromium withholding frames during the load (Lighthouse issue #17148). Lantern then takes
   * every script fetched before that late paint as render-blocking, and FCP and LCP grow by seconds.
   */
  paintedAfterLoad: boolean | null;
  failing: string[];
  opportunities: { title: string; savingsMs: number; savingsBytes: number }[];
}

function score(lhr: LighthouseResult, id: string): number | null {
  const value = lhr.categories[id]?.score;
  return typeof value === "number" ? Math.round(value * 100) : null;
}

function numeric(lhr: LighthouseResult, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" ? value : null;
}

/** Withheld frames add whole seconds; a page that paints as it finishes loading is not counted. */
const LATE_PAINT_MS = 500;

function paintedAfterLoad(lhr: LighthouseResult): boolean | null {
  const observed = (
    lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number; observedLoad?: number }[] } | undefined
  )?.items?.[0];
  if (observed?.observedFirstContentfulPaint === undefined || observed.observedLoad === undefined) return null;
  return observed.observedFirstContentfulPaint - observed.observedLoad >= LATE_PAINT_MS;
}

/** The SEO category's weighted score with is-crawlable left out, computed as Lighthouse does. */
function seoWithoutCrawlable(lhr: LighthouseResult): number | null {
  const category = lhr.categories.seo;
  if (!category) return null;
  let weighted = 0;
  let weights = 0;
  for (const ref of category.auditRefs) {
    const result = lhr.audits[ref.id];
    if (ref.id === "is-crawlable" || ref.weight === 0 || !result || result.score === null) continue;
    weighted += result.score * ref.weight;
    weights += ref.weight;
  }
  return weights === 0 ? null : Math.round((weighted / weights) * 100);
}

/** Audits of the scored categories other than performance that did not pass, as "category: audit id". */
function failingAudits(lhr: LighthouseResult): string[] {
  const failing: string[] = [];
  for (const [categoryId, category] of Object.entries(lhr.categories)) {
    if (categoryId === "performance") continue;
    for (const ref of category.auditRefs) {
      const result = lhr.audits[ref.id];
      if (!result || ref.weight === 0) continue;
      if (result.scoreDisplayMode === "binary" || result.scoreDisplayMode === "numeric") {
        if (result.score !== null && result.score < 1) failing.push(`${categoryId}: ${ref.id}`);
      }
    }
  }
  return failing;
}

/** Performance opportunities Lighthouse estimates would save time or bytes. */
function opportunitiesOf(lhr: LighthouseResult): RunFigures["opportunities"] {
  const found: RunFigures["opportunities"] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const result = lhr.audits[ref.id];
    const details = result?.details as { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number } | undefined;
    if (!result || details?.type !== "opportunity" || (result.score ?? 1) >= 0.9) continue;
    const savingsMs = details.overallSavingsMs ?? 0;
    const savingsBytes = details.overallSavingsBytes ?? 0;
    if (savingsMs > 0 || savingsBytes > 0) found.push({ title: `${ref.id} (${result.title})`, savingsMs, savingsBytes });
  }
  return found;
}

function figuresOf(lhr: LighthouseResult): RunFigures {
  return {
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    bestPractices: score(lhr, "best-practices"),
    seo: score(lhr, "seo"),
    seoWithoutCrawlable: seoWithoutCrawlable(lhr),
    lcp: numeric(lhr, "largest-contentful-paint"),
    tbt: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    fcp: numeric(lhr, "first-contentful-paint"),
    paintedAfterLoad: paintedAfterLoad(lhr),
    failing: failingAudits(lhr),
    opportunities: opportunitiesOf(lhr),
  };
}

function median(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle]! : (known[middle - 1]! + known[middle]!) / 2;
}

async function runLighthouse(chrome: LaunchedChrome, page: PageToMeasure, run: number): Promise<RunFigures | string> {
  try {
    const result = await lighthouse(
      page.url,
      {
        port: chrome.port,
        output: ["json", "html"],
        logLevel: "error",
        onlyCategories: page.categories,
        // A page that never settles still ends the run (Lighthouse's own default, said out loud).
        maxWaitForLoad: 45_000,
      },
      page.desktop ? desktopConfig : undefined,
    );
    if (!result) return "no result";
    const [json, html] = result.report as string[];
    const file = `${page.name}-run${run}`;
    await writeFile(resolve(REPORTS, `${file}.report.json`), json ?? "");
    await writeFile(resolve(REPORTS, `${file}.report.html`), html ?? "");
    if (result.lhr.runtimeError) return `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
    return figuresOf(result.lhr);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

interface Offer {
  offerId: string;
  seatsLeft: number;
  price: { total: number };
}

async function openOffers(base: string, date: string): Promise<Offer[]> {
  const search = await fetch(`${base}/api/v1/flights/search?from=THR&to=MHD&date=${date}&adults=1&children=0&infants=0`);
  if (!search.ok) throw new Error(`flight search answered ${search.status}`);
  const { offers } = (await search.json()) as { offers: Offer[] };
  return offers.filter((offer) => offer.seatsLeft > 0);
}

/** The passengers step of the day's first THR→MHD offer with a seat, as the results page links to it. */
async function passengersUrl(base: string, date: string, prefix: string): Promise<string> {
  const offer = (await openOffers(base, date))[0];
  if (!offer) throw new Error(`no THR-MHD offer with a seat on ${date}`);
  const party = new URLSearchParams({ outbound: offer.offerId, adults: "1", children: "0", infants: "0", fare: String(offer.price.total) });
  return `${base}${prefix}/flight/THR-MHD/passengers?${party.toString()}`;
}

/** A fresh hold for one adult through the public API: the pre-invoice's URL. */
async function prefactorUrl(base: string, date: string, prefix: string): Promise<string> {
  // Holding may sell a fare's last seat, or find one gone: try the open fares in turn.
  for (const offer of await openOffers(base, date)) {
    const held = await fetch(`${base}/api/v1/bookings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        offerId: offer.offerId,
        passengers: [
          { type: "adult", firstName: "علی", lastName: "رضایی", gender: "male", birthDate: "1990-05-17", nationalCode: "0499370899" },
        ],
        contact: { mobile: "09121234567" },
      }),
    });
    if (held.status !== 201) {
      await held.arrayBuffer();
      continue;
    }
    const booking = (await held.json()) as { reference: string; hashId: string };
    return `${base}${prefix}/flight/prefactor/${booking.reference}/${booking.hashId}`;
  }
  throw new Error(`no THR-MHD offer on ${date} could be held`);
}

/** The table and findings, printed and kept for summary.txt beside the reports. */
const summary: string[] = [];
function say(line: string) {
  summary.push(line);
  console.log(line);
}

const fmt = (value: number | null, digits = 0) => (value === null ? "–" : value.toFixed(digits));
const mark = (ok: boolean | null) => (ok === null ? " " : ok ? "✓" : "✗");

function printTable(rows: { page: PageToMeasure; runs: RunFigures[] }[]) {
  say(
    `\n${"page".padEnd(24)} ${"perf".padStart(5)}  ${"a11y".padStart(5)}  ${"b.p.".padStart(5)}  ${"SEO".padStart(5)}  ${"LCP ms".padStart(8)}  ${"TBT ms".padStart(8)}  ${"CLS".padStart(7)}  ${"FCP ms".padStart(8)}  runs  late¹`,
  );
  for (const { page, runs } of rows) {
    const m = (pick: (run: RunFigures) => number | null) => median(runs.map(pick));
    const performance = m((run) => run.performance);
    const accessibility = m((run) => run.accessibility);
    const bestPractices = m((run) => run.bestPractices);
    const seo = m((run) => run.seo);
    const lcp = m((run) => run.lcp);
    const tbt = m((run) => run.tbt);
    const cls = m((run) => run.cls);
    const fcp = m((run) => run.fcp);
    const within = (value: number | null, test: (value: number) => boolean) => (value === null ? null : test(value));
    const cell = (text: string, width: number, ok: boolean | null) => `${text.padStart(width)}${mark(ok)}`;
    const seoCell = page.noindex
      ? `${fmt(seo)}/${fmt(m((run) => run.seoWithoutCrawlable))}ⁿ`.padStart(6)
      : cell(
          fmt(seo),
          5,
          within(seo, (v) => v >= BUDGET.seo),
        );
    say(
      [
        page.name.padEnd(24),
        cell(
          fmt(performance),
          5,
          within(performance, (v) => v >= BUDGET.performance),
        ),
        cell(
          fmt(accessibility),
          5,
          within(accessibility, (v) => v >= BUDGET.accessibility),
        ),
        cell(
          fmt(bestPractices),
          5,
          within(bestPractices, (v) => v >= BUDGET.bestPractices),
        ),
        seoCell,
        cell(
          fmt(lcp),
          8,
          within(lcp, (v) => v <= BUDGET.lcpMs),
        ),
        cell(
          fmt(tbt),
          8,
          within(tbt, (v) => v <= BUDGET.tbtMs),
        ),
        cell(
          fmt(cls, 3),
          7,
          within(cls, (v) => v <= BUDGET.cls),
        ),
        fmt(fcp).padStart(9),
        ` ${runs.length}/${page.runs}`,
        runs.some((run) => run.performance !== null)
          ? `  ${runs.filter((run) => run.paintedAfterLoad).length}`.padStart(6)
          : "".padStart(6),
      ].join(" "),
    );
  }
  say(
    `budgets: performance ≥ ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, best practices ${BUDGET.bestPractices}, ` +
      `SEO ${BUDGET.seo} on indexable pages, LCP ≤ ${BUDGET.lcpMs} ms, TBT ≤ ${BUDGET.tbtMs} ms, CLS ≤ ${BUDGET.cls} (medians of the runs)`,
  );
  say(
    "¹ runs whose unthrottled load painted 0.5 s or more after its load event: headless Chromium withheld its frames (Lighthouse issue #17148, " +
      "bimodal, 1-2 s), and Lantern counts every script fetched before that paint as render-blocking; such a run's FCP, LCP and " +
      "performance say more about the browser than about the page",
  );
  const noindex = rows.filter((row) => row.page.noindex);
  if (noindex.length > 0) {
    say("ⁿ noindex on purpose, SEO not budgeted (shown as the score / the score without the crawlability audit):");
    const reasons = new Map<string, string[]>();
    for (const { page } of noindex) reasons.set(page.noindex!, [...(reasons.get(page.noindex!) ?? []), page.name]);
    for (const [reason, names] of reasons) say(`  ${names.join(", ")}: ${reason}`);
  }
}

function printFindings(rows: { page: PageToMeasure; runs: RunFigures[] }[]) {
  const findings = rows.flatMap(({ page, runs }) => {
    const failing = [...new Set(runs.flatMap((run) => run.failing))].filter((id) => !(page.noindex && id === "seo: is-crawlable"));
    return failing.length > 0 ? [`  ${page.name}: ${failing.join(", ")}`] : [];
  });
  say(
    findings.length > 0
      ? "\nFailing audits (any run):\n" + findings.join("\n")
      : "\nNo failing accessibility, best-practices or SEO audit.",
  );
  // An opportunity's savings as the median over the runs where Lighthouse offered it.
  const opportunities = new Map<string, { ms: number[]; bytes: number[]; pages: Set<string> }>();
  for (const { page, runs } of rows)
    for (const run of runs)
      for (const item of run.opportunities) {
        const entry = opportunities.get(item.title) ?? { ms: [], bytes: [], pages: new Set<string>() };
        entry.ms.push(item.savingsMs);
        entry.bytes.push(item.savingsBytes);
        entry.pages.add(page.name);
        opportunities.set(item.title, entry);
      }
  if (opportunities.size === 0) return;
  say("\nPerformance opportunities left (median estimated savings over the runs that offer them):");
  for (const [title, entry] of [...opportunities].sort((a, b) => (median(b[1].ms) ?? 0) - (median(a[1].ms) ?? 0)))
    say(`  ${title}: ~${fmt(median(entry.ms))} ms, ~${fmt((median(entry.bytes) ?? 0) / 1024)} KiB on ${[...entry.pages].join(", ")}`);
}

await mkdir(REPORTS, { recursive: true });
// Each bench run replaces the previous one's reports, so the folder holds one consistent set.
for (const file of await readdir(REPORTS))
  if (file.endsWith(".report.json") || file.endsWith(".report.html")) await rm(resolve(REPORTS, file));

const server = await startServerProcess({ LOG_LEVEL: "warn" });
const base = `http://127.0.0.1:${server.port}`;
const date = addDays(tehranToday(new Date()), 30);
const every: Category[] = ["performance", "accessibility", "best-practices", "seo"];
const RESULTS_NOINDEX = "a results page with a query string, one of endless combinations; its route landing is the page to index";
const CHECKOUT_NOINDEX = "one traveller's checkout (X-Robots-Tag: noindex, no-store)";
// Each theme's colours, on a phone and on a wide screen: every category but performance, whose
// figures the pages above already give.
const themed: Category[] = ["accessibility", "best-practices", "seo"];

// Without Chromium there is nothing to measure: the server is stopped before the error surfaces.
const display = await virtualDisplay();
const chrome = await launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: display ? [...CHROMIUM_FLAGS] : ["--headless", ...CHROMIUM_FLAGS],
  envVars: display ? { ...process.env, DISPLAY: display.display } : undefined,
  logLevel: "error",
}).catch(async (error: unknown) => {
  display?.stop();
  await server.stop();
  throw error;
});
const rows: { page: PageToMeasure; runs: RunFigures[] }[] = [];
console.log(
  `\nLighthouse ${RUNS_PER_PAGE}× per page, mobile, simulated throttling, on ${base} (npm start's server on PGlite), ` +
    (display ? `Chromium headful on Xvfb ${display.display}` : "Chromium headless (no Xvfb, or LIGHTHOUSE_HEADLESS)"),
);
try {
  // A fresh Chromium's first page load is slower than any after it (its own start-up work): one run
  // on the home page, not recorded, takes that out of the first measured page.
  await lighthouse(`${base}/`, { port: chrome.port, logLevel: "error", onlyCategories: ["performance"] });
  for (const locale of ["fa", "en"] as const) {
    const prefix = locale === "fa" ? "" : "/en";
    const pages: PageToMeasure[] = [
      { name: `home-${locale}`, url: `${base}${prefix || "/"}`, categories: every, runs: RUNS_PER_PAGE },
      {
        name: `results-${locale}`,
        url: `${base}${prefix}/flight/THR-MHD?date=${date}&adults=1`,
        noindex: RESULTS_NOINDEX,
        categories: every,
        runs: RUNS_PER_PAGE,
      },
      { name: `landing-${locale}`, url: `${base}${prefix}/flight/THR-MHD`, categories: every, runs: RUNS_PER_PAGE },
    ];
    for (const page of pages) await record(page);
    // A hold lasts 15 minutes: made just before its page is measured, after the passengers step.
    for (const [step, urlOf] of [
      ["passengers", passengersUrl],
      ["prefactor", prefactorUrl],
    ] as const) {
      const page = { name: `${step}-${locale}`, url: "", noindex: CHECKOUT_NOINDEX, categories: every, runs: RUNS_PER_PAGE };
      if (ONLY_PAGES && !ONLY_PAGES.test(page.name)) continue;
      try {
        page.url = await urlOf(base, date, prefix);
      } catch (error) {
        console.log(`  ${page.name}: not measured (${error instanceof Error ? error.message : String(error)})`);
        rows.push({ page, runs: [] });
        continue;
      }
      await record(page);
    }
  }
  for (const host of ["localhost", "theme2.localhost", "theme3.localhost"])
    for (const desktop of [false, true])
      for (const locale of ["fa", "en"] as const) {
        const origin = `http://${host}:${server.port}`;
        const prefix = locale === "fa" ? "" : "/en";
        const name = `${host === "localhost" ? "theme1" : host.split(".")[0]}-${desktop ? "wide" : "phone"}`;
        // The phone view of the default theme is already in the table above.
        if (host === "localhost" && !desktop) continue;
        for (const page of [
          { name: `${name}-home-${locale}`, url: `${origin}${prefix || "/"}`, categories: themed, runs: 1, desktop },
          {
            name: `${name}-results-${locale}`,
            url: `${origin}${prefix}/flight/THR-MHD?date=${date}&adults=1`,
            noindex: RESULTS_NOINDEX,
            categories: themed,
            runs: 1,
            desktop,
          },
        ])
          await record(page);
      }
} catch (error) {
  // What was measured is still worth printing.
  console.log(`stopped early: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  chrome.kill();
  display?.stop();
  await server.stop();
}

printTable(rows);
printFindings(rows);
await writeFile(resolve(REPORTS, "summary.txt"), `${summary.join("\n")}\n`);
console.log(`\nReports (JSON and HTML, one per run, and this summary as summary.txt): ${REPORTS}/`);

async function record(page: PageToMeasure): Promise<void> {
  if (ONLY_PAGES && !ONLY_PAGES.test(page.name)) return;
  rows.push({ page, runs: await measure(page) });
}

async function measure(page: PageToMeasure): Promise<RunFigures[]> {
  // A production server has rendered each page before: one unrecorded request takes the route's
  // first-render cost (code paths compiled, caches filled) out of the figures.
  // Node asks the loopback address with the page's Host (it does not resolve *.localhost as Chromium does).
  const url = new URL(page.url);
  await fetch(`http://127.0.0.1:${url.port}${url.pathname}${url.search}`, { headers: { host: url.host } })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
  const runs: RunFigures[] = [];
  for (let run = 1; run <= page.runs; run++) {
    const outcome = await runLighthouse(chrome, page, run);
    if (typeof outcome === "string") console.log(`  ${page.name} run ${run}: failed (${outcome})`);
    else runs.push(outcome);
  }
  process.stdout.write(`  ${page.name} measured\n`);
  return runs;
}
