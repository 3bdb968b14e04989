/**
 * Domestic flight results in real Chromium (issue 5): a search from the home form, then filters,
 * sorts and the day strip, in Persian and English. The inventory is the house supplier's seeded
 * timetable, so the test reads what the page shows rather than expecting fixed flights.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { localizeDigits } from "#core/i18n/messages.ts";
import { addDays, dateText, readableDate, tehranToday } from "#core/search/dates.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { msg } from "./support/messages.ts";

const browser = useBrowser();
type Lang = "fa" | "en";

const NAMES = { fa: { from: "تهران", to: "مشهد" }, en: { from: "Tehran", to: "Mashhad" } };

/** The adult prices on the cards, in order, read from the page's own digits. */
async function adultPrices(page: Page): Promise<number[]> {
  // textContent: a card below the fold is not laid out yet (content-visibility), and innerText reads layout.
  const texts = await page.locator(".offer-price-adult").allTextContents();
  return texts.map((text) => Number(text.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/[^0-9]/g, "")));
}

async function departureTimes(page: Page): Promise<string[]> {
  return page
    .locator(".offer-times > p:first-child > time")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime") ?? ""));
}

async function choosePlace(form: Locator, label: string, text: string): Promise<void> {
  const box = form.getByRole("combobox", { name: label, exact: true });
  await box.fill(text);
  await form.getByRole("listbox", { name: label, exact: true }).getByRole("option").first().waitFor();
  await box.press("Enter");
}

describe.each(["fa", "en"] as const)("domestic flight results in %s", (locale: Lang) => {
  const prefix = locale === "fa" ? "" : "/en";
  const date = addDays(tehranToday(new Date()), 5);

  test("search from the home form, then sort, filter and switch day on the strip", async () => {
    const { page, expectNoConsoleErrors } = await browser.openPage(`${prefix}/`, { viewport: { width: 1366, height: 900 } });
    await settle(page);
    const form = page.getByRole("form", { name: msg(locale, "search.formLabel.flight") });
    await choosePlace(form, msg(locale, "search.from"), NAMES[locale].from);
    await choosePlace(form, msg(locale, "search.to"), NAMES[locale].to);
    const typed = locale === "fa" ? localizeDigits("fa", dateText(date, "persian")) : dateText(date, "gregorian");
    await form.getByRole("textbox", { name: msg(locale, "search.departure"), exact: true }).fill(typed);
    await form.getByRole("button", { name: msg(locale, "search.submit"), exact: true }).click();

    await page.waitForURL((url) => url.pathname === `${prefix}/flight/THR-MHD` && url.searchParams.get("date") === date);
    await page.getByRole("heading", { level: 1, name: msg(locale, "results.heading.route", NAMES[locale]), exact: true }).waitFor();
    const cards = page.locator(".offer-card");
    await cards.first().waitFor();
    const count = await cards.count();
    expect(count).toBeGreaterThan(3);
    // Cheapest first by default.
    const prices = await adultPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // Sort by departure.
    await page
      .getByRole("navigation", { name: msg(locale, "flights.sort.label") })
      .getByRole("link", { name: msg(locale, "flights.sort.departure"), exact: true })
      .click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "departure");
    await expect
      .poll(async () => {
        const times = await departureTimes(page);
        return times.length > 0 && times.every((time, index) => index === 0 || times[index - 1]! <= time);
      })
      .toBe(true);

    // Filter by one airline: every card is that airline's, and the count says how many of how many.
    const filters = page.getByRole("form", { name: msg(locale, "flights.filters") });
    const airline = filters.locator("input[name=airline]").first();
    const code = await airline.getAttribute("value");
    await airline.check();
    await page.waitForURL((url) => url.searchParams.getAll("airline").includes(code ?? ""));
    await expect
      .poll(async () => (await page.locator(".offer-airline-code").allTextContents()).every((text) => text.trim() === code))
      .toBe(true);
    await expect.poll(async () => cards.count()).toBeLessThan(count);
    await saveScreenshot(page, `flight-results-${locale}`);

    // The next day on the strip keeps the route and the party, and shows that day's flights.
    const next = addDays(date, 1);
    const strip = page.getByRole("navigation", { name: msg(locale, "flights.days") });
    await strip
      .getByRole("link", {
        name: new RegExp(
          readableDate(next, locale, locale === "fa" ? "persian" : "gregorian", false).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
        ),
      })
      .click();
    await page.waitForURL((url) => url.searchParams.get("date") === next);
    await expect.poll(async () => (await departureTimes(page)).every((time) => time.startsWith(next))).toBe(true);
    expect(await strip.locator("[aria-current=date]").count()).toBe(1);
    expectNoConsoleErrors();
  });

  test("filters and sorts work before JavaScript loads", async () => {
    const { page } = await browser.openPage(`${prefix}/flight/MHD-THR?date=${date}&adults=2&children=0&infants=0&cabin=economy`, {
      javaScriptEnabled: false,
    });
    const cards = page.locator(".offer-card");
    const before = await cards.count();
    expect(before).toBeGreaterThan(1);
    const filters = page.getByRole("form", { name: msg(locale, "flights.filters") });
    const time = filters.locator("input[name=time]:not([disabled])").first();
    const chosen = await time.getAttribute("value");
    await time.check();
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("time") === chosen),
      filters.getByRole("button", { name: msg(locale, "flights.filter.apply"), exact: true }).click(),
    ]);
    const url = new URL(page.url());
    expect(url.searchParams.get("date")).toBe(date);
    expect(url.searchParams.get("adults")).toBe("2");
    expect(await cards.count()).toBeLessThanOrEqual(before);
    // Totals are for the party of two.
    const totals = await page.locator(".offer-price-total").count();
    expect(totals).toBe(await cards.count());
  });
});

test("an empty day says so in the page's language", async () => {
  // Kish to Zahedan has no route in the timetable.
  const date = addDays(tehranToday(new Date()), 3);
  const { page } = await browser.openPage(`/en/flight/KIH-ZAH?date=${date}&adults=1&children=0&infants=0&cabin=economy`);
  await page.getByText(msg("en", "flights.empty"), { exact: true }).waitFor();
});

test("a round trip is chosen as a pair and priced together (en)", async () => {
  const date = addDays(tehranToday(new Date()), 6);
  const back = addDays(date, 4);
  const { page, expectNoConsoleErrors } = await browser.openPage(
    `/en/flight/THR-MHD?date=${date}&returnDate=${back}&adults=2&children=0&infants=0&cabin=economy`,
    { viewport: { width: 1366, height: 900 } },
  );
  await settle(page);
  const pair = page.getByRole("region", { name: msg("en", "flights.roundTrip") });
  await pair.waitFor();
  expect(await pair.locator(".round-trip-total").count()).toBe(0);
  const outbound = page.getByRole("radio", { name: msg("en", "flights.chooseOutbound") }).first();
  const inbound = page.getByRole("radio", { name: msg("en", "flights.chooseInbound") }).first();
  await outbound.check();
  await inbound.check();
  const totals = await page.locator(".offer-card-chosen .offer-price-total").allTextContents();
  expect(totals).toHaveLength(2);
  const amount = (text: string) =>
    Number(
      text
        .split(":")
        .pop()!
        .replace(/[^0-9]/g, ""),
    );
  const sum = amount(totals[0]!) + amount(totals[1]!);
  await expect.poll(async () => amount((await pair.locator(".round-trip-total").textContent()) ?? "")).toBe(sum);
  expectNoConsoleErrors();
});
