/**
 * Booking hotels through the API (issue 20), on the real server and each database engine: a
 * search with filters and sorting, a hotel's page with its rooms, a booking of two rooms (one with
 * an extra bed) for their lead guests paid at the sandbox bank, one voucher per room read back,
 * printed and texted, and a refund quote (free, then the penalty) as the clock moves. Stays abroad
 * are refused past 9 nights, a room closed between the page and the hold is 409 with nothing held,
 * and a foreign lead guest pays the hotel's foreign rate.
 *
 * The hotels are the in-memory supplier of core/hotels/test-hotels.ts, which sells any date; the
 * clock is pinned before the stay, so the test passes on any calendar day.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsMessages } from "#adapters/db/schema.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { testHotelSupplier, type TestHotelSupplier } from "#core/hotels/test-hotels.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { pdfText } from "../support/pdf.ts";
import { getBinary, payAtSandboxBank } from "../support/sandbox-bank.ts";
import { startTestServer } from "../support/server.ts";

const MOBILE = "09121234567";
/** Two nights in Mashhad; "now" is nine days before, so the free window (until 3 days before) is open. */
const CHECK_IN = "2026-12-10";
const CHECK_OUT = "2026-12-12";
const STAY = `checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}`;

interface ErrorBody {
  error: { code: string; message: string; fields?: { field: string; code: string; message: string }[] };
}
interface Listing {
  hotelId: string;
  stars: number;
  cheapestTotal: number;
}
interface Room {
  offerId: string;
  type: string;
  capacity: number;
  total: number;
  foreignTotal: number | null;
}
interface BookingBody {
  status: string;
  service: string;
  price: { total: number };
  items: {
    base: number;
    seats: number;
    roomType: string;
    guests: { adults: number; children: number };
    extraBed: boolean;
    leadPassenger: number;
    foreignRate: boolean;
  }[];
  tickets: { pnr: string; passenger: number; placement: { confirmation: string; room: string } | null }[];
}

