/**
 * Booking buses through the API (issue 19), on the real server and each database engine: search,
 * the seat map, a booking with seats (the same seat again is 409 SEAT_TAKEN; the gender and row
 * rules and a missing seat are 422 on their fields), paid at the sandbox bank, tickets with their
 * seats read back, printed and texted, and a refund quote in each window of the bus rule as the
 * clock moves (free hour, 10%, in person only, after departure), then a refund that puts the seats
 * back on sale.
 *
 * The buses are an in-memory supplier (core/buses/test-buses.ts) with one departure at a fixed
 * date; the clock is pinned before it, so the test passes on any calendar day.
 */
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsMessages } from "#adapters/db/schema.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import type { BusOffer } from "#core/buses/bus.ts";
import { testBus, testBusSupplier, type TestBusSupplier } from "#core/buses/test-buses.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { pdfText } from "../support/pdf.ts";
import { getBinary, payAtSandboxBank } from "../support/sandbox-bank.ts";
import { startTestServer } from "../support/server.ts";

const MOBILE = "09121234567";
/** The bus leaves Tehran's south terminal at 08:00 on this day (test layout 2+1: seats 1–3 are row 1; 4 | 5 6 row 2; 7 | 8 9 row 3). */
const DAY = "2026-11-22";
const DEPART = Date.parse(`${DAY}T08:00:00+03:30`);

interface ErrorBody {
  error: { code: string; message: string; fields?: { field: string; code: string; message: string }[] };
}
interface SeatMapBody {
  layout: { rows: number; columns: number; aisleColumn: number; driverSide: string };
  seats: { number: number; row: number; column: number; status: string; gender?: string; allowedGenders?: string[] }[];
}
interface BookingBody {
  status: string;
  service: string;
  items: { base: number; seats: number; chosenSeats: { number: number; passenger: number }[]; originTerminal: { code: string } }[];
  tickets: { flightNumber: string | null; pnr: string; passenger: number; placement: { seat: number } | null }[];
}

