/**
 * What comes after payment speaks the booked service's words (issue 21): a hotel's invoice page,
 * payment result, tracking, the account's bookings, the PDF and the SMS name a voucher, its
 * confirmation number, check-in and check-out, never a flight's PNR or e-ticket; a flight's keep
 * the airline's words.
 *
 * Hotels are the in-memory supplier of core/hotels/test-hotels.ts (any date); flights the house
 * supplier on generated days, with the seats of the chosen fare set by the test. The clock is
 * pinned before both trips, so the test passes on any calendar day.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountRepository } from "#adapters/db/account-repository.ts";
import { smsMessages } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createSessionRepository } from "#adapters/db/session-repository.ts";
import { hashSessionToken, newSessionToken } from "#core/accounts/session-token.ts";
import { testHotelSupplier } from "#core/hotels/test-hotels.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { translate } from "#core/i18n/messages.ts";
import { addDays } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { setFlightFareSeats } from "../support/inventory.ts";
import { pdfText } from "../support/pdf.ts";
import { getBinary, payAtSandboxBank } from "../support/sandbox-bank.ts";
import { startTestServer } from "../support/server.ts";

const MOBILE = "09121234567";
const TODAY = "2026-03-10";
const CHECK_IN = addDays(TODAY, 5);
const CHECK_OUT = addDays(CHECK_IN, 2);
const FLIGHT_DATE = addDays(TODAY, 1);
const TRAVELLER = {
  type: "adult",
  firstName: "علی",
  lastName: "رضایی",
  firstNameLatin: "Ali",
  lastNameLatin: "Rezaei",
  gender: "male",
  birthDate: "1990-05-17",
  nationalCode: "0499370899",
};

/** Text as React writes it into HTML. */
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
/** A page's words without its markup, for asserting on what a reader sees. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const prefix = (locale: Locale) => (locale === "fa" ? "" : `/${locale}`);

describe.each(ENGINES)("the words after payment on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const clock = { now: () => new Date(`${TODAY}T08:00:00+03:30`) };
  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const get = (path: string) => rawRequest(server.port, { path });
  const post = (path: string, body: unknown) =>
    rawRequest(server.port, { method: "POST", path, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  /** Books through the API in English, pays at the sandbox bank; the booking and where the bank sent the buyer. */
  async function issue(body: Record<string, unknown>) {
    const created = await post("/api/v1/bookings?lang=en", { ...body, contact: { mobile: MOBILE } });
    expect(created.status, created.body).toBe(201);
    const booking = json<{ reference: string; hashId: string }>(created);
    const result = await payAtSandboxBank(server.port, booking.hashId);
    expect(json<{ status: string }>(await get(`/api/v1/bookings/${booking.hashId}`)).status).toBe("issued");
    return { ...booking, result: new URL(result, "http://localhost").pathname };
  }
  const pdfOf = async (hashId: string, locale: Locale) => {
    const pdf = await getBinary(server.port, `/api/v1/bookings/${hashId}/ticket.pdf?lang=${locale}`);
    expect(pdf.status).toBe(200);
    return pdfText(pdf.body).replace(/\s+/g, " ");
  };
  const smsOf = async (reference: string) => {
    const texts = await database.handle.db.select({ text: smsMessages.text }).from(smsMessages).where(eq(smsMessages.mobile, MOBILE));
    return texts.find((message) => message.text.includes(reference))?.text ?? "";
  };

  /** The buyer signs up with the booking's mobile and takes their guest bookings: a session cookie. */
  async function signInAs(mobile: string): Promise<string> {
    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    const accounts = createAccountRepository(database.handle.db);
    // Sessions expire by the wall clock, whatever day the server's clock is pinned to.
    const now = new Date();
    const { account } = await accounts.findOrCreate({ tenantId, mobile, now });
    await accounts.attachGuestBookings(tenantId, account.id, mobile);
    const token = newSessionToken();
    await createSessionRepository(database.handle.db).create({
      tenantId,
      userId: account.id,
      tokenHash: await hashSessionToken(token),
      kind: "web",
      userAgent: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3600_000),
    });
    return `hs_session=${token}`;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate: TODAY, days: 3 }),
    });
    server = await startTestServer(database.handle, {}, { clock, hotels: testHotelSupplier() });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("names a hotel's voucher, confirmation number, check-in and check-out on the invoice, result, tracking, account, PDF and SMS", async () => {
    const rooms = await get(`/api/v1/hotels/darvishi?city=mashhad&checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&rooms=1-0`);
    expect(rooms.status, rooms.body).toBe(200);
    const offerId = json<{ rooms: { offerId: string; type: string }[] }>(rooms).rooms.find((room) => room.type === "twin")!.offerId;
    const booking = await issue({ service: "hotel", rooms: [{ offerId, guests: { adults: 1, children: 0 } }], passengers: [TRAVELLER] });
    const [voucher] = json<{ tickets: { pnr: string }[] }>(await get(`/api/v1/bookings/${booking.hashId}`)).tickets;
    const confirmation = voucher!.pnr;

    for (const locale of ["fa", "en", "ar"] as const) {
      const words = CATALOGS[locale];
      const invoice = await get(`${prefix(locale)}/hotel/factor/${booking.reference}/${booking.hashId}`);
      expect(invoice.status, locale).toBe(200);
      const text = visibleText(invoice.body);
      expect(text, locale).toContain(words["hotelPurchase.factor.heading"]);
      expect(text, locale).toContain(words["hotelService.detail.confirmation"]);
      expect(text, locale).toContain(confirmation);
      expect(text, locale).toContain(words["hotelService.detail.checkIn"]);
      expect(text, locale).toContain(words["hotelService.detail.checkOut"]);
      expect(text, locale).toContain(words["document.hotel.download"]);
      for (const flightWord of [words["payment.pnr"], words["ticket.pnr"], words["factor.downloadPdf"], words["factor.heading.success"]])
        expect(text, locale).not.toContain(flightWord);
      expect(text, locale).not.toContain("PNR");
      expect(text, locale).not.toMatch(/ticket|بلیت|تذكرة|تذاكر/i);

      const follow = visibleText((await get(`${prefix(locale)}/follow?booking=${booking.hashId}`)).body);
      expect(follow, locale).toContain(words["hotelService.detail.confirmation"]);
      expect(follow, locale).toContain(words["hotelService.voucher.number"]);
      expect(follow, locale).toContain(words["document.hotel.download"]);
      expect(follow, locale).not.toContain("PNR");
    }

    const result = visibleText((await get(`/en${booking.result}`)).body);
    expect(result).toContain("Payment succeeded. Your voucher is issued.");
    expect(result).toContain("Confirmation number");
    expect(result).not.toContain("PNR");

    const pdf = await pdfOf(booking.hashId, "en");
    for (const label of ["Hotel voucher", "Confirmation number", "Voucher number", "Check-in", "Check-out", "Address", "City"])
      expect(pdf).toContain(label);
    expect(pdf).toContain(confirmation);
    expect(pdf).not.toMatch(/PNR|ticket|Departure|Arrival|airline/i);
    const persianPdf = await pdfOf(booking.hashId, "fa");
    expect(persianPdf).not.toContain("PNR");

    expect(await smsOf(booking.reference)).toMatch(new RegExp(`^Your voucher is issued\\. Booking ${booking.reference}\\.\\n`));

    // Last, as the booking becomes the account's: its card names the stay, its check-in and its voucher.
    const cookie = await signInAs(MOBILE);
    const account = await rawRequest(server.port, { path: "/en/account/bookings", headers: { cookie } });
    expect(account.status).toBe(200);
    const card = visibleText(account.body);
    expect(card).toContain("Darvishi Hotel, Mashhad");
    expect(card).toContain("Check-in");
    expect(card).toContain("Download the hotel voucher (PDF)");
    expect(card).not.toMatch(/Departure|Round trip|ticket/i);
  });

  it("keeps a flight's e-ticket, PNR, departure and arrival", async () => {
    const search = await get(`/api/v1/flights/search?from=THR&to=MHD&date=${FLIGHT_DATE}&adults=1`);
    expect(search.status, search.body).toBe(200);
    const [offer] = json<{ offers: { offerId: string }[] }>(search).offers;
    expect(offer).toBeDefined();
    await setFlightFareSeats(database.handle.db, [offer!.offerId], 9);
    const booking = await issue({ offerId: offer!.offerId, passengers: [TRAVELLER] });

    for (const locale of ["fa", "en"] as const) {
      const words = CATALOGS[locale];
      const invoice = await get(`${prefix(locale)}/flight/factor/${booking.reference}/${booking.hashId}`);
      expect(invoice.status, locale).toBe(200);
      expect(invoice.body, locale).toContain(escaped(words["factor.heading.success"]));
      expect(invoice.body, locale).toContain(escaped(words["payment.pnr"]));
      expect(invoice.body, locale).toContain(escaped(words["factor.downloadPdf"]));
    }
    expect(visibleText((await get(`/en${booking.result}`)).body)).toContain("Payment succeeded. Your ticket is issued.");

    const pdf = await pdfOf(booking.hashId, "en");
    for (const label of ["Flight e-ticket", "PNR", "Ticket number", "Departure", "Arrival", "From", "To"]) expect(pdf).toContain(label);
    expect(await smsOf(booking.reference)).toMatch(new RegExp(`^Your ticket is issued\\. Booking ${booking.reference}\\.\\n`));
    expect(translate("fa", "sms.ticketIssued", { issued: CATALOGS.fa["factor.heading.success"], reference: "X" })).toBe(
      "بلیت شما صادر شد. کد پیگیری X",
    );
  });
});