describe.each(ENGINES)("booking hotels through the API on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let hotels: TestHotelSupplier;
  let now = new Date("2026-12-01T10:00:00+03:30");
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
  const passport = (number: string) => ({ passportNumber: number, passportCountry: "DE", passportExpiry: "2031-01-01" });
  const anna = {
    type: "adult",
    firstName: "Anna",
    lastName: "Schmidt",
    firstNameLatin: "Anna",
    lastNameLatin: "Schmidt",
    gender: "female",
    birthDate: "1988-03-04",
    nationality: "DE",
    ...passport("C01X00T47"),
  };
  const latinAli = {
    ...ali,
    firstNameLatin: "Ali",
    lastNameLatin: "Rezaei",
    nationality: "IR",
    passportNumber: "K12345678",
    passportCountry: "IR",
    passportExpiry: "2031-01-01",
  };

  const book = (service: string, rooms: { offerId: string; guests: { adults: number; children: number } }[], passengers: unknown[]) =>
    post("/api/v1/bookings?lang=en", { service, rooms, passengers, contact: { mobile: MOBILE } });
  const roomsOf = async (city: string, hotelId: string, stay = STAY) => {
    const answer = await get(`/api/v1/hotels/${hotelId}?city=${city}&${stay}&lang=en`);
    expect(answer.status, answer.body).toBe(200);
    return json<{ rooms: Room[] }>(answer).rooms;
  };
  const offerOf = async (city: string, hotelId: string, type: string, stay = STAY) =>
    (await roomsOf(city, hotelId, stay)).find((room) => room.type === type)!.offerId;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    hotels = testHotelSupplier();
    server = await startTestServer(database.handle, {}, { clock, hotels });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("searches a city's hotels with filters and a sort, counting each filter's choices", async () => {
    const all = await get(`/api/v1/hotels/search?city=mashhad&${STAY}&rooms=2-0&sort=stars&lang=en`);
    expect(all.status, all.body).toBe(200);
    const body = json<{ hotels: Listing[]; facets: { stars: { value: string; count: number }[] } }>(all);
    expect(body.hotels.map((hotel) => [hotel.hotelId, hotel.stars, hotel.cheapestTotal])).toEqual([
      ["darvishi", 5, 2 * 3_000_000],
      ["razi", 3, 2 * 2_400_000],
    ]);
    expect(body.facets.stars).toEqual([
      { value: "under3", count: 1 },
      { value: "4", count: 0 },
      { value: "5", count: 1 },
    ]);
    const filtered = await get(`/api/v1/hotels/search?city=mashhad&${STAY}&rooms=1-0,1-0&stars=5&facilities=wifi,parking&name=DARVISHI`);
    expect(json<{ hotels: Listing[] }>(filtered).hotels.map((hotel) => hotel.hotelId)).toEqual(["darvishi"]);
    const none = await get(`/api/v1/hotels/search?city=mashhad&${STAY}&facilities=pool`);
    expect(json<{ hotels: Listing[] }>(none).hotels).toEqual([]);

    const bad = await get(`/api/v1/hotels/search?city=mashhad&checkIn=2026-11-20&checkOut=2026-11-19&rooms=0-1&stars=7&lang=en`);
    expect(bad.status, bad.body).toBe(422);
    expect(json<ErrorBody>(bad).error.fields?.map((field) => [field.field, field.code])).toEqual([
      ["checkIn", "DATE_PAST"],
      ["checkOut", "CHECKOUT_NOT_AFTER_CHECKIN"],
      ["rooms", "ROOM_ADULT_REQUIRED"],
      ["stars", "FILTER_INVALID"],
    ]);
  });

  it("finds hotels abroad by a foreign city, and refuses 10 nights abroad on checkOut", async () => {
    const nine = await get(`/api/v1/hotels/search?city=istanbul&checkIn=${CHECK_IN}&checkOut=2026-12-19`);
    expect(nine.status, nine.body).toBe(200);
    expect(json<{ hotels: (Listing & { region: string })[] }>(nine).hotels.map((hotel) => [hotel.hotelId, hotel.region])).toEqual([
      ["golden-horn", "abroad"],
    ]);
    const ten = await get(`/api/v1/hotels/search?city=istanbul&checkIn=${CHECK_IN}&checkOut=2026-12-20&lang=en`);
    expect(ten.status, ten.body).toBe(422);
    expect(json<ErrorBody>(ten).error.fields).toEqual([
      { field: "checkOut", code: "STAY_TOO_LONG_ABROAD", message: "A stay at a hotel abroad is at most 9 nights." },
    ]);
    // Ten nights at home are fine.
    const home = await get(`/api/v1/hotels/search?city=mashhad&checkIn=${CHECK_IN}&checkOut=2026-12-20`);
    expect(home.status, home.body).toBe(200);
  });

  it("shows a hotel's page with its rooms for the stay; an unknown hotel is 404", async () => {
    const page = await get(`/api/v1/hotels/darvishi?city=mashhad&${STAY}&rooms=2-1&lang=en`);
    expect(page.status, page.body).toBe(200);
    const hotel = json<{ name: string; checkInTime: string; rooms: Room[] }>(page);
    expect(hotel).toMatchObject({ name: "Darvishi Hotel", checkInTime: "14:00" });
    expect(hotel.rooms.map((room) => [room.type, room.capacity, room.total, room.foreignTotal])).toEqual([
      ["twin", 2, 6_000_000, null],
      ["double", 2, 6_400_000, 8_200_000],
      ["suite", 4, 15_000_000, null],
    ]);
    const unknown = await get(`/api/v1/hotels/nowhere?city=mashhad&${STAY}`);
    expect(unknown.status).toBe(404);
    expect(json<ErrorBody>(unknown).error.code).toBe("HOTEL_NOT_FOUND");
  });

  it("books two rooms (one with an extra bed) for their lead guests, pays, issues a voucher per room, texts and prints them, and quotes a refund", async () => {
    const double = await offerOf("mashhad", "darvishi", "double");
    const twin = await offerOf("mashhad", "darvishi", "twin");
    const created = await book(
      "hotel",
      [
        { offerId: double, guests: { adults: 2, children: 1 } },
        { offerId: twin, guests: { adults: 2, children: 0 } },
      ],
      [ali, maryam],
    );
    expect(created.status, created.body).toBe(201);
    const booking = json<{ reference: string; hashId: string; total: number }>(created);
    // The double for two nights and its extra bed, and the twin.
    expect(booking.total).toBe(6_400_000 + 2 * 900_000 + 6_000_000);

    expect(await payAtSandboxBank(server.port, booking.hashId)).toContain(booking.reference);
    const read = json<BookingBody>(await get(`/api/v1/bookings/${booking.hashId}`));
    expect(read).toMatchObject({ service: "hotel", status: "issued" });
    expect(
      read.items.map(({ base, seats, roomType, guests, extraBed, leadPassenger }) => ({
        base,
        seats,
        roomType,
        guests,
        extraBed,
        leadPassenger,
      })),
    ).toEqual([
      { base: 8_200_000, seats: 1, roomType: "double", guests: { adults: 2, children: 1 }, extraBed: true, leadPassenger: 0 },
      { base: 6_000_000, seats: 1, roomType: "twin", guests: { adults: 2, children: 0 }, extraBed: false, leadPassenger: 1 },
    ]);
    expect(read.tickets).toHaveLength(2);
    expect(read.tickets.map((ticket) => [ticket.passenger, ticket.placement?.room])).toEqual([
      [0, "darvishi:double"],
      [1, "darvishi:twin"],
    ]);

    const texts = await database.handle.db.select({ text: smsMessages.text }).from(smsMessages).where(eq(smsMessages.mobile, MOBILE));
    const voucherSms = texts.find((message) => message.text.includes(booking.reference));
    // The city by its name in the booking's language, not its slug.
    expect(voucherSms?.text).toContain("Darvishi Hotel Mashhad");
    expect(voucherSms?.text).toContain(read.tickets[0]!.pnr);

    const pdf = await getBinary(server.port, `/api/v1/bookings/${booking.hashId}/ticket.pdf?lang=en`);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.body).replace(/\s+/g, " ");
    expect(text).toContain("Hotel voucher");
    expect(text).toContain("Confirmation number");
    expect(text).toContain(read.tickets[1]!.pnr);
    expect(text).toContain("with an extra bed");
    expect(text).toContain("Voucher number");
    expect(text).toContain("Show this voucher at the reception");

    const quote = async () => {
      const answer = await post(`/api/v1/bookings/${booking.hashId}/refund-quote?lang=en`, {});
      expect(answer.status, answer.body).toBe(200);
      return json<{ penalty: number; refundAmount: number; lines: { penaltyPercent: number }[] }>(answer);
    };
    const start = now;
    try {
      expect(await quote()).toMatchObject({
        penalty: 0,
        refundAmount: booking.total,
        lines: [{ penaltyPercent: 0 }, { penaltyPercent: 0 }],
      });
      // Two days before check-in: the first night's share (30%).
      now = new Date("2026-12-08T10:00:00+03:30");
      const late = await quote();
      expect(late.lines.map((line) => line.penaltyPercent)).toEqual([30, 30]);
      expect(late.penalty).toBe(Math.round(0.3 * 8_200_000) + Math.round(0.3 * 6_000_000));
      expect(late.refundAmount).toBe(booking.total - late.penalty);
    } finally {
      now = start;
    }
  });

  it("answers 409 'Room capacity ended, search again' for a room closed since its page, and holds nothing", async () => {
    const suite = await offerOf("mashhad", "darvishi", "suite");
    const double = await offerOf("mashhad", "darvishi", "double");
    hotels.closeNight("darvishi:suite", "2026-12-11");
    try {
      const refused = await book(
        "hotel",
        [
          { offerId: double, guests: { adults: 1, children: 0 } },
          { offerId: suite, guests: { adults: 4, children: 0 } },
        ],
        [ali, maryam],
      );
      expect(refused.status, refused.body).toBe(409);
      expect(json<ErrorBody>(refused).error).toMatchObject({ code: "SOLD_OUT", message: "Room capacity ended, search again." });
      // The double was not held: as many doubles are left as before.
      const left = (await roomsOf("mashhad", "darvishi")).find((room) => room.type === "double") as Room & { roomsLeft: number };
      expect(left.roomsLeft).toBe(4);
    } finally {
      hotels.closeNight("darvishi:suite", "2026-12-11", 2);
    }
  });

  it("refuses guests that do not fit and missing lead guests on their fields", async () => {
    const twin = await offerOf("mashhad", "darvishi", "twin");
    const refused = await book(
      "hotel",
      [
        { offerId: twin, guests: { adults: 3, children: 0 } },
        { offerId: twin, guests: { adults: 1, children: 0 } },
      ],
      [ali],
    );
    expect(refused.status, refused.body).toBe(422);
    expect(json<ErrorBody>(refused).error.fields?.map((field) => [field.field, field.code])).toEqual([
      ["rooms.0.guests", "ROOM_GUESTS_EXCEED"],
      ["passengers", "ROOM_LEAD_REQUIRED"],
    ]);
    const noRooms = await post("/api/v1/bookings", { service: "hotel", passengers: [ali], contact: { mobile: MOBILE } });
    expect(json<ErrorBody>(noRooms).error.fields?.map((field) => [field.field, field.code])).toEqual([["rooms", "REQUIRED"]]);
  });

  it("charges a foreign lead guest the hotel's foreign rate, and books abroad as intHotel with passports", async () => {
    const double = await offerOf("mashhad", "darvishi", "double");
    const foreign = await book("hotel", [{ offerId: double, guests: { adults: 1, children: 0 } }], [anna]);
    expect(foreign.status, foreign.body).toBe(201);
    const held = json<BookingBody>(await get(`/api/v1/bookings/${json<{ hashId: string }>(foreign).hashId}`));
    expect(held.items[0]).toMatchObject({ foreignRate: true, base: 2 * 4_100_000 });

    const stay = `checkIn=${CHECK_IN}&checkOut=2026-12-13`;
    const istanbul = await offerOf("istanbul", "golden-horn", "double", stay);
    // Sold as "hotel" it is not found: a hotel abroad is booked as intHotel.
    expect((await book("hotel", [{ offerId: istanbul, guests: { adults: 2, children: 0 } }], [latinAli])).status).toBe(422);
    const abroad = await book("intHotel", [{ offerId: istanbul, guests: { adults: 2, children: 0 } }], [latinAli]);
    expect(abroad.status, abroad.body).toBe(201);
    const withoutPassport = await book("intHotel", [{ offerId: istanbul, guests: { adults: 2, children: 0 } }], [ali]);
    expect(withoutPassport.status).toBe(422);
  });

  it("answers 503 where the deployment has no hotel inventory", async () => {
    const bare = await startTestServer(database.handle, {}, { clock, hotels: null });
    try {
      expect((await rawRequest(bare.port, { path: `/api/v1/hotels/search?city=mashhad&${STAY}` })).status).toBe(503);
      expect((await rawRequest(bare.port, { path: `/api/v1/hotels/darvishi?city=mashhad&${STAY}` })).status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
