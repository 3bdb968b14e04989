/**
 * Buying a train ticket in real Chromium (issue 18): from the home page's train tab to the day's
 * trains, Select on a train that carries cars, the passengers form with a meal and a car, the
 * pre-invoice with its breakdown, the sandbox bank and the issued invoice with wagon, compartment
 * and bed.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { localizeDigits } from "#core/i18n/messages.ts";
import { addDays, dateText, tehranToday } from "#core/search/dates.ts";
import { saveScreenshot, settle, useBrowser, waitForHydration } from "./support/browser.ts";
import { fetchPath } from "./support/http.ts";
import { msg, type Locale } from "./support/messages.ts";

const browser = useBrowser();
type Lang = Extract<Locale, "fa" | "en">;

const PLACES = {
  fa: { from: { query: "تهران", name: "تهران" }, to: { query: "مشهد", name: "مشهد" } },
  en: { from: { query: "tehran", name: "Tehran" }, to: { query: "mashhad", name: "Mashhad" } },
} as const;

interface ApiTrain {
  offerId: string;
  trainNumber: string;
  seatsLeft: number;
  carTransport: Record<string, number> | null;
  extras: { code: string; kind: string; price: number }[];
}

/** The first day from the day after tomorrow with a Tehran → Mashhad train that carries cars, sells a priced meal and has beds (nothing pinned to today's inventory). */
async function dayWithCarTrain(): Promise<{ date: string; train: ApiTrain }> {
  const today = tehranToday(new Date());
  for (let days = 2; days < 30; days += 1) {
    const date = addDays(today, days);
    const answer = await fetchPath(`/api/v1/trains/search?from=tehran&to=mashhad&date=${date}&adults=1`);
    const { offers } = (await answer.json()) as { offers?: ApiTrain[] };
    const train = offers?.find(
      (offer) =>
        offer.carTransport !== null && offer.seatsLeft >= 1 && offer.extras.some((extra) => extra.kind === "meal" && extra.price > 0),
    );
    if (train) return { date, train };
  }
  throw new Error("no car-carrying train from Tehran to Mashhad on sale in the next weeks");
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
  await page.locator("#f-passengers-0-gender input[value=male]").check();
  await field("birthDate").fill("1990/05/01");
  await field("nationalCode").fill("0499370899");
  await page.locator("#f-contact-mobile").fill("09121234567");
}

describe.each(["fa", "en"] as const)("buying a train ticket in %s", (locale: Lang) => {
  const prefix = locale === "fa" ? "" : "/en";

  test("home tab → trains → select → a meal and a car → pre-invoice → sandbox bank → issued invoice", async () => {
    const { date, train } = await dayWithCarTrain();
    const meal = train.extras.filter((extra) => extra.kind === "meal" && extra.price > 0)[0]!;
    const { page, expectNoConsoleErrors } = await browser.openPage(`${prefix}/`, { viewport: { width: 1366, height: 900 } });
    await waitForHydration(page);
    const tabs = page.getByRole("navigation", { name: msg(locale, "home.tabs"), exact: true });
    await tabs.getByRole("link", { name: msg(locale, "nav.train"), exact: true }).click();
    const form = page.getByRole("form", { name: msg(locale, "search.formLabel.train"), exact: true });
    await form.waitFor();
    await choosePlace(form, locale, "from");
    await choosePlace(form, locale, "to");
    await form.getByRole("textbox", { name: new RegExp(`^${msg(locale, "search.departure")}`) }).fill(typed(locale, date));
    await form.getByRole("button", { name: msg(locale, "search.submit"), exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/train/tehran-mashhad` && url.searchParams.get("date") === date);

    // The day's trains, bookable online: Select on the car-carrying train the API offered.
    const card = page.locator(".train-offer").filter({ has: page.locator(`a.offer-select[href*="${encodeURIComponent(train.offerId)}"]`) });
    await card.waitFor();
    expect(await page.locator(".results-compare-note").count()).toBe(0);
    await card.locator(".train-car-badge").waitFor();
    await saveScreenshot(page, `train-results-${locale}`);
    await card.locator("a.offer-select").click();
    await page.waitForURL((url) => url.pathname.endsWith("/train/tehran-mashhad/passengers"));
    await settle(page);

    await fillTraveller(page);
    await page.locator(`input[name="passengers.0.meal.0"][value="${meal.code}"]`).check();
    await page.getByRole("checkbox", { name: msg(locale, "trainPurchase.car.bring"), exact: true }).check();
    // A plate that is not Iranian is refused on its field, with nothing typed lost.
    await page.locator("#f-vehicle-plate").fill("12-345-67");
    await page.locator('input[name="vehicle.type"][value="sedan"]').check();
    await page.locator(".booking-submit").click();
    await expect.poll(() => page.locator("#f-vehicle-plate-error").textContent()).toBe(msg(locale, "booking.error.PLATE_INVALID"));
    expect(await page.locator("#f-passengers-0-firstName").inputValue()).toBe("علی");
    await saveScreenshot(page, `train-passengers-refused-${locale}`);
    await page.locator("#f-vehicle-plate").fill(locale === "fa" ? "۱۲ ب ۳۴۵ ایران ۶۷" : "12B345-67");
    await page.locator(".booking-submit").click();
    await page.waitForURL((url) => url.pathname.startsWith(`${prefix}/train/prefactor/`));
    await settle(page);

    // The breakdown: the bed, the meal and the car, each with its price.
    await page.getByText(msg(locale, "trainPurchase.line.adult"), { exact: false }).first().waitFor();
    await page
      .getByText(msg(locale, "trainPurchase.line.car", { type: msg(locale, "trainService.vehicleType.sedan") }), { exact: false })
      .first()
      .waitFor();
    await saveScreenshot(page, `train-prefactor-${locale}`);
    await page.getByRole("button", { name: new RegExp(msg(locale, "booking.prefactor.pay", { amount: ".+" })) }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL((url) => url.pathname.includes("/payment/paymentp/") && url.pathname.endsWith("/issued"));
    await page.getByRole("link", { name: msg(locale, "factor.viewTicket") }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${prefix}/train/factor/`));

    // The ticket names the traveller's wagon, compartment and bed.
    await expect.poll(() => page.getByRole("cell").locator(".ticket-number").count()).toBe(1);
    const place = new RegExp(msg(locale, "trainService.place.bed", { wagon: "\\S+", compartment: "\\S+", bed: "\\S+" }));
    await expect.poll(async () => place.test((await page.locator("main").textContent()) ?? "")).toBe(true);
    await saveScreenshot(page, `train-factor-${locale}`);
    expectNoConsoleErrors();
  });
});
