/**
 * The tour purchase pages (issue 21), without JavaScript, on the real server with the in-memory
 * test tours and a pinned clock: a departure's hotels page (summary, hotels, per-person prices by
 * occupancy, the visa abroad) in fa and en, an unknown departure's 404; the rooms page priced by
 * occupancy on the server, its refusals on the room or rooms they concern; the passengers page
 * with the rooms above the travellers, the own flight required on its fields with the spec's
 * message, passports abroad; the pre-invoice room by room, the sandbox bank, the invoice with a
 * voucher per traveller and its PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { formatNumber, translate } from "#core/i18n/messages.ts";
import { testTourId, testTourOfferId, testTourSupplier } from "#core/tours/test-tours.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { payPrefactorAtSandboxBank } from "../support/sandbox-bank.ts";
import { startTestServer } from "../support/server.ts";

/** Text as React writes it into HTML. */
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const unescaped = (text: string) => text.replace(/&amp;/g, "&");

const CSRF = "t".repeat(43);
const FORM = "application/x-www-form-urlencoded";
/** Valid Iranian national codes, one per traveller. */
const NATIONAL_CODES = ["0499370899", "0012345679", "0084575948", "1111111111"];

describe.each(ENGINES)("the tour purchase pages on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  // A fixed day and a clock pinned to it: the test departures leave a fixed number of days after it.
  const today = "2026-03-10";
  const now = new Date(`${today}T08:00:00+03:30`);
  const tours = testTourSupplier({ today });
  const kish = testTourId("kish", today);
  const mashhad = testTourId("mashhad", today);
  const istanbul = testTourId("istanbul", today);
  const get = (path: string) => rawRequest(server.port, { path, headers: { cookie: `hs_csrf=${CSRF}` } });
  const post = (path: string, body: URLSearchParams) =>
    rawRequest(server.port, { method: "POST", path, headers: { "content-type": FORM, cookie: `hs_csrf=${CSRF}` }, body: body.toString() });
  const expectedFareOf = (body: string) => /name="expectedFare" value="(\d+)"/.exec(body)?.[1] ?? "";
  const errorOf = (body: string, id: string) => new RegExp(`id="${id}-error"[^>]*>([^<]+)<`).exec(body)?.[1] ?? null;

  /** Travellers as the form without JavaScript sends them: adults first, then children, then infants. */
  const form = (fare: string, born: string[], passports = false) => {
    const fields = new URLSearchParams({ csrf: CSRF, expectedFare: fare, "contact.mobile": "09121234567" });
    born.forEach((birthDate, index) => {
      fields.set(`passengers.${index}.firstName`, ["علی", "مریم", "سارا", "رضا"][index]!);
      fields.set(`passengers.${index}.lastName`, "رضایی");
      fields.set(`passengers.${index}.firstNameLatin`, ["Ali", "Maryam", "Sara", "Reza"][index]!);
      fields.set(`passengers.${index}.lastNameLatin`, "Rezaei");
      fields.set(`passengers.${index}.gender`, index % 2 === 0 ? "male" : "female");
      fields.set(`passengers.${index}.birthDate`, born[index]!);
      fields.set(`passengers.${index}.nationalCode`, NATIONAL_CODES[index]!);
      if (passports) {
        fields.set("passportForEveryone", "1");
        fields.set(`passengers.${index}.passportNumber`, `K1234567${index}`);
        fields.set(`passengers.${index}.passportCountry`, "IR");
        fields.set(`passengers.${index}.passportExpiry`, "2032/06/30");
      }
    });
    return fields;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    server = await startTestServer(database.handle, {}, { clock: { now: () => now }, tours });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("shows a departure's summary and hotels with per-person prices by occupancy, in fa and en", async () => {
    const fa = await get(`/tour/searchHotels/${kish}?adults=2&children=1&infants=0`);
    expect(fa.status, fa.body.slice(0, 500)).toBe(200);
    expect(fa.body).toMatch(/<html[^>]*lang="fa"[^>]*dir="rtl"/);
    expect(fa.body).toContain(escaped(CATALOGS.fa["tourPurchase.hotels.heading"]));
    expect(fa.body).toContain(escaped(CATALOGS.fa["tourPurchase.inclusions.heading"]));
    expect(fa.body).toContain(escaped(CATALOGS.fa["tourPurchase.cancellation.heading"]));
    expect(fa.body).toContain(escaped(translate("fa", "search.nights", { count: 3 })));
    // Both hotels, each with its six per-person prices in Persian digits.
    expect(fa.body).toContain("Dariush Grand Hotel");
    expect(fa.body).toContain("Toranj Hotel");
    for (const price of [18_000_000, 12_500_000, 11_000_000, 7_500_000, 5_000_000, 1_200_000])
      expect(fa.body).toContain(escaped(translate("fa", "booking.price.amount", { amount: formatNumber("fa", price) })));
    expect(fa.body).toContain(escaped(CATALOGS.fa["tourPurchase.occupancy.childNoBed"]));
    // "Choose rooms" carries the travellers searched for to the hotel's rooms page.
    expect(unescaped(fa.body)).toContain(`href="/tour/searchRooms/${encodeURIComponent(kish)}?hotel=kish-toranj&adults=2&children=1&infants=0"`);
    // No visa at home.
    expect(fa.body).not.toContain(escaped(CATALOGS.fa["tourPurchase.visa.heading"]));

    const en = await get(`/en/tour/searchHotels/${istanbul}`);
    expect(en.status).toBe(200);
    expect(en.body).toMatch(/<html[^>]*lang="en"[^>]*dir="ltr"/);
    // Abroad the visa facts stand before any payment.
    expect(en.body).toContain(escaped(CATALOGS.en["tourPurchase.visa.heading"]));
    expect(en.body).toContain(escaped(CATALOGS.en["tourPurchase.chooseRooms"]));
    expect(en.body).toContain(`href="/en/tour/searchRooms/${encodeURIComponent(istanbul)}?hotel=istanbul-golden-horn&amp;adults=1&amp;children=0&amp;infants=0"`);

    // A departure nobody knows: the 404 page in the page's language.
    const unknown = await get(`/en/tour/searchHotels/kish-nowhere-1n.${today}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatch(/<html[^>]*lang="en"/);
  });

  it("prices the rooms by occupancy on the server, and refuses rooms on the room or rooms they concern", async () => {
    const rooms = `/tour/searchRooms/${kish}?hotel=kish-toranj`;
    // Two adults and a child: one double with the child on an extra bed, priced per person.
    const first = await get(`${rooms}&adults=2&children=1&infants=0`);
    expect(first.status, first.body.slice(0, 500)).toBe(200);
    const double = 2 * 12_500_000 + 7_500_000;
    expect(first.body).toContain(escaped(translate("fa", "booking.price.amount", { amount: formatNumber("fa", double) })));
    expect(first.body).toContain(`${formatNumber("fa", 2)}\u00a0×\u00a0`);
    expect(first.body).toContain(escaped(CATALOGS.fa["tourPurchase.occupancy.double"]));
    const next = /href="([^"]*\/tour\/reserve\/passengers[^"]*)"/.exec(first.body)?.[1];
    expect(unescaped(next ?? "")).toBe(`/tour/reserve/passengers?offer=${encodeURIComponent(testTourOfferId(kish, "kish-toranj"))}&room=2-1-0-0`);

    // The GET form: two rooms of one adult each, each a single.
    const two = await get(
      `/en${rooms}&adults=2&children=0&infants=0&rooms.0.adults=1&rooms.0.childrenWithBed=0&rooms.0.childrenNoBed=0&rooms.0.infants=0&add=1`,
    );
    expect(two.status, two.body.slice(0, 500)).toBe(200);
    expect(two.body).toContain(escaped(translate("en", "tourPurchase.rooms.room", { n: 2 })));
    expect(two.body).toContain(escaped(translate("en", "booking.price.amount", { amount: formatNumber("en", 2 * 18_000_000) })));
    expect(two.body).toContain("room=1-0-0-0&amp;room=1-0-0-0");

    // Four adults in one room: refused on that room, and nothing to continue with.
    const crowded = await get(`${rooms}&adults=4&rooms.0.adults=4&rooms.0.childrenWithBed=0&rooms.0.childrenNoBed=0&rooms.0.infants=0`);
    expect(crowded.status).toBe(400);
    expect(errorOf(crowded.body, "f-rooms-0")).toBe(escaped(CATALOGS.fa["booking.error.TOUR_ROOM_INVALID"]));
    expect(crowded.body).not.toContain("/tour/reserve/passengers");

    // Rooms that leave out the party's infant: refused on the rooms as a whole.
    const mismatch = await get(`${rooms}&adults=2&children=0&infants=1&rooms.0.adults=2&rooms.0.childrenWithBed=0&rooms.0.childrenNoBed=0&rooms.0.infants=0`);
    expect(mismatch.status).toBe(400);
    expect(errorOf(mismatch.body, "f-rooms")).toBe(escaped(CATALOGS.fa["booking.error.TOUR_ROOMS_PARTY_MISMATCH"]));

    // Fewer seats left than travellers: said on the rooms, before anything is typed.
    tours.setSeats(kish, 2);
    try {
      const full = await get(`${rooms}&adults=2&children=1&infants=0`);
      expect(full.status).toBe(400);
      expect(errorOf(full.body, "f-rooms")).toBe(escaped(CATALOGS.fa["tourPurchase.error.SOLD_OUT"]));
    } finally {
      tours.setSeats(kish, 20);
    }

    // A hotel the departure does not offer: its hotels instead.
    const other = await get(`/tour/searchRooms/${kish}?hotel=nowhere&adults=2`);
    expect(other.status).toBe(302);
    expect(String(other.headers.location)).toBe(`/tour/searchHotels/${encodeURIComponent(kish)}?adults=2&children=0&infants=0`);
  });
});
