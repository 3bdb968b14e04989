/**
 * Languages in the browser: Persian by default without a prefix, English and Arabic under /en
 * and /ar, each with its direction, digits, switcher and cookie.
 */
import { describe, expect, test } from "vitest";
import { saveScreenshot, settle, useBrowser, waitForHydration } from "./support/browser.ts";
import { contentHeading } from "./support/content.ts";
import { TENANTS, arabicIndicDigits, localized, msg, persianDigits, type Locale } from "./support/messages.ts";

const browser = useBrowser();
const hamsafar = TENANTS.hamsafar;

const LANGUAGES: { locale: Locale; dir: "rtl" | "ltr"; phone: string }[] = [
  { locale: "fa", dir: "rtl", phone: persianDigits(hamsafar.phone) },
  { locale: "en", dir: "ltr", phone: hamsafar.phone },
  { locale: "ar", dir: "rtl", phone: arabicIndicDigits(hamsafar.phone) },
];

describe("home page in each language", () => {
  test.each(LANGUAGES)("$locale: lang, dir, heading, title and footer digits", async ({ locale, dir, phone }) => {
    const path = localized(locale, "/");
    const { page, response, expectNoConsoleErrors } = await browser.openPage(path);
    expect(response.status()).toBe(200);

    const html = page.locator("html");
    expect(await html.getAttribute("lang")).toBe(locale);
    expect(await html.getAttribute("dir")).toBe(dir);

    const heading = page.getByRole("heading", { level: 1 });
    await heading.waitFor();
    expect(await heading.innerText()).toBe(msg(locale, "home.heading"));
    expect(await page.title()).toContain(hamsafar.name[locale]);

    // The footer writes the phone number in the page's own digits, and links to the number itself.
    const footer = page.getByRole("contentinfo");
    const phoneLink = footer.getByRole("link", { name: phone, exact: true });
    await phoneLink.waitFor();
    expect(await phoneLink.getAttribute("href")).toBe(`tel:${hamsafar.phone}`);
    const footerText = await footer.innerText();
    if (locale === "fa") expect(footerText).not.toContain(hamsafar.phone);
    if (locale === "en") expect(footerText).not.toMatch(/[۰-۹٠-٩]/);

    await waitForHydration(page);
    expectNoConsoleErrors();
    await saveScreenshot(page, `home-${locale}`);
  });

  test("another tenant's title carries that tenant's name", async () => {
    const { page, response } = await browser.openPage("/en", { host: TENANTS.parvazSabz.host });
    expect(response.status()).toBe(200);
    const title = await page.title();
    expect(title).toContain(TENANTS.parvazSabz.name.en);
    expect(title).not.toContain(hamsafar.name.en);
    await saveScreenshot(page, "home-en-theme2");
  });
});

describe("language switcher", () => {
  test("on /contact it links to the same page in every language", async () => {
    const { page } = await browser.openPage("/contact");
    const switcher = page.getByRole("navigation", { name: msg("fa", "lang.label"), exact: true });
    await switcher.waitFor();
    const link = (name: string) => switcher.getByRole("link", { name, exact: true });
    expect(await link(msg("fa", "lang.en")).getAttribute("href")).toBe("/en/contact");
    expect(await link(msg("fa", "lang.ar")).getAttribute("href")).toBe("/ar/contact");
    expect(await link(msg("fa", "lang.fa")).getAttribute("href")).toBe("/contact");
    expect(await link(msg("fa", "lang.fa")).getAttribute("aria-current")).toBe("true");
    expect(await link(msg("fa", "lang.en")).getAttribute("aria-current")).toBeNull();
  });

  test("choosing English keeps the query string", async () => {
    const { page, origin, expectNoConsoleErrors } = await browser.openPage("/contact?x=1");
    await waitForHydration(page);
    const switcher = page.getByRole("navigation", { name: msg("fa", "lang.label"), exact: true });
    await switcher.getByRole("link", { name: msg("fa", "lang.en"), exact: true }).click();
    await page.waitForURL(`${origin}/en/contact?x=1`);

    const heading = page.getByRole("heading", { level: 1, name: contentHeading("en", "contact"), exact: true });
    await heading.waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.locator("html").getAttribute("dir")).toBe("ltr");
    // On the English page the switcher names itself in English and keeps the query for the others.
    const englishSwitcher = page.getByRole("navigation", { name: msg("en", "lang.label"), exact: true });
    expect(await englishSwitcher.getByRole("link", { name: msg("en", "lang.ar"), exact: true }).getAttribute("href")).toBe(
      "/ar/contact?x=1",
    );
    expect(await englishSwitcher.getByRole("link", { name: msg("en", "lang.fa"), exact: true }).getAttribute("href")).toBe("/contact?x=1");
    expectNoConsoleErrors();
    await saveScreenshot(page, "contact-en-after-switch");
  });
});

describe("locale cookie", () => {
  // Checked once the page has hydrated and gone quiet: requests the client makes by itself after
  // loading a page must not change the language the visitor last saw.
  test("follows the language of the page last visited", async () => {
    const { page, context, origin } = await browser.openPage("/en");
    const localeCookie = async () => (await context.cookies(origin)).find((cookie) => cookie.name === "locale");
    await settle(page);
    expect((await localeCookie())?.value).toBe("en");
    expect((await localeCookie())?.path).toBe("/");

    await page.goto(`${origin}/ar`);
    await settle(page);
    expect((await localeCookie())?.value).toBe("ar");

    await page.goto(`${origin}/`);
    await settle(page);
    expect((await localeCookie())?.value).toBe("fa");
  });
});

describe("client-side navigation", () => {
  test("a header service link from /en changes the page without reloading it", async () => {
    const { page, origin, expectNoConsoleErrors } = await browser.openPage("/en");
    await waitForHydration(page);

    // A value on window survives a client-side navigation and is lost on a full page load.
    await page.evaluate(() => Object.assign(window, { __e2eMarker: "still here" }));
    const documentRequests: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentRequests.push(request.url());
    });

    const mainMenu = page.getByRole("navigation", { name: msg("en", "site.mainMenu"), exact: true });
    await mainMenu.getByRole("link", { name: msg("en", "nav.flight"), exact: true }).click();
    await page.waitForURL(`${origin}/en/flight`);

    const heading = page.getByRole("heading", { level: 1, name: msg("en", "service.flight.title"), exact: true });
    await heading.waitFor();
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    await expect.poll(() => page.title()).toContain(msg("en", "service.flight.title"));
    expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe("still here");
    expect(documentRequests).toEqual([]);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expectNoConsoleErrors();
    await saveScreenshot(page, "flight-en-client-navigation");
  });
});
