/**
 * The storefront's fixed pages in a browser: 200, the page's language, one h1 with the page's own
 * heading, the tenant in the title, and a clean console after hydration. Then the two diagnostics
 * pages.
 */
import { describe, expect, test } from "vitest";
import { saveScreenshot, useBrowser, waitForHydration } from "./support/browser.ts";
import { contentHeading } from "./support/content.ts";
import { STOREFRONT_PAGES } from "../support/storefront-pages.ts";
import { LOCALES, TENANTS, localized, msg } from "./support/messages.ts";

const browser = useBrowser();

/**
 * The browser's part: each page hydrates with a clean console. The server's answer for every page
 * in every language (status, language, h1, title) is checked over HTTP in
 * tests/integration/every-page.test.ts; here every distinct screen hydrates in Persian, and the
 * other languages on pages of each kind (home, a service, content pages).
 */
const IN_EVERY_LANGUAGE = new Set(["/", "/flight", "/contact", "/pages/refund"]);
const CONTENT_IN_PERSIAN = new Set(["/contact", "/faq", "/pages/refund"]);
const PAGES = STOREFRONT_PAGES.filter(({ path, heading }) => typeof heading === "string" || CONTENT_IN_PERSIAN.has(path)).map((entry) => ({
  ...entry,
  locales: IN_EVERY_LANGUAGE.has(entry.path) ? LOCALES : (["fa"] as const),
}));

const SCREENSHOTS = new Set(["/flight", "/contact", "/pages/refund"]);

describe("every kind of page hydrates in fa, en and ar", () => {
  test.each(PAGES)("$path", async ({ path, heading, locales }) => {
    const { page, response: first, origin, expectNoConsoleErrors } = await browser.openPage(localized("fa", path));
    for (const locale of locales) {
      const url = `${origin}${localized(locale, path)}`;
      const response = locale === "fa" ? first : await page.goto(url);
      expect(response?.status(), url).toBe(200);
      expect(page.url(), "no redirect").toBe(url);
      expect(await page.locator("html").getAttribute("lang"), url).toBe(locale);

      const h1 = page.getByRole("heading", { level: 1 });
      await h1.first().waitFor();
      expect(await h1.count(), `${url}: exactly one h1`).toBe(1);
      expect(await h1.innerText(), url).toBe(typeof heading === "string" ? msg(locale, heading) : contentHeading(locale, heading.content));
      expect(await page.title(), url).toContain(TENANTS.hamsafar.name[locale]);

      await waitForHydration(page);
      expectNoConsoleErrors();
      if (SCREENSHOTS.has(path)) await saveScreenshot(page, `page-${locale}${path}`);
    }
  });
});

describe("/test diagnostics", () => {
  test.each([
    { host: TENANTS.hamsafar.host, slug: TENANTS.hamsafar.slug, other: TENANTS.parvazSabz.slug },
    { host: TENANTS.parvazSabz.host, slug: TENANTS.parvazSabz.slug, other: TENANTS.hamsafar.slug },
  ])("on $host it names the tenant $slug and is not indexed", async ({ host, slug, other }) => {
    const { page, response } = await browser.openPage("/test", { host });
    expect(response.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: msg("fa", "test.title"), exact: true }).waitFor();
    expect(await page.getByText(slug, { exact: true }).count()).toBe(1);
    expect(await page.getByText(other, { exact: true }).count()).toBe(0);

    const robots = page.locator('meta[name="robots"]');
    expect(await robots.count()).toBe(1);
    expect(await robots.getAttribute("content")).toBe("noindex, nofollow");
    await waitForHydration(page);
    await saveScreenshot(page, `test-${host}`);
  });
});

describe("/testLang", () => {
  test("an unknown locale cookie is shown as rejected and the page stays Persian", async () => {
    const { page, response, context, origin } = await browser.openPage("/testLang", { cookies: { locale: "xx" } });
    expect(response.status()).toBe(200);
    expect(await page.locator("html").getAttribute("lang")).toBe("fa");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await page.getByRole("heading", { level: 1, name: msg("fa", "testLang.title"), exact: true }).waitFor();
    await page.getByText(msg("fa", "testLang.rejected", { value: "xx" }), { exact: true }).waitFor();

    const robots = page.locator('meta[name="robots"]');
    expect(await robots.getAttribute("content")).toBe("noindex, nofollow");
    // The rejected value is replaced by the language of the page shown.
    const cookie = (await context.cookies(origin)).find((entry) => entry.name === "locale");
    expect(cookie?.value).toBe("fa");
    await waitForHydration(page);
    await saveScreenshot(page, "testLang-rejected-cookie");
  });

  test("without the bad cookie nothing is reported as rejected", async () => {
    const { page } = await browser.openPage("/testLang");
    await page.getByRole("heading", { level: 1, name: msg("fa", "testLang.title"), exact: true }).waitFor();
    expect(await page.getByText(msg("fa", "testLang.rejected", { value: "" }).trim()).count()).toBe(0);
  });
});
