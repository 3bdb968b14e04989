/**
 * The Chromium every tool here drives (the e2e tests, `npm run bench`'s Lighthouse, the social
 * images): Debian's build, and the flags that keep it quiet and offline-safe on a server.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Playwright adds its own headless flag; a tool launching Chromium directly adds "--headless". */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
