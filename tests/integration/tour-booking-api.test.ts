/**
 * Booking package tours through the API (issue 21), on the real server and each database engine:
 * a search and a departure's page with its hotels' occupancy prices, a booking of a room for two
 * adults, a child with a bed and an infant paid at the sandbox bank, one voucher per traveller
 * (the infant too) read back, texted and printed, and a refund quote (free, then the penalty) as the
 * clock moves. Refusals come on their fields: rooms that do not hold the party, a land-only
 * package's own flight missing or not a flight, and a departure without the seats is 409 with
 * nothing held; abroad is intTour, with passports.
 *
 * The tours are the in-memory supplier of core/tours/test-tours.ts, whose departures fall a fixed
 * number of days after the `today` it is given; the clock is pinned to that day, so the test passes
 * on any calendar day.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsMessages } from "#adapters/db/schema.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { testTourId, testTourSupplier, type TestTourSupplier } from "#core/tours/test-tours.ts";
import { tourOfferId } from "#core/tours/tour.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { pdfText } from "../support/pdf.ts";
import { getBinary, payAtSandboxBank } from "../support/sandbox-bank.ts";
import { startTestServer } from "../support/server.ts";

const MOBILE = "09121234568";
/** The test departures' today: Kish leaves on the 11th at 08:30, Mashhad (land only) on the 13th, Istanbul on the 21st. */
const TODAY = "2026-12-01";
const KISH = testTourId("kish", TODAY);
const MASHHAD = testTourId("mashhad", TODAY);
const ISTANBUL = testTourId("istanbul", TODAY);
/** Dariush Grand Hotel, Kish: per person double 21,000,000, child with a bed 12,000,000, infant 2,000,000. */
const DARIUSH = tourOfferId(KISH, "kish-dariush");

interface ErrorBody {
  error: { code: string; message: string; fields?: { field: string; code: string; message: string }[] };
}
interface BookingBody {
  status: string;
  service: string;
  price: { total: number };
  items: { base: number; seats: number; rooms: { adults: number; price: number }[]; ownFlight: unknown; hotel: { hotelId: string } }[];
  tickets: { pnr: string; ticketNumber: string; passenger: number; placement: { confirmation: string; room: string } | null }[];
}

