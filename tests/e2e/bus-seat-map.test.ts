/**
 * The bus seat map in real Chromium (issue 19 §2): opened from a bus card, a free seat chosen by a
 * click or by Space and released again, the count following the party in a live region, a choice
 * beyond the party refused with a message, and the same form working without JavaScript. The
 * inventory is the house supplier's, so the test reads the seats the page shows.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { settle, useBrowser } from "./support/browser.ts";
import { fetchPath } from "./support/http.ts";
import { msg, plural, type Locale } from "./support/messages.ts";

const browser = useBrowser();
type Lang = Extract<Locale, "fa" | "en">;

/** The first day from the day after tomorrow with a Tehran → Isfahan bus with room for two. */
async function dayWithBus(): Promise<{ date: string; offerId: string }> {
  const today = tehranToday(new Date());
  for (let days = 2; days < 30; days += 1) {
    const date = addDays(today, days);
    const answer = await fetchPath(`/api/v1/buses/search?from=tehran&to=isfahan&date=${date}&adults=2`);
    const { offers } = (await answer.json()) as { offers?: { offerId: string; seatsLeft: number }[] };
    const bus = offers?.find((offer) => offer.seatsLeft >= 4);
    if (bus) return { date, offerId: bus.offerId };
  }
  throw new Error("no bus from Tehran to Isfahan on sale in the next weeks");
}

/** The seat checkboxes a traveller can still check, as their numbers. */
async function openSeats(page: Page): Promise<string[]> {
  return page
    .locator("#seats input[name=seat]:not([disabled])")
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
}

describe.each(["en", "fa"] as const)("the bus seat map in %s", (locale: Lang) => {
  const prefix = locale === "fa" ? "" : "/en";

  test("choose and release seats by mouse and keyboard; the count follows the party of two", async () => {
    const { date } = await dayWithBus();
    const { page, expectNoConsoleErrors } = await browser.openPage(`${prefix}/bus/tehran-isfahan?date=${date}&adults=2`, {
      viewport: { width: 1366, height: 900 },
    });
    await settle(page);
    await page
      .getByRole("link", { name: new RegExp(msg(locale, "bus.chooseSeats")) })
      .first()
      .click();
    await page.waitForURL((url) => url.searchParams.has("bus") && url.hash === "#seats");
    const map = page.locator("#seats");
    await map.waitFor();
    const status = map.getByRole("status");
    const free = await openSeats(page);
    expect(free.length).toBeGreaterThanOrEqual(3);
    const seat = (value: string) => map.locator(`input[name=seat][value="${value}"]`);
    const [first, second, third] = free as [string, string, string];

    // A click on the seat (its label) chooses it; a second click releases it.
    await seat(first).locator("xpath=..").click();
    expect(await seat(first).isChecked()).toBe(true);
    await seat(first).locator("xpath=..").click();
    expect(await seat(first).isChecked()).toBe(false);
    // Space on a focused seat chooses it, as a keyboard user would.
    await seat(first).focus();
    await page.keyboard.press("Space");
    expect(await seat(first).isChecked()).toBe(true);
    await seat(second).locator("xpath=..").click();
    await expect.poll(() => status.innerText()).toContain(locale === "fa" ? "۲ از ۲" : "2 of 2");
    await map
      .getByRole("button", { name: plural(locale, "bus.map.continueWith", "other", { count: locale === "fa" ? "۲" : "2" }) })
      .waitFor();
    // A third seat for a party of two is refused, with a message, and nothing else changes.
    await seat(third).locator("xpath=..").click();
    expect(await seat(third).isChecked()).toBe(false);
    await map.getByRole("alert").waitFor();
    expect(await seat(first).isChecked()).toBe(true);

    await map.getByRole("button").click();
    await page.waitForURL((url) => url.pathname === `${prefix}/bus/tehran-isfahan/passengers`);
    const url = new URL(page.url());
    expect(url.searchParams.getAll("seat").sort()).toEqual([first, second].sort());
    expect(url.searchParams.get("adults")).toBe("2");
    expect(url.searchParams.get("date")).toBe(date);
    expectNoConsoleErrors();
  });
});

test("without JavaScript the seat map is a form of checkboxes that submits what is checked", async () => {
  const { date, offerId } = await dayWithBus();
  const { page } = await browser.openPage(`/en/bus/tehran-isfahan?date=${date}&adults=2&bus=${encodeURIComponent(offerId)}`, {
    javaScriptEnabled: false,
  });
  const [first, second] = (await openSeats(page)) as [string, string];
  await page.locator(`#seats input[name=seat][value="${first}"]`).check();
  await page.locator(`#seats input[name=seat][value="${second}"]`).check();
  await page.locator("#seats button[type=submit]").click();
  await page.waitForURL((url) => url.pathname === "/en/bus/tehran-isfahan/passengers");
  const url = new URL(page.url());
  expect(url.searchParams.get("offer")).toBe(offerId);
  expect(url.searchParams.getAll("seat")).toEqual([first, second]);
});
