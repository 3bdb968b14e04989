import { describe, it, expect } from "vitest";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import routes from "#app/routes.ts";
import { PAGE_ROUTE_FILES as PAGE_ROUTES } from "#app/route-files.ts";
import { CONTENT_PAGE_SLUGS } from "#app/route-table.ts";
import { isServiceId, serviceOfPath } from "#core/services/service-ids.ts";

const APP_DIR = fileURLToPath(new URL("./", import.meta.url));

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
}

const ENTRIES = routes as unknown as RouteEntry[];

describe("route table", () => {
  it("names every route once", () => {
    const names = PAGE_ROUTES.map((page) => page.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("gives every route its own path", () => {
    const paths = PAGE_ROUTES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("points every route at a file that exists in app/", () => {
    const missing = PAGE_ROUTES.filter((page) => !existsSync(`${APP_DIR}${page.file}`)).map((page) => page.file);
    expect(missing).toEqual([]);
  });

  it("writes paths without a leading slash and without a locale prefix", () => {
    for (const page of PAGE_ROUTES) {
      expect(page.path.startsWith("/")).toBe(false);
      expect(/^(fa|en|ar)(\/|$)/.test(page.path)).toBe(false);
    }
  });

  it("switches a service page off by the same service its path belongs to", () => {
    for (const page of PAGE_ROUTES) {
      const service = "service" in page ? page.service : undefined;
      if (service === undefined) continue;
      expect(isServiceId(service)).toBe(true);
      expect(serviceOfPath(`/${page.path}`), page.name).toBe(service);
    }
  });

  it("lists the content page slugs of spec §2", () => {
    expect([...CONTENT_PAGE_SLUGS].sort()).toEqual(["cooperation", "flightinformation", "hostrate", "jobs", "refund", "sheba"]);
  });
});

describe("app/routes.ts", () => {
  it("declares every page once per language", () => {
    expect(ENTRIES).toHaveLength(3 * PAGE_ROUTES.length);
  });

  it("gives every route a unique id", () => {
    const ids = ENTRIES.map((entry) => entry.id);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ENTRIES.length);
  });

  it("uses {lang}-{name} ids", () => {
    const ids = new Set(ENTRIES.map((entry) => entry.id));
    for (const locale of ["fa", "en", "ar"]) {
      for (const page of PAGE_ROUTES) expect(ids.has(`${locale}-${page.name}`), `${locale}-${page.name}`).toBe(true);
    }
  });

  it("serves Persian without a prefix and English and Arabic under theirs", () => {
    const byId = new Map(ENTRIES.map((entry) => [entry.id, entry]));
    expect(byId.get("fa-flight")?.path).toBe("flight");
    expect(byId.get("en-flight")?.path).toBe("en/flight");
    expect(byId.get("ar-pages")?.path).toBe("ar/pages/:slug");
    expect(byId.get("fa-home")?.index).toBe(true);
    expect(byId.get("en-home")?.path).toBe("en");
    expect(byId.get("ar-home")?.path).toBe("ar");
  });

  it("has one index route and no two routes on the same path", () => {
    expect(ENTRIES.filter((entry) => entry.index)).toHaveLength(1);
    const paths = ENTRIES.filter((entry) => !entry.index).map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("uses the table's file for each language's copy of a page", () => {
    const byId = new Map(ENTRIES.map((entry) => [entry.id, entry]));
    for (const page of PAGE_ROUTES) {
      for (const locale of ["fa", "en", "ar"]) expect(byId.get(`${locale}-${page.name}`)?.file).toBe(page.file);
    }
  });
});