describe.each(ENGINES)("booking tours through the API on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tours: TestTourSupplier;
  let now = new Date(`${TODAY}T10:00:00+03:30`);
  const clock = { now: () => now };
  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const get = (path: string) => rawRequest(server.port, { path });
  const post = (path: string, body: unknown) =>
    rawRequest(server.port, { method: "POST", path, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  const ali = { type: "adult", firstName: "علی", lastName: "رضایی", gender: "male", birthDate: "1990-05-01", nationalCode: "0499370899" };
  const maryam = {
    type: "adult",
    firstName: "مریم",
    lastName: "کریمی",
    gender: "female",
    birthDate: "1992-11-02",
    nationalCode: "0012345679",
  };
  const sara = {
    type: "child",
    firstName: "سارا",
    lastName: "رضایی",
    gender: "female",
    birthDate: "2019-06-01",
    nationalCode: "0023456787",
  };
  const baby = {
    type: "infant",
    firstName: "نیما",
    lastName: "رضایی",
    gender: "male",
    birthDate: "2026-03-01",
    nationalCode: "0034567895",
  };
  const abroad = (person: typeof ali, latin: [string, string], passport: string) => ({
    ...person,
    firstNameLatin: latin[0],
    lastNameLatin: latin[1],
    nationality: "IR",
    passportNumber: passport,
    passportCountry: "IR",
    passportExpiry: "2031-01-01",
  });

  const room = (adults: number, childrenWithBed = 0, childrenNoBed = 0, infants = 0) => ({
    adults,
    childrenWithBed,
    childrenNoBed,
    infants,
  });
  const book = (service: string, offerId: string, rooms: unknown[], passengers: unknown[], ownFlight?: unknown) =>
    post("/api/v1/bookings?lang=en", {
      service,
      offerId,
      rooms,
      passengers,
      contact: { mobile: MOBILE },
      ...(ownFlight ? { ownFlight } : {}),
    });
  const fieldsOf = (response: RawResponse) => json<ErrorBody>(response).error.fields?.map((field) => [field.field, field.code]);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    tours = testTourSupplier({ today: TODAY });
    server = await startTestServer(database.handle, {}, { clock, tours });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("searches departures with seats for the party, and refuses bad parameters on their names", async () => {
    const home = await get("/api/v1/tours/search?from=tehran&adults=2&children=1&lang=en");
    expect(home.status, home.body).toBe(200);
    expect(json<{ tours: { tourId: string; fromPrice: number; transfer: string }[] }>(home).tours).toMatchObject([
      { tourId: KISH, fromPrice: 12_500_000, transfer: "withPackage" },
      { tourId: MASHHAD, transfer: "ownFlight" },
    ]);
    const international = await get("/api/v1/tours/search?scope=international&to=dubai&lang=en");
    expect(json<{ tours: { visa: { kind: string; fee: number } }[] }>(international).tours.map((tour) => tour.visa)).toMatchObject([
      { kind: "eVisa", fee: 4_500_000 },
    ]);
    const bad = await get("/api/v1/tours/search?scope=moon&date=2026-11-20&transport=ship&infants=3&lang=en");
    expect(bad.status, bad.body).toBe(422);
    expect(fieldsOf(bad)).toEqual([
      ["scope", "SCOPE_INVALID"],
      ["transport", "TRANSPORT_INVALID"],
      ["date", "DATE_PAST"],
      ["infants", "INFANTS_EXCEED_ADULTS"],
    ]);
  });

  it("shows a departure's hotels with their offer and occupancy prices; an unknown departure is 404", async () => {
    const page = await get(`/api/v1/tours/${KISH}?lang=en`);
    expect(page.status, page.body).toBe(200);
    const tour = json<{ hotels: { offerId: string; board: string; prices: Record<string, number> }[]; roomLimits: unknown }>(page);
    expect(tour.hotels.map((hotel) => [hotel.offerId, hotel.board, hotel.prices.double, hotel.prices.childNoBed])).toEqual([
      [tourOfferId(KISH, "kish-toranj"), "breakfast", 12_500_000, 5_000_000],
      [DARIUSH, "halfBoard", 21_000_000, 8_000_000],
    ]);
    expect(tour.roomLimits).toEqual({ rooms: 4, adults: 3, childrenWithBed: 1, childrenNoBed: 2 });
    const unknown = await get("/api/v1/tours/nowhere.2026-12-11");
    expect(unknown.status).toBe(404);
    expect(json<ErrorBody>(unknown).error.code).toBe("TOUR_NOT_FOUND");
  });

  it("books a room by occupancy, pays, issues a voucher per traveller (the infant too), texts and prints them, and quotes a refund", async () => {
    const created = await book("tour", DARIUSH, [room(2, 1, 0, 1)], [ali, maryam, sara, baby]);
    expect(created.status, created.body).toBe(201);
    const booking = json<{ reference: string; hashId: string; total: number }>(created);
    expect(booking.total).toBe(2 * 21_000_000 + 12_000_000 + 2_000_000);

    expect(await payAtSandboxBank(server.port, booking.hashId)).toContain(booking.reference);
    const read = json<BookingBody>(await get(`/api/v1/bookings/${booking.hashId}`));
    expect(read).toMatchObject({ service: "tour", status: "issued" });
    expect(read.items).toMatchObject([
      { base: 56_000_000, seats: 3, hotel: { hotelId: "kish-dariush" }, rooms: [{ adults: 2, price: 56_000_000 }], ownFlight: null },
    ]);
    expect(read.tickets.map((ticket) => [ticket.passenger, ticket.placement?.room])).toEqual([
      [0, "1"],
      [1, "1"],
      [2, "1"],
      [3, "1"],
    ]);
    const confirmation = read.tickets[0]!.pnr;

    const texts = await database.handle.db.select({ text: smsMessages.text }).from(smsMessages).where(eq(smsMessages.mobile, MOBILE));
    const voucherSms = texts.find((message) => message.text.includes(booking.reference));
    expect(voucherSms?.text).toContain("Dariush Grand Hotel");
    expect(voucherSms?.text).toContain(confirmation);

    const pdf = await getBinary(server.port, `/api/v1/bookings/${booking.hashId}/ticket.pdf?lang=en`);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.body).replace(/\s+/g, " ");
    expect(text).toContain("Tour voucher");
    expect(text).toContain("Voucher number");
    expect(text).toContain("Half board");
    expect(text).toContain(read.tickets[3]!.ticketNumber);
    expect(text).toContain("Each traveller shows their voucher");

    const quote = async () => {
      const answer = await post(`/api/v1/bookings/${booking.hashId}/refund-quote?lang=en`, {});
      expect(answer.status, answer.body).toBe(200);
      return json<{ penalty: number; refundAmount: number }>(answer);
    };
    const start = now;
    try {
      expect(await quote()).toMatchObject({ penalty: 0, refundAmount: booking.total });
      // Three days before departure: 30%.
      now = new Date("2026-12-08T10:00:00+03:30");
      expect(await quote()).toMatchObject({
        penalty: Math.round(0.3 * booking.total),
        refundAmount: booking.total - Math.round(0.3 * booking.total),
      });
    } finally {
      now = start;
    }
    const refunded = await post(`/api/v1/bookings/${booking.hashId}/refund?lang=en`, { to: "card", sheba: "IR820540102680020817909002" });
    expect(refunded.status, refunded.body).toBe(200);
    expect(json<{ refund: { penalty: number } }>(refunded).refund.penalty).toBe(0);
    // The seats went back to the departure at once.
    expect(tours.heldSeats(KISH)).toBe(0);
  });

  it("refuses rooms that do not hold the party, and a land-only package's flight missing or not a flight, on their fields", async () => {
    expect(fieldsOf(await book("tour", DARIUSH, [room(1)], [ali, maryam]))).toEqual([["rooms", "TOUR_ROOMS_PARTY_MISMATCH"]]);
    expect(fieldsOf(await book("tour", DARIUSH, [room(4)], [ali, maryam, ali, maryam]))).toContainEqual(["rooms.0", "TOUR_ROOM_INVALID"]);
    const darvishi = tourOfferId(MASHHAD, "mashhad-darvishi");
    const missing = await book("tour", darvishi, [room(2)], [ali, maryam]);
    expect(missing.status, missing.body).toBe(422);
    expect(json<ErrorBody>(missing).error.fields).toContainEqual({
      field: "ownFlight.airline",
      code: "OWN_FLIGHT_REQUIRED",
      message: "Flight information is mandatory for transfers: enter the airline, flight number and arrival time.",
    });
    expect(fieldsOf(missing)).toHaveLength(3);
    const notAFlight = await book("tour", darvishi, [room(2)], [ali, maryam], {
      airline: "Iran Air",
      flightNumber: "451",
      arrivesAt: "2026-12-10T10:00",
    });
    expect(fieldsOf(notAFlight)).toEqual([
      ["ownFlight.flightNumber", "OWN_FLIGHT_INVALID"],
      ["ownFlight.arrivesAt", "OWN_FLIGHT_INVALID"],
    ]);
    const given = await book("tour", darvishi, [room(2)], [ali, maryam], {
      airline: "Iran Air",
      flightNumber: "ir 451",
      arrivesAt: "2026-12-13T10:45",
    });
    expect(given.status, given.body).toBe(201);
    const held = json<BookingBody>(await get(`/api/v1/bookings/${json<{ hashId: string }>(given).hashId}`));
    expect(held.items[0]!.ownFlight).toEqual({ airline: "Iran Air", flightNumber: "IR 451", arrivesAt: "2026-12-13T10:45" });
  });

  it("answers 409 when the departure has fewer seats than the adults and children, and holds nothing", async () => {
    const before = tours.heldSeats(KISH);
    tours.setSeats(KISH, before + 2);
    try {
      const refused = await book("tour", DARIUSH, [room(2, 1)], [ali, maryam, sara]);
      expect(refused.status, refused.body).toBe(409);
      expect(json<ErrorBody>(refused).error).toMatchObject({
        code: "SOLD_OUT",
        message: "The seats of this departure ran out; choose another departure.",
      });
      expect(tours.heldSeats(KISH)).toBe(before);
    } finally {
      tours.setSeats(KISH, 20);
    }
  });

  it("books a departure abroad as intTour with passports, and not as tour", async () => {
    const offerId = tourOfferId(ISTANBUL, "istanbul-golden-horn");
    const travellers = [abroad(ali, ["Ali", "Rezaei"], "K12345678"), abroad(maryam, ["Maryam", "Karimi"], "K12345679")];
    expect((await book("tour", offerId, [room(2)], travellers)).status).toBe(422);
    const booked = await book("intTour", offerId, [room(2)], travellers);
    expect(booked.status, booked.body).toBe(201);
    expect(json<{ total: number }>(booked).total).toBe(90_000_000);
    const withoutPassports = await book("intTour", offerId, [room(2)], [ali, maryam]);
    expect(withoutPassports.status).toBe(422);
  });

  it("lists the tour paths and the tour booking fields in the OpenAPI document", async () => {
    const document = json<{ paths: Record<string, unknown> }>(await get("/api/v1/openapi.json"));
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/v1/tours/search", "/api/v1/tours/{tourId}"]));
    expect(JSON.stringify(document)).toContain("ownFlight");
  });

  it("answers 503 where the deployment has no tour inventory", async () => {
    const bare = await startTestServer(database.handle, {}, { clock, tours: null });
    try {
      expect((await rawRequest(bare.port, { path: "/api/v1/tours/search" })).status).toBe(503);
      expect((await rawRequest(bare.port, { path: `/api/v1/tours/${KISH}` })).status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
