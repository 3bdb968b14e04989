/**
 * The wallet in real Chromium (issue 10): a signed-in traveller tops up at the sandbox bank
 * (the amount typed in Persian digits), books a flight and pays it from the wallet alone on the
 * pre-invoice, then cancels it on /follow and takes the refund into the wallet.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { signIn } from "./support/sign-in.ts";
import { msg } from "./support/messages.ts";

const browser = useBrowser();

/** The wallet's available amount as the panel's wallet page shows it, in tomans. */
async function available(page: Page): Promise<number> {
  await page.goto(`${new URL(page.url()).origin}/account/wallet`);
  await settle(page);
  const text = await page.locator("main").textContent();
  const label = msg("fa", "wallet.available");
  const after = (text ?? "").slice((text ?? "").indexOf(label) + label.length);
  return Number(latinDigits(/[\d۰-۹٬,]+/.exec(after)?.[0] ?? "").replace(/[٬,]/g, ""));
}

describe("the wallet", () => {
  test("top up at the bank, pay a flight from the wallet, refund it to the wallet", async () => {
    const mobile = "09127770011";
    const date = addDays(tehranToday(new Date()), 6);
    const { page, expectNoConsoleErrors } = await browser.openPage("/", { viewport: { width: 1280, height: 900 } });
    await signIn(page, mobile);
    const origin = new URL(page.url()).origin;
    const start = await available(page);

    // Top-up: typed in Persian digits with separators; the sandbox bank takes it and comes back.
    await page.goto(`${origin}/account/wallet/topup`);
    await settle(page);
    await page.locator("#f-amount").fill("۲۰٬۰۰۰٬۰۰۰");
    await saveScreenshot(page, "wallet-topup-fa");
    await page.getByRole("button", { name: msg("fa", "wallet.pay.topup.submit") }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL((url) => url.pathname.includes("/payment/paymentp/wallet/"));
    await page.getByRole("heading", { level: 1, name: msg("fa", "wallet.pay.topup.heading.credited") }).waitFor();
    await page.getByRole("link", { name: msg("fa", "wallet.pay.topup.back") }).click();
    await page.waitForURL((url) => url.pathname === "/account/wallet");
    expect(await available(page)).toBe(start + 20_000_000);

    // A flight, paid from the wallet alone on the pre-invoice.
    await page.goto(`${origin}/flight/THR-SYZ?date=${date}&adults=1&children=0&infants=0`);
    await settle(page);
    await page.locator(".offer-select").first().click();
    await page.waitForURL((url) => url.pathname.endsWith("/passengers"));
    await settle(page);
    await page.locator("#f-passengers-0-firstName").fill("مینا");
    await page.locator("#f-passengers-0-lastName").fill("کریمی");
    await page.locator("#f-passengers-0-gender input[value=female]").check();
    await page.locator("#f-passengers-0-birthDate").fill("1370/03/10");
    await page.locator("#f-passengers-0-nationalCode").fill("0010350829");
    await page.locator(".booking-submit").click();
    await page.waitForURL((url) => url.pathname.includes("/prefactor/"));
    await settle(page);
    const reference = (await page.locator(".prefactor-reference").first().textContent())!.trim();
    const fullChoice = page.getByRole("radio", { name: new RegExp(msg("fa", "wallet.pay.full")) });
    expect(await fullChoice.isChecked()).toBe(true);
    await saveScreenshot(page, "wallet-prefactor-fa");
    await page.getByRole("button", { name: new RegExp(msg("fa", "booking.prefactor.pay", { amount: ".+" })) }).click();
    await page.waitForURL((url) => url.pathname.includes("/payment/paymentp/") && url.pathname.endsWith("/issued"));
    await page
      .getByRole("heading", { level: 1, name: msg("fa", "payment.heading.issued", { issued: msg("fa", "factor.heading.success") }) })
      .waitFor();
    expect(await page.getByRole("cell").nth(1).textContent()).toMatch(/^[A-Z0-9]{2}-\d{10}$/);
    const afterPaying = await available(page);
    const total = start + 20_000_000 - afterPaying;
    expect(total).toBeGreaterThan(0);

    // Cancelled on /follow, the refund goes to the wallet at once.
    await page.goto(`${origin}/follow`);
    await settle(page);
    await page.getByLabel(msg("fa", "follow.reference")).fill(reference);
    await page.getByLabel(msg("fa", "follow.mobile")).fill(mobile);
    await page.getByRole("button", { name: msg("fa", "follow.submit") }).click();
    await page.getByRole("heading", { level: 2, name: msg("fa", "follow.refund.heading") }).waitFor();
    expect(await page.getByRole("radio", { name: msg("fa", "wallet.refund.toWallet") }).isChecked()).toBe(true);
    await page.getByRole("checkbox", { name: msg("fa", "follow.refund.confirm") }).check();
    await page.getByRole("button", { name: msg("fa", "follow.refund.submit") }).click();
    await page.getByRole("link", { name: msg("fa", "wallet.refund.view") }).waitFor();
    await saveScreenshot(page, "wallet-refunded-fa");
    const refunded = await available(page);
    // The fare's penalty stays with the agency; the rest is back in the wallet.
    expect(refunded).toBeGreaterThan(afterPaying);
    expect(refunded).toBeLessThanOrEqual(afterPaying + total);
    expectNoConsoleErrors();
  });
});
