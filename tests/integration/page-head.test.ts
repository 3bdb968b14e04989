import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

/** Attribute values of the tags matching a pattern, in document order. */
function attributes(html: string, tag: RegExp, attribute: string): string[] {
  return [...html.matchAll(tag)].map((match) => new RegExp(`${attribute}="([^"]*)"`).exec(match[0])?.[1] ?? "");
}

describe("the page head", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    server = await startTestServer(database.handle);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("names the canonical URL and the page in each language, keeping the path", async () => {
    const { body } = await rawRequest(server.port, { path: "/en/contact?utm=x", host: "theme2.localhost" });
    expect(attributes(body, /<link rel="canonical"[^>]*>/g, "href")).toEqual(["http://theme2.localhost/en/contact"]);
    const alternates = [...body.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(alternates).toEqual([
      ["fa", "http://theme2.localhost/contact"],
      ["en", "http://theme2.localhost/en/contact"],
      ["ar", "http://theme2.localhost/ar/contact"],
      ["x-default", "http://theme2.localhost/contact"],
    ]);
  });

  it("carries the tenant's favicon, theme colour, social image and business contact", async () => {
    const { body } = await rawRequest(server.port, { path: "/ar", host: "theme3.localhost" });
    expect(body).toContain('<link rel="icon" href="/tenants/safar-nur/favicon.svg"/>');
    expect(body).toContain('<meta name="theme-color" content="#7A2E8E"/>');
    expect(body).toContain('<meta property="og:image" content="http://theme3.localhost/tenants/safar-nur/social.png"/>');
    expect(body).toContain('<meta property="og:image:width" content="200"/>');
    expect(body).toContain('<meta property="og:image:height" content="100"/>');
    expect(body).toContain('<meta property="og:locale" content="ar_AR"/>');
    expect(body).toContain('<meta property="business:contact_data:phone_number" content="05138004455"/>');
    expect(body).toMatch(/<meta property="business:contact_data:street_address" content="مشهد، شارع وكيل آباد/);
    expect(body).toMatch(/<meta name="description" content="[^"]+"/);
  });

  it("links the stylesheet of the page's language", async () => {
    const fa = await rawRequest(server.port, { path: "/", host: "localhost" });
    const en = await rawRequest(server.port, { path: "/en", host: "localhost" });
    const stylesheet = (html: string) => attributes(html, /<link rel="stylesheet"[^>]*>/g, "href").filter((href) => /locale-/.test(href));
    expect(stylesheet(fa.body)).toEqual([expect.stringMatching(/locale-fa/)]);
    expect(stylesheet(en.body)).toEqual([expect.stringMatching(/locale-en/)]);
  });

  it("writes the render-blocking style sheets first in <head>, before the font preload and the module preloads", async () => {
    const { body } = await rawRequest(server.port, { path: "/en", host: "localhost" });
    const head = body.slice(0, body.indexOf("</head>"));
    const stylesheets = [...head.matchAll(/<link rel="stylesheet"[^>]*>/g)];
    // The root's CSS and the language's, both early; <Links/> writes the root's again later (one fetch).
    expect(stylesheets.slice(0, 2).map((match) => /href="([^"]+)"/.exec(match[0])?.[1])).toEqual([
      expect.stringMatching(/^\/assets\/root-[\w-]+\.css$/),
      expect.stringMatching(/^\/assets\/locale-en-[\w-]+\.css$/),
    ]);
    const lastEarlySheet = stylesheets[1]!.index;
    expect(head.indexOf('rel="modulepreload"')).toBeGreaterThan(lastEarlySheet);
    expect(head.indexOf('as="font"')).toBeGreaterThan(lastEarlySheet);
    // The hydration scripts are fetched after what the first paint needs (ADR 0038).
    const modulePreloads = [...body.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => match[0]);
    expect(modulePreloads.length).toBeGreaterThan(3);
    for (const link of modulePreloads) expect(link).toContain('fetchpriority="low"');
  });

  it("keeps a results page with a search out of search engines, yet describes it for link previews (Lighthouse's meta-description)", async () => {
    const date = addDays(tehranToday(new Date()), 14);
    for (const locale of ["fa", "en"] as const) {
      const { status, body } = await rawRequest(server.port, {
        path: `${locale === "fa" ? "" : "/en"}/flight/THR-MHD?date=${date}&adults=1`,
        host: "localhost",
      });
      expect(status, locale).toBe(200);
      expect(body, locale).toContain('<meta name="robots" content="noindex"/>');
      expect(attributes(body, /<meta name="description"[^>]*>/g, "content"), locale).toEqual([
        CATALOGS[locale]["service.flight.description"],
      ]);
    }
  });

  it("lets shared caches keep pages per host", async () => {
    const { headers } = await rawRequest(server.port, { path: "/en/faq", host: "localhost" });
    expect(headers["cache-control"]).toMatch(/public/);
    expect(String(headers.vary)).toMatch(/Host/);
  });
});
