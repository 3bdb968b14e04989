/**
 * Booking tracking (`/follow`) is linked from the footer of every theme, in each language, on
 * full pages and on the compact purchase pages (issue 16 §4). The three demo tenants have one
 * theme each.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedTenants } from "#adapters/db/seed.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

/** Text as React writes it into HTML. */
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** The page's footer: what the theme puts around every page's end. */
function footerOf(body: string): string {
  const start = body.indexOf("<footer");
  const end = body.indexOf("</footer>", start);
  return start >= 0 && end > start ? body.slice(start, end) : "";
}

describe("the link to booking tracking in every theme", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedTenants(database.handle.db, DEMO_TENANTS);
    server = await startTestServer(database.handle);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const themes = DEMO_TENANTS.map(({ tenant, domains }) => [tenant.theme, domains[0]!] as const);

  it("covers the three themes", () => {
    expect(themes.map(([theme]) => theme).sort()).toEqual(["theme-1", "theme-2", "theme-3"]);
  });

  describe.each(themes)("%s", (_theme, host) => {
    it.each(["fa", "en", "ar"] as const)("links /follow from the footer of full and compact pages in %s", async (locale) => {
      const prefix = locale === "fa" ? "" : `/${locale}`;
      const link = `href="${prefix}/follow"`;
      for (const path of [prefix || "/", `${prefix}/payment`]) {
        const page = await rawRequest(server.port, { path, host });
        const footer = footerOf(page.body);
        expect(footer, `${host}${path}`).toContain(link);
        expect(footer, `${host}${path}`).toContain(html(CATALOGS[locale]["nav.follow"]));
      }
    });
  });
});
