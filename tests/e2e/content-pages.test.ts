/**
 * Every page of the route table in every language: 200, the page's language, one h1 with the
 * page's own heading, the tenant in the title, and a clean console after hydration. Then the two
 * diagnostics pages.
 */
import { describe, expect, test } from "vitest";
import type { ContentSlug } from "#core/content/content-page.ts";
import { saveScreenshot, useBrowser, waitForHydration } from "./support/browser.ts";
import { contentHeading } from "./support/content.ts";
import { LOCALES, TENANTS, localized, msg, type MessageKey } from "./support/messages.ts";

const browser = useBrowser();

/** A page's h1: a catalog message, or the h1 of a content page stored in the database. */
const PAGES: { path: string; heading: MessageKey | { content: ContentSlug } }[] = [
  { path: "/", heading: "home.heading" },
  { path: "/flight", heading: "service.flight.title" },
  { path: "/flight/international", heading: "service.internationalflight.title" },
  { path: "/internationalflight", heading: "service.internationalflight.title" },
  { path: "/train", heading: "service.train.title" },
  { path: "/bus", heading: "service.bus.title" },
  { path: "/hotel", heading: "service.hotel.title" },
  { path: "/outHotel", heading: "service.intHotel.title" },
  { path: "/tour", heading: "service.tour.title" },
  { path: "/insurance", heading: "service.insurance.title" },
  { path: "/contact", heading: { content: "contact" } },
  { path: "/contact/aboutus", heading: { content: "aboutus" } },
  { path: "/faq", heading: { content: "faq" } },
  { path: "/faq/tips", heading: { content: "tips" } },
  { path: "/rules", heading: { content: "rules" } },
  { path: "/test", heading: "test.title" },
  { path: "/testLang", heading: "testLang.title" },
  { path: "/pages/cooperation", heading: { content: "cooperation" } },
  { path: "/pages/flightinformation", heading: { content: "flightinformation" } },
  { path: "/pages/hostrate", heading: { content: "hostrate" } },
  { path: "/pages/jobs", heading: { content: "jobs" } },
  { path: "/pages/refund", heading: { content: "refund" } },
  { path: "/pages/sheba", heading: { content: "sheba" } },
];

const SCREENSHOTS = new Set(["/flight", "/contact", "/pages/refund"]);

describe("every page in fa, en and ar", () => {
  test.each(PAGES)("$path", async ({ path, heading }) => {
    const { page, response: first, origin, expectNoConsoleErrors } = await browser.openPage(localized("fa", path));
    for (const locale of LOCALES) {
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
