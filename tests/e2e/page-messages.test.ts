/**
 * Issue 24 §1: a page is sent the messages it renders with its HTML and hydrates without its
 * language's catalog; the catalog comes only when the visitor does something that needs more.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { settle, useBrowser } from "./support/browser.ts";
import { localized, msg, type Locale } from "./support/messages.ts";

const browser = useBrowser();

/** The language catalogs the page has fetched so far (core/i18n/{fa,en,ar}.json, built as fa-….json and so on). */
function catalogsFetched(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /^\/assets\/(fa|en|ar)-[\w-]+\.json$/.test(path)),
  );
}

describe("messages sent with the page", () => {
  const PAGES: { locale: Locale; path: string }[] = [
    { locale: "fa", path: "/" },
    { locale: "en", path: "/" },
    { locale: "ar", path: "/" },
    { locale: "fa", path: "/hotel" },
    { locale: "en", path: "/contact" },
  ];

  test.each(PAGES)("$locale $path hydrates with the messages in its HTML, without the language's catalog", async ({ locale, path }) => {
    const { page, expectNoConsoleErrors } = await browser.openPage(localized(locale, path));
    await settle(page);
    const islands = await page.locator("script[data-page-messages]").count();
    expect(islands).toBeGreaterThan(0);
    expect(await catalogsFetched(page)).toEqual([]);
    expectNoConsoleErrors();
  });

  test("the first interaction loads the page's language, and the calendar opens with its messages (en)", async () => {
    const { page, expectNoConsoleErrors } = await browser.openPage(localized("en", "/"));
    await settle(page);
    const departure = msg("en", "search.departure");
    await page.getByRole("button", { name: msg("en", "search.date.open", { label: departure }), exact: true }).click();
    await expect.poll(() => catalogsFetched(page)).toEqual([expect.stringMatching(/^\/assets\/en-/)]);
    const dialog = page.getByRole("dialog", { name: departure, exact: true });
    await dialog.waitFor();
    // No message key (search.date.…) in place of a text.
    expect(await dialog.innerText()).not.toMatch(/\b[a-z]+\.[a-z]+\.[a-zA-Z.]+\b/);
    expectNoConsoleErrors();
  });
});
