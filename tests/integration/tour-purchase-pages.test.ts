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
import { testTourId, testTourSupplier } from "#core/tours/test-tours.ts";
import { tourOfferId } from "#core/tours/tour.ts";
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
const NATIONAL_CODES = ["0499370899", "0012345679", "0084575948", "1234567891"];

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
    expect(unescaped(fa.body)).toContain(
      `href="/tour/searchRooms/${encodeURIComponent(kish)}?hotel=kish-toranj&adults=2&children=1&infants=0"`,
    );
    // No visa at home.
    expect(fa.body).not.toContain(escaped(CATALOGS.fa["tourPurchase.visa.heading"]));

    const en = await get(`/en/tour/searchHotels/${istanbul}`);
    expect(en.status).toBe(200);
    expect(en.body).toMatch(/<html[^>]*lang="en"[^>]*dir="ltr"/);
    // Abroad the visa facts stand before any payment.
    expect(en.body).toContain(escaped(CATALOGS.en["tourPurchase.visa.heading"]));
    expect(en.body).toContain(escaped(CATALOGS.en["tourPurchase.chooseRooms"]));
    expect(en.body).toContain(
      `href="/en/tour/searchRooms/${encodeURIComponent(istanbul)}?hotel=istanbul-golden-horn&amp;adults=1&amp;children=0&amp;infants=0"`,
    );

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
    expect(unescaped(next ?? "")).toBe(
      `/tour/reserve/passengers?offer=${encodeURIComponent(tourOfferId(kish, "kish-toranj"))}&room=2-1-0-0`,
    );

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
    expect(crowded.status).toBe(200);
    expect(errorOf(crowded.body, "f-rooms-0")).toBe(escaped(CATALOGS.fa["booking.error.TOUR_ROOM_INVALID"]));
    expect(crowded.body).not.toContain("/tour/reserve/passengers");

    // Rooms that leave out the party's infant: refused on the rooms as a whole.
    const mismatch = await get(
      `${rooms}&adults=2&children=0&infants=1&rooms.0.adults=2&rooms.0.childrenWithBed=0&rooms.0.childrenNoBed=0&rooms.0.infants=0`,
    );
    expect(mismatch.status).toBe(200);
    expect(errorOf(mismatch.body, "f-rooms")).toBe(escaped(CATALOGS.fa["booking.error.TOUR_ROOMS_PARTY_MISMATCH"]));

    // Fewer seats left than travellers: said on the rooms, before anything is typed.
    tours.setSeats(kish, 2);
    try {
      const full = await get(`${rooms}&adults=2&children=1&infants=0`);
      expect(full.status).toBe(200);
      expect(errorOf(full.body, "f-rooms")).toBe(escaped(CATALOGS.fa["tourPurchase.error.SOLD_OUT"]));
    } finally {
      tours.setSeats(kish, 20);
    }

    // A hotel the departure does not offer: its hotels instead.
    const other = await get(`/tour/searchRooms/${kish}?hotel=nowhere&adults=2`);
    expect(other.status).toBe(302);
    expect(String(other.headers.location)).toBe(`/tour/searchHotels/${encodeURIComponent(kish)}?adults=2&children=0&infants=0`);
  });

  it("takes every traveller of the rooms, holds their seats, prices room by room, and shows a voucher each once paid", async () => {
    const path = `/tour/reserve/passengers?offer=${encodeURIComponent(tourOfferId(kish, "kish-toranj"))}&room=2-1-0-0&room=1-0-0-0`;
    const page = await get(path);
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    // The rooms above the travellers: who sleeps in each and what it costs for the tour.
    const roomOne = 2 * 12_500_000 + 7_500_000;
    const roomTwo = 18_000_000;
    expect(page.body).toContain(escaped(translate("fa", "tourPurchase.rooms.childWithBedCount", { count: 1 })));
    expect(page.body).toContain(escaped(translate("fa", "booking.price.amount", { amount: formatNumber("fa", roomOne) })));
    expect(expectedFareOf(page.body)).toBe(String(roomOne + roomTwo));
    // Three adults and a child: four travellers; no own flight on a package that brings its own.
    expect(page.body).toContain('name="passengers.3.firstName"');
    expect(page.body).not.toContain('name="passengers.4.firstName"');
    expect(page.body).not.toContain('name="ownFlight.airline"');
    // At home no passport is asked of Iranians.
    expect(page.body).not.toContain('name="passportForEveryone"');

    const seatsBefore = (await tours.tour(kish))!.seatsLeft;
    const held = await post(path, form(expectedFareOf(page.body), ["1369/02/11", "1370/05/20", "1365/01/01", "1397/03/15"]));
    expect(held.status, [...held.body.matchAll(/id="(f-[^"]+-error)"[^>]*>([^<]+)</g)].map((m) => `${m[1]} ${m[2]}`).join(" | ")).toBe(303);
    const prefactorPath = String(held.headers.location);
    expect(prefactorPath).toMatch(/^\/tour\/prefactor\/[^/]+\/[A-Za-z0-9_-]+\/tourDomestic$/);
    expect((await tours.tour(kish))!.seatsLeft).toBe(seatsBefore - 4);

    const hashId = prefactorPath.split("/")[4]!;
    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    const repository = createBookingRepository(database.handle.db);
    const stored = (await repository.findByHashId(tenantId, hashId))!;
    expect(stored.price.total).toBe(roomOne + roomTwo);

    // The pre-invoice prices room by room, person by person.
    const prefactor = await get(prefactorPath);
    expect(prefactor.status, prefactor.body.slice(0, 500)).toBe(200);
    expect(prefactor.body).toContain(escaped(CATALOGS.fa["booking.breakdown.heading"]));
    expect(prefactor.body).toContain(escaped(translate("fa", "tourPurchase.rooms.room", { n: 2 })));
    expect(prefactor.body).toContain(`${formatNumber("fa", 2)}\u00a0×\u00a0${formatNumber("fa", 12_500_000)}`);
    expect(prefactor.body).toContain(escaped(CATALOGS.fa["tourPurchase.occupancy.single"]));
    // Another kind in the last segment is no page.
    expect((await get(prefactorPath.replace(/tourDomestic$/, "tourAbroad"))).status).toBe(404);

    // Paid at the sandbox bank: a voucher per traveller, each naming its confirmation.
    expect(await payPrefactorAtSandboxBank(server.port, prefactorPath, CSRF)).toMatch(/\/issued$/);
    expect((await repository.findByHashId(tenantId, hashId))?.status).toBe("issued");
    const vouchers = await repository.tickets(stored.id);
    expect(vouchers).toHaveLength(4);
    const invoice = await get(`/tour/factor/${stored.reference}/${hashId}`);
    expect(invoice.status, invoice.body.slice(0, 500)).toBe(200);
    for (const voucher of vouchers) {
      const { confirmation } = voucher.placement as { confirmation: string };
      expect(invoice.body).toContain(escaped(`\u2068${confirmation}\u2069`));
    }
    expect(invoice.body).toContain(escaped(CATALOGS.fa["tourPurchase.factor.next"]));
    const pdfHref = /href="(\/api\/v1\/bookings\/[^"]+\/ticket\.pdf[^"]*)"/.exec(invoice.body)?.[1]?.replace(/&amp;/g, "&");
    expect(pdfHref).toBeDefined();
    const pdf = await get(pdfHref!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
  });

  it("requires the traveller's own flight when the transfer meets it, on its fields with the spec's message", async () => {
    const path = `/en/tour/reserve/passengers?offer=${encodeURIComponent(tourOfferId(mashhad, "mashhad-darvishi"))}&room=1-0-0-0`;
    const page = await get(path);
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    expect(page.body).toContain('name="ownFlight.airline"');
    expect(page.body).toContain('name="ownFlight.arrivalDay"');
    const fare = expectedFareOf(page.body);

    const without = await post(path, form(fare, ["1990/05/01"]));
    expect(without.status, without.body.slice(0, 500)).toBe(400);
    const required = escaped(CATALOGS.en["booking.error.OWN_FLIGHT_REQUIRED"]);
    expect(required).toContain("Flight information is mandatory for transfers");
    expect(errorOf(without.body, "f-ownFlight-airline")).toBe(required);
    expect(errorOf(without.body, "f-ownFlight-flightNumber")).toBe(required);
    expect(errorOf(without.body, "f-ownFlight-arrivalTime")).toBe(required);
    // What was typed stays.
    expect(without.body).toContain('value="Ali"');
    expect(tours.heldSeats(mashhad)).toBe(0);

    const flight = form(fare, ["1990/05/01"]);
    flight.set("ownFlight.airline", "Iran Air");
    flight.set("ownFlight.flightNumber", "IR 451");
    flight.set("ownFlight.arrivalDay", mashhad.slice(-10));
    flight.set("ownFlight.arrivalTime", "11:30");
    const held = await post(path, flight);
    expect(held.status, [...held.body.matchAll(/id="(f-[^"]+-error)"[^>]*>([^<]+)</g)].map((m) => `${m[1]} ${m[2]}`).join(" | ")).toBe(303);
    const prefactor = await get(String(held.headers.location));
    expect(prefactor.status).toBe(200);
    expect(prefactor.body).toContain("IR 451");
  });

  it("asks every traveller abroad for a passport and shows the visa facts before paying", async () => {
    const path = `/en/internationaltour/reserve?offer=${encodeURIComponent(tourOfferId(istanbul, "istanbul-golden-horn"))}&room=2-0-0-0`;
    const page = await get(path);
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    expect(page.body).toContain('name="passportForEveryone"');
    expect(page.body).toContain('name="passengers.1.passportNumber"');
    expect(page.body).toContain(escaped(CATALOGS.en["tourPurchase.visa.heading"]));

    const fare = expectedFareOf(page.body);
    const without = form(fare, ["1990/05/01", "1991/06/02"], true);
    without.delete("passengers.1.passportNumber");
    const refused = await post(path, without);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('id="f-passengers-1-passportNumber-error"');

    const held = await post(path, form(fare, ["1990/05/01", "1991/06/02"], true));
    expect(held.status, held.body.slice(0, 800)).toBe(303);
    expect(String(held.headers.location)).toMatch(/^\/en\/tour\/prefactor\/[^/]+\/[A-Za-z0-9_-]+\/tourInternational$/);
  });
});
