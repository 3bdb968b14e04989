/**
 * Buying bus tickets in real Chromium (issue 19): the day's buses from Tehran to Isfahan, a bus's
 * seat map with one seat chosen by mouse and one by keyboard (Tab to its checkbox, Space), the
 * passengers form with each seat at the top of its passenger's card, the pre-invoice with the
 * seats line, the sandbox bank and the issued invoice naming both seats, in fa and en.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { formatNumber } from "#core/i18n/messages.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { fetchPath } from "./support/http.ts";
import { msg, type Locale } from "./support/messages.ts";

const browser = useBrowser();
type Lang = Extract<Locale, "fa" | "en">;

/** The first day from tomorrow with a Tehran → Isfahan bus with room for two (nothing pinned to today's inventory); each language takes its own bus. */
async function dayWithBus(skip: ReadonlySet<string>): Promise<{ date: string; offerId: string }> {
  const today = tehranToday(new Date());
  for (let days = 1; days < 30; days += 1) {
    const date = addDays(today, days);
    const answer = await fetchPath(`/api/v1/buses/search?from=tehran&to=isfahan&date=${date}&adults=2`);
    const { offers } = (await answer.json()) as { offers?: { offerId: string; seatsLeft: number }[] };
    const bus = offers?.find((offer) => offer.seatsLeft >= 4 && !skip.has(offer.offerId));
    if (bus) return { date, offerId: bus.offerId };
  }
  throw new Error("no bus from Tehran to Isfahan with room for two in the next weeks");
}

async function fillTraveller(page: Page, index: number, traveller: { first: string; gender: string; birthDate: string; code: string }) {
  const field = (name: string) => page.locator(`#f-passengers-${index}-${name}`);
  await field("firstName").fill(traveller.first);
  await field("lastName").fill("رضایی");
  await page.locator(`#f-passengers-${index}-gender input[value=${traveller.gender}]`).check();
  await field("birthDate").fill(traveller.birthDate);
  await field("nationalCode").fill(traveller.code);
}

/** A seat as the page writes it ("Seat 12", "صندلی ۱۲"). */
const seatLabel = (locale: Lang, seat: number) =>
  msg(locale, "busPurchase.seat", { seat: formatNumber(locale, seat, { useGrouping: false }) });

const taken = new Set<string>();

describe.each(["fa", "en"] as const)("buying bus tickets in %s", (locale: Lang) => {
  const prefix = locale === "fa" ? "" : "/en";

  test("results → seat map (mouse and keyboard) → two passengers → pre-invoice → sandbox bank → invoice with both seats", async () => {
    const { date, offerId } = await dayWithBus(taken);
    taken.add(offerId);
    const { page, expectNoConsoleErrors } = await browser.openPage(
      `${prefix}/bus/tehran-isfahan?date=${date}&adults=2&children=0&infants=0`,
      {
        viewport: { width: 1366, height: 900 },
      },
    );
    await settle(page);

    // The bus's seat map, opened from its card.
    const link = page.locator(`.bus-offer a[href*="bus=${encodeURIComponent(offerId)}"]`).first();
    await link.click();
    await page.waitForURL((url) => url.searchParams.get("bus") === offerId && url.hash === "#seats");
    const map = page.locator("#seats");
    await map.waitFor();
    await settle(page);
    // Seats sold to anyone (not kept for one gender by the first row or a stranger beside them): a man and a woman of one booking may take any two.
    const open = map.locator(".bus-seat-free input[name=seat]:not([disabled])");
    const byMouse = await open.first().getAttribute("value");
    expect(byMouse).toBeTruthy();
    const seat = (value: string) => map.locator(`input[name=seat][value="${value}"]`);

    // One seat by mouse (a click on the seat drawn), the next by keyboard: Tab on to another open seat, then Space.
    await seat(byMouse!).locator("xpath=..").click();
    await expect.poll(() => seat(byMouse!).isChecked()).toBe(true);
    let byKeyboard: string | null = null;
    for (let presses = 0; presses < 80 && byKeyboard === null; presses += 1) {
      await page.keyboard.press("Tab");
      byKeyboard = await page.evaluate(() => {
        const focused = document.activeElement;
        return focused instanceof HTMLInputElement && focused.name === "seat" && !focused.checked && focused.closest(".bus-seat-free")
          ? focused.value
          : null;
      });
    }
    expect(byKeyboard, "another open seat reached with Tab").not.toBeNull();
    await page.keyboard.press("Space");
    await expect.poll(() => seat(byKeyboard!).isChecked()).toBe(true);
    await saveScreenshot(page, `bus-seat-map-${locale}`);
    await map.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === `${prefix}/bus/tehran-isfahan/passengers`);
    await settle(page);

    // Each passenger's card starts with their seat.
    // The map sends its seats in seat order: the first passenger takes the first.
    const [first, second] = [Number(byMouse), Number(byKeyboard)].sort((a, b) => a - b) as [number, number];
    await expect.poll(() => page.locator("#f-passengers-0-seat").textContent()).toContain(seatLabel(locale, first));
    await expect.poll(() => page.locator("#f-passengers-1-seat").textContent()).toContain(seatLabel(locale, second));
    await fillTraveller(page, 0, {
      first: "علی",
      gender: "male",
      birthDate: locale === "fa" ? "1369/02/11" : "1990/05/01",
      code: "0499370899",
    });
    await fillTraveller(page, 1, {
      first: "مریم",
      gender: "female",
      birthDate: locale === "fa" ? "1372/06/20" : "1993/09/11",
      code: "0012345679",
    });
    await page.locator("#f-contact-mobile").fill("09121234567");
    await saveScreenshot(page, `bus-passengers-${locale}`);
    await page.locator(".booking-submit").click();
    await page.waitForURL((url) => url.pathname.startsWith(`${prefix}/bus/prefactor/`));
    await settle(page);

    // The breakdown names the seats.
    await page
      .getByText(msg(locale, "busPurchase.line.seats", { seats: "" }).trim(), { exact: false })
      .first()
      .waitFor();
    await saveScreenshot(page, `bus-prefactor-${locale}`);
    await page.getByRole("button", { name: new RegExp(msg(locale, "booking.prefactor.pay", { amount: ".+" })) }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL((url) => url.pathname.includes("/payment/paymentp/") && url.pathname.endsWith("/issued"));
    await page.getByRole("link", { name: msg(locale, "factor.viewTicket") }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${prefix}/bus/factor/`));

    // Both tickets, each with its seat.
    await expect.poll(() => page.getByRole("cell").locator(".ticket-number").count()).toBe(2);
    const text = async () => (await page.locator("main").textContent()) ?? "";
    await expect.poll(text).toContain(seatLabel(locale, first));
    await expect.poll(text).toContain(seatLabel(locale, second));
    await saveScreenshot(page, `bus-factor-${locale}`);
    expectNoConsoleErrors();
  });
});
