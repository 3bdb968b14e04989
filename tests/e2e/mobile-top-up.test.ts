/**
 * Mobile top-up in real Chromium (issue 23 §3): a signed-in traveller with money in the wallet
 * (topped up at the sandbox bank) types a number, sees its operator suggested as they type, buys
 * an Irancell PIN voucher from the wallet and reads the PIN, serial and what to dial on the result
 * page; and the English form's labels, each control reachable by its name.
 */
import { describe, expect, test } from "vitest";
import { latinDigits } from "#core/i18n/digits.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { msg } from "./support/messages.ts";
import { signIn } from "./support/sign-in.ts";

const browser = useBrowser();

describe("mobile top-up", () => {
  test("a signed-in traveller buys a PIN voucher from the wallet and sees it on the result page", async () => {
    const { page, expectNoConsoleErrors } = await browser.openPage("/", { viewport: { width: 1280, height: 900 } });
    await signIn(page, "09127770031");
    const origin = new URL(page.url()).origin;

    // Money into the wallet at the sandbox bank.
    await page.goto(`${origin}/account/wallet/topup`);
    await settle(page);
    await page.locator("#f-amount").fill("۵۰۰٬۰۰۰");
    await page.getByRole("button", { name: msg("fa", "wallet.pay.topup.submit") }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL((url) => url.pathname.includes("/payment/paymentp/wallet/"));

    // The footer links the top-up page for this agency.
    await page.goto(`${origin}/`);
    await settle(page);
    await page
      .getByRole("link", { name: msg("fa", "nav.chargemobile") })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === "/chargemobile");
    await settle(page);
    await page.getByRole("heading", { level: 1, name: msg("fa", "topup.title") }).waitFor();

    // Typed in Persian digits: Irancell is suggested and chosen as the prefix is typed.
    await page.getByLabel(msg("fa", "topup.mobile")).pressSequentially("۰۹۳۵۱۱۱۲۲۳۳");
    await page.getByText(msg("fa", "topup.detected", { operator: msg("fa", "topup.operator.irancell") })).waitFor();
    expect(await page.getByRole("radio", { name: msg("fa", "topup.operator.irancell") }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: msg("fa", "topup.kind.pin") }).check();
    await page.getByRole("radio", { name: msg("fa", "topup.amount.choice", { amount: "۵۰٬۰۰۰" }) }).check();
    await page.getByRole("radio", { name: msg("fa", "topup.pay.wallet", { amount: "۵۰۰٬۰۰۰" }) }).check();
    await saveScreenshot(page, "mobile-top-up-fa");
    await page.getByRole("button", { name: msg("fa", "topup.submit") }).click();

    await page.waitForURL((url) => url.pathname === "/charge/GetCharge");
    await settle(page);
    await page.getByRole("heading", { level: 1, name: msg("fa", "topup.result.title") }).waitFor();
    await page
      .getByText(msg("fa", "topup.result.delivered.pin", { amount: "۵۰٬۰۰۰", operator: "ایرانسل", mobile: "۰۹۳۵۱۱۱۲۲۳۳" }))
      .waitFor();
    const pin = page.locator(".topup-pin");
    const shown = latinDigits((await pin.textContent()) ?? "");
    expect(shown).toMatch(/^\d{16}$/);
    expect(await pin.getAttribute("data-pin")).toBe(shown);
    expect(latinDigits((await page.locator(".topup-result a[href^='tel:']").textContent()) ?? "")).toBe(`*141*${shown}#`);
    await page.getByRole("button", { name: msg("fa", "topup.result.copy") }).waitFor();
    await saveScreenshot(page, "mobile-top-up-result-fa");
    expectNoConsoleErrors();
  });

  test("the English form names every control", async () => {
    const { page, expectNoConsoleErrors } = await browser.openPage("/en/chargemobile");
    await settle(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.locator("html").getAttribute("dir")).toBe("ltr");
    await page.getByRole("heading", { level: 1, name: "Mobile top-up" }).waitFor();
    await page.getByLabel("Mobile number").fill("0921 123 4567");
    await page.getByText("Suggested operator: Rightel").waitFor();
    for (const legend of ["Operator", "Kind of top-up", "Amount", "Pay with"]) await page.getByRole("group", { name: legend }).waitFor();
    for (const radio of ["MCI (Hamrah-e Aval)", "Irancell", "Rightel", "Direct top-up", "PIN voucher", "10,000 tomans", "200,000 tomans"])
      await page.getByRole("radio", { name: radio }).waitFor();
    await page.getByRole("button", { name: "Detect the operator" }).waitFor();
    await page.getByRole("button", { name: "Buy the top-up" }).waitFor();
    expectNoConsoleErrors();
  });
});
