/**
 * The hotel purchase pages (issue 20), without JavaScript, on the real server with the in-memory
 * test hotels and a pinned clock: two rooms in Mashhad take one lead guest each, the room above
 * each card with its guests, extra bed and price; the pre-invoice prices room by room, editing shows
 * the rooms as held, the sandbox bank pays and the invoice shows each room's confirmation number,
 * with its PDF. More guests than a room sleeps are refused on that room. A room sold
 * between the page and the hold says 'Room capacity ended, search again' and holds nothing; a stay
 * abroad of 10 nights is refused; a stay abroad asks every lead guest for a passport.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { testHotelSupplier } from "#core/hotels/test-hotels.ts";
import type { HotelSupplier } from "#core/hotels/supplier.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { formatNumber, translate } from "#core/i18n/messages.ts";
import { addDays } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { payPrefactorAtSandboxBank } from "../support/sandbox-bank.ts";
import { startTestServer } from "../support/server.ts";

/** Text as React writes it into HTML. */
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

const CSRF = "h".repeat(43);
const FORM = "application/x-www-form-urlencoded";
/** Valid Iranian national codes, one per lead guest. */
const NATIONAL_CODES = ["0499370899", "0012345679"];

describe.each(ENGINES)("the hotel purchase pages on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const hotels = testHotelSupplier();
  /** Offers whose rooms go to someone else between the page and the hold (the hold answers CAPACITY_FULL). */
  const soldAtHold = new Set<string>();
  const supplier: HotelSupplier = {
    ...hotels,
    hold: (offerId, rooms, until, chosen) =>
      soldAtHold.has(offerId) ? Promise.resolve({ ok: false, error: "CAPACITY_FULL" }) : hotels.hold(offerId, rooms, until, chosen),
  };
  // A fixed day and a clock pinned to it: stays are counted from it.
  const today = "2026-03-10";
  const checkIn = addDays(today, 5);
  const checkOut = addDays(checkIn, 3);
  const now = new Date(`${today}T08:00:00+03:30`);
  const clock = { now: () => now };
  const offerId = (roomType: string, from = checkIn, to = checkOut) => `${roomType}|${from}|${to}`;
  const get = (path: string) => rawRequest(server.port, { path, headers: { cookie: `hs_csrf=${CSRF}` } });
  const post = (path: string, body: URLSearchParams) =>
    rawRequest(server.port, {
      method: "POST",
      path,
      headers: { "content-type": FORM, cookie: `hs_csrf=${CSRF}` },
      body: body.toString(),
    });
  const reservePath = (base: string, rooms: [offerId: string, guests: string][]) =>
    `${base}?${rooms.map(([id, guests]) => `offer=${encodeURIComponent(id)}&room=${guests}`).join("&")}`;
  const expectedFareOf = (body: string) => /name="expectedFare" value="(\d+)"/.exec(body)?.[1] ?? "";
  const roomsLeft = async (city: string, hotelId: string, stay = { checkIn, checkOut }) =>
    Object.fromEntries((await hotels.rooms(city, hotelId, stay)).map((offer) => [offer.offerId, offer.roomsLeft]));

  /** Lead guests as the form without JavaScript sends them: Iranians, with passports when asked. */
  const form = (fare: string, leads: number, passports = false) => {
    const fields = new URLSearchParams({ csrf: CSRF, expectedFare: fare, "contact.mobile": "09121234567" });
    for (let index = 0; index < leads; index += 1) {
      fields.set(`passengers.${index}.firstName`, ["علی", "مریم"][index]!);
      fields.set(`passengers.${index}.lastName`, "رضایی");
      fields.set(`passengers.${index}.firstNameLatin`, ["Ali", "Maryam"][index]!);
      fields.set(`passengers.${index}.lastNameLatin`, "Rezaei");
      fields.set(`passengers.${index}.gender`, index === 0 ? "male" : "female");
      fields.set(`passengers.${index}.birthDate`, "1369/02/11");
      fields.set(`passengers.${index}.nationalCode`, NATIONAL_CODES[index]!);
      if (passports) {
        fields.set("passportForEveryone", "1");
        fields.set(`passengers.${index}.passportNumber`, `K1234567${index}`);
        fields.set(`passengers.${index}.passportCountry`, "IR");
        fields.set(`passengers.${index}.passportExpiry`, "2032/06/30");
      }
    }
    return fields;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    server = await startTestServer(database.handle, {}, { clock, hotels: supplier });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("takes a lead guest per room, holds both rooms, prices them room by room, and shows each room's voucher once paid", async () => {
    // The double sleeps three with its extra bed; the twin two.
    const rooms: [string, string][] = [
      [offerId("darvishi:double"), "2-1"],
      [offerId("darvishi:twin"), "2-0"],
    ];
    const path = reservePath("/hotel/reserve/passengers", rooms);
    const page = await get(path);
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    // Room k's card starts with the room its lead guest leads, with what it costs for the stay.
    const extraBed = 3 * 900_000;
    const firstRoom = new RegExp(
      `id="f-passengers-0-room"(?:(?!</fieldset>)[\\s\\S])*${escaped(translate("fa", "hotelPurchase.room", { n: 1, name: "double room" }))}` +
        `(?:(?!</fieldset>)[\\s\\S])*${escaped(translate("fa", "hotelPurchase.extraBed"))}`,
    );
    expect(page.body).toMatch(firstRoom);
    expect(page.body).toContain(formatNumber("fa", 3 * 3_200_000 + extraBed));
    expect(page.body).toContain(escaped(translate("fa", "hotelPurchase.room", { n: 2, name: "twin room" })));
    expect(page.body).toContain(escaped(CATALOGS.fa["hotelPurchase.leadNote"]));
    // The lead guests are no party count: the rooms above say who stays.
    const party = escaped(translate("fa", "booking.summary.passengers", { adults: 2, children: 0, infants: 0 }));
    expect(page.body).not.toContain(party);
    // Two lead guests, no third traveller: the party is one adult per room.
    expect(page.body).toContain('name="passengers.1.firstName"');
    expect(page.body).not.toContain('name="passengers.2.firstName"');
    // The trip summary already knows who sleeps where (the rooms came with the page's query).
    expect(page.body).toContain(escaped(translate("fa", "search.pax.childrenCount", { count: 1 })));
    expect(page.body).toContain(escaped(CATALOGS.fa["hotelService.extraBed"]));
    // The page's fare is the rooms'; the extra bed is added beside it.
    expect(expectedFareOf(page.body)).toBe(String(3 * 3_200_000 + 3 * 3_000_000));

    const before = await roomsLeft("mashhad", "darvishi");
    const held = await post(path, form(expectedFareOf(page.body), 2));
    expect(held.status, held.body.slice(0, 800)).toBe(303);
    const prefactorPath = String(held.headers.location);
    expect(prefactorPath).toMatch(/^\/hotel\/prefactor\/[^/]+\/[A-Za-z0-9_-]+$/);
    const after = await roomsLeft("mashhad", "darvishi");
    expect(after[offerId("darvishi:double")]).toBe(before[offerId("darvishi:double")]! - 1);
    expect(after[offerId("darvishi:twin")]).toBe(before[offerId("darvishi:twin")]! - 1);

    const hashId = prefactorPath.split("/").pop()!;
    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    const repository = createBookingRepository(database.handle.db);
    const stored = (await repository.findByHashId(tenantId, hashId))!;
    expect(stored.items).toHaveLength(2);
    expect(stored.price.total).toBe(3 * 3_200_000 + extraBed + 3 * 3_000_000);

    const prefactor = await get(prefactorPath);
    expect(prefactor.status).toBe(200);
    expect(prefactor.body).toContain(escaped(CATALOGS.fa["booking.breakdown.heading"]));
    expect(prefactor.body).toContain(escaped(translate("fa", "hotelPurchase.line.extraBed")));
    expect(prefactor.body).toContain(`${formatNumber("fa", 3)}\u00a0×\u00a0${formatNumber("fa", 900_000)}`);
    expect(prefactor.body).toContain(formatNumber("fa", stored.price.total));
    expect(prefactor.body).not.toContain(party);
    // The hold keeps rooms, not seats.
    expect(prefactor.body).toContain(escaped(CATALOGS.fa["hotelPurchase.heldUntil"].split("{time}")[0]!));

    // Editing the held booking shows each room as held, without a way to change it there.
    const editHref = /href="(\/hotel\/reserve\/passengers\?edit=[^"]+)"/.exec(prefactor.body)?.[1]?.replace(/&amp;/g, "&");
    expect(editHref).toBeDefined();
    const edit = await get(editHref!);
    expect(edit.status, edit.body.slice(0, 500)).toBe(200);
    expect(edit.body).toContain(escaped(translate("fa", "hotelPurchase.room", { n: 2, name: "twin room" })));
    expect(edit.body).toContain(escaped(CATALOGS.fa["hotelPurchase.editNote"]));

    // Paid at the sandbox bank: one voucher per room, for its lead guest.
    expect(await payPrefactorAtSandboxBank(server.port, prefactorPath, CSRF)).toMatch(/\/issued$/);
    expect((await repository.findByHashId(tenantId, hashId))?.status).toBe("issued");
    const vouchers = (await repository.tickets(stored.id)).sort((a, b) => a.itemPosition - b.itemPosition);
    expect(vouchers.map((voucher) => [voucher.itemPosition, voucher.passengerPosition])).toEqual([
      [0, 0],
      [1, 1],
    ]);

    const invoice = await get(`/hotel/factor/${stored.reference}/${hashId}`);
    expect(invoice.status).toBe(200);
    for (const voucher of vouchers) {
      const { confirmation } = voucher.placement as { confirmation: string };
      expect(invoice.body).toContain(escaped(translate("fa", "hotelPurchase.voucher", { confirmation: `\u2068${confirmation}\u2069` })));
    }
    expect(invoice.body).toContain(escaped(CATALOGS.fa["hotelPurchase.factor.heading"]));
    expect(invoice.body).toContain(escaped(CATALOGS.fa["hotelPurchase.factor.next"]));
    const pdfHref = /href="(\/api\/v1\/bookings\/[^"]+\/ticket\.pdf[^"]*)"/.exec(invoice.body)?.[1]?.replace(/&amp;/g, "&");
    expect(pdfHref).toBeDefined();
    const pdf = await get(pdfHref!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
  });

  it("refuses more guests than a room sleeps on that room, keeping what was typed", async () => {
    // The twin has no extra bed: four guests do not fit.
    const path = reservePath("/hotel/reserve/passengers", [[offerId("darvishi:twin"), "3-1"]]);
    const page = await get(path);
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    expect(page.body).toContain('id="f-passengers-0-room-error"');
    const refused = await post(path, form(expectedFareOf(page.body), 1));
    expect(refused.status, refused.body.slice(0, 500)).toBe(400);
    expect(refused.body).toMatch(/id="f-passengers-0-room-error"[^>]*>[^<]+</);
    expect(refused.body).toContain(escaped(CATALOGS.fa["booking.error.ROOM_GUESTS_EXCEED"]));
    expect(refused.body).toContain('value="علی"');
  });

  it("says 'Room capacity ended, search again' when a room is sold between the page and the hold, and holds nothing", async () => {
    const rooms: [string, string][] = [
      [offerId("razi:triple"), "3-0"],
      [offerId("razi:single"), "1-0"],
    ];
    const path = reservePath("/hotel/reserve/passengers", rooms);
    const page = await get(path);
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    const before = await roomsLeft("mashhad", "razi");
    soldAtHold.add(offerId("razi:single"));
    try {
      const refused = await post(path, form(expectedFareOf(page.body), 2));
      expect(refused.status, refused.body.slice(0, 500)).toBe(409);
      expect(refused.body).toContain(escaped(CATALOGS.fa["hotelPurchase.error.SOLD_OUT"]));
      // The way back is the hotel's rooms for the same stay and guests.
      expect(refused.body).toContain(`href="${escaped(`/hotel/mashhad/razi?checkIn=${checkIn}&checkOut=${checkOut}&room=3-0&room=1-0`)}"`);
    } finally {
      soldAtHold.clear();
    }
    // The triple held first went back on sale.
    expect(await roomsLeft("mashhad", "razi")).toEqual(before);

    // Sold before the page opens: the page says it at once.
    hotels.closeNight("razi:single", addDays(checkIn, 1));
    const closed = await get(path);
    expect(closed.status).toBe(409);
    expect(closed.body).toContain(escaped(CATALOGS.fa["hotelPurchase.error.SOLD_OUT"]));
  });

  it("refuses a stay abroad of 10 nights, on the page and on the form", async () => {
    const path = reservePath("/internationalhotel/reserve", [[offerId("golden-horn:double", checkIn, addDays(checkIn, 10)), "2-0"]]);
    const page = await get(path);
    expect(page.status).toBe(400);
    expect(page.body).toContain(escaped(CATALOGS.fa["booking.error.STAY_TOO_LONG"]));
    const refused = await post(path, form("0", 1, true));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(escaped(CATALOGS.fa["booking.error.STAY_TOO_LONG"]));
    expect(
      (await roomsLeft("istanbul", "golden-horn", { checkIn, checkOut: addDays(checkIn, 10) }))[
        offerId("golden-horn:double", checkIn, addDays(checkIn, 10))
      ],
    ).toBe(5);
  });

  it("holds a foreign lead guest's room at once at the hotel's foreign-guest rate, shown on the pre-invoice", async () => {
    const path = reservePath("/hotel/reserve/passengers", [[offerId("darvishi:double"), "2-0"]]);
    const page = await get(path);
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    // The page's fare is the Iranian rate; the foreign rate is the hotel's, not a change of fare.
    expect(expectedFareOf(page.body)).toBe(String(3 * 3_200_000));
    const fields = form(expectedFareOf(page.body), 1);
    fields.delete("passengers.0.nationalCode");
    fields.set("passengers.0.foreign", "1");
    fields.set("passengers.0.nationality", "TR");
    fields.set("passengers.0.passportNumber", "U12345678");
    fields.set("passengers.0.passportCountry", "TR");
    fields.set("passengers.0.passportExpiry", "2032/06/30");
    const held = await post(path, fields);
    expect(held.status, [...held.body.matchAll(/id="(f-[^"]+-error)"[^>]*>([^<]+)</g)].map((m) => `${m[1]} ${m[2]}`).join(" | ")).toBe(303);
    const prefactor = await get(String(held.headers.location));
    expect(prefactor.status).toBe(200);
    expect(prefactor.body).toContain(formatNumber("fa", 3 * 4_100_000));
  });

  it("asks every lead guest abroad for a passport, refuses the form without one and holds the room with it", async () => {
    const path = reservePath("/en/internationalhotel/reserve", [[offerId("golden-horn:double"), "2-0"]]);
    const page = await get(path);
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    expect(page.body).toContain('name="passportForEveryone"');
    expect(page.body).toContain('name="passengers.0.passportNumber"');
    expect(page.body).toContain(escaped(translate("en", "hotelPurchase.room", { n: 1, name: "double room" })));

    const fare = expectedFareOf(page.body);
    const without = form(fare, 1, true);
    without.delete("passengers.0.passportNumber");
    const refused = await post(path, without);
    expect(refused.status, refused.body.slice(0, 500)).toBe(400);
    expect(refused.body).toContain('id="f-passengers-0-passportNumber-error"');

    const held = await post(path, form(fare, 1, true));
    expect(held.status, held.body.slice(0, 800)).toBe(303);
    expect(String(held.headers.location)).toMatch(/^\/en\/hotel\/prefactor\/[^/]+\/[A-Za-z0-9_-]+$/);
  });
});
