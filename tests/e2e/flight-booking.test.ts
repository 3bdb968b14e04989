/**
 * From a chosen flight to a held booking in real Chromium (issue 6): every kind of refusal shown
 * on its own field in Persian and English, a hold, the pre-invoice countdown, edit and resubmit,
 * and the same form working without JavaScript.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { msg, type MessageKey } from "./support/messages.ts";

const browser = useBrowser();
type Lang = "fa" | "en";

/** The passengers step of the cheapest flight on a day, for two adults and an infant. */
async function openPassengers(page: Page, prefix: string, date: string): Promise<void> {
  await page.goto(`${page.url().split("/").slice(0, 3).join("/")}${prefix}/flight/THR-MHD?date=${date}&adults=2&children=0&infants=1`);
  await settle(page);
  await page.locator(".offer-select").first().click();
  await page.waitForURL((url) => url.pathname.endsWith("/passengers"));
  await settle(page);
}

function errorOf(page: Page, field: string) {
  return page.locator(`#f-${field.replace(/\./g, "-")}-error`);
}

async function expectError(page: Page, locale: Lang, field: string, key: MessageKey, params: Record<string, string> = {}) {
  await expect.poll(() => errorOf(page, field).textContent()).toBe(msg(locale, key, params));
  const input = page.locator(`#f-${field.replace(/\./g, "-")}`);
  if ((await input.evaluate((node) => node.tagName)) !== "FIELDSET") expect(await input.getAttribute("aria-invalid")).toBe("true");
}

async function fillAdult(
  page: Page,
  index: number,
  person: { first: string; last: string; gender: "male" | "female"; birth: string; code: string },
) {
  await page.locator(`#f-passengers-${index}-firstName`).fill(person.first);
  await page.locator(`#f-passengers-${index}-lastName`).fill(person.last);
  await page.locator(`#f-passengers-${index}-gender input[value=${person.gender}]`).check();
  await page.locator(`#f-passengers-${index}-birthDate`).fill(person.birth);
  await page.locator(`#f-passengers-${index}-nationalCode`).fill(person.code);
}

