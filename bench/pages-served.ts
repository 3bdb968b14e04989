/**
 * Issue 24 §2 in `npm run bench`: the pages that serve many visitors at 10 connections, each as
 * requests per second and as a share of /healthz in the same run, so a slower or busier machine
 * moves both sides. The targets were set where /healthz answered 5,200 req/s: a route landing
 * 200, results 150, the home page 300 (each with p99 ≤ 100 ms). Sent through the benches' client
 * (keep-alive node:http, brotli as browsers ask), so the client costs little of the two cores.
 */
import { benchRequest, loadCalls, type Figures } from "./load-calls.ts";

type Served = Figures & { hits: number };

/** `concurrency` keep-alive requests in flight for `seconds`, cycling through `paths`; `hits` came from the page cache. */
export async function servePaths(base: string, paths: readonly string[], seconds: number, concurrency = 10): Promise<Served> {
  let hits = 0;
  const figures = await loadCalls(
    async (index) => {
      const res = await benchRequest(`${base}${paths[index % paths.length]}`, { headers: { host: "localhost" } });
      if (res.headers["x-page-cache"] === "hit") hits += 1;
      return res.status === 200;
    },
    { seconds, concurrency, maxRequests: Number.POSITIVE_INFINITY },
  );
  return { ...figures, hits };
}

const REFERENCE_HEALTHZ = 5_200;

/** Prints the section: /healthz, then each page against its target and its share of /healthz. */
export async function pagesServedSection(base: string, inAMonth: string, addDays: (iso: string, days: number) => string) {
  const seconds = 5;
  console.log(
    `\nPages that serve many visitors (10 connections, ${seconds} s each; targets as set where /healthz did ${REFERENCE_HEALTHZ} req/s)`,
  );
  // Warm every page once, as a visitor before the measured ones would.
  await servePaths(base, ["/", "/flight/THR-MHD", `/flight/THR-MHD?date=${inAMonth}&adults=1`], 1, 2);
  const health = await servePaths(base, ["/healthz"], seconds);
  const line = (name: string, figures: Served, target: number | null) => {
    const share = figures.perSecond / health.perSecond;
    const goal = target === null ? "(reported)" : `≥ ${target} req/s, share ≥ ${(target / REFERENCE_HEALTHZ).toFixed(3)}, p99 ≤ 100 ms`;
    console.log(
      `  ${name.padEnd(40)} ${figures.perSecond.toFixed(0).padStart(6)} req/s  share ${share.toFixed(3)}  p50 ${figures.p50.toFixed(1).padStart(6)} ms  p99 ${figures.p99.toFixed(1).padStart(6)} ms  from cache ${((100 * figures.hits) / Math.max(1, figures.requests)).toFixed(0).padStart(3)}%  errors ${figures.errors}   target: ${goal}`,
    );
  };
  line("/healthz", health, null);
  line("home (fa)", await servePaths(base, ["/"], seconds), 300);
  line("home (en)", await servePaths(base, ["/en"], seconds), 300);
  line("route landing /flight/THR-MHD", await servePaths(base, ["/flight/THR-MHD"], seconds), 200);
  line("route landing /bus/tehran-isfahan", await servePaths(base, ["/bus/tehran-isfahan"], seconds), 200);
  line("flight results (one search)", await servePaths(base, [`/flight/THR-MHD?date=${inAMonth}&adults=1`], seconds), 150);
  // The honest case beside it: many travellers' searches, 10 routes × 30 days, mostly rendered afresh.
  const ROUTES = ["THR-MHD", "MHD-THR", "THR-KIH", "THR-SYZ", "SYZ-THR", "THR-TBZ", "IFN-KIH", "MHD-SYZ", "THR-AWZ", "BND-THR"];
  const many = Array.from(
    { length: 300 },
    (_, index) => `/flight/${ROUTES[index % 10]}?date=${addDays(inAMonth, Math.floor(index / 10))}&adults=1`,
  );
  line("flight results (300 searches)", await servePaths(base, many, seconds), null);
}
