/**
 * Buying bus tickets in real Chromium (issue 19): the day's buses from Tehran to Isfahan, a bus's
 * seat map with one seat chosen by mouse and one by keyboard (Tab to its checkbox, Space), the
 * passengers form with each seat at the top of its passenger's card, the pre-invoice with the
 * seats line, the sandbox bank and the issued invoice naming both seats, in fa and en.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import type { BusSeat } from "#core/buses/bus.ts";
import { FIRST_ROW, gendersAllowed, neighboursOf } from "#core/buses/seat-rules.ts";
import { formatNumber } from "#core/i18n/messages.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { saveScreenshot, settle, useBrowser, waitForHydration } from "./support/browser.ts";
import { fetchPath } from "./support/http.ts";
import { msg, type Locale } from "./support/messages.ts";

const browser = useBrowser();
type Lang = Extract<Locale, "fa" | "en">;

interface ApiBus {
  offerId: string;
  seatsLeft: number;
}

/**
 * Two free seats side by side behind the first row with no stranger beside either, so a man and a
 * woman of one booking may take them whichever is whose; null when the bus has none.
 */
function pairBeside(seats: BusSeat[]): [BusSeat, BusSeat] | null {
  const open = (seat: BusSeat) => seat.status === "free" && gendersAllowed({ seats }, seat).length === 2;
  for (const seat of seats) {
    if (seat.row === FIRST_ROW || !open(seat)) continue;
    const next = neighboursOf({ seats }, seat).find((other) => other.column === seat.column + 1 && open(other));
    if (next) return [seat, next];
  }
  return null;
}

/**
 * The first day from tomorrow with a Tehran → Isfahan bus that has two such seats (nothing pinned
 * to today's inventory, or to how full a generated bus is). Each language's test takes its own bus.
 */
async function busWithTwoSeats(skip: ReadonlySet<string>): Promise<{ date: string; offerId: string; seats: [BusSeat, BusSeat] }> {
  const today = tehranToday(new Date());
  for (let days = 1; days < 30; days += 1) {
    const date = addDays(today, days);
    const answer = await fetchPath(`/api/v1/buses/search?from=tehran&to=isfahan&date=${date}&adults=2`);
    const { offers } = (await answer.json()) as { offers?: ApiBus[] };
    for (const bus of offers ?? []) {
      if (skip.has(bus.offerId) || bus.seatsLeft < 2) continue;
      const map = (await (await fetchPath(`/api/v1/buses/${encodeURIComponent(bus.offerId)}/seats`)).json()) as { seats?: BusSeat[] };
      const seats = pairBeside(map.seats ?? []);
      if (seats) return { date, offerId: bus.offerId, seats };
    }
  }
  throw new Error("no bus from Tehran to Isfahan with two free seats side by side in the next weeks");
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
    const { date, offerId, seats } = await busWithTwoSeats(taken);
    taken.add(offerId);
    const [byMouse, byKeyboard] = seats;
    const { page, expectNoConsoleErrors } = await browser.openPage(
      `${prefix}/bus/tehran-isfahan?date=${date}&adults=2&children=0&infants=0`,
      {
        viewport: { width: 1366, height: 900 },
      },
    );
    await waitForHydration(page);

    // The bus's seat map: opened from its card.
    const card = page.locator(".bus-offer").filter({ has: page.locator(`a[href*="bus=${encodeURIComponent(offerId)}"]`) });
    await card.waitFor();
    await card
      .locator(`a[href*="bus=${encodeURIComponent(offerId)}"]`)
      .first()
      .click();
    const map = page.locator("#seats");
    await map.waitFor();
    const seat = (number: number) => map.getByRole("checkbox", { name: new RegExp(`^${seatLabel(locale, number)}\\b`) });

    // One seat by mouse; the next by keyboard: Tab until its checkbox has focus, then Space.
    await seat(byMouse.number).click();
    await expect.poll(() => seat(byMouse.number).isChecked()).toBe(true);
    for (let presses = 0; presses < 60; presses += 1) {
      if (await seat(byKeyboard.number).evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press("Tab");
    }
    await expect.poll(() => seat(byKeyboard.number).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Space");
    await expect.poll(() => seat(byKeyboard.number).isChecked()).toBe(true);
    await saveScreenshot(page, `bus-seat-map-${locale}`);
    await map.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === `${prefix}/bus/tehran-isfahan/passengers`);
    await settle(page);

    // Each passenger's card starts with their seat.
    const first = Math.min(byMouse.number, byKeyboard.number);
    const second = Math.max(byMouse.number, byKeyboard.number);
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
