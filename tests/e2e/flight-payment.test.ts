/**
 * Paying at the sandbox bank in real Chromium (issue 7): from the pre-invoice to the bank's page,
 * cancel there and come back to a page that offers to pay again, then pay and see the ticket.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { msg } from "./support/messages.ts";

const browser = useBrowser();

async function holdOneSeat(page: Page, prefix: string, date: string): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}${prefix}/flight/THR-SYZ?date=${date}&adults=1&children=0&infants=0`);
  await settle(page);
  await page.locator(".offer-select").first().click();
  await page.waitForURL((url) => url.pathname.endsWith("/passengers"));
  await settle(page);
  await page.locator("#f-passengers-0-firstName").fill("علی");
  await page.locator("#f-passengers-0-lastName").fill("رضایی");
  await page.locator("#f-passengers-0-gender input[value=male]").check();
  await page.locator("#f-passengers-0-birthDate").fill("1990/05/01");
  await page.locator("#f-passengers-0-nationalCode").fill("0499370899");
  await page.locator("#f-contact-mobile").fill("09121234567");
  await page.locator(".booking-submit").click();
  await page.waitForURL((url) => url.pathname.includes("/prefactor/"));
  await settle(page);
}

describe.each(["fa", "en"] as const)("paying for a flight in %s", (locale) => {
  const prefix = locale === "fa" ? "" : "/en";

  test("cancel at the bank, pay again, and the ticket is issued", async () => {
    const { page, expectNoConsoleErrors } = await browser.openPage(`${prefix}/`, { viewport: { width: 1366, height: 900 } });
    await holdOneSeat(page, prefix, addDays(tehranToday(new Date()), 8));
    const prefactor = page.url();
    const payButton = () => page.getByRole("button", { name: new RegExp(msg(locale, "booking.prefactor.pay", { amount: ".+" })) });

    await payButton().click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
    await page.getByRole("button", { name: "انصراف" }).click();
    await page.waitForURL((url) => url.pathname.includes("/payment/paymentp/") && url.pathname.endsWith("/cancelled"));
    await page.getByRole("heading", { level: 1, name: msg(locale, "payment.heading.cancelled") }).waitFor();
    await saveScreenshot(page, `payment-cancelled-${locale}`);

    await page.getByRole("link", { name: msg(locale, "payment.payAgain") }).click();
    await page.waitForURL(prefactor);
    await payButton().waitFor();
    await payButton().click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
    await saveScreenshot(page, `sandbox-bank-${locale}`);
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL((url) => url.pathname.includes("/payment/paymentp/"));
    await page
      .getByRole("heading", { level: 1, name: msg(locale, "payment.heading.issued", { issued: msg(locale, "factor.heading.success") }) })
      .waitFor();
    expect(page.url()).toMatch(/\/issued$/);
    const ticket = await page.getByRole("cell").nth(1).textContent();
    expect(ticket).toMatch(/^[A-Z0-9]{2}-\d{10}$/);
    await saveScreenshot(page, `payment-issued-${locale}`);

    // The pre-invoice now says issued, with no pay button.
    await page.goto(prefactor);
    await page.getByText(msg(locale, "booking.status.issued"), { exact: true }).waitFor();
    expect(await payButton().count()).toBe(0);
    expectNoConsoleErrors();
  });
});
