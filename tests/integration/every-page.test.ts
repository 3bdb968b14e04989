/**
 * Every fixed page of the storefront in fa, en and ar, as the server renders it: 200 at its own
 * path, the page's language and direction, exactly one h1 with the page's own heading, and the
 * agency's name in the title. The browser test (tests/e2e/content-pages.test.ts) hydrates them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDefaultContent } from "#adapters/db/seed-content.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { contentHeading } from "../e2e/support/content.ts";
import { LOCALES, TENANTS, localized, msg } from "../e2e/support/messages.ts";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";
import { STOREFRONT_PAGES } from "../support/storefront-pages.ts";

/** An element's text as a reader sees it: tags dropped, React's entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

describe("every storefront page in every language", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedDefaultContent(database.handle.db);
    server = await startTestServer(database.handle);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const cases = STOREFRONT_PAGES.flatMap((page) => LOCALES.map((locale) => ({ ...page, locale, url: localized(locale, page.path) })));

  it.each(cases)("$url", async ({ url, locale, heading }) => {
    const res = await rawRequest(server.port, { path: url, host: TENANTS.hamsafar.host });
    expect(res.status, url).toBe(200);
    expect(res.body).toMatch(new RegExp(`<html[^>]* lang="${locale}"[^>]* dir="${locale === "en" ? "ltr" : "rtl"}"`));
    const headings = [...res.body.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)];
    expect(headings, `${url}: exactly one h1`).toHaveLength(1);
    expect(textOf(headings[0]![1]!)).toBe(typeof heading === "string" ? msg(locale, heading) : contentHeading(locale, heading.content));
    const title = /<title>([\s\S]*?)<\/title>/.exec(res.body)?.[1] ?? "";
    expect(textOf(title)).toContain(TENANTS.hamsafar.name[locale]);
  });
});
