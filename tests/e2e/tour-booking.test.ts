/**
 * Booking a domestic tour in real Chromium (issue 21), in fa: from the home page's tour tab to the
 * Kish tours from Tehran, the first departure the results offer (whichever has seats), its hotels,
 * the first hotel's rooms for the one adult searched for, the traveller's form, the pre-invoice
 * priced room by room, the sandbox bank, the invoice with the voucher and its PDF. Then the key
 * screens in en (hotels, rooms, passengers), checked and saved at 390 and 1366 px. Dates are days
 * from the real today (the e2e server runs the real clock and the house tours).
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, dateText, tehranToday } from "#core/search/dates.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { saveScreenshot, settle, useBrowser, waitForHydration } from "./support/browser.ts";
import { msg } from "./support/messages.ts";

const browser = useBrowser();

const PLACES = { from: { query: "تهران", name: "تهران" }, to: { query: "کیش", name: "کیش" } } as const;

async function choosePlace(form: Locator, name: "from" | "to"): Promise<void> {
  const box = form.getByRole("combobox", { name: msg("fa", `search.${name}`), exact: true });
  await box.fill(PLACES[name].query);
  const list = form.getByRole("listbox", { name: msg("fa", `search.${name}`), exact: true });
  await list.getByRole("option").first().getByText(PLACES[name].name, { exact: true }).first().waitFor();
  await box.press("Enter");
  await expect.poll(() => box.inputValue()).toBe(PLACES[name].name);
}

/** A date as a Persian traveller types it. */
const typed = (iso: string) => localizeDigits("fa", dateText(iso, "persian"));

/** The page is no wider than the window: nothing runs off the side at this width. */
async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

async function fillTraveller(page: Page): Promise<void> {
  const field = (name: string) => page.locator(`#f-passengers-0-${name}`);
  await field("firstName").fill("علی");
  await field("lastName").fill("رضایی");
  await page.locator("#f-passengers-0-gender input[value=male]").check();
  await field("birthDate").fill("1369/02/11");
  await field("nationalCode").fill("0499370899");
  await page.locator("#f-contact-mobile").fill("09121234567");
}

/** Where the first departure of the Kish results leads, and the rooms page of its first hotel. */
const seen: { hotels?: string; rooms?: string } = {};

