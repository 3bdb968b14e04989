/**
 * The purchase pages of an international trip (issue 17), without JavaScript, on the real server
 * and each database engine: the passengers form refuses a passport that expires too early on its
 * own field, a valid form holds the trip and leads to the pre-invoice with both legs, the sandbox
 * bank pays it and the invoice page shows a ticket number per traveller per leg.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedInternationalFlightInventory } from "#adapters/db/seed-international-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import type { InternationalFlightOffer } from "#core/international-flights/international-flight.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { INTERNATIONAL_AIRLINES } from "#seed/international-flights/airlines.ts";
import { INTERNATIONAL_REFUND_RULES } from "#seed/international-flights/fares.ts";
import { generateInternationalFlights } from "#seed/international-flights/generate.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

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

const CSRF = "c".repeat(43);
const FORM = "application/x-www-form-urlencoded";

describe.each(ENGINES)("the international purchase pages on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const firstDate = addDays(tehranToday(new Date()), 1);
  const outDate = addDays(firstDate, 1);
  const backDate = addDays(firstDate, 3);
  // "Now" is 08:00 in Tehran on the first seeded day, whatever the calendar says.
  const now = new Date(`${firstDate}T08:00:00+03:30`);
  const get = (path: string) => rawRequest(server.port, { path, headers: { cookie: `hs_csrf=${CSRF}` } });
  const post = (path: string, body: string, type = FORM) =>
    rawRequest(server.port, { method: "POST", path, headers: { "content-type": type, cookie: `hs_csrf=${CSRF}` }, body });

  /** An Iranian with a passport and a Turkish traveller, as the form without JavaScript sends them. */
  function formOf(offer: InternationalFlightOffer, expiry: string): URLSearchParams {
    return new URLSearchParams({
      csrf: CSRF,
      expectedFare: String(offer.price.total),
      passportForEveryone: "1",
      "passengers.0.firstName": "علی",
      "passengers.0.lastName": "رضایی",
      "passengers.0.firstNameLatin": "Ali",
      "passengers.0.lastNameLatin": "Rezaei",
      "passengers.0.gender": "male",
      "passengers.0.birthDate": "1990/05/01",
      "passengers.0.nationalCode": "0499370899",
      "passengers.0.passportNumber": "K12345678",
      "passengers.0.passportCountry": "IR",
      "passengers.0.passportExpiry": expiry,
      "passengers.1.foreign": "1",
      "passengers.1.firstNameLatin": "Ayse",
      "passengers.1.lastNameLatin": "Yilmaz",
      "passengers.1.gender": "female",
      "passengers.1.birthDate": "1988/02/11",
      "passengers.1.nationality": "TR",
      "passengers.1.passportNumber": "U1234567",
      "passengers.1.passportCountry": "TR",
      "passengers.1.passportExpiry": "2032/06/30",
      "contact.mobile": "09121234567",
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    await seedInternationalFlightInventory(database.handle.db, {
      airlines: INTERNATIONAL_AIRLINES,
      refundRules: INTERNATIONAL_REFUND_RULES,
      segments: generateInternationalFlights({ firstDate, days: 5 }),
    });
    server = await startTestServer(database.handle, {}, { clock: { now: () => now } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("takes passports for every traveller, holds the round trip, shows both legs, and pays at the bank for tickets", async () => {
    const search = await rawRequest(server.port, {
      path: `/api/v1/internationalflights/search?from=IKA&to=IST&date=${outDate}&returnDate=${backDate}&adults=2&lang=en`,
    });
    expect(search.status, search.body).toBe(200);
    const offer = (JSON.parse(search.body) as { offers: InternationalFlightOffer[] }).offers.find((found) => found.legs.length === 2)!;
    expect(offer).toBeDefined();
    const path = `/internationalflight/${encodeURIComponent(offer.offerId)}/passengers?adults=2&children=0&infants=0&fare=${offer.price.total}`;

    const page = await get(path);
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    // Passport fields for the Iranian too, and no "opens soon" notice anywhere on the way.
    expect(page.body).toContain('name="passengers.0.passportNumber"');
    expect(page.body).toContain('name="passengers.0.passportExpiry"');
    expect(page.body).toContain('name="passportForEveryone"');

    // Valid on the day back, but not six months after it: refused on its field, in Persian, nothing held.
    const early = await post(path, formOf(offer, addDays(backDate, 30).replaceAll("-", "/")).toString());
    expect(early.status, early.body.slice(0, 500)).toBe(400);
    expect(early.body).toContain('id="f-passengers-0-passportExpiry-error"');
    expect(early.body).toContain(html(CATALOGS.fa["booking.error.PASSPORT_SIX_MONTHS"]));

    const held = await post(path, formOf(offer, "2031/01/31").toString());
    expect(held.status, held.body.slice(0, 500)).toBe(303);
    const prefactorPath = String(held.headers.location);
    expect(prefactorPath).toMatch(/^\/internationalflight\/prefactor\/[^/]+\/[A-Za-z0-9_-]+$/);
    const hashId = prefactorPath.split("/").pop()!;

    const prefactor = await get(prefactorPath);
    expect(prefactor.status).toBe(200);
    // Both legs, each with its first flight, and the pay form.
    expect(prefactor.body).toContain(html(CATALOGS.fa["services.detail.outbound"]));
    expect(prefactor.body).toContain(html(CATALOGS.fa["services.detail.return"]));
    for (const leg of offer.legs) expect(prefactor.body).toContain(localizeDigits("fa", leg.segments[0]!.flightNumber));
    expect(prefactor.body).toContain('name="gateway"');
    expect(prefactor.body).toContain("K12345678");

    // Edit goes back to the same form, filled in: the Iranian's passport too.
    const editHref = /href="(\/internationalflight\/[^"]+\/passengers\?edit=[^"]+)"/.exec(prefactor.body)?.[1]?.replace(/&amp;/g, "&");
    expect(editHref).toBeDefined();
    const edit = await get(editHref!);
    expect(edit.status).toBe(200);
    expect(edit.body).toContain('value="K12345678"');

    const pay = await post(prefactorPath, new URLSearchParams({ csrf: CSRF, gateway: "sandbox" }).toString());
    expect(pay.status, pay.body.slice(0, 500)).toBe(303);
    const bankPath = new URL(String(pay.headers.location), "http://localhost").pathname;
    const form = bankForm((await post(bankPath, "action=pay")).body);
    expect(form.fields.status).toBe("OK");
    const back = await post("/payment/callback/sandbox", new URLSearchParams(form.fields).toString());
    expect(String(back.headers.location)).toMatch(/\/issued$/);

    const factor = await get(`/internationalflight/factor/${prefactorPath.split("/")[3]}/${hashId}`);
    expect(factor.status).toBe(200);
    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    const repository = createBookingRepository(database.handle.db);
    const stored = (await repository.findByHashId(tenantId, hashId))!;
    expect(stored.status).toBe("issued");
    const tickets = await repository.tickets(stored.id);
    // Two travellers, two legs: every ticket number is on the invoice.
    expect(tickets).toHaveLength(4);
    for (const ticket of tickets) expect(factor.body).toContain(ticket.ticketNumber);
  });
});
