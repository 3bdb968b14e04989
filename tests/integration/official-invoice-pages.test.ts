/**
 * The official invoice's pages through the real server (issue 23 §1), on the pages' engine: a
 * company's flight paid at the sandbox bank, filed by the worker's run (the dev-only hook) with the
 * demo agency's sandbox registry; the API lists it (checked against the OpenAPI document), the
 * factor page shows its tax id and status in words, its own page shows it in fa, en and ar, and
 * its PDF holds the tax id and the company. A private booking gets none. The clock is pinned.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { formatNumber, localizeDigits } from "#core/i18n/messages.ts";
import { addDays } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { pdfText } from "../support/pdf.ts";
import { getBinary, payAtSandboxBank } from "../support/sandbox-bank.ts";
import { startTestServer } from "../support/server.ts";

const COMPANY = { name: "Nur Gostar Co.", nationalId: "10380284790", economicCode: "10380284790", postalCode: "1969833114" };
const ADULT = {
  type: "adult",
  firstName: "علی",
  lastName: "رضایی",
  gender: "male",
  birthDate: "1990-05-17",
  nationalCode: "0499370899",
} as const;

interface Listed {
  invoices: {
    taxId: string;
    type: number;
    status: string;
    amounts: { total: number; vat: number };
    links: { page: string; pdf: string };
  }[];
}

/** Text as React writes it into HTML. */
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe.each(PAGE_ENGINES)("official invoice pages on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const firstDate = "2026-03-10";
  let nowMs = new Date(`${firstDate}T08:00:00+03:30`).getTime();
  const clock = { now: () => new Date(nowMs) };
  let offers: string[] = [];

  const get = (path: string) => rawRequest(server.port, { path });
  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const file = () => rawRequest(server.port, { method: "POST", path: "/dev/tax-filing" });

  async function paidBooking(company: typeof COMPANY | null) {
    const body = { offerId: offers.shift(), passengers: [ADULT], contact: { mobile: "09121234567" }, ...(company ? { company } : {}) };
    const created = await rawRequest(server.port, {
      method: "POST",
      path: "/api/v1/bookings",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(created.status, created.body).toBe(201);
    const booking = json<{ hashId: string; reference: string }>(created);
    expect(await payAtSandboxBank(server.port, booking.hashId)).toMatch(/\/issued$/);
    return booking;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate, days: 3 }),
    });
    server = await startTestServer(database.handle, { DEV_TOOLS: "1" }, { clock });
    const search = await get(`/api/v1/flights/search?from=THR&to=MHD&date=${addDays(firstDate, 1)}&adults=1`);
    offers = json<{ offers: { offerId: string }[] }>(search).offers.map((offer) => offer.offerId);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("files a company's invoice and shows it on the factor page, its own page in three languages, the API and the PDF", async () => {
    const { hashId, reference } = await paidBooking(COMPANY);
    // Nothing yet: the invoice is made by the filing run.
    expect(json<Listed>(await get(`/api/v1/bookings/${hashId}/tax-invoice`)).invoices).toEqual([]);
    expect((await get(`/invoice/official/${hashId}`)).status).toBe(404);

    expect((await file()).status).toBe(200);
    const [invoice] = json<Listed>(await get(`/api/v1/bookings/${hashId}/tax-invoice`)).invoices;
    expect(invoice).toMatchObject({ type: 1, status: "submitted", links: { page: `/invoice/official/${hashId}` } });
    expect(invoice!.taxId).toMatch(/^A1HMSF[0-9A-F]{15}\d$/);
    expect(invoice!.amounts.vat).toBeGreaterThan(0);

    const factor = await get(`/flight/factor/${reference}/${hashId}`);
    expect(factor.body).toContain(invoice!.taxId);
    expect(factor.body).toContain(html(CATALOGS.fa["taxInvoice.status.submitted"]));
    expect(factor.body).toContain(`href="/invoice/official/${hashId}"`);
    expect(factor.body).toContain(localizeDigits("fa", COMPANY.postalCode));

    // A minute later the sandbox registry's verdict is read: registered.
    nowMs += 60_000;
    await file();
    expect(json<Listed>(await get(`/api/v1/bookings/${hashId}/tax-invoice`)).invoices[0]!.status).toBe("accepted");
    for (const locale of ["fa", "en", "ar"] as const) {
      const page = await get(`${locale === "fa" ? "" : `/${locale}`}/invoice/official/${hashId}`);
      expect(page.status, locale).toBe(200);
      expect(page.body, locale).toContain(`lang="${locale}"`);
      expect(page.body, locale).toContain(html(CATALOGS[locale]["taxInvoice.heading.original"]));
      expect(page.body, locale).toContain(html(CATALOGS[locale]["taxInvoice.status.accepted"]));
      expect(page.body, locale).toContain(invoice!.taxId);
      expect(page.body, locale).toContain(COMPANY.name);
      expect(page.body, locale).toContain(formatNumber(locale, invoice!.amounts.total / 10, { maximumFractionDigits: 1 }));
    }

    const pdf = await getBinary(server.port, `/api/v1/bookings/${hashId}/tax-invoice.pdf?lang=en`);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.body).replace(/\s+/g, " ");
    expect(text).toContain(invoice!.taxId);
    expect(text).toContain(COMPANY.name);
    expect(text).toContain(CATALOGS.en["taxInvoice.status.accepted"]);
    expect((await get(`/api/v1/bookings/${hashId}/tax-invoice.pdf?taxId=A1HMSF000000000000000`)).status).toBe(404);
  });

  it("makes none for a private booking on an agency that invoices companies only", async () => {
    const { hashId } = await paidBooking(null);
    await file();
    expect(json<Listed>(await get(`/api/v1/bookings/${hashId}/tax-invoice`)).invoices).toEqual([]);
    expect((await get(`/invoice/official/${hashId}`)).status).toBe(404);
  });
});
