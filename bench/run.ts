/**
 * `npm run bench`. React picks its development or production build on first import; we measure
 * what production runs, so the mode is set before the benchmarks load.
 */
process.env.NODE_ENV = "production";
await import("./measure.ts");
await import("./lighthouse.ts");
export {};
