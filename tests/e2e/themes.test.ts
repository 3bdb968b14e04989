import { describe, expect, it } from "vitest";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";

const TENANTS = [
  { host: "localhost", theme: "theme-1" },
  { host: "theme2.localhost", theme: "theme-2" },
  { host: "theme3.localhost", theme: "theme-3" },
] as const;
const LOCALES = [
  { prefix: "", lang: "fa" },
  { prefix: "/en", lang: "en" },
  { prefix: "/ar", lang: "ar" },
] as const;
const WIDTHS = [390, 1366] as const;
const PAGES = [
  { name: "home", path: "" },
  { name: "contact", path: "/contact" },
] as const;

describe("themes, layouts and widths", () => {
  const browser = useBrowser();

  for (const tenant of TENANTS) {
    for (const locale of LOCALES) {
      for (const width of WIDTHS) {
        it(`${tenant.host} ${locale.lang} at ${width}px: its own theme, no sideways scrolling`, async () => {
          for (const target of PAGES) {
            const path = `${locale.prefix}${target.path}` || "/";
            const { page, response, expectNoConsoleErrors } = await browser.openPage(path, {
              host: tenant.host,
              viewport: { width, height: 900 },
            });
            expect(response.status()).toBe(200);
            await settle(page);
            const html = page.locator("html");
            await expect.poll(() => html.getAttribute("data-theme")).toBe(tenant.theme);
            expect(await html.getAttribute("lang")).toBe(locale.lang);
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
            expect(overflow, `${path} overflows sideways by ${overflow}px`).toBeLessThanOrEqual(0);
            await saveScreenshot(page, `theme_${tenant.host}_${locale.lang}_${target.name}_${width}`);
            expectNoConsoleErrors();
          }
        });
      }
    }
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
