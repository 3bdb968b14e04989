/**
 * Issue 24 §1: each key route's first-load JavaScript, split into the framework (React, React DOM,
 * the scheduler, React Router and the bundler's runtime), other libraries, our own code, and the
 * messages the page is sent with, in KB gzip, against the budgets of ARCHITECTURE.md §8.
 *
 * Which module sits in which chunk comes from build/client-chunks.json (scripts/chunk-modules-plugin.ts).
 * A chunk's gzip size is shared among its modules by their rendered size: gzip does not add up
 * per module, and a share is close enough to tell framework from our own code.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { addDays, tehranToday } from "../core/search/dates.ts";
import type { ChunkModules } from "../scripts/chunk-modules-plugin.ts";

const ROOT = resolve(import.meta.dirname, "..");
const CLIENT = resolve(ROOT, "build/client");

type Part = "framework" | "libraries" | "own" | "catalog";

const FRAMEWORK_PACKAGES = new Set(["react", "react-dom", "scheduler", "react-router"]);

/** Which part of the JavaScript a module (as chunk-modules-plugin names it) belongs to. */
export function partOf(module: string): Part {
  // The bundler's runtime and Vite's preload helper are virtual modules: part of the floor.
  if (!module.includes("/") || module.startsWith("vite/") || module.startsWith("rolldown")) return "framework";
  const inPackages = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(module);
  if (inPackages) return FRAMEWORK_PACKAGES.has(inPackages[1]!) ? "framework" : "libraries";
  // A language's messages as code (its address, `fa.json?url`, is only a string of our own).
  if (/core\/i18n\/(fa|en|ar)\.json$/.test(module)) return "catalog";
  return "own";
}

interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
}