describe("booking a tour", () => {
  test("fa: home tab → Kish tours → hotels → rooms → traveller → pre-invoice → sandbox bank → voucher and PDF", async () => {
    const date = addDays(tehranToday(new Date()), 3);
    const { page, expectNoConsoleErrors } = await browser.openPage("/", { viewport: { width: 1366, height: 900 } });
    await waitForHydration(page);
    const tabs = page.getByRole("navigation", { name: msg("fa", "home.tabs"), exact: true });
    await tabs.getByRole("link", { name: msg("fa", "nav.tour"), exact: true }).click();
    const form = page.getByRole("form", { name: msg("fa", "search.formLabel.tour"), exact: true });
    await form.waitFor();
    await choosePlace(form, "from");
    await choosePlace(form, "to");
    await form.getByRole("textbox", { name: new RegExp(`^${msg("fa", "search.departure")}`) }).fill(typed(date));
    await form.getByRole("textbox", { name: new RegExp(`^${msg("fa", "search.return")}`) }).fill(typed(addDays(date, 20)));
    await form.getByRole("button", { name: msg("fa", "search.submit"), exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/tour/kish");

    // The first departure the results offer, whichever it is: its hotels.
    const departure = page.locator('main a[href^="/tour/searchHotels/"]').first();
    await departure.waitFor();
    await departure.click();
    await page.waitForURL((url) => url.pathname.startsWith("/tour/searchHotels/"));
    seen.hotels = new URL(page.url()).pathname;
    await page.getByRole("heading", { name: msg("fa", "tourPurchase.hotels.heading") }).waitFor();
    await settle(page);
    await page.locator("a.tour-button").first().click();
    await page.waitForURL((url) => url.pathname.startsWith("/tour/searchRooms/"));
    seen.rooms = `${new URL(page.url()).pathname}${new URL(page.url()).search}`;
    await settle(page);

    // One adult, one room, its price worked out by the server; on to the traveller.
    await page.getByText(msg("fa", "tourPurchase.rooms.total"), { exact: false }).first().waitFor();
    await page.getByRole("link", { name: msg("fa", "tourPurchase.rooms.continue") }).click();
    await page.waitForURL((url) => url.pathname === "/tour/reserve/passengers");
    await settle(page);
    await page.locator("#f-rooms").waitFor();
    await fillTraveller(page);
    // A land-only package asks for the traveller's own flight.
    if (await page.locator("#f-ownFlight-airline").count()) {
      await page.locator("#f-ownFlight-airline").fill("ایران ایر");
      await page.locator("#f-ownFlight-flightNumber").fill("IR 451");
      await page.locator("#f-ownFlight-arrivalTime").fill("11:30");
    }
    await page.locator(".booking-submit").click();
    await page.waitForURL((url) => url.pathname.startsWith("/tour/prefactor/") && url.pathname.endsWith("/tourDomestic"));
    await settle(page);

    await page.getByText(msg("fa", "booking.breakdown.heading"), { exact: true }).first().waitFor();
    await saveScreenshot(page, "tour-prefactor-fa");
    await page.getByRole("button", { name: new RegExp(msg("fa", "booking.prefactor.pay", { amount: ".+" })) }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL((url) => url.pathname.includes("/payment/paymentp/") && url.pathname.endsWith("/issued"));
    await page.getByRole("link", { name: msg("fa", "factor.viewTicket") }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/tour/factor/"));

    // One voucher for the one traveller, with its confirmation number; its PDF downloads.
    await expect.poll(() => page.getByRole("cell").locator(".ticket-number").count()).toBe(1);
    await expect.poll(async () => (await page.locator("main").textContent()) ?? "").toContain(msg("fa", "tourPurchase.factor.next"));
    const pdfHref = await page.locator('main a[href*="/ticket.pdf"]').first().getAttribute("href");
    const pdf = await page.request.get(new URL(pdfHref!, page.url()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    await saveScreenshot(page, "tour-factor-fa");
    expectNoConsoleErrors();
  });

  for (const width of [390, 1366]) {
    test(`en at ${width} px: the hotels, rooms and passengers screens`, async () => {
      expect(seen.hotels, "the fa booking found a departure").toBeDefined();
      const { page, expectNoConsoleErrors } = await browser.openPage(`/en${seen.hotels}?adults=2&children=1&infants=0`, {
        viewport: { width, height: 900 },
      });
      await waitForHydration(page);
      await page.getByRole("heading", { name: msg("en", "tourPurchase.hotels.heading") }).waitFor();
      await expectNoOverflow(page);
      await saveScreenshot(page, `tour-hotels-en-${width}`);

      await page.locator("a.tour-button").first().click();
      await page.waitForURL((url) => url.pathname.startsWith("/en/tour/searchRooms/"));
      await settle(page);
      // With JavaScript, + on the room's adults asks the server at once: the room is priced again.
      const before = await page.locator(".tour-rooms-total").textContent();
      await page
        .getByRole("button", { name: msg("en", "search.pax.add", { label: msg("en", "search.pax.adults") }) })
        .nth(1)
        .click();
      await expect.poll(async () => page.locator(".tour-rooms-total").textContent()).not.toBe(before);
      await expectNoOverflow(page);
      await saveScreenshot(page, `tour-rooms-en-${width}`);

      const next = page.getByRole("link", { name: msg("en", "tourPurchase.rooms.continue") });
      if ((await next.count()) === 0) {
        // The party and the rooms disagree after the + (three adults searched as two): back to the party's own rooms.
        await page.goto(new URL(`/en${seen.rooms}`, page.url()).toString());
        await settle(page);
      }
      await page.getByRole("link", { name: msg("en", "tourPurchase.rooms.continue") }).click();
      await page.waitForURL((url) => url.pathname === "/en/tour/reserve/passengers");
      await settle(page);
      await page.locator("#f-rooms").waitFor();
      await expectNoOverflow(page);
      await saveScreenshot(page, `tour-passengers-en-${width}`);
      expectNoConsoleErrors();
    });
  }
});
