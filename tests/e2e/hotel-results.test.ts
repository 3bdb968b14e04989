/**
 * The hotel results in real Chromium (issue 20 §2): the list of a city for a stay hydrates without
 * errors, a filter applies as soon as it is ticked (the URL keeps it), a sort link reorders, the
 * name search waits for Enter, and the same filter form works without JavaScript. The inventory
 * is the house supplier's, so the test reads what the page shows rather than counting rooms.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { latinDigits } from "#core/i18n/digits.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { msg, persianDigits, plural, type Locale } from "./support/messages.ts";

const browser = useBrowser();
type Lang = Extract<Locale, "fa" | "en">;

/** Three nights a month ahead, for two rooms. */
function stayQuery(): string {
  const checkIn = addDays(tehranToday(new Date()), 30);
  return `checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&room=2-0&room=1-0`;
}

/** The score a card's "rated 8.4 out of 10" says, whatever the digits. */
function scoreOf(text: string): number {
  return Number(/\d+(\.\d+)?/.exec(latinDigits(text).replace("٫", "."))?.[0] ?? Number.NaN);
}

/** The star choice (5, else 4) some hotel of the stay has: its checkbox is enabled. */
async function starsOnSale(filters: Locator): Promise<"5" | "4"> {
  for (const value of ["5", "4"] as const)
    if ((await filters.locator(`input[name=stars][value="${value}"]:not([disabled])`).count()) > 0) return value;
  throw new Error("no 4- or 5-star hotel in Mashhad has rooms for the stay");
}

/** The stars each card says, in the list's order. */
async function cardStars(page: Page): Promise<string[]> {
  // textContent: cards below the fold are not laid out yet (content-visibility), and innerText reads layout.
  return page.locator(".hotel-list .hotel-card-stars").allTextContents();
}

describe.each(["en", "fa"] as const)("the hotel list in %s", (locale: Lang) => {
  const prefix = locale === "fa" ? "" : "/en";
  const path = `${prefix}/hotel/mashhad?${stayQuery()}`;

  test("a ticked star filter applies at once and stays in the URL; a sort reorders; the name waits for Enter", async () => {
    const { page, expectNoConsoleErrors } = await browser.openPage(path, { viewport: { width: 1366, height: 900 } });
    await settle(page);
    const cards = page.locator(".hotel-list > li");
    expect(await cards.count()).toBeGreaterThan(0);
    await saveScreenshot(page, `hotel-results-${locale}-1366`);

    const filters = page.getByRole("form", { name: msg(locale, "flights.filters") });
    const chosen = await starsOnSale(filters);
    const starBox = filters.locator(`input[name=stars][value="${chosen}"]`);
    await starBox.check();
    await page.waitForURL((url) => url.searchParams.getAll("stars").includes(chosen));
    await settle(page);
    const starText = plural(locale, "hotelResults.starsText", "other", { count: locale === "fa" ? persianDigits(chosen) : chosen });
    // The address can change a moment before the filtered list is drawn: wait for the list, which must hold only that star rating.
    await expect
      .poll(async () => {
        const stars = await cardStars(page);
        return stars.length > 0 && stars.every((text) => text.includes(starText));
      })
      .toBe(true);
    await expect.poll(() => starBox.isChecked()).toBe(true);

    // Best rated first: each card's score is no higher than the one before.
    await page.getByRole("link", { name: msg(locale, "hotelResults.sort.rating"), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "rating");
    await settle(page);
    expect(new URL(page.url()).searchParams.getAll("stars")).toEqual([chosen]);
    // As with the filter, the list is judged once it is drawn in the new order.
    await expect
      .poll(async () => {
        const scores = (await page.locator(".hotel-list .hotel-score-value").allTextContents()).map(scoreOf);
        return scores.length > 0 && scores.every((score, index) => index === 0 || score <= scores[index - 1]!);
      })
      .toBe(true);

    // Typing a name reloads nothing until Enter.
    const name = filters.getByRole("searchbox", { name: msg(locale, "hotelResults.filter.name") });
    const before = page.url();
    await name.fill("zzzz-no-such-hotel");
    expect(page.url()).toBe(before);
    await name.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("name") === "zzzz-no-such-hotel");
    await page.getByText(msg(locale, "hotelResults.emptyFiltered")).waitFor();
    expectNoConsoleErrors();
  });

  test("on a phone the list comes first and the filter form works without JavaScript", async () => {
    const { page, expectNoConsoleErrors } = await browser.openPage(path, {
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    await saveScreenshot(page, `hotel-results-${locale}-390`);
    const filters = page.locator("#hotel-filters");
    const listTop = (await page.locator(".hotel-list").boundingBox())!.y;
    expect((await filters.boundingBox())!.y).toBeGreaterThan(listTop);
    const chosen = await starsOnSale(filters);
    await filters
      .getByRole("checkbox", { name: new RegExp(msg(locale, chosen === "5" ? "hotelResults.stars.5" : "hotelResults.stars.4")) })
      .check();
    await filters.getByRole("button", { name: msg(locale, "flights.filter.apply") }).click();
    await page.waitForURL((url) => url.searchParams.getAll("stars").includes(chosen) && url.searchParams.getAll("room").length === 2);
    expect(await page.locator(".hotel-list > li").count()).toBeGreaterThan(0);
    expectNoConsoleErrors();
  });
});
