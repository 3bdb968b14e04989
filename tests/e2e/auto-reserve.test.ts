/**
 * Auto-reserve items and orders at a desired price from the panel pages in real Chromium (issue
 * 22): signed out, the spec's login message; signed in (code from the outbox), the wallet topped
 * up at the sandbox bank and a passenger saved, an item is added and removed and an order placed
 * and cancelled, in Persian and in English.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { latinDigits } from "#core/i18n/digits.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { signIn } from "./support/sign-in.ts";
import { msg, type Locale } from "./support/messages.ts";

const browser = useBrowser();

async function topUp(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/account/wallet/topup`);
  await settle(page);
  await page.locator("#f-amount").fill("۵٬۰۰۰٬۰۰۰");
  await page.getByRole("button", { name: msg("fa", "wallet.pay.topup.submit") }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
  await page.getByRole("button", { name: "پرداخت" }).click();
  await page.waitForURL((url) => url.pathname.includes("/payment/paymentp/wallet/"));
}

/** A saved passenger through the accounts API, with the page's own session and CSRF token. */
async function savePassenger(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const token = document.querySelector<HTMLInputElement>("input[name=csrf]")?.value ?? "";
    const response = await fetch("/api/v1/me/passengers", {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": token },
      body: JSON.stringify({ firstName: "مینا", lastName: "کریمی", gender: "female", birthDate: "1991-05-31", nationalCode: "0010350829" }),
    });
    return response.status;
  });
  expect([200, 201]).toContain(status);
}

const prefix = (locale: Locale) => (locale === "fa" ? "" : `/${locale}`);

async function autoReserveRoundTrip(page: Page, origin: string, locale: Locale, date: string): Promise<void> {
  await page.goto(`${origin}${prefix(locale)}/account/auto-reserve?service=flight&from=THR&to=MHD&date=${date}&adults=1`);
  await settle(page);
  await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(locale);
  await page.getByRole("checkbox", { name: /مینا/ }).check();
  // Without a cap the form is refused on its field, the ticked passenger kept.
  await page.getByRole("button", { name: msg(locale, "watchOrder.page.submitAutoReserve") }).click();
  await page.getByText(msg(locale, "watchOrder.error.CAP_INVALID")).waitFor();
  expect(await page.getByRole("checkbox", { name: /مینا/ }).isChecked()).toBe(true);
  await page.getByLabel(msg(locale, "watchOrder.page.cap")).fill(locale === "fa" ? "۳٬۰۰۰٬۰۰۰" : "3000000");
  await saveScreenshot(page, `auto-reserve-form-${locale}`);
  await page.getByRole("button", { name: msg(locale, "watchOrder.page.submitAutoReserve") }).click();
  await page.waitForURL((url) => url.searchParams.has("added"));
  await settle(page);
  await page.getByText(msg(locale, "autoReserve.status.waiting")).first().waitFor();
  await saveScreenshot(page, `auto-reserve-added-${locale}`);
  await page
    .getByRole("button", { name: new RegExp(msg(locale, "watchOrder.page.remove")) })
    .first()
    .click();
  await page.waitForURL((url) => url.searchParams.has("removed"));
  await settle(page);
  expect(await page.getByText(msg(locale, "autoReserve.status.waiting")).count()).toBe(0);
}

async function desiredPriceRoundTrip(page: Page, origin: string, locale: Locale, date: string): Promise<void> {
  await page.goto(`${origin}${prefix(locale)}/account/desired-price?service=flight&from=THR&to=MHD&date=${date}&adults=1`);
  await settle(page);
  // The latest attempt: the first travel day as the page writes it (Persian calendar in fa).
  const first = await page.getByLabel(msg(locale, "watchOrder.page.dateFrom"), { exact: true }).inputValue();
  await page.getByLabel(msg(locale, "watchOrder.page.latestAttempt"), { exact: true }).fill(first);
  await page.getByLabel(msg(locale, "watchOrder.page.price")).fill("1000000");
  await page.getByRole("button", { name: msg(locale, "watchOrder.page.submitOrder") }).click();
  await page.waitForURL((url) => url.searchParams.has("added"));
  await settle(page);
  await page.getByText(msg(locale, "desiredPrice.status.open")).first().waitFor();
  // Five million topped up, one reserved: four remain available.
  const shown = latinDigits((await page.locator("main").textContent()) ?? "").replace(/٬/g, ",");
  expect(shown).toContain("4,000,000");
  await saveScreenshot(page, `desired-price-added-${locale}`);
  await page
    .getByRole("button", { name: new RegExp(msg(locale, "watchOrder.page.cancel")) })
    .first()
    .click();
  await page.waitForURL((url) => url.searchParams.has("removed"));
  await settle(page);
  await page.getByText(msg(locale, "desiredPrice.status.cancelled")).first().waitFor();
  await saveScreenshot(page, `desired-price-cancelled-${locale}`);
}

describe("auto-reserve and orders at a desired price from the panel", () => {
  test("signed out: the spec's login message with a sign-in link back here", async () => {
    const { page, expectNoConsoleErrors } = await browser.openPage("/account/auto-reserve");
    await settle(page);
    await page.getByText(msg("fa", "autoReserve.error.loginRequired")).waitFor();
    const link = page.locator("main").getByRole("link", { name: msg("fa", "watchOrder.page.signIn") });
    expect(await link.getAttribute("href")).toBe(`/login?next=${encodeURIComponent("/account/auto-reserve")}`);
    expectNoConsoleErrors();
  });

  test("set and remove an auto-reserve item, set and cancel an order at a desired price, in fa and en", async () => {
    const mobile = "09127770022";
    const date = addDays(tehranToday(new Date()), 5);
    const { page, expectNoConsoleErrors } = await browser.openPage("/", { viewport: { width: 1280, height: 900 } });
    await signIn(page, mobile);
    const origin = new URL(page.url()).origin;
    await topUp(page, origin);
    await page.goto(`${origin}/account/auto-reserve`);
    await settle(page);
    await savePassenger(page);
    for (const locale of ["fa", "en"] as const) {
      await autoReserveRoundTrip(page, origin, locale, date);
      await desiredPriceRoundTrip(page, origin, locale, date);
    }
    expectNoConsoleErrors();
  });
});