describe.each(["fa", "en"] as const)("booking a domestic flight in %s", (locale: Lang) => {
  const prefix = locale === "fa" ? "" : "/en";
  const date = addDays(tehranToday(new Date()), 6);
  const submit = (page: Page, edit = false) =>
    page.getByRole("button", { name: msg(locale, edit ? "booking.submitEdit" : "booking.submit"), exact: true }).click();

  test("each refusal is shown on its field, nothing typed is lost, and a valid form holds the seats", async () => {
    const { page, expectNoConsoleErrors } = await browser.openPage(`${prefix}/`, { viewport: { width: 1366, height: 900 } });
    await openPassengers(page, prefix, date);
    await page.getByRole("heading", { level: 1, name: msg(locale, "booking.passengers.title", { from: "THR", to: "MHD" }) }).waitFor();

    // Empty form: every required field says so.
    await submit(page);
    await page
      .getByRole("alert")
      .filter({ hasText: msg(locale, "booking.error.INVALID") })
      .waitFor();
    for (const field of [
      "passengers.0.firstName",
      "passengers.0.lastName",
      "passengers.0.birthDate",
      "passengers.0.nationalCode",
      "passengers.0.gender",
      "contact.mobile",
    ]) {
      await expectError(page, locale, field, "booking.error.REQUIRED");
    }

    // Wrong script, bad check digit, duplicate national code, age against type, bad mobile and e-mail, unknown code.
    await fillAdult(page, 0, { first: "Ali", last: "رضایی", gender: "male", birth: "1990/05/01", code: "0499370898" });
    await fillAdult(page, 1, {
      first: "مریم",
      last: "کریمی",
      gender: "female",
      birth: addDays(tehranToday(new Date()), -3 * 365).replace(/-/g, "/"),
      code: "0010350829",
    });
    await page.locator("#f-passengers-2-firstName").fill("سارا");
    await page.locator("#f-passengers-2-lastName").fill("رضایی");
    await page.locator("#f-passengers-2-gender input[value=female]").check();
    await page.locator("#f-passengers-2-birthDate").fill(addDays(tehranToday(new Date()), -200).replace(/-/g, "/"));
    await page.locator("#f-passengers-2-nationalCode").fill("0010350829");
    await page.locator("#f-contact-mobile").fill("0912123");
    await page.locator("#f-contact-email").fill("ali@");
    await page.locator("#f-discountCode").fill("NOSUCHCODE");
    await submit(page);
    await expectError(page, locale, "passengers.0.firstName", "booking.error.PERSIAN_ONLY");
    await expectError(page, locale, "passengers.0.nationalCode", "booking.error.NATIONAL_CODE_INVALID");
    await expectError(page, locale, "passengers.1.birthDate", "booking.error.AGE_NOT_ADULT");
    await expectError(page, locale, "passengers.2.nationalCode", "booking.error.NATIONAL_CODE_DUPLICATE");
    await expectError(page, locale, "contact.mobile", "booking.error.MOBILE_INVALID");
    await expectError(page, locale, "contact.email", "booking.error.EMAIL_INVALID");
    expect(await page.locator("#f-passengers-1-lastName").inputValue()).toBe("کریمی");
    expect(await page.locator("#f-contact-email").inputValue()).toBe("ali@");

    // A non-Iranian passenger needs a passport valid for the trip; a company needs a valid national id.
    await page
      .getByRole("checkbox", { name: msg(locale, "booking.field.foreign") })
      .nth(1)
      .check();
    await page.locator("#f-passengers-1-firstNameLatin").fill("Anna");
    await page.locator("#f-passengers-1-lastNameLatin").fill("Schmidt");
    await page.locator("#f-passengers-1-birthDate").fill("1988/03/04");
    await page.locator("#f-passengers-1-nationality").selectOption("DE");
    await page.locator("#f-passengers-1-passportNumber").fill("C01X00T47");
    await page.locator("#f-passengers-1-passportCountry").selectOption("DE");
    await page.locator("#f-passengers-1-passportExpiry").fill(addDays(date, -1).replace(/-/g, "/"));
    await page.getByRole("checkbox", { name: msg(locale, "booking.company.toggle") }).check();
    await page.locator("#f-company-name").fill("سفرهای نور");
    await page.locator("#f-company-nationalId").fill("10380284791");
    await page.locator("#f-company-economicCode").fill("10380284790");
    await page.locator("#f-company-postalCode").fill("1969833114");
    await submit(page);
    await expectError(page, locale, "passengers.1.passportExpiry", "booking.error.PASSPORT_EXPIRES");
    await expectError(page, locale, "company.nationalId", "booking.error.COMPANY_ID_INVALID");
    await saveScreenshot(page, `booking-errors-${locale}`);

    // Put everything right: the seats are held and the pre-invoice opens.
    await page.locator("#f-passengers-0-firstName").fill("علی");
    await page.locator("#f-passengers-0-nationalCode").fill("۰۴۹۹۳۷۰۸۹۹");
    await page.locator("#f-passengers-1-passportExpiry").fill("2031/01/01");
    await page.locator("#f-passengers-2-nationalCode").fill("0010350829");
    await page.locator("#f-contact-mobile").fill("+98 912 123 4567");
    await page.locator("#f-contact-email").fill("ali@example.com");
    await page.locator("#f-company-nationalId").fill("10380284790");
    // The code is judged once everything else is right: the same answer for any invalid code.
    await submit(page);
    await expectError(page, locale, "discountCode", "booking.error.DISCOUNT_INVALID");
    await page.locator("#f-discountCode").fill("");
    await submit(page);
    await page.waitForURL((url) => /\/flight\/prefactor\/[2-9A-HJ-NP-Z]{8}\/[A-Za-z0-9_-]{22}$/.test(url.pathname));
    await page.getByRole("heading", { level: 1, name: msg(locale, "booking.prefactor.heading") }).waitFor();
    await saveScreenshot(page, `booking-prefactor-${locale}`);
    expect(await page.getByText("Anna Schmidt").count()).toBeGreaterThan(0);
    expectNoConsoleErrors();
  });

  test("the pre-invoice counts down, and edit keeps the booking and its hold", async () => {
    const { page, expectNoConsoleErrors } = await browser.openPage(`${prefix}/`, { viewport: { width: 390, height: 860 } });
    await openPassengers(page, prefix, addDays(date, 1));
    await fillAdult(page, 0, { first: "علی", last: "رضایی", gender: "male", birth: "1990/05/01", code: "0499370899" });
    await fillAdult(page, 1, { first: "مریم", last: "کریمی", gender: "female", birth: "1992/02/11", code: "0010350829" });
    await page.locator("#f-passengers-2-firstName").fill("سارا");
    await page.locator("#f-passengers-2-lastName").fill("رضایی");
    await page.locator("#f-passengers-2-gender input[value=female]").check();
    await page.locator("#f-passengers-2-birthDate").fill(addDays(tehranToday(new Date()), -200).replace(/-/g, "/"));
    await page.locator("#f-passengers-2-nationalCode").fill("1111111111");
    await page.locator("#f-contact-mobile").fill("09121234567");
    await submit(page);
    await expectError(page, locale, "passengers.2.nationalCode", "booking.error.NATIONAL_CODE_INVALID");
    await page.locator("#f-passengers-2-nationalCode").fill("0084575948");
    await submit(page);
    await page.waitForURL((url) => url.pathname.includes("/flight/prefactor/"));
    const prefactorUrl = page.url();
    const reference = prefactorUrl.split("/").at(-2)!;

    const timer = page.getByRole("timer", { name: msg(locale, "booking.prefactor.countdownLabel") });
    const first = await timer.textContent();
    expect(first).toMatch(/^(14|15|۱۴|۱۵):/);
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
    await saveScreenshot(page, `booking-prefactor-${locale}-mobile`);

    await page.getByRole("link", { name: msg(locale, "booking.prefactor.edit") }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/passengers") && url.searchParams.has("edit"));
    await settle(page);
    expect(await page.locator("#f-passengers-1-firstName").inputValue()).toBe("مریم");
    expect(await page.locator("#f-passengers-2-nationalCode").inputValue()).toMatch(/^(0084575948|۰۰۸۴۵۷۵۹۴۸)$/);
    await page.locator("#f-passengers-1-firstName").fill("مریما");
    await submit(page, true);
    await page.waitForURL((url) => url.href.startsWith(prefactorUrl) && url.searchParams.get("saved") === "1");
    await page
      .getByRole("status")
      .filter({ hasText: msg(locale, "booking.prefactor.saved") })
      .waitFor();
    expect(page.url()).toContain(`/${reference}/`);
    expect(await page.getByText("مریما کریمی").count()).toBe(1);
    await page.getByRole("timer").waitFor();
    expectNoConsoleErrors();
  });
});

describe("booking without JavaScript", () => {
  test("a refused form comes back with status 400, its messages and everything typed", async () => {
    const date = addDays(tehranToday(new Date()), 7);
    const { page } = await browser.openPage(`/flight/THR-MHD?date=${date}&adults=1&children=0&infants=0`, { javaScriptEnabled: false });
    await page.locator(".offer-select").first().click();
    await page.waitForURL((url) => url.pathname.endsWith("/passengers"));
    await page.locator("#f-passengers-0-firstName").fill("Ali");
    await page.locator("#f-passengers-0-lastName").fill("رضایی");
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: msg("fa", "booking.submit"), exact: true }).click(),
    ]);
    expect(response?.status()).toBe(400);
    expect(await errorOf(page, "passengers.0.firstName").textContent()).toBe(msg("fa", "booking.error.PERSIAN_ONLY"));
    expect(await errorOf(page, "contact.mobile").textContent()).toBe(msg("fa", "booking.error.REQUIRED"));
    expect(await page.locator("#f-passengers-0-lastName").inputValue()).toBe("رضایی");
  });
});
