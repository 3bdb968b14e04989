import { describe, expect, it } from "vitest";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";

const PAGES = [
  { name: "home", path: "" },
  { name: "contact", path: "/contact" },
] as const;
const LOCALES = { fa: "", en: "/en", ar: "/ar" } as const;
/**
 * Each tenant at both widths, each width in every language, each tenant in two: six of the
 * eighteen combinations, so that every theme, width and language is still seen and photographed.
 * Every page's language itself is asserted in all three languages by tests/integration/every-page.test.ts.
 */
const LOOKS = [
  { host: "localhost", theme: "theme-1", lang: "fa", width: 390 },
  { host: "localhost", theme: "theme-1", lang: "en", width: 1366 },
  { host: "theme2.localhost", theme: "theme-2", lang: "en", width: 390 },
  { host: "theme2.localhost", theme: "theme-2", lang: "ar", width: 1366 },
  { host: "theme3.localhost", theme: "theme-3", lang: "ar", width: 390 },
  { host: "theme3.localhost", theme: "theme-3", lang: "fa", width: 1366 },
] as const;
const TENANTS = [...new Map(LOOKS.map((look) => [look.host, look])).values()];

describe("themes, layouts and widths", () => {
  const browser = useBrowser();

  for (const look of LOOKS) {
    it(`${look.host} ${look.lang} at ${look.width}px: its own theme, no sideways scrolling`, async () => {
      for (const target of PAGES) {
        const path = `${LOCALES[look.lang]}${target.path}` || "/";
        const { page, response, expectNoConsoleErrors } = await browser.openPage(path, {
          host: look.host,
          viewport: { width: look.width, height: 900 },
        });
        expect(response.status()).toBe(200);
        await settle(page);
        const html = page.locator("html");
        await expect.poll(() => html.getAttribute("data-theme")).toBe(look.theme);
        expect(await html.getAttribute("lang")).toBe(look.lang);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} overflows sideways by ${overflow}px`).toBeLessThanOrEqual(0);
        await saveScreenshot(page, `theme_${look.host}_${look.lang}_${target.name}_${look.width}`);
        expectNoConsoleErrors();
      }
    });
  }

  it("the three demo tenants look different: header colours and structure differ", async () => {
    const looks: { background: string; headerHtmlShape: string }[] = [];
    for (const tenant of TENANTS) {
      const { page } = await browser.openPage("/", { host: tenant.host, viewport: { width: 1366, height: 900 } });
      const header = page.locator("header.site-header");
      const background = await header.evaluate((element) => getComputedStyle(element).backgroundColor);
      // The header's element structure without text: themes differ in markup, not only colour.
      const headerHtmlShape = await header.evaluate((element) => {
        const shape = (node: Element): string => `${node.tagName}(${[...node.children].map(shape).join(",")})`;
        return shape(element);
      });
      looks.push({ background, headerHtmlShape });
    }
    expect(new Set(looks.map((look) => look.headerHtmlShape)).size).toBe(3);
    expect(new Set(looks.map((look) => look.background)).size).toBe(3);
  });

  it("the skip link is the first stop of the keyboard and leads to the main content", async () => {
    const { page } = await browser.openPage("/en/contact");
    await settle(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect.poll(() => skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#main");
  });

  it("shows the first-page message once per visit, in a dialog that Escape closes", async () => {
    const { page, context } = await browser.openPage("/en", { host: "theme2.localhost" });
    const dialog = page.getByRole("dialog", { name: "A special note" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain("10% off Shiraz–Mashhad flights");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.reload();
    await settle(page);
    // The dialog is still in the page, closed: the visit already saw it.
    expect(await page.locator("dialog").count()).toBe(1);
    expect(await page.locator("dialog").evaluate((element) => (element as HTMLDialogElement).open)).toBe(false);
    await context.close();
  });

  it("service pages wear their layout: a breadcrumb band on flights, none on the invoice-free home", async () => {
    const { page } = await browser.openPage("/en/flight");
    expect(await page.locator("[data-layout]").getAttribute("data-layout")).toBe("flight");
    await expect.poll(() => page.getByRole("navigation", { name: "Breadcrumb" }).isVisible()).toBe(true);
    const home = await browser.openPage("/en");
    expect(await home.page.locator("[data-layout]").getAttribute("data-layout")).toBe("home");
    expect(await home.page.getByRole("navigation", { name: "Breadcrumb" }).count()).toBe(0);
  });
});