function readManifest(): Manifest | null {
  const assets = resolve(CLIENT, "assets");
  const file = existsSync(assets) ? readdirSync(assets).find((f) => f.startsWith("manifest-")) : undefined;
  if (!file) return null;
  const source = readFileSync(resolve(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes).length;

/** The JavaScript a route loads before it is interactive: the entry, the routes' modules and their static imports. */
function firstLoadFiles(manifest: Manifest, routeIds: string[]): string[] {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) continue;
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files].filter((file) => existsSync(resolve(CLIENT, file.replace(/^\//, ""))));
}

type Split = Record<Part, number>;

function splitFiles(files: string[], chunks: Map<string, ChunkModules>): Split {
  const split: Split = { framework: 0, libraries: 0, own: 0, catalog: 0 };
  for (const file of files) {
    const gzip = gzipSize(readFileSync(resolve(CLIENT, file.replace(/^\//, ""))));
    const modules = Object.entries(chunks.get(file)?.modules ?? {});
    const rendered = modules.reduce((sum, [, size]) => sum + size, 0);
    if (rendered === 0) {
      split.own += gzip;
      continue;
    }
    for (const [module, size] of modules) split[partOf(module)] += (gzip * size) / rendered;
  }
  return split;
}

/** The messages a page was sent with (its JSON islands), gzip; null when the page could not be fetched. */
async function pageMessages(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    const html = await response.text();
    if (!response.ok) return null;
    const islands = [...html.matchAll(/<script type="application\/json" data-page-messages[^>]*>([\s\S]*?)<\/script>/g)];
    return gzipSize(islands.map((match) => match[1]).join(""));
  } catch {
    return null;
  }
}

interface RouteBudget {
  name: string;
  routeIds: string[];
  /** A page of the route to fetch for the messages it is sent with; pages behind a booking have none here. */
  path?: string;
  budget: string;
  total?: number;
  own?: number;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);

/**
 * Prints the table. `base` is a running production server of the same build: the messages part is
 * read from the pages it serves. Without a build the function says so and returns.
 */
export async function jsPerRoute(base?: string): Promise<void> {
  const manifest = readManifest();
  const chunksFile = resolve(ROOT, "build/client-chunks.json");
  if (!manifest || !existsSync(chunksFile)) {
    console.log("\nJavaScript per route: no client build with build/client-chunks.json (run npm run build)");
    return;
  }
  const chunks = new Map((JSON.parse(readFileSync(chunksFile, "utf8")) as ChunkModules[]).map((chunk) => [chunk.file, chunk]));
  const inAMonth = addDays(tehranToday(new Date()), 30);
  const nightsLater = addDays(inAMonth, 2);
  const routes: RouteBudget[] = [
    { name: "home (fa, flight form)", routeIds: ["fa-home"], path: "/", budget: "total ≤ 115, own ≤ 14", total: 115, own: 14 },
    { name: "flight landing", routeIds: ["fa-flight"], path: "/flight", budget: "total ≤ 120 (a home tab)", total: 120 },
    {
      name: "flight results",
      routeIds: ["fa-flight-results"],
      path: `/flight/THR-MHD?date=${inAMonth}&adults=1`,
      budget: "total ≤ 150 (results)",
      total: 150,
    },
    {
      name: "hotel results",
      routeIds: ["fa-hotel-results"],
      path: `/hotel/mashhad?checkIn=${inAMonth}&checkOut=${nightsLater}&room=2-0`,
      budget: "total ≤ 150 (results)",
      total: 150,
    },
    { name: "flight passengers", routeIds: ["fa-flight-passengers"], budget: "total ≤ 130 (checkout)", total: 130 },
    { name: "flight pre-invoice", routeIds: ["fa-flight-prefactor"], budget: "total ≤ 130 (checkout)", total: 130 },
    { name: "content page (contact)", routeIds: ["fa-contact"], path: "/contact", budget: "(reported)" },
  ];
  console.log("\nJavaScript per route, first load (KB gzip): framework (React, React DOM, scheduler, React Router, runtime),");
  console.log("other libraries, our own code, messages sent with the page (– for pages behind a booking), total");
  console.log(`  ${"".padEnd(26)}${["framework", "libraries", "own", "messages", "total"].map((h) => h.padStart(10)).join("")}`);
  for (const route of routes) {
    const split = splitFiles(firstLoadFiles(manifest, ["root", ...route.routeIds]), chunks);
    const messages = route.path && base ? await pageMessages(`${base}${route.path}`) : null;
    // A whole catalog in a first load would be a regression: it shows in the "own" column's note.
    const total = split.framework + split.libraries + split.own + split.catalog + (messages ?? 0);
    const over: string[] = [];
    if (route.total !== undefined && total / 1024 > route.total) over.push("OVER total");
    if (route.own !== undefined && split.own / 1024 > route.own) over.push("OVER own");
    if (split.catalog > 0) over.push(`a whole catalog in the first load: ${kb(split.catalog).trim()} KB`);
    console.log(
      `  ${route.name.padEnd(26)}${[split.framework, split.libraries, split.own].map((n) => kb(n).padStart(10)).join("")}${(messages === null ? "–" : kb(messages)).padStart(10)}${kb(total).padStart(10)}   budget: ${route.budget}${over.length ? `  ${over.join(", ")}` : ""}`,
    );
  }
  // Loaded only on demand, never with a page: a visitor's first interaction, a calendar, a navigation.
  const assets = readdirSync(resolve(CLIENT, "assets"));
  const onDemand = (label: string, pattern: RegExp) => {
    const file = assets.find((f) => pattern.test(f));
    if (file)
      console.log(`  ${label.padEnd(36)}${kb(gzipSize(readFileSync(resolve(CLIENT, "assets", file))))} KB   (not part of any first load)`);
  };
  const formFiles = assets.filter((f) => /^search-(parts-)?[\w-]{8}\.js$/.test(f));
  const formGzip = formFiles.reduce((sum, f) => sum + gzipSize(readFileSync(resolve(CLIENT, "assets", f))), 0);
  // ADR 0039: the page hydrates without it, and its island fetches it (the results pages have its shared parts already).
  console.log(`  ${"search form (as its island hydrates)".padEnd(36)}${kb(formGzip)} KB   (not part of any first load)`);
  onDemand("calendar grid (on demand)", /^calendar-popover-[\w-]+\.js$/);
  onDemand("whole Persian catalog (on demand)", /^fa-[\w-]+\.json$/);
}
