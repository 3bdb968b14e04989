/**
 * Company purchase (issue 16 §4), on each database engine: it is offered and accepted only on a
 * tenant whose optionActive has `companyPurchase` (the core use case, the JSON API and the
 * passengers page), and a company purchase's buyer is printed on the invoice page and the PDF
 * e-ticket. The server's clock is pinned to a fixed day of a fixed generated inventory.
 */
import { request as httpRequest } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { flightFares } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createHouseFlightSupplier } from "#adapters/suppliers/house/flight-supplier.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { editBookingDetails, placeFlightBooking } from "#core/booking/place-flight-booking.ts";
import { addDays } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { pdfText } from "../support/pdf.ts";
import { startTestServer } from "../support/server.ts";

interface Offer {
  offerId: string;
  price: { total: number };
}

const COMPANY = {
  name: "Nur Travel Co.",
  nationalId: "10380284790",
  economicCode: "10380284790",
  postalCode: "1969833114",
  branchCode: "12",
};
const ADULT = {
  type: "adult",
  firstName: "علی",
  lastName: "رضایی",
  firstNameLatin: "Ali",
  lastNameLatin: "Rezaei",
  gender: "male",
  birthDate: "1990-05-17",
  nationalCode: "0499370899",
} as const;
/** Hosts of the demo tenants: hamsafar and safar-nur offer company purchase, parvaz-sabz does not. */
const WITH = "localhost";
const WITHOUT = "theme2.localhost";

/** Text as React writes it into HTML. */
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** The hidden fields and action of the auto-submitting form a bank page answers with. */
function bankForm(body: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(body)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const fields = Object.fromEntries(
    [...body.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, "&")]),
  );
  return { action, fields };
}