describe.each(ENGINES)("booking buses through the API on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let buses: TestBusSupplier;
  // "Now" is 08:00 in Tehran the day before the bus; tests move it on.
  let now = new Date(`2026-11-21T08:00:00+03:30`);
  const clock = { now: () => now };
  const bus = testBus({ departAt: `${DAY}T08:00:00+03:30`, arriveAt: `${DAY}T15:00:00+03:30` });
  let issued: { hashId: string; total: number } | undefined;
  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const post = (path: string, body: unknown, type = "application/json") =>
    rawRequest(server.port, {
      method: "POST",
      path,
      headers: { "content-type": type },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const getPdf = (path: string) => getBinary(server.port, path);

  const ali = { type: "adult", firstName: "علی", lastName: "رضایی", gender: "male", birthDate: "1990-05-01", nationalCode: "0499370899" };
  const maryam = {
    type: "adult",
    firstName: "مریم",
    lastName: "کریمی",
    gender: "female",
    birthDate: "1992-11-02",
    nationalCode: "0012345679",
  };
  const infant = {
    type: "infant",
    firstName: "امیر",
    lastName: "رضایی",
    gender: "male",
    birthDate: "2025-10-01",
    nationalCode: "2721123459",
  };
  const book = (passengers: unknown[], seats: unknown, lang = "en") =>
    post(`/api/v1/bookings?lang=${lang}`, { service: "bus", offerId: bus.offerId, passengers, contact: { mobile: MOBILE }, seats });
  const seatMap = async () => {
    const answer = await rawRequest(server.port, { path: `/api/v1/buses/${bus.offerId}/seats?lang=en` });
    expect(answer.status, answer.body).toBe(200);
    return json<SeatMapBody>(answer);
  };
  const statusOf = async (number: number) => (await seatMap()).seats.find((seat) => seat.number === number);

  const payAtBank = (hashId: string) => payAtSandboxBank(server.port, hashId);

  /** A refusal's fields as [field, code, message]. */
  function refusedFields(response: RawResponse): [string, string, string][] {
    expect(response.status, response.body).toBe(422);
    const { error } = json<ErrorBody>(response);
    expect(error.code).toBe("VALIDATION_FAILED");
    return (error.fields ?? []).map((field) => [field.field, field.code, field.message]);
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    buses = testBusSupplier([bus]);
    server = await startTestServer(database.handle, {}, { clock, buses });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("searches buses with a seat for every adult and child, and refuses a bad query on its parameters", async () => {
    const found = await rawRequest(server.port, {
      path: `/api/v1/buses/search?from=tehran&to=isfahan&date=${DAY}&adults=2&infants=1&lang=en`,
    });
    expect(found.status, found.body).toBe(200);
    const offers = json<{ offers: BusOffer[] }>(found).offers;
    expect(offers).toEqual([
      expect.objectContaining({
        offerId: bus.offerId,
        company: { code: "seir-o-safar", name: "Seir-o-Safar" },
        busType: "vip25",
        originTerminal: { code: "tehran-south", name: "Tehran South Terminal" },
        departAt: `${DAY}T08:00:00+03:30`,
        seatsLeft: 24,
        price: { adult: 850_000, child: 850_000, infant: 0, total: 1_700_000 },
      }),
    ]);
    const none = await rawRequest(server.port, { path: `/api/v1/buses/search?from=tehran&to=shiraz&date=${DAY}` });
    expect(json<{ offers: BusOffer[] }>(none).offers).toEqual([]);

    const bad = await rawRequest(server.port, { path: "/api/v1/buses/search?from=tehran&to=tehran&date=2026-11-20&adults=0&lang=en" });
    expect(bad.status, bad.body).toBe(422);
    expect(json<ErrorBody>(bad).error.fields?.map((field) => [field.field, field.code])).toEqual([
      ["to", "SAME_ROUTE"],
      ["date", "DATE_PAST"],
      ["adults", "ADULT_REQUIRED"],
    ]);
  });

  it("draws the seat map: layout, numbers and who may take each seat; an unknown departure is 404", async () => {
    const map = await seatMap();
    expect(map.layout).toEqual({ rows: 8, columns: 4, aisleColumn: 2, driverSide: "left" });
    expect(map.seats).toHaveLength(24);
    expect(map.seats.every((seat) => seat.column !== 2)).toBe(true);
    expect(map.seats[0]).toEqual({ number: 1, row: 1, column: 1, status: "free", allowedGenders: ["male"] });
    expect(map.seats[3]).toEqual({ number: 4, row: 2, column: 1, status: "free", allowedGenders: ["male", "female"] });
    const unknown = await rawRequest(server.port, { path: "/api/v1/buses/nowhere/seats" });
    expect(unknown.status).toBe(404);
    expect(json<ErrorBody>(unknown).error.code).toBe("OFFER_NOT_FOUND");
  });

  it("books seats for two adults (an infant on a lap), pays once, issues tickets with their seats, texts and prints them", async () => {
    const created = await book(
      [ali, maryam, infant],
      [
        { number: 5, passenger: 0 },
        { number: 6, passenger: 1 },
      ],
    );
    expect(created.status, created.body).toBe(201);
    const booking = json<{ reference: string; hashId: string; total: number; status: string }>(created);
    expect(booking).toMatchObject({ status: "held", total: 1_700_000 });
    // The map shows the seats taken, each with its traveller's gender.
    expect(await statusOf(5)).toMatchObject({ status: "taken", gender: "male" });
    expect(await statusOf(6)).toMatchObject({ status: "taken", gender: "female" });

    const held = json<BookingBody>(await rawRequest(server.port, { path: `/api/v1/bookings/${booking.hashId}` }));
    expect(held).toMatchObject({ service: "bus", status: "held" });
    expect(held.items[0]).toMatchObject({
      base: 1_700_000,
      seats: 2,
      chosenSeats: [
        { number: 5, passenger: 0 },
        { number: 6, passenger: 1 },
      ],
      originTerminal: { code: "tehran-south" },
    });

    expect(await payAtBank(booking.hashId)).toMatch(new RegExp(`^/payment/paymentp/${booking.reference}/[A-Za-z0-9_-]+/issued$`));
    const read = json<BookingBody>(await rawRequest(server.port, { path: `/api/v1/bookings/${booking.hashId}` }));
    expect(read.status).toBe("issued");
    expect(read.tickets.map((ticket) => [ticket.passenger, ticket.placement])).toEqual([
      [0, { seat: 5 }],
      [1, { seat: 6 }],
      [2, null],
    ]);

    const texts = await database.handle.db.select({ text: smsMessages.text }).from(smsMessages).where(eq(smsMessages.mobile, MOBILE));
    const ticketSms = texts.find((message) => message.text.includes(booking.reference));
    // Terminals by name in the booking's language, not by their slugs, and the seats.
    expect(ticketSms?.text).toContain("Tehran South Bus Terminal");
    expect(ticketSms?.text).not.toContain("tehran-south");
    expect(ticketSms?.text).toContain("5,6");

    const pdf = await getPdf(`/api/v1/bookings/${booking.hashId}/ticket.pdf?lang=en`);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.body).replace(/\s+/g, " ");
    expect(text).toContain("Seat of passenger 1");
    // A bus ticket says so, with the terminal's advice, not an airline's.
    expect(text).toContain(CATALOGS.en["ticket.title.bus"]);
    expect(text).not.toContain(CATALOGS.en["ticket.title"]);
    expect(text).toContain("Tehran South Bus Terminal");
    expect(text).toContain(read.tickets[0]!.pnr);
    issued = { hashId: booking.hashId, total: booking.total };
  });

  it("answers 409 SEAT_TAKEN for a seat someone holds, naming the seat, and holds nothing", async () => {
    const taken = await book(
      [ali, maryam],
      [
        { number: 8, passenger: 0 },
        { number: 5, passenger: 1 },
      ],
    );
    expect(taken.status, taken.body).toBe(409);
    const { error } = json<ErrorBody>(taken);
    expect(error.code).toBe("SEAT_TAKEN");
    expect(error.fields?.map((field) => [field.field, field.code])).toEqual([["seats", "SEAT_TAKEN"]]);
    expect(await statusOf(8)).toMatchObject({ status: "free" });
  });

  it("refuses a woman in the first row and a seat beside a stranger of the other gender with 422 on the seat, in the request's language", async () => {
    expect(refusedFields(await book([maryam], [{ number: 2, passenger: 0 }]))).toEqual([
      ["seats.0", "SEAT_FIRST_ROW_WOMEN", "First-row seats are not allowed for women."],
    ]);
    expect(refusedFields(await book([maryam], [{ number: 2, passenger: 0 }], "fa"))[0]?.[1]).toBe("SEAT_FIRST_ROW_WOMEN");
    // Seat 9 held by a woman of another booking: the seat beside it is hers to share with a woman only.
    buses.taken.set(bus.offerId, { 9: "female" });
    try {
      const refused = refusedFields(
        await book(
          [ali, maryam],
          [
            { number: 7, passenger: 1 },
            { number: 8, passenger: 0 },
          ],
        ),
      );
      expect(refused.map(([field, code]) => [field, code])).toEqual([["seats.1", "SEAT_NEIGHBOUR_GENDER"]]);
      // A woman there is sold the seat.
      const fine = await book(
        [ali, maryam],
        [
          { number: 7, passenger: 0 },
          { number: 8, passenger: 1 },
        ],
      );
      expect(fine.status, fine.body).toBe(201);
    } finally {
      buses.taken.delete(bus.offerId);
    }
  });

  it("says 'Choose a seat' when a seated traveller has none, and refuses a seat for a passenger who is not there", async () => {
    expect(refusedFields(await book([ali, maryam, infant], [{ number: 10, passenger: 0 }]))).toEqual([
      ["seats", "SEAT_REQUIRED", "Choose a seat."],
    ]);
    expect(refusedFields(await book([ali], undefined)).map(([field, code]) => [field, code])).toEqual([["seats", "SEAT_REQUIRED"]]);
    expect(refusedFields(await book([ali], [{ number: 10, passenger: 2 }])).map(([field, code]) => [field, code])).toEqual([
      ["seats.0", "CHOICE_INVALID"],
    ]);
  });

  it("quotes the bus rule's windows as the clock moves: free hour, 10% to 2 h before, in person only, nothing after departure; then refunds", async () => {
    const booking = issued!;
    const start = now;
    const quoteAt = async (instant: number) => {
      now = new Date(instant);
      return post(`/api/v1/bookings/${booking.hashId}/refund-quote?lang=en`, {});
    };
    const line = (answer: RawResponse) => {
      expect(answer.status, answer.body).toBe(200);
      const [first] = json<{ lines: { penaltyPercent: number; window: { label: string; endsAt: string | null } }[] }>(answer).lines;
      return [first!.penaltyPercent, first!.window.label, first!.window.endsAt];
    };
    try {
      const issuedAt = start.getTime();
      expect(line(await quoteAt(issuedAt + 30 * 60_000))).toEqual([0, "free-after-issue", new Date(issuedAt + 60 * 60_000).toISOString()]);
      expect(line(await quoteAt(issuedAt + 61 * 60_000))).toEqual([10, "before", new Date(DEPART - 120 * 60_000).toISOString()]);
      expect(line(await quoteAt(DEPART - 120 * 60_000))).toEqual([10, "before", new Date(DEPART - 120 * 60_000).toISOString()]);

      const inPerson = await quoteAt(DEPART - 119 * 60_000);
      expect(inPerson.status, inPerson.body).toBe(409);
      expect(json<ErrorBody>(inPerson).error).toEqual({
        code: "REFUND_IN_PERSON_ONLY",
        message:
          "Online refund is closed 2 hours before departure. 50% of the fare is refunded in person at the bus terminal until departure.",
      });
      const refusedRefund = await post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "card", sheba: "IR820540102680020817909002" });
      expect(refusedRefund.status).toBe(409);
      expect(json<ErrorBody>(refusedRefund).error.code).toBe("REFUND_IN_PERSON_ONLY");
      expect(line(await quoteAt(DEPART + 60_000))).toEqual([100, "after-departure", null]);

      // Refunded in the 10% window: the seats go back on sale at once.
      now = new Date(issuedAt + 2 * 3_600_000);
      const refunded = await post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "card", sheba: "IR820540102680020817909002" });
      expect(refunded.status, refunded.body).toBe(200);
      expect(json<{ refund: { penalty: number } }>(refunded).refund.penalty).toBe(170_000);
      expect(await statusOf(5)).toMatchObject({ status: "free" });
      expect(await statusOf(6)).toMatchObject({ status: "free" });
    } finally {
      now = start;
    }
  });

  it("answers 503 where the deployment has no bus inventory", async () => {
    const bare = await startTestServer(database.handle, {}, { clock, buses: null });
    try {
      const search = await rawRequest(bare.port, { path: `/api/v1/buses/search?from=tehran&to=isfahan&date=${DAY}` });
      expect(search.status).toBe(503);
      const seats = await rawRequest(bare.port, { path: `/api/v1/buses/${bus.offerId}/seats` });
      expect(seats.status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
