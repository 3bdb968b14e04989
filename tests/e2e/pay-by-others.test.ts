/**
 * Payment by others in real Chromium (issue 23 §2): the traveller holds a flight and, on its
 * pre-invoice, sends a payment link to another mobile; the link (read from the development SMS
 * outbox) is opened in a second browser context, shows the trip without the passenger's national
 * code, and is paid at the sandbox bank; the payer sees the ticket issued and the traveller's
 * invoice shows it issued too.
 */
import { describe, expect, test } from "vitest";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { fetchPath } from "./support/http.ts";
import { msg } from "./support/messages.ts";

const browser = useBrowser();
const PAYER = "09351237788";
const NATIONAL_CODE = "0499370899";

/** The payment link sent to a number, once it has arrived in the outbox. */
async function linkSentTo(mobile: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const response = await fetchPath(`/dev/sms.json?mobile=${mobile}`);
        const body = (await response.json()) as { messages: { text: string }[] };
        link =
          body.messages.map((message) => /https?:\/\/\S+\/payment\/link\/[A-Za-z0-9_-]{43}/.exec(message.text)?.[0] ?? "").find(Boolean) ??
          "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return link;
}

describe("payment by others in fa", () => {
  test("a link sent from the pre-invoice is paid in another browser, and the ticket is issued", async () => {
    const traveller = await browser.openPage("/", { viewport: { width: 1366, height: 900 } });
    const { page } = traveller;
    const date = addDays(tehranToday(new Date()), 9);
    await page.goto(`${new URL(page.url()).origin}/flight/THR-MHD?date=${date}&adults=1&children=0&infants=0`);
    await settle(page);
    await page.locator(".offer-select").first().click();
    await page.waitForURL((url) => url.pathname.endsWith("/passengers"));
    await settle(page);
    await page.locator("#f-passengers-0-firstName").fill("مریم");
    await page.locator("#f-passengers-0-lastName").fill("کاظمی");
    await page.locator("#f-passengers-0-gender input[value=female]").check();
    await page.locator("#f-passengers-0-birthDate").fill("1992/03/14");
    await page.locator("#f-passengers-0-nationalCode").fill(NATIONAL_CODE);
    await page.locator("#f-contact-mobile").fill("09121230000");
    await page.locator(".booking-submit").click();
    await page.waitForURL((url) => url.pathname.includes("/prefactor/"));
    await settle(page);
    const prefactor = new URL(page.url());

    // Someone else pays: the link goes by SMS to the payer's number.
    await page.getByRole("heading", { level: 2, name: msg("fa", "payByOthers.link.heading") }).waitFor();
    await page.getByLabel(msg("fa", "payByOthers.link.mobile")).fill("۰۹۳۵۱۲۳۷۷۸۸");
    await page.getByRole("button", { name: msg("fa", "payByOthers.link.send") }).click();
    await page
      .getByRole("status")
      .filter({ hasText: msg("fa", "payByOthers.link.sent", { mobile: "۰۹۳۵۱۲۳۷۷۸۸", time: "" }).split("۰۹")[0]! })
      .waitFor();
    await saveScreenshot(page, "pay-by-others-prefactor-fa");
    const link = new URL(await linkSentTo(PAYER));

    // The payer, in a browser of their own.
    const payer = await browser.openPage(link.pathname, { viewport: { width: 390, height: 844 } });
    await payer.page.getByRole("heading", { level: 1, name: msg("fa", "payByOthers.page.title") }).waitFor();
    const shown = await payer.page.content();
    expect(shown).toContain("مریم کاظمی");
    expect(shown).not.toContain(NATIONAL_CODE);
    expect(shown).not.toContain("۰۴۹۹۳۷۰۸۹۹");
    await saveScreenshot(payer.page, "pay-by-others-link-fa");
    await payer.page.getByRole("button", { name: new RegExp(msg("fa", "payByOthers.page.pay", { amount: ".+" })) }).click();
    await payer.page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
    await payer.page.getByRole("button", { name: "پرداخت" }).click();
    await payer.page.waitForURL((url) => url.pathname === link.pathname);
    await payer.page.getByText(msg("fa", "payByOthers.gone.issued.body")).waitFor();
    await saveScreenshot(payer.page, "pay-by-others-paid-fa");

    // The traveller's invoice shows the ticket issued.
    await page.goto(`${prefactor.origin}${prefactor.pathname.replace("/prefactor/", "/factor/")}`);
    await settle(page);
    await page.getByText(msg("fa", "booking.status.issued"), { exact: true }).first().waitFor();
    traveller.expectNoConsoleErrors();
    payer.expectNoConsoleErrors();
  });
});