describe.each(ENGINES)("company purchase on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const firstDate = "2026-03-10";
  const travelDate = addDays(firstDate, 1);
  const clock = { now: () => new Date(`${firstDate}T08:00:00+03:30`) };
  let offerIndex = 0;

  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const get = (path: string, host = WITH, headers: Record<string, string> = {}) => rawRequest(server.port, { path, host, headers });
  const post = (path: string, body: string, type: string, host = WITH, headers: Record<string, string> = {}) =>
    rawRequest(server.port, { method: "POST", path, host, headers: { "content-type": type, ...headers }, body });
  const postJson = (path: string, body: unknown, host = WITH) => post(path, JSON.stringify(body), "application/json", host);
  const seatsOf = async (offerId: string) =>
    (await database.handle.db.select({ seats: flightFares.seatsAvailable }).from(flightFares).where(eq(flightFares.id, offerId)))[0]!.seats;

  /** A fresh offer of the travel day for one adult (each test takes its own). */
  async function nextOffer(): Promise<Offer> {
    const response = await get(`/api/v1/flights/search?from=THR&to=MHD&date=${travelDate}&adults=1`);
    expect(response.status).toBe(200);
    const offer = json<{ offers: Offer[] }>(response).offers[offerIndex++];
    if (!offer) throw new Error("no offer left");
    return offer;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    // Search refuses places it does not know (UNKNOWN_PLACE): the reference places come first.
    await seedPlaces(database.handle.db, referencePlaces());
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate, days: 3 }),
    });
    server = await startTestServer(database.handle, {}, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("is refused by the booking use case on a tenant without the option, before a seat is held; accepted where it is offered", async () => {
    const deps = {
      flights: createHouseFlightSupplier(database.handle.db, clock),
      bookings: createBookingRepository(database.handle.db),
      clock,
    };
    const offer = await nextOffer();
    const before = await seatsOf(offer.offerId);
    const request = (slug: string, tenantOptions: readonly string[]) => ({
      tenantId: slug,
      tenantOptions,
      locale: "fa" as const,
      offerIds: [offer.offerId],
      passengers: [ADULT],
      contact: { mobile: "09121234567" },
      company: COMPANY,
      discountCode: null,
      expectedFare: null,
      cause: "test",
    });
    const parvaz = DEMO_TENANTS.find(({ tenant }) => tenant.slug === "parvaz-sabz")!.tenant;
    const refused = await placeFlightBooking(
      request((await tenantIdBySlug(database.handle.db, "parvaz-sabz"))!, parvaz.optionActive),
      deps,
    );
    expect(refused).toEqual({ ok: false, error: "OPTION_NOT_ACTIVE", option: "companyPurchase", field: "company" });
    expect(await seatsOf(offer.offerId)).toBe(before);

    // Without a company the same tenant books; adding a company by an edit is refused too.
    const plain = await placeFlightBooking(
      { ...request((await tenantIdBySlug(database.handle.db, "parvaz-sabz"))!, parvaz.optionActive), company: null },
      deps,
    );
    if (!plain.ok) throw new Error(JSON.stringify(plain));
    const edit = await editBookingDetails(
      {
        booking: plain.booking,
        passengers: [ADULT],
        contact: { mobile: "09121234567" },
        company: COMPANY,
        discountCode: null,
        cause: "test",
        tenantOptions: parvaz.optionActive,
      },
      deps,
    );
    expect(edit).toMatchObject({ ok: false, error: "OPTION_NOT_ACTIVE" });
    expect((await deps.bookings.findByHashId(plain.booking.tenantId, plain.booking.hashId))?.company).toBeNull();

    const accepted = await placeFlightBooking(request((await tenantIdBySlug(database.handle.db, "safar-nur"))!, ["companyPurchase"]), deps);
    if (!accepted.ok) throw new Error(JSON.stringify(accepted));
    expect(accepted.booking.company).toMatchObject({ name: COMPANY.name, nationalId: COMPANY.nationalId });
  });

  it("answers 422 OPTION_NOT_ACTIVE from the JSON API on a tenant without the option, in the request's language", async () => {
    const offer = await nextOffer();
    const before = await seatsOf(offer.offerId);
    const body = { offerId: offer.offerId, passengers: [ADULT], contact: { mobile: "09121234567" }, company: COMPANY };
    const refused = await postJson("/api/v1/bookings?lang=en", body, WITHOUT);
    expect(refused.status, refused.body).toBe(422);
    expect(json<{ error: Record<string, unknown> }>(refused).error).toMatchObject({
      code: "OPTION_NOT_ACTIVE",
      message: CATALOGS.en["api.bookings.OPTION_NOT_ACTIVE"],
      fields: [{ field: "company", code: "OPTION_NOT_ACTIVE", message: CATALOGS.en["api.bookings.OPTION_NOT_ACTIVE"] }],
    });
    expect(await seatsOf(offer.offerId)).toBe(before);
    // Without the company it books there; with it, it books where the option is on.
    expect((await postJson("/api/v1/bookings", { ...body, company: undefined }, WITHOUT)).status).toBe(201);
    expect((await postJson("/api/v1/bookings", body, WITH)).status).toBe(201);
  });

  it("shows the company fields on the passengers page only where offered, and refuses them there as a field message", async () => {
    const offer = await nextOffer();
    const path = `/flight/THR-MHD/passengers?outbound=${offer.offerId}&adults=1&children=0&infants=0`;
    const offered = await get(path, WITH);
    expect(offered.status).toBe(200);
    expect(offered.body).toContain('name="company.name"');
    expect((await get(path, "theme3.localhost")).body).toContain('name="company.name"');
    const hidden = await get(path, WITHOUT);
    expect(hidden.status).toBe(200);
    expect(hidden.body).not.toContain('name="company.name"');
    expect(hidden.body).not.toContain(html(CATALOGS.fa["booking.company.toggle"]));

    // A form that sends a company anyway (made by hand, or from before the option was switched off).
    const csrf = "a".repeat(43);
    const fields = new URLSearchParams({
      csrf,
      expectedFare: String(offer.price.total),
      "contact.mobile": "09121234567",
      company: "1",
      "company.name": COMPANY.name,
      "company.nationalId": COMPANY.nationalId,
      "company.economicCode": COMPANY.economicCode,
      "company.postalCode": COMPANY.postalCode,
    });
    for (const [name, value] of Object.entries(ADULT)) if (name !== "type") fields.set(`passengers.0.${name}`, value);
    const before = await seatsOf(offer.offerId);
    const refused = await post(path, fields.toString(), "application/x-www-form-urlencoded", WITHOUT, { cookie: `hs_csrf=${csrf}` });
    expect(refused.status, refused.body.slice(0, 500)).toBe(422);
    expect(refused.body).toContain(html(CATALOGS.fa["booking.error.OPTION_NOT_ACTIVE"]));
    expect(refused.body).toContain('id="f-company"');
    expect(await seatsOf(offer.offerId)).toBe(before);
  });

  it("prints the company on the invoice page and the PDF e-ticket of an issued company purchase", async () => {
    const offer = await nextOffer();
    const created = await postJson(
      "/api/v1/bookings",
      { offerId: offer.offerId, passengers: [ADULT], contact: { mobile: "09121234567" }, company: COMPANY },
      WITH,
    );
    expect(created.status, created.body).toBe(201);
    const { hashId, reference } = json<{ hashId: string; reference: string }>(created);
    const pay = await postJson(`/api/v1/bookings/${hashId}/pay`, { gateway: "sandbox" }, WITH);
    expect(pay.status, pay.body).toBe(200);
    const bankPath = new URL(json<{ redirectUrl: string }>(pay).redirectUrl).pathname;
    const form = bankForm((await post(bankPath, "action=pay", "application/x-www-form-urlencoded")).body);
    const back = await post("/payment/callback/sandbox", new URLSearchParams(form.fields).toString(), "application/x-www-form-urlencoded");
    expect(String(back.headers.location)).toMatch(/\/issued$/);

    for (const locale of ["fa", "en", "ar"] as const) {
      const page = await get(`${locale === "fa" ? "" : `/${locale}`}/flight/factor/${reference}/${hashId}`);
      expect(page.status, locale).toBe(200);
      expect(page.body, locale).toContain(html(COMPANY.name));
      expect(page.body, locale).toContain(localizeDigits(locale, COMPANY.nationalId));
      expect(page.body, locale).toContain(html(CATALOGS[locale]["booking.field.economicCode"]));
      expect(page.body, locale).toContain(localizeDigits(locale, COMPANY.branchCode));
    }

    const pdf = await new Promise<Buffer>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: server.port,
          path: `/api/v1/bookings/${hashId}/ticket.pdf?lang=en`,
          headers: { host: `localhost:${server.port}` },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ticket.pdf answered ${res.statusCode}`)),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end();
    });
    const text = pdfText(pdf);
    expect(text).toContain(COMPANY.name);
    expect(text).toContain(COMPANY.nationalId);
    expect(text).toContain(CATALOGS.en["ticket.economicCode"]);
  });
});
