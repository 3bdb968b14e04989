/**
 * Buying an international round trip in real Chromium (issue 17): from the home page's
 * international flight tab to the results, Select, the passengers form with a passport for the
 * Iranian traveller, the pre-invoice with both legs, the sandbox bank and the issued invoice.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { dateText, addDays, tehranToday } from "#core/search/dates.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { saveScreenshot, settle, useBrowser, waitForHydration } from "./support/browser.ts";
import { fetchPath } from "./support/http.ts";
import { msg, type Locale } from "./support/messages.ts";

const browser = useBrowser();
type Lang = Extract<Locale, "fa" | "en">;

const PLACES = {
  fa: { from: { query: "تهران", name: "تهران" }, to: { query: "استان", name: "استانبول" } },
  en: { from: { query: "tehran", name: "Tehran" }, to: { query: "ist", name: "Istanbul" } },
} as const;

/** The first day from next week on whose IKA → IST round trip the house supplier sells (nothing pinned to today's inventory). */
async function dayWithRoundTrips(): Promise<{ date: string; returnDate: string }> {
  const today = tehranToday(new Date());
  for (let days = 4; days < 20; days += 1) {
    const date = addDays(today, days);
    const returnDate = addDays(date, 4);
    const answer = await fetchPath(`/api/v1/internationalflights/search?from=IKA&to=IST&date=${date}&returnDate=${returnDate}&adults=1`);
    const { offers } = (await answer.json()) as { offers?: { legs: unknown[]; seatsLeft: number }[] };
    if (offers?.some((offer) => offer.legs.length === 2 && offer.seatsLeft > 0)) return { date, returnDate };
  }
  throw new Error("no international round trip on sale in the next weeks");
}

/** A date as a traveller types it: Persian calendar and digits in fa, Gregorian in en. */
function typed(locale: Lang, iso: string): string {
  return locale === "fa" ? localizeDigits("fa", dateText(iso, "persian")) : dateText(iso, "gregorian");
}

async function choosePlace(form: Locator, locale: Lang, name: "from" | "to"): Promise<void> {
  const box = form.getByRole("combobox", { name: msg(locale, `search.${name}`), exact: true });
  await box.fill(PLACES[locale][name].query);
  const list = form.getByRole("listbox", { name: msg(locale, `search.${name}`), exact: true });
  await list.getByRole("option").first().getByText(PLACES[locale][name].name, { exact: true }).first().waitFor();
  await box.press("Enter");
  await expect.poll(() => box.inputValue()).toBe(PLACES[locale][name].name);
}

async function fillTraveller(page: Page): Promise<void> {
  const field = (name: string) => page.locator(`#f-passengers-0-${name}`);
  await field("firstName").fill("علی");
  await field("lastName").fill("رضایی");
  await field("firstNameLatin").fill("Ali");
  await field("lastNameLatin").fill("Rezaei");
  await page.locator("#f-passengers-0-gender input[value=male]").check();
  await field("birthDate").fill("1990/05/01");
  await field("nationalCode").fill("0499370899");
  // Travel abroad: the Iranian gives a passport too, valid six months after the trip.
  await field("passportNumber").fill("K12345678");
  await field("passportCountry").selectOption("IR");
  await field("passportExpiry").fill("2031/01/31");
  await page.locator("#f-contact-mobile").fill("09121234567");
}

describe.each(["fa", "en"] as const)("buying an international flight in %s", (locale: Lang) => {
  const prefix = locale === "fa" ? "" : "/en";

  test("home tab → results → select → passengers → pre-invoice → sandbox bank → issued invoice", async () => {
    const { date, returnDate } = await dayWithRoundTrips();
    const { page, expectNoConsoleErrors } = await browser.openPage(`${prefix}/`, { viewport: { width: 1366, height: 900 } });
    await waitForHydration(page);
    const tabs = page.getByRole("navigation", { name: msg(locale, "home.tabs"), exact: true });
    await tabs.getByRole("link", { name: msg(locale, "nav.internationalflight"), exact: true }).click();
    const form = page.getByRole("form", { name: msg(locale, "search.formLabel.internationalflight"), exact: true });
    await form.waitFor();
    await choosePlace(form, locale, "from");
    await choosePlace(form, locale, "to");
    await form.getByRole("radio", { name: msg(locale, "search.trip.round"), exact: true }).check();
    await form.getByRole("textbox", { name: new RegExp(`^${msg(locale, "search.departure")}`) }).fill(typed(locale, date));
    await form.getByRole("textbox", { name: new RegExp(`^${msg(locale, "search.return")}`) }).fill(typed(locale, returnDate));
    await form.getByRole("button", { name: msg(locale, "search.submit"), exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${prefix}/internationalflight/search/`));

    // The results stream in; no "buying online opens soon" any more.
    const select = page.locator(".intl-offer .offer-select").first();
    await select.waitFor();
    expect(await page.getByText(msg(locale, "results.bookingSoon", { service: msg(locale, "nav.internationalflight") })).count()).toBe(0);
    await select.click();
    await page.waitForURL((url) => url.pathname.endsWith("/passengers"));
    await settle(page);
    await page.locator("#f-passengers-0-passportNumber").waitFor({ state: "visible" });

    // A passport that runs out with the trip is refused on its field before anything is held.
    await fillTraveller(page);
    await page.locator("#f-passengers-0-passportExpiry").fill(returnDate.replace(/-/g, "/"));
    await page.locator(".booking-submit").click();
    await expect
      .poll(() => page.locator("#f-passengers-0-passportExpiry-error").textContent())
      .toBe(msg(locale, "booking.error.PASSPORT_SIX_MONTHS"));
    await saveScreenshot(page, `intl-passengers-refused-${locale}`);
    await page.locator("#f-passengers-0-passportExpiry").fill("2031/01/31");
    await page.locator(".booking-submit").click();
    await page.waitForURL((url) => url.pathname.startsWith(`${prefix}/internationalflight/prefactor/`));
    await settle(page);

    // Both legs on the pre-invoice, described by the service's module.
    await page.getByText(msg(locale, "services.detail.outbound"), { exact: true }).first().waitFor();
    await page.getByText(msg(locale, "services.detail.return"), { exact: true }).first().waitFor();
    await saveScreenshot(page, `intl-prefactor-${locale}`);
    await page.getByRole("button", { name: new RegExp(msg(locale, "booking.prefactor.pay", { amount: ".+" })) }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL((url) => url.pathname.includes("/payment/paymentp/") && url.pathname.endsWith("/issued"));
    await page.getByRole("link", { name: msg(locale, "factor.viewTicket") }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${prefix}/internationalflight/factor/`));
    // One ticket per leg for the traveller.
    await expect.poll(() => page.getByRole("cell").locator(".ticket-number").count()).toBe(2);
    await saveScreenshot(page, `intl-factor-${locale}`);
    expectNoConsoleErrors();
  });
});
