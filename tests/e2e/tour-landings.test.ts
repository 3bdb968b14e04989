/**
 * The tour landings in real Chromium (issue 21): /tour with its sections under the form, a city's
 * landing (/tour/kish) and a trip abroad (/internationaltour/search/tehran/istanbul), at a phone's
 * width in Persian and a desktop's in English and Arabic. Each page hydrates without
 * errors, is written in its language and direction, never scrolls sideways, and is kept as a
 * screenshot. The inventory is the house supplier's, so the test reads what the page shows.
 */
import { describe, expect, test } from "vitest";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { msg, type Locale } from "./support/messages.ts";

const browser = useBrowser();

const PAGES = [
  { name: "tour", path: "/tour", section: "tour-fast" },
  { name: "kish", path: "/tour/kish", section: "tour-cheapest" },
  { name: "istanbul", path: "/internationaltour/search/tehran/istanbul", section: "tour-trip" },
] as const;

async function checkPage(locale: Locale, width: number, target: (typeof PAGES)[number]) {
  const prefix = locale === "fa" ? "" : `/${locale}`;
  const { page, response, expectNoConsoleErrors } = await browser.openPage(`${prefix}${target.path}`, { viewport: { width, height: 900 } });
  expect(response.status()).toBe(200);
  await settle(page);
  const html = page.locator("html");
  expect(await html.getAttribute("lang")).toBe(locale);
  expect(await html.getAttribute("dir")).toBe(locale === "en" ? "ltr" : "rtl");
  await page.locator(`#${target.section}`).waitFor();
  expect(await page.locator(".tour-card").count()).toBeGreaterThan(0);
  // The cards offer their hotels in the page's language (each link's name says which tour, at what price).
  const choose = page
    .locator(".tour-card")
    .first()
    .getByRole("link", { name: msg(locale, "tourResults.card.choose") });
  expect(await choose.getAttribute("href")).toMatch(/\/tour\/searchHotels\//);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${target.path} overflows sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  if (locale !== "en") {
    // Persian and Arabic pages write no Latin digits in their cards.
    const cards = (await page.locator(".tour-card").allInnerTexts()).join(" ");
    expect(cards).not.toMatch(/[0-9]/);
  }
  await saveScreenshot(page, `tour-landing-${target.name}-${locale}-${width}`);
  expectNoConsoleErrors();
}

/**
 * One language per width (a phone in Persian, a desktop in English) and Arabic on a desktop, so
 * right to left is seen at both widths: every language and width, without their every pairing.
 */
const LOOKS: { locale: Locale; width: number }[] = [
  { locale: "fa", width: 390 },
  { locale: "en", width: 1366 },
  { locale: "ar", width: 1366 },
];

describe("the tour landings", () => {
  for (const { locale, width } of LOOKS)
    test(`${locale} at ${width}px: sections, cards, no sideways scrolling`, async () => {
      for (const target of PAGES) await checkPage(locale, width, target);
    });
});
