/**
 * Spec §4 GDS-pro hosts (ADR 0030): a tenant flagged GDS-pro answers no storefront page, API
 * route or service until its components are shown, and showing them restores the services it had
 * saved. Switched by the operator's command, against a real server on the test database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedTenants } from "#adapters/db/seed.ts";
import { gdsProCommand } from "#server/cli/admin/gds-pro.ts";
import { runAdmin, type AdminContext } from "#server/cli/admin/commands.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const GDS_HOST = "theme2.localhost";
const OTHER_HOST = "localhost";

describe.each(PAGE_ENGINES)("a GDS-pro host on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    server = await startTestServer(database.handle);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  /** `npm run admin -- gds-pro …` against the test's database (which the command must not close). */
  async function admin(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const context: AdminContext = {
      io: { out: (text) => out.push(text), err: (text) => err.push(text) },
      openDatabase: async () => ({ ...database.handle, close: async () => {} }),
    };
    const code = await runAdmin(["gds-pro", ...args], context, [gdsProCommand]);
    return { code, out: out.join(""), err: err.join("") };
  }

  const get = (path: string, host = GDS_HOST) => rawRequest(server.port, { path, host });
  const config = async (host = GDS_HOST) => {
    const res = await rawRequest(server.port, {
      method: "POST",
      path: "/main/getConfigItems/nuxt",
      host,
      headers: { "content-type": "application/json" },
    });
    return (JSON.parse(res.body) as { response: { servicesActive: string[]; showComponentsForGdsPro: boolean } }).response;
  };

  it("hides every page, API route and service while its components are hidden, and restores them when shown", async () => {
    const saved = await config();
    expect(saved.showComponentsForGdsPro).toBe(true);
    expect(saved.servicesActive).toContain("flight");
    expect((await get("/flight")).status).toBe(200);

    const enabled = await admin("enable", "--tenant", "parvaz-sabz");
    expect(enabled.code).toBe(0);
    expect(enabled.out).toContain("components hidden");

    for (const path of ["/", "/en", "/flight", "/ar/train", "/follow", "/contact", "/login", "/flight/THR-MHD"]) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      const lang = path.startsWith("/en") ? "en" : path.startsWith("/ar") ? "ar" : "fa";
      expect(page.body, path).toContain(`<html lang="${lang}"`);
    }
    const api = await get("/api/v1/flights/search?from=THR&to=MHD&date=2026-03-10");
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toMatchObject({ error: { code: "NOT_FOUND" } });
    const hidden = await config();
    expect(hidden).toMatchObject({ servicesActive: [], showComponentsForGdsPro: false });
    // The tenant's diagnostics page still answers, and other tenants are untouched.
    expect((await get("/test")).status).toBe(200);
    expect((await get("/flight", OTHER_HOST)).status).toBe(200);

    const shown = await admin("show", "--tenant", "parvaz-sabz");
    expect(shown.out).toContain("components shown");
    expect((await config()).servicesActive).toEqual(saved.servicesActive);
    expect((await get("/")).status).toBe(200);
    expect((await get("/flight")).status).toBe(200);

    await admin("hide", "--tenant", "parvaz-sabz");
    expect((await get("/")).status).toBe(404);
    await admin("disable", "--tenant", "parvaz-sabz");
    expect((await get("/")).status).toBe(200);
    expect((await config()).servicesActive).toEqual(saved.servicesActive);
  });

  it("refuses an unknown tenant with the known slugs", async () => {
    const unknown = await admin("show", "--tenant", "nobody");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("parvaz-sabz");
  });
});
