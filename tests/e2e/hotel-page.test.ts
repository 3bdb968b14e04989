/**
 * The hotel page in real Chromium (issue 20 §3): the gallery moved by its buttons, its thumbnails
 * and the arrow keys in the page's direction with the position read out, the same pictures
 * reachable without JavaScript, and the rooms form sending an offer and the guests per room. The
 * inventory is the house supplier's, so the test reads the rooms the page shows.
 */
import { describe, expect, test } from "vitest";
import { formatNumber } from "#core/i18n/messages.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { fetchPath } from "./support/http.ts";
import { localized, msg, type Locale } from "./support/messages.ts";

const browser = useBrowser();
const HOTEL = "/hotel/mashhad/darvishi-mashhad";

/** The first stay from three weeks ahead whose page offers rooms for two adults. */
async function stayWithRooms(): Promise<string> {
  const today = tehranToday(new Date());
  for (let days = 21; days < 60; days += 3) {
    const query = `checkIn=${addDays(today, days)}&checkOut=${addDays(today, days + 2)}&room=2-0`;
    const page = await (await fetchPath(`/en${HOTEL}?${query}`)).text();
    if (page.includes('name="offer"')) return query;
  }
  throw new Error("no stay at the Darvishi hotel with a room for two in the coming weeks");
}

const positionText = (locale: Locale, current: number, count: number) =>
  msg(locale, "hotelPage.gallery.position", { current: formatNumber(locale, current), count: formatNumber(locale, count) });

describe.each(["fa", "en"] as const)("the hotel page in %s", (locale: "fa" | "en") => {
  test("the gallery moves by buttons, thumbnails and arrow keys, and reads out its position", async () => {
    const { page, expectNoConsoleErrors } = await browser.openPage(localized(locale, HOTEL), { viewport: { width: 1366, height: 900 } });
    await settle(page);
    const gallery = page.locator(".hotel-gallery");
    const count = await gallery.locator(".hotel-gallery-slide").count();
    expect(count).toBeGreaterThan(2);
    const position = gallery.locator(".hotel-gallery-position");
    await expect.poll(() => position.textContent()).toBe(positionText(locale, 1, count));
    expect(await gallery.locator(".hotel-gallery-slide:visible").count()).toBe(1);

    await gallery.getByRole("button", { name: msg(locale, "hotelPage.gallery.next") }).click();
    await expect.poll(() => position.textContent()).toBe(positionText(locale, 2, count));
    // The next picture lies to the left in Persian, to the right in English.
    await page.keyboard.press(locale === "fa" ? "ArrowLeft" : "ArrowRight");
    await expect.poll(() => position.textContent()).toBe(positionText(locale, 3, count));
    await page.keyboard.press("Home");
    await expect.poll(() => position.textContent()).toBe(positionText(locale, 1, count));
    await gallery
      .locator(".hotel-gallery-thumb")
      .nth(count - 1)
      .click();
    await expect.poll(() => position.textContent()).toBe(positionText(locale, count, count));
    expect(await gallery.locator(".hotel-gallery-thumb[aria-current=true]").count()).toBe(1);
    expectNoConsoleErrors();
  });

  test("without JavaScript every picture is on the page and each thumbnail links to its own", async () => {
    const { page } = await browser.openPage(localized(locale, HOTEL), { javaScriptEnabled: false });
    const slides = page.locator(".hotel-gallery-slide");
    const count = await slides.count();
    expect(await page.locator(".hotel-gallery-slide:visible").count()).toBe(count);
    await page.locator(".hotel-gallery-thumb").nth(1).click();
    expect(new URL(page.url()).hash).toBe("#image-2");
  });

  test("the rooms for a stay, at 390 and 1366 px, and the form that books them", async () => {
    const query = await stayWithRooms();
    for (const width of [390, 1366]) {
      const { page, expectNoConsoleErrors } = await browser.openPage(`${localized(locale, HOTEL)}?${query}`, {
        viewport: { width, height: 900 },
      });
      await settle(page);
      await saveScreenshot(page, `hotel-page-${locale}-${width}`);
      expectNoConsoleErrors();
      if (width !== 1366) continue;
      const chosen = await page.locator("select[name=offer]").inputValue();
      await page.getByRole("button", { name: msg(locale, "hotelPage.choose.submit") }).click();
      await page.waitForURL((url) => url.pathname.endsWith("/hotel/reserve/passengers"));
      const sent = new URL(page.url()).searchParams;
      expect(sent.getAll("offer")).toEqual([chosen]);
      expect(sent.getAll("room")).toEqual(["2-0"]);
    }
  });
});
