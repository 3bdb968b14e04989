/**
 * Booking an international flight through the shared purchase pipeline (issue 17), on the real
 * server and each database engine: search, book with passports, pay at the sandbox bank, tickets
 * per traveller per leg, the e-ticket PDF, the refund; passports refused on their field, no
 * oversell under concurrent bookings, and a payment settled exactly once.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, intlSegmentFares, smsMessages } from "#adapters/db/schema.ts";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { seedInternationalFlightInventory } from "#adapters/db/seed-international-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import type { InternationalFlightOffer } from "#core/international-flights/international-flight.ts";
import { parseOfferId } from "#core/international-flights/offers.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { INTERNATIONAL_AIRLINES } from "#seed/international-flights/airlines.ts";
import { INTERNATIONAL_REFUND_RULES } from "#seed/international-flights/fares.ts";
import { generateInternationalFlights } from "#seed/international-flights/generate.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { setInternationalFareSeats } from "../support/inventory.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

/** The hidden fields and action of the auto-submitting form a bank page answers with. */
function bankForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const fields = Object.fromEntries(
    [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, "&")]),
  );
  return { action, fields };
}

const MOBILE = "09121234567";

describe.each(ENGINES)("booking an international flight on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const firstDate = addDays(tehranToday(new Date()), 1);
  const outDate = addDays(firstDate, 1);
  const backDate = addDays(firstDate, 3);
  // "Now" is 08:00 in Tehran on the first seeded day, whatever the calendar says.
  const now = new Date(`${firstDate}T08:00:00+03:30`);
  const clock = { now: () => now };
  /** The round trip the first test issued, for the refund test. */
  let issued: { hashId: string; total: number; fareIds: string[]; seatsBefore: number[] } | undefined;
  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const post = (path: string, body: unknown, type = "application/json") =>
    rawRequest(server.port, {
      method: "POST",
      path,
      headers: { "content-type": type },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  /** An Iranian with a passport, and a Turkish traveller: Latin names as in the passport for both. */
  const passengers = (expiry = "2031-01-31") => [
    {
      type: "adult",
      firstName: "علی",
      lastName: "رضایی",
      firstNameLatin: "Ali",
      lastNameLatin: "Rezaei",
      gender: "male",
      birthDate: "1990-05-01",
      nationalCode: "0499370899",
      nationality: "IR",
      passportNumber: "K12345678",
      passportCountry: "IR",
      passportExpiry: expiry,
    },
    {
      type: "adult",
      firstName: "Ayse",
      lastName: "Yilmaz",
      firstNameLatin: "Ayse",
      lastNameLatin: "Yilmaz",
      gender: "female",
      birthDate: "1988-02-11",
      nationality: "TR",
      passportNumber: "U1234567",
      passportCountry: "TR",
      passportExpiry: "2032-06-30",
    },
  ];

  async function search(query: string): Promise<InternationalFlightOffer[]> {
    const answer = await rawRequest(server.port, { path: `/api/v1/internationalflights/search?${query}&lang=en` });
    expect(answer.status, answer.body).toBe(200);
    return json<{ offers: InternationalFlightOffer[] }>(answer).offers;
  }

  async function seatsOf(fareIds: string[]): Promise<number[]> {
    const rows = await database.handle.db
      .select({ id: intlSegmentFares.id, seats: intlSegmentFares.seatsAvailable })
      .from(intlSegmentFares)
      .where(inArray(intlSegmentFares.id, fareIds));
    // In the order asked: rows come back in whatever order the engine likes.
    return fareIds.map((id) => rows.find((row) => row.id === id)?.seats ?? -1);
  }

  /** Pays a held booking at the sandbox bank; the callback's form body, to replay it. */
  async function payAtBank(hashId: string): Promise<{ callback: string; location: string }> {
    const pay = await post(`/api/v1/bookings/${hashId}/pay`, { gateway: "sandbox" });
    expect(pay.status, pay.body).toBe(200);
    const bankPath = new URL(json<{ redirectUrl: string }>(pay).redirectUrl).pathname;
    const paid = await post(bankPath, "action=pay", "application/x-www-form-urlencoded");
    const form = bankForm(paid.body);
    expect(form.fields.status).toBe("OK");
    const callback = new URLSearchParams(form.fields).toString();
    const back = await post("/payment/callback/sandbox", callback, "application/x-www-form-urlencoded");
    expect(back.status).toBe(303);
    return { callback, location: String(back.headers.location) };
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
    server = await startTestServer(database.handle, {}, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("books a round trip with passports, pays once at the bank, issues a ticket per traveller per leg and prints", async () => {
    const offers = await search(`from=IKA&to=IST&date=${outDate}&returnDate=${backDate}&adults=2`);
    // A refundable one: the next test refunds it (whether the cheapest is refundable depends on the day's airlines).
    const offer = offers.find((candidate) => candidate.legs.length === 2 && candidate.refundable)!;
    expect(offer).toBeDefined();
    const fareIds = [...new Set(parseOfferId(offer.offerId)!.flat())];
    const seatsBefore = await seatsOf(fareIds);

    const created = await post("/api/v1/bookings?lang=en", {
      service: "internationalflight",
      offerId: offer.offerId,
      passengers: passengers(),
      contact: { mobile: MOBILE },
      expectedFare: offer.price.total,
    });
    expect(created.status, created.body).toBe(201);
    const booking = json<{ reference: string; hashId: string; total: number; status: string }>(created);
    expect(booking).toMatchObject({ status: "held", total: offer.price.total });
    // Two seats taken on every segment of both legs.
    expect(await seatsOf(fareIds)).toEqual(seatsBefore.map((seats) => seats - 2));

    const read = json<{ service: string; items: { legs: { segments: { from: string }[] }[]; seats: number }[] }>(
      await rawRequest(server.port, { path: `/api/v1/bookings/${booking.hashId}` }),
    );
    expect(read.service).toBe("internationalflight");
    expect(read.items).toHaveLength(1);
    expect(read.items[0]!.legs).toHaveLength(2);
    expect(read.items[0]!.legs[0]!.segments[0]!.from).toBe("IKA");

    const { callback, location } = await payAtBank(booking.hashId);
    expect(location).toMatch(new RegExp(`^/payment/paymentp/${booking.reference}/[A-Za-z0-9_-]+/issued$`));

    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    const repository = createBookingRepository(database.handle.db);
    const stored = (await repository.findByHashId(tenantId, booking.hashId))!;
    expect(stored.status).toBe("issued");
    const tickets = await repository.tickets(stored.id);
    // Two travellers, two legs: four tickets, one per traveller per leg, under one PNR.
    expect(tickets.map((ticket) => [ticket.passengerPosition, ticket.leg]).sort()).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
    expect(new Set(tickets.map((ticket) => ticket.pnr)).size).toBe(1);
    expect(new Set(tickets.map((ticket) => ticket.ticketNumber)).size).toBe(4);

    // The callback replayed: the same result, no second settlement, tickets or SMS.
    const again = await post("/payment/callback/sandbox", callback, "application/x-www-form-urlencoded");
    expect(again.headers.location).toBe(location);
    expect(await repository.tickets(stored.id)).toHaveLength(4);
    const texts = await database.handle.db.select({ text: smsMessages.text }).from(smsMessages).where(eq(smsMessages.mobile, MOBILE));
    const ticketTexts = texts.filter((message) => message.text.includes(booking.reference));
    expect(ticketTexts).toHaveLength(1);
    // Both legs in the SMS, with the PNR.
    expect(ticketTexts[0]!.text).toContain(tickets[0]!.pnr);
    expect(ticketTexts[0]!.text).toContain(offer.legs[1]!.segments[0]!.flightNumber);
    const payments = json<{ payments: { status: string }[]; tickets: { passenger: number; leg: number; ticketNumber: string }[] }>(
      await rawRequest(server.port, { path: `/api/v1/bookings/${booking.hashId}` }),
    );
    expect(payments.payments.filter((payment) => payment.status === "verified" || payment.status === "settled")).toHaveLength(1);
    // The API names each ticket's traveller and leg.
    expect(payments.tickets.map((ticket) => [ticket.passenger, ticket.leg]).sort()).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);

    const pdf = await rawRequest(server.port, { path: `/api/v1/bookings/${booking.hashId}/ticket.pdf?lang=en` });
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toMatch(/application\/pdf/);
    expect(pdf.body.startsWith("%PDF")).toBe(true);
    // Tracking shows the trip through its service module: both legs' airports and the reference.
    const follow = await rawRequest(server.port, { path: `/en/follow?booking=${booking.hashId}` });
    expect(follow.status).toBe(200);
    expect(follow.body).toContain(booking.reference);
    expect(follow.body).toContain("IST");
    issued = { hashId: booking.hashId, total: booking.total, fareIds, seatsBefore };
  });

  // Refund terms and the cancel come from the supplier that sold the item (the registry), with the fare's own rule.
  it("quotes and refunds the issued round trip, and the seats go back on sale", async () => {
    const booking = issued!;
    const { fareIds, seatsBefore } = booking;
    const quoted = await post(`/api/v1/bookings/${booking.hashId}/refund-quote`, {});
    expect(quoted.status, quoted.body).toBe(200);
    const quote = json<{ paid: number; penalty: number; refundAmount: number }>(quoted);
    expect(quote.paid).toBe(booking.total);
    expect(quote.penalty + quote.refundAmount).toBe(quote.paid);
    const refunded = await post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "card", sheba: "IR820540102680020817909002" });
    expect(refunded.status, refunded.body).toBe(200);
    // The seats go back on sale.
    expect(await seatsOf(fareIds)).toEqual(seatsBefore);
  });

  it("refuses a passport that expires within six months of the last flight, on its field, and holds nothing", async () => {
    const [offer] = await search(`from=IKA&to=IST&date=${outDate}&returnDate=${backDate}&adults=2`);
    const fareIds = [...new Set(parseOfferId(offer!.offerId)!.flat())];
    const seatsBefore = await seatsOf(fareIds);
    const refused = await post("/api/v1/bookings?lang=en", {
      service: "internationalflight",
      offerId: offer!.offerId,
      passengers: passengers(addDays(backDate, 90)),
      contact: { mobile: MOBILE },
    });
    expect(refused.status, refused.body).toBe(422);
    const { error } = json<{ error: { code: string; fields: { field: string; code: string; message: string }[] } }>(refused);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields).toEqual([expect.objectContaining({ field: "passengers.0.passportExpiry", code: "PASSPORT_SIX_MONTHS" })]);
    expect(await seatsOf(fareIds)).toEqual(seatsBefore);

    // An international offer booked as a domestic flight is not found: each service reads its own offers.
    const wrongService = await post("/api/v1/bookings", { offerId: offer!.offerId, passengers: passengers(), contact: { mobile: MOBILE } });
    expect(wrongService.status).toBe(422);
    expect(json<{ error: { code: string } }>(wrongService).error.code).toBe("OFFER_NOT_FOUND");
  });

  it("books a round trip with connections both ways, whose offer id names four fares", async () => {
    const offers = await search(`from=MHD&to=IST&date=${outDate}&returnDate=${backDate}&adults=1`);
    const offer = offers.find((candidate) => candidate.legs.every((leg) => leg.segments.length === 2));
    expect(offer).toBeDefined();
    expect(offer!.offerId.length).toBeGreaterThan(100);
    const created = await post("/api/v1/bookings", {
      service: "internationalflight",
      offerId: offer!.offerId,
      passengers: passengers().slice(0, 1),
      contact: { mobile: MOBILE },
    });
    expect(created.status, created.body).toBe(201);
  });

  it("never oversells: concurrent bookings of the last seats hold at most what is left", async () => {
    const [offer] = await search(`from=IKA&to=DXB&date=${outDate}&adults=1`);
    const fareIds = [...new Set(parseOfferId(offer!.offerId)!.flat())];
    await setInternationalFareSeats(database.handle.db, fareIds, 3);
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        post("/api/v1/bookings", {
          service: "internationalflight",
          offerId: offer!.offerId,
          passengers: passengers().slice(1),
          contact: { mobile: MOBILE },
        }),
      ),
    );
    const statuses = attempts.map((attempt) => attempt.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    // The others are told the seats are gone (or the offer is, once nothing is left to sell).
    for (const attempt of attempts.filter((candidate) => candidate.status !== 201))
      expect(["SOLD_OUT", "OFFER_NOT_FOUND"]).toContain(json<{ error: { code: string } }>(attempt).error.code);
    expect(await seatsOf(fareIds)).toEqual(fareIds.map(() => 0));
    const held = await database.handle.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.service, "internationalflight"));
    expect(held.length).toBeGreaterThanOrEqual(3);
  });
});
