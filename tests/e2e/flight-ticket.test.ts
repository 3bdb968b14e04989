/**
 * From search to ticket and back in real Chromium (issue 8): book and pay, see the invoice,
 * download the e-ticket PDF (a real PDF with the Latin name and the PNR; its first page rendered
 * to PNG as an artifact), find the booking on /follow, refund it and see the seats come back.
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { pdfText, pdfToPng } from "../support/pdf.ts";
import { fetchPath } from "./support/http.ts";
import { ARTIFACTS_DIR } from "./support/paths.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { msg } from "./support/messages.ts";

const browser = useBrowser();
const VALID_SHEBA = "IR820540102680020817909002";

async function seatsLeft(date: string, offerId: string): Promise<number> {
  const response = await fetchPath(`/api/v1/flights/search?from=THR&to=KIH&date=${date}&adults=1`);
  const offers = ((await response.json()) as { offers: { offerId: string; seatsLeft: number }[] }).offers;
  return offers.find((offer) => offer.offerId === offerId)?.seatsLeft ?? 0;
}

describe("a ticket from search to refund (fa)", () => {
  test("pay, invoice, PDF, follow, refund, seats back", async () => {
    const date = addDays(tehranToday(new Date()), 9);
    const { page, expectNoConsoleErrors } = await browser.openPage(`/flight/THR-KIH?date=${date}&adults=1&children=0&infants=0`, {
      viewport: { width: 1366, height: 900 },
    });
    await settle(page);
    // A fare that can be refunded (charter and the cheapest classes often cannot).
    const refundable = page.locator(".offer-facts li").getByText(msg("fa", "flights.refundable"), { exact: true });
    const select = page.locator(".offer-card").filter({ has: refundable }).first().locator(".offer-select");
    const offerId = new URL(String(await select.getAttribute("href")), "http://x").searchParams.get("outbound")!;
    const before = await seatsLeft(date, offerId);
    await select.click();
    await page.waitForURL((url) => url.pathname.endsWith("/passengers"));
    await settle(page);

    // A non-Iranian passenger: Latin names and a passport.
    await page.getByRole("checkbox", { name: msg("fa", "booking.field.foreign") }).check();
    await page.locator("#f-passengers-0-firstNameLatin").fill("Anna");
    await page.locator("#f-passengers-0-lastNameLatin").fill("Schmidt");
    await page.locator("#f-passengers-0-gender input[value=female]").check();
    await page.locator("#f-passengers-0-birthDate").fill("1988/03/04");
    await page.locator("#f-passengers-0-nationality").selectOption("DE");
    await page.locator("#f-passengers-0-passportNumber").fill("C01X00T47");
    await page.locator("#f-passengers-0-passportCountry").selectOption("DE");
    await page.locator("#f-passengers-0-passportExpiry").fill("2031/01/01");
    await page.locator("#f-contact-mobile").fill("09351234567");
    await page.getByRole("button", { name: msg("fa", "booking.submit"), exact: true }).click();
    await page.waitForURL((url) => url.pathname.includes("/flight/prefactor/"));
    const reference = new URL(page.url()).pathname.split("/").at(-2)!;
    expect(await seatsLeft(date, offerId)).toBe(before - 1);

    await page.getByRole("button", { name: new RegExp(msg("fa", "booking.prefactor.pay", { amount: ".+" })) }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page
      .getByRole("heading", { level: 1, name: msg("fa", "payment.heading.issued", { issued: msg("fa", "factor.heading.success") }) })
      .waitFor();

    // The invoice: the stored state, the ticket and its PNR.
    await page.getByRole("link", { name: msg("fa", "factor.viewTicket") }).click();
    await page.getByRole("heading", { level: 1, name: msg("fa", "factor.heading.success") }).waitFor();
    await saveScreenshot(page, "factor-fa");
    const pnr = (await page.locator(".prefactor-facts .prefactor-reference").nth(1).textContent())!.trim();
    expect(pnr).toMatch(/^[A-Z2-9]{6}$/);

    // The e-ticket PDF, as the browser downloads it.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: msg("fa", "factor.downloadPdf") }).click(),
    ]);
    const path = await download.path();
    const { readFileSync } = await import("node:fs");
    const pdf = new Uint8Array(readFileSync(path));
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain("Anna");
    expect(text).toContain("Schmidt");
    expect(text).toContain(pnr);
    writeFileSync(resolve(ARTIFACTS_DIR, "ticket-fa.png"), pdfToPng(pdf));

    // Tracking: the reference and the mobile find it; the refund is quoted before it is confirmed.
    await page.goto(`${new URL(page.url()).origin}/follow`);
    await settle(page);
    await page.getByLabel(msg("fa", "follow.reference")).fill(reference.toLowerCase());
    await page.getByLabel(msg("fa", "follow.mobile")).fill("۰۹۳۵۱۲۳۴۵۶۷");
    await page.getByRole("button", { name: msg("fa", "follow.submit") }).click();
    await page.getByRole("heading", { level: 2, name: msg("fa", "follow.refund.heading") }).waitFor();
    expect(await page.getByRole("cell", { name: pnr }).count()).toBe(1);
    await saveScreenshot(page, "follow-fa");
    await page.getByLabel(msg("fa", "follow.refund.sheba")).fill("IR12");
    await page.getByRole("checkbox", { name: msg("fa", "follow.refund.confirm") }).check();
    await page.getByRole("button", { name: msg("fa", "follow.refund.submit") }).click();
    await page.getByText(msg("fa", "follow.error.SHEBA_INVALID")).first().waitFor();
    await page.getByLabel(msg("fa", "follow.refund.sheba")).fill(VALID_SHEBA);
    await page.getByRole("checkbox", { name: msg("fa", "follow.refund.confirm") }).check();
    await page.getByRole("button", { name: msg("fa", "follow.refund.submit") }).click();
    await page.getByText(msg("fa", "booking.status.refund_requested")).waitFor();
    expect(await seatsLeft(date, offerId)).toBe(before);
    expectNoConsoleErrors();
  });
});
