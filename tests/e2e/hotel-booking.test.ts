/**
 * Reserving hotel rooms in real Chromium (issue 20): from the home page's hotel tab to the city's
 * hotels, a hotel's page and the first room it offers for the stay, the lead guest's form (with a
 * passport abroad), the pre-invoice priced room by room, the sandbox bank and the invoice with the
 * room's voucher: a Mashhad hotel in fa, an Istanbul hotel in en. Dates are days from the real
 * today (the e2e server runs the real clock); no room count of the generated inventory is assumed.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { dateText, addDays, tehranToday } from "#core/search/dates.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { saveScreenshot, settle, useBrowser, waitForHydration } from "./support/browser.ts";
import { msg, type Locale } from "./support/messages.ts";

const browser = useBrowser();
type Lang = Extract<Locale, "fa" | "en">;

/** What differs between a stay in Iran (fa) and one abroad (en). */
const TRIPS = {
  fa: {
    tab: "nav.hotel",
    form: "search.formLabel.hotel",
    city: { query: "مشهد", name: "مشهد" },
    results: "/hotel/mashhad",
    passengers: "/hotel/reserve/passengers",
    factor: "/hotel/factor/",
    abroad: false,
  },
  en: {
    tab: "nav.intHotel",
    form: "search.formLabel.outHotel",
    city: { query: "ist", name: "Istanbul" },
    results: "/internationalhotel/search/TR/istanbul",
    passengers: "/internationalhotel/reserve",
    factor: "/internationalhotel/factor/",
    abroad: true,
  },
} as const;

/** A date as a traveller types it: Persian calendar and digits in fa, Gregorian in en. */
function typed(locale: Lang, iso: string): string {
  return locale === "fa" ? localizeDigits("fa", dateText(iso, "persian")) : dateText(iso, "gregorian");
}

async function chooseCity(form: Locator, locale: Lang): Promise<void> {
  const { query, name } = TRIPS[locale].city;
  const box = form.getByRole("combobox", { name: msg(locale, "search.city"), exact: true });
  await box.fill(query);
  const list = form.getByRole("listbox", { name: msg(locale, "search.city"), exact: true });
  await list.getByRole("option").first().getByText(name, { exact: true }).first().waitFor();
  await box.press("Enter");
  await expect.poll(() => box.inputValue()).toBe(name);
}

/** The first room the hotel page offers for the stay, whichever it is. */
async function chooseFirstRoom(page: Page): Promise<void> {
  const rooms = page.locator("form[action*='reserve']");
  await rooms.first().waitFor();
  await rooms.first().locator("button[type=submit]").first().click();
}

async function fillLeadGuest(page: Page, locale: Lang, abroad: boolean): Promise<void> {
  const field = (name: string) => page.locator(`#f-passengers-0-${name}`);
  await field("firstName").fill("علی");
  await field("lastName").fill("رضایی");
  await page.locator("#f-passengers-0-gender input[value=male]").check();
  await field("birthDate").fill(locale === "fa" ? "1369/02/11" : "1990/05/01");
  await field("nationalCode").fill("0499370899");
  if (abroad) {
    // A stay abroad: the Iranian lead guest gives Latin names and a passport too.
    await field("firstNameLatin").fill("Ali");
    await field("lastNameLatin").fill("Rezaei");
    await field("passportNumber").fill("K12345678");
    await field("passportCountry").selectOption("IR");
    await field("passportExpiry").fill("2031/01/31");
  }
  await page.locator("#f-contact-mobile").fill("09121234567");
}

describe.each(["fa", "en"] as const)("reserving a hotel room in %s", (locale: Lang) => {
  const prefix = locale === "fa" ? "" : "/en";
  const trip = TRIPS[locale];

  test("home tab → hotels → hotel page → first room → lead guest → pre-invoice → sandbox bank → voucher", async () => {
    // A week from now for two nights: inside the 180 days on sale and the 9 nights abroad.
    const checkIn = addDays(tehranToday(new Date()), 7);
    const checkOut = addDays(checkIn, 2);
    const { page, expectNoConsoleErrors } = await browser.openPage(`${prefix}/`, { viewport: { width: 1366, height: 900 } });
    await waitForHydration(page);
    const tabs = page.getByRole("navigation", { name: msg(locale, "home.tabs"), exact: true });
    await tabs.getByRole("link", { name: msg(locale, trip.tab), exact: true }).click();
    const form = page.getByRole("form", { name: msg(locale, trip.form), exact: true });
    await form.waitFor();
    await chooseCity(form, locale);
    await form.getByRole("textbox", { name: new RegExp(`^${msg(locale, "search.checkIn")}`) }).fill(typed(locale, checkIn));
    await form.getByRole("textbox", { name: new RegExp(`^${msg(locale, "search.checkOut")}`) }).fill(typed(locale, checkOut));
    await form.getByRole("button", { name: msg(locale, "search.submit"), exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}${trip.results}`);

    // The first hotel of the list, then the first room its page offers for the stay.
    const hotel = page.locator(`main a[href^="${prefix}${trip.results}/"]`).first();
    await hotel.waitFor();
    await hotel.click();
    await page.waitForURL((url) => url.pathname.startsWith(`${prefix}${trip.results}/`) && url.searchParams.get("checkIn") === checkIn);
    await settle(page);
    await chooseFirstRoom(page);
    await page.waitForURL((url) => url.pathname === `${prefix}${trip.passengers}`);
    await settle(page);

    // The room leads the lead guest's card.
    await page.locator("#f-passengers-0-room").waitFor();
    if (trip.abroad) await page.locator("#f-passengers-0-passportNumber").waitFor({ state: "visible" });
    await fillLeadGuest(page, locale, trip.abroad);
    await saveScreenshot(page, `hotel-passengers-${locale}`);
    await page.locator(".booking-submit").click();
    await page.waitForURL((url) => url.pathname.startsWith(`${prefix}/hotel/prefactor/`));
    await settle(page);

    // The room's nights priced on the pre-invoice.
    await page.getByText(msg(locale, "booking.breakdown.heading"), { exact: true }).first().waitFor();
    await saveScreenshot(page, `hotel-prefactor-${locale}`);
    await page.getByRole("button", { name: new RegExp(msg(locale, "booking.prefactor.pay", { amount: ".+" })) }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL((url) => url.pathname.includes("/payment/paymentp/") && url.pathname.endsWith("/issued"));
    await page.getByRole("link", { name: msg(locale, "factor.viewTicket") }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${prefix}${trip.factor}`));

    // One voucher, with the hotel's confirmation number.
    await expect.poll(() => page.getByRole("cell").locator(".ticket-number").count()).toBe(1);
    const voucher = msg(locale, "hotelPurchase.voucher", { confirmation: "" }).trim();
    await expect.poll(async () => (await page.locator("main").textContent()) ?? "").toContain(voucher);
    // The voucher's PDF downloads from the invoice's link.
    const pdfHref = await page.getByRole("link", { name: msg(locale, "document.hotel.download") }).getAttribute("href");
    const pdf = await page.request.get(new URL(pdfHref!, page.url()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    await saveScreenshot(page, `hotel-factor-${locale}`);
    expectNoConsoleErrors();
  });
});
