/**
 * A company's booking to its official invoice in real Chromium (issue 23 §1, fa): book a flight as
 * a company on the demo agency (which files with the sandbox registry), pay at the sandbox bank,
 * run the filing the worker runs (through the dev-only hook rather than waiting for its minute),
 * see the official invoice on the factor page and its own page, and download its PDF: a real PDF
 * holding the tax id and the company's name.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { pdfText, pdfToPng } from "../support/pdf.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { fetchPath } from "./support/http.ts";
import { msg } from "./support/messages.ts";
import { ARTIFACTS_DIR } from "./support/paths.ts";

const browser = useBrowser();
const COMPANY = "Nur Gostar Co.";

describe("a company's official invoice (fa)", () => {
  test("book as a company, pay, file, and read the invoice and its PDF", async () => {
    const date = addDays(tehranToday(new Date()), 10);
    const { page, expectNoConsoleErrors } = await browser.openPage(`/flight/THR-MHD?date=${date}&adults=1&children=0&infants=0`, {
      viewport: { width: 1366, height: 900 },
    });
    await settle(page);
    await page.locator(".offer-select").first().click();
    await page.waitForURL((url) => url.pathname.endsWith("/passengers"));
    await settle(page);
    await page.locator("#f-passengers-0-firstName").fill("علی");
    await page.locator("#f-passengers-0-lastName").fill("رضایی");
    await page.locator("#f-passengers-0-gender input[value=male]").check();
    await page.locator("#f-passengers-0-birthDate").fill("1990/05/01");
    await page.locator("#f-passengers-0-nationalCode").fill("0499370899");
    await page.locator("#f-contact-mobile").fill("09121239876");
    await page.getByRole("checkbox", { name: msg("fa", "booking.company.toggle") }).check();
    await page.locator("#f-company-name").fill(COMPANY);
    await page.locator("#f-company-nationalId").fill("10380284790");
    await page.locator("#f-company-economicCode").fill("10380284790");
    await page.locator("#f-company-postalCode").fill("1969833114");
    await page.locator(".booking-submit").click();
    await page.waitForURL((url) => url.pathname.includes("/prefactor/"));
    await settle(page);
    const hashId = new URL(page.url()).pathname.split("/").at(-1)!;

    await page.getByRole("button", { name: new RegExp(msg("fa", "booking.prefactor.pay", { amount: ".+" })) }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL((url) => url.pathname.includes("/payment/paymentp/"));
    await page
      .getByRole("heading", { level: 1, name: msg("fa", "payment.heading.issued", { issued: msg("fa", "factor.heading.success") }) })
      .waitFor();

    // The worker's filing, now: the invoice is made and sent to the sandbox registry.
    const filed = await fetchPath("/dev/tax-filing", { method: "POST" });
    expect(filed.status).toBe(200);
    const listed = (await (await fetchPath(`/api/v1/bookings/${hashId}/tax-invoice`)).json()) as {
      invoices: { taxId: string; type: number; status: string; links: { page: string } }[];
    };
    expect(listed.invoices).toHaveLength(1);
    const [invoice] = listed.invoices;
    expect(invoice).toMatchObject({ type: 1, status: "submitted" });
    expect(invoice!.taxId).toMatch(/^A1HMSF[0-9A-F]{15}\d$/);

    // The factor page: the company, the official invoice's tax id and status in words, its links.
    await page.getByRole("link", { name: msg("fa", "factor.viewTicket") }).click();
    await page.getByRole("heading", { level: 1, name: msg("fa", "factor.heading.success") }).waitFor();
    await page.getByRole("heading", { level: 3, name: msg("fa", "taxInvoice.factor.heading") }).waitFor();
    await page.getByText(invoice!.taxId, { exact: true }).waitFor();
    await page.getByText(msg("fa", "taxInvoice.status.submitted"), { exact: true }).waitFor();
    await page.getByText(COMPANY, { exact: true }).first().waitFor();
    await saveScreenshot(page, "official-invoice-factor-fa");

    // Its own page, then the PDF as the browser downloads it.
    await page.getByRole("link", { name: msg("fa", "taxInvoice.view") }).click();
    await page.getByRole("heading", { level: 1, name: msg("fa", "taxInvoice.title") }).waitFor();
    await page.getByRole("heading", { level: 2, name: new RegExp(msg("fa", "taxInvoice.heading.original")) }).waitFor();
    await page.getByText(msg("fa", "taxInvoice.type.1"), { exact: true }).waitFor();
    await saveScreenshot(page, "official-invoice-page-fa");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: msg("fa", "taxInvoice.downloadPdf") }).click(),
    ]);
    const pdf = new Uint8Array(readFileSync(await download.path()));
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain(invoice!.taxId);
    expect(text).toContain(COMPANY);
    writeFileSync(resolve(ARTIFACTS_DIR, "official-invoice-fa.png"), pdfToPng(pdf));

    // The seller's tax profile is the server's alone: the public configuration says nothing of it.
    const config = await (await fetchPath("/main/getConfigItems/nuxt", { method: "POST" })).text();
    expect(config).not.toContain("A1HMSF");
    expect(config).not.toContain("taxProfile");
    expectNoConsoleErrors();
  });
});
