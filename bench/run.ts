/**
 * `npm run bench`. React picks its development or production build on first import; we measure
 * what production runs, so the mode is set before the benchmarks load.
 * BENCH_SECTIONS (default "measure,load") picks the parts: `measure` (throughput, JavaScript per
 * route, searches), `load` (bench/load.ts: mixed load, spike, soak and SIGTERM under load).
 */
process.env.NODE_ENV = "production";
const sections = new Set((process.env.BENCH_SECTIONS ?? "measure,load,lighthouse").split(",").map((name) => name.trim()));
if (sections.has("measure")) await import("./measure.ts");
if (sections.has("load")) await import("./load.ts");
if (sections.has("lighthouse")) await import("./lighthouse.ts");
export {};
