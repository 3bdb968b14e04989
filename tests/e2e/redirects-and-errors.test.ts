/**
 * Redirects, the not-found page per tenant, switched-off services, and the error pages named by
 * status (/500, /en/502…), in the browser, with their HTTP status.
 */
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { saveScreenshot, useBrowser, waitForHydration } from "./support/browser.ts";
import { fetchPath } from "./support/http.ts";
import { TENANTS, localized, msg, persianDigits, type Locale, type MessageKey } from "./support/messages.ts";

const browser = useBrowser();

const ALL_NOT_FOUND_SERVICES = ["/flight", "/train", "/bus", "/hotel", "/tour", "/insurance"];
const WITHOUT_INSURANCE = ["/flight", "/train", "/bus", "/hotel", "/tour"];

/** Checks the Persian not-found page and returns the service links it offers, in order. */
async function expectNotFoundPage(page: Page): Promise<string[]> {
  const heading = page.getByRole("heading", { level: 1, name: msg("fa", "error.notFound.title"), exact: true });
  await heading.waitFor();
  expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
  const home = page.getByRole("link", { name: msg("fa", "error.home"), exact: true });
  expect(await home.getAttribute("href")).toBe("/");

  const services = page.getByRole("navigation", { name: msg("fa", "error.orSearch"), exact: true });
  await services.waitFor();
  const links = services.getByRole("link");
  return links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
}

describe("/fa/… redirects to the unprefixed Persian URL", () => {
  test("the first answer is 301 to /flight?x=1", async () => {
    const response = await fetchPath("/fa/flight?x=1");
    expect(response.status).toBe(301);
    const location = response.headers.get("location");
    expect(location).not.toBeNull();
    const target = new URL(location!, "http://placeholder.invalid");
    expect(`${target.pathname}${target.search}`).toBe("/flight?x=1");
  });

  test("the browser ends on /flight?x=1, redirected once with 301", async () => {
    const { page, response, origin, expectNoConsoleErrors } = await browser.openPage("/fa/flight?x=1");
    expect(page.url()).toBe(`${origin}/flight?x=1`);
    expect(response.status()).toBe(200);
    const redirect = await response.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(301);
    expect(redirect?.url()).toBe(`${origin}/fa/flight?x=1`);
    await page.getByRole("heading", { level: 1, name: msg("fa", "service.flight.title"), exact: true }).waitFor();
    await waitForHydration(page);
    expectNoConsoleErrors();
  });

  test("/fa alone goes to /", async () => {
    const response = await fetchPath("/fa");
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("location") ?? "", "http://placeholder.invalid").pathname).toBe("/");
  });
});

describe("not-found page", () => {
  // /de/flight matches no route at all; /pages/unknown matches a route whose loader says 404.
  test.each(["/de/flight", "/pages/unknown"])("%s on localhost: 404 with a home link and every service", async (path) => {
    const { page, response, expectNoConsoleErrors } = await browser.openPage(path);
    expect(response.status()).toBe(404);
    const services = await expectNotFoundPage(page);
    expect(services).toEqual(ALL_NOT_FOUND_SERVICES);
    await waitForHydration(page);
    await saveScreenshot(page, `not-found-${path}`);
    expectNoConsoleErrors();
  });

  test.each(["/de/flight", "/pages/unknown"])("%s on theme2.localhost (no insurance): no insurance link", async (path) => {
    const { page, response, expectNoConsoleErrors } = await browser.openPage(path, { host: TENANTS.parvazSabz.host });
    expect(response.status()).toBe(404);
    const services = await expectNotFoundPage(page);
    expect(services).toEqual(WITHOUT_INSURANCE);
    expect(await page.getByRole("link", { name: msg("fa", "nav.insurance"), exact: true }).count()).toBe(0);
    await waitForHydration(page);
    await saveScreenshot(page, `not-found-theme2-${path}`);
    expectNoConsoleErrors();
  });
});

describe("services a tenant has switched off answer 404", () => {
  test("/insurance on theme2.localhost is not found", async () => {
    const { page, response } = await browser.openPage("/insurance", { host: TENANTS.parvazSabz.host });
    expect(response.status()).toBe(404);
    await expectNotFoundPage(page);
    await waitForHydration(page);
  });

  test("/tour on theme3.localhost is not found", async () => {
    const { page, response } = await browser.openPage("/tour", { host: TENANTS.safarNur.host });
    expect(response.status()).toBe(404);
    await expectNotFoundPage(page);
    await waitForHydration(page);
  });
});

describe("error pages named by status", () => {
  const CASES: { status: number; title: MessageKey; showsCode: boolean }[] = [
    { status: 500, title: "error.internal", showsCode: false },
    { status: 502, title: "error.originUnreachable", showsCode: true },
    { status: 503, title: "error.originUnreachable", showsCode: true },
    { status: 504, title: "error.gatewayTimeout", showsCode: false },
    { status: 408, title: "error.originUnreachable", showsCode: true },
    { status: 410, title: "error.gone", showsCode: false },
  ];
  const LANGUAGES: { locale: Locale; digits: (code: string) => string }[] = [
    { locale: "fa", digits: persianDigits },
    { locale: "en", digits: (code) => code },
  ];

  /** Pages hydrated in the browser: one with the code shown in each language, one without. */
  const IN_BROWSER = new Set(["fa/502", "en/502", "fa/500"]);

  describe.each(LANGUAGES)("$locale", ({ locale, digits }) => {
    test.each(CASES.filter(({ status }) => !IN_BROWSER.has(`${locale}/${status}`)))(
      "/$status answers $status with $title (server's HTML)",
      async ({ status, title, showsCode }) => {
        const response = await fetchPath(localized(locale, `/${status}`));
        expect(response.status).toBe(status);
        const html = await response.text();
        expect(html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`));
        expect([...html.matchAll(/<h1[^>]*>([^<]*)<\/h1>/g)].map((match) => match[1])).toEqual([msg(locale, title)]);
        expect(html.includes(msg(locale, "error.statusCode", { code: digits(String(status)) }))).toBe(showsCode);
      },
    );

    test.each(CASES.filter(({ status }) => IN_BROWSER.has(`${locale}/${status}`)))(
      "/$status answers $status with $title",
      async ({ status, title, showsCode }) => {
        const { page, response, expectNoConsoleErrors } = await browser.openPage(localized(locale, `/${status}`));
        expect(response.status()).toBe(status);
        expect(await page.locator("html").getAttribute("lang")).toBe(locale);

        const heading = page.getByRole("heading", { level: 1 });
        await heading.waitFor();
        expect(await heading.count()).toBe(1);
        expect(await heading.innerText()).toBe(msg(locale, title));

        const code = page.getByText(msg(locale, "error.statusCode", { code: digits(String(status)) }), { exact: true });
        expect(await code.count()).toBe(showsCode ? 1 : 0);
        const anyCode = page.getByText(msg(locale, "error.statusCode", { code: "" }).trim());
        expect(await anyCode.count()).toBe(showsCode ? 1 : 0);
        if (locale === "fa") expect(await page.locator("main").innerText()).not.toContain(String(status));

        expect(await page.getByRole("link", { name: msg(locale, "error.home"), exact: true }).getAttribute("href")).toBe(
          localized(locale, "/"),
        );
        await waitForHydration(page);
        if (status === 502) await saveScreenshot(page, `error-${status}-${locale}`);
        expectNoConsoleErrors();
      },
    );
  });
});
