import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { bookingEvents, bookingItems, bookingPassengers, discountCodes, flightFares, flightHolds } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createHouseFlightSupplier } from "#adapters/suppliers/house/flight-supplier.ts";
import type { BookingItem } from "#core/booking/booking.ts";
import {
  editBookingDetails,
  expireDueBookings,
  placeFlightBooking,
  type FlightBookingRequest,
} from "#core/booking/place-flight-booking.ts";
import { FLIGHT_SERVICE } from "#core/flights/flight-service.ts";
import type { PassengerInput } from "#core/passengers/passenger-rules.ts";
import { addDays } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { setFlightFareSeats } from "../support/inventory.ts";

const ADULT: PassengerInput = {
  type: "adult",
  firstName: "علی",
  lastName: "رضایی",
  gender: "male",
  birthDate: "1990-05-01",
  nationalCode: "0499370899",
};
const SECOND_ADULT: PassengerInput = {
  type: "adult",
  firstName: "مریم",
  lastName: "کریمی",
  gender: "female",
  birthDate: "1992-02-11",
  nationalCode: "0010350829",
};

describe.each(ENGINES)("flight bookings and holds on %s", (engine) => {
  let database: TestDatabase;
  let tenantId: string;
  // A fixed first day and a clock pinned to it: the generated inventory does not change with today.
  const firstDate = "2026-03-10";
  const travelDate = addDays(firstDate, 1);
  let now = new Date(`${firstDate}T08:00:00+03:30`);
  const clock = { now: () => now };
  let deps: {
    flights: ReturnType<typeof createHouseFlightSupplier>;
    bookings: ReturnType<typeof createBookingRepository>;
    clock: typeof clock;
  };

  const request = (offerId: string, overrides: Partial<FlightBookingRequest> = {}): FlightBookingRequest => ({
    tenantId,
    // Hamsafar's options (it offers company purchase).
    tenantOptions: DEMO_TENANTS[0]!.tenant.optionActive,
    locale: "fa",
    offerIds: [offerId],
    passengers: [ADULT],
    contact: { mobile: "۰۹۱۲۱۲۳۴۵۶۷" },
    company: null,
    discountCode: null,
    expectedFare: null,
    cause: "test",
    ...overrides,
  });
  const seatsOf = async (offerId: string) =>
    (await database.handle.db.select({ seats: flightFares.seatsAvailable }).from(flightFares).where(eq(flightFares.id, offerId)))[0]!.seats;
  /** A fresh fare of the travel day with exactly `seats` seats left. */
  let fareIndex = 0;
  const fareWithSeats = async (seats: number) => {
    const offers = await deps.flights.search({ from: "THR", to: "MHD", date: travelDate, adults: 1, children: 0, infants: 0 });
    const offer = offers[fareIndex++]!;
    await setFlightFareSeats(database.handle.db, [offer.offerId], seats);
    return offer;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate, days: 3 }),
    });
    deps = { flights: createHouseFlightSupplier(database.handle.db, clock), bookings: createBookingRepository(database.handle.db), clock };
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("holds the seats for 15 minutes and prices the booking on the server, airport charges apart", async () => {
    const offer = await fareWithSeats(5);
    const result = await placeFlightBooking(request(offer.offerId, { passengers: [ADULT, SECOND_ADULT] }), deps);
    if (!result.ok) throw new Error(JSON.stringify(result));
    const booking = result.booking;
    expect(booking.status).toBe("held");
    expect(booking.holdExpiresAt.getTime() - now.getTime()).toBe(15 * 60_000);
    expect(booking.price.total).toBe(2 * offer.price.adult);
    expect(booking.price.taxes).toBe(2 * offer.taxesPerSeat);
    expect(booking.price.taxes).toBeGreaterThan(0);
    expect(booking.price.base + booking.price.taxes).toBe(booking.price.total);
    expect(booking.contact.mobile).toBe("09121234567");
    expect(booking.reference).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(booking.hashId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await seatsOf(offer.offerId)).toBe(3);
    const found = await deps.bookings.findByHashId(tenantId, booking.hashId);
    expect(found?.passengers.map((passenger) => passenger.nationalCode)).toEqual(["0499370899", "0010350829"]);
    expect(await deps.bookings.findByHashId((await tenantIdBySlug(database.handle.db, "parvaz-sabz"))!, booking.hashId)).toBeNull();
    expect(await deps.bookings.findHashIdByReference(tenantId, booking.reference, "09121234567")).toBe(booking.hashId);
    expect(await deps.bookings.findHashIdByReference(tenantId, booking.reference, "09121234568")).toBeNull();
    const history = await deps.bookings.history(booking.id);
    expect(history).toEqual([expect.objectContaining({ from: null, to: "held", cause: "test" })]);
  });

  it("refuses bad fields without holding anything, and tells of a changed fare before holding", async () => {
    const offer = await fareWithSeats(4);
    const invalid = await placeFlightBooking(
      request(offer.offerId, { passengers: [ADULT, { ...SECOND_ADULT, nationalCode: "0499370899" }], contact: { mobile: "123" } }),
      deps,
    );
    expect(invalid).toEqual({
      ok: false,
      error: "INVALID",
      errors: { "passengers.1.nationalCode": "NATIONAL_CODE_DUPLICATE", "contact.mobile": "MOBILE_INVALID" },
    });
    const infants = await placeFlightBooking(
      request(offer.offerId, {
        passengers: [
          ADULT,
          { ...SECOND_ADULT, type: "infant", birthDate: addDays(travelDate, -100) },
          { ...SECOND_ADULT, type: "infant", nationalCode: "0010350829", birthDate: addDays(travelDate, -200) },
        ],
      }),
      deps,
    );
    expect(infants).toMatchObject({ ok: false, errors: { passengers: "INFANTS_EXCEED_ADULTS" } });
    const changed = await placeFlightBooking(request(offer.offerId, { expectedFare: offer.price.adult - 1000 }), deps);
    expect(changed).toEqual({ ok: false, error: "FARE_CHANGED", fare: offer.price.adult, previousFare: offer.price.adult - 1000 });
    expect(await seatsOf(offer.offerId)).toBe(4);
    // A part the page shows apart from the fare (a train's meals) is left out of the check, and only that part.
    const stillChanged = await placeFlightBooking(
      request(offer.offerId, { expectedFare: offer.price.adult - 1000, fareLeftOut: () => 999 }),
      deps,
    );
    expect(stillChanged).toEqual({
      ok: false,
      error: "FARE_CHANGED",
      fare: offer.price.adult - 999,
      previousFare: offer.price.adult - 1000,
    });
    const shownApart = await placeFlightBooking(
      request(offer.offerId, { expectedFare: offer.price.adult - 1000, fareLeftOut: () => 1000 }),
      deps,
    );
    expect(shownApart.ok).toBe(true);
    expect(await seatsOf(offer.offerId)).toBe(3);
  });

  it("gives back the outbound seats when the return cannot be held", async () => {
    const outbound = (await deps.flights.search({ from: "THR", to: "MHD", date: travelDate, adults: 2, children: 0, infants: 0 }))[0]!;
    const back = (
      await deps.flights.search({ from: "MHD", to: "THR", date: addDays(travelDate, 1), adults: 1, children: 0, infants: 0 })
    )[0]!;
    const before = await seatsOf(outbound.offerId);
    await database.handle.db.update(flightFares).set({ seatsAvailable: 1 }).where(eq(flightFares.id, back.offerId));
    const result = await placeFlightBooking(
      request(outbound.offerId, { offerIds: [outbound.offerId, back.offerId], passengers: [ADULT, SECOND_ADULT] }),
      deps,
    );
    expect(result).toEqual({ ok: false, error: "SOLD_OUT" });
    expect(await seatsOf(outbound.offerId)).toBe(before);
    await setFlightFareSeats(database.handle.db, [back.offerId], 9);
    const roundTrip = await placeFlightBooking(request(outbound.offerId, { offerIds: [outbound.offerId, back.offerId] }), deps);
    expect(roundTrip.ok && roundTrip.booking.service).toBe("flightRtrip");
    expect(roundTrip.ok && roundTrip.booking.items.map((item) => FLIGHT_SERVICE.parseOffer(item.offer).from)).toEqual(["THR", "MHD"]);
  });

  it("applies a discount code, counts its use and refuses it once used up", async () => {
    const offer = await fareWithSeats(9);
    await database.handle.db.insert(discountCodes).values({
      tenantId,
      code: "NOWRUZ10",
      kind: "percent",
      amount: 10,
      maxDiscount: 50_000,
      validFrom: new Date(now.getTime() - 86_400_000),
      validUntil: new Date(now.getTime() + 86_400_000),
      maxUses: 1,
      createdBy: "test",
    });
    const used = await placeFlightBooking(request(offer.offerId, { discountCode: "nowruz10" }), deps);
    if (!used.ok) throw new Error(JSON.stringify(used));
    expect(used.booking.price.discount).toBe(50_000);
    expect(used.booking.price.total).toBe(offer.price.adult - 50_000);
    expect(used.booking.discountCode).toBe("NOWRUZ10");
    const again = await placeFlightBooking(request(offer.offerId, { discountCode: "NOWRUZ10", passengers: [SECOND_ADULT] }), deps);
    expect(again).toEqual({ ok: false, error: "INVALID", errors: { discountCode: "DISCOUNT_INVALID" } });
    const unknown = await placeFlightBooking(request(offer.offerId, { discountCode: "NOPE" }), deps);
    expect(unknown).toMatchObject({ errors: { discountCode: "DISCOUNT_INVALID" } });
    // Editing the booking that holds the code keeps it.
    const edited = await editBookingDetails(
      {
        booking: used.booking,
        passengers: [{ ...ADULT, firstName: "علیرضا" }],
        contact: { mobile: "09121234567" },
        company: null,
        discountCode: "NOWRUZ10",
        cause: "test",
        tenantOptions: [],
      },
      deps,
    );
    expect(edited).toEqual({ ok: true });
    const stored = await deps.bookings.findByHashId(tenantId, used.booking.hashId);
    expect(stored?.passengers[0]?.firstName).toBe("علیرضا");
    expect(stored?.price.discount).toBe(50_000);
  });

  it("expires held bookings past their time, gives their seats and discount use back, and leaves live ones", async () => {
    const releaseHold = async (item: BookingItem) => {
      await deps.flights.cancel({ holdId: item.holdId, offerId: item.offerId, seats: item.seats, expiresAt: now.toISOString() });
    };
    // The bookings of the tests above run out first.
    now = new Date(now.getTime() + 16 * 60_000);
    await expireDueBookings({ bookings: deps.bookings, clock, releaseHold });
    const offer = await fareWithSeats(6);
    const [code] = await database.handle.db
      .insert(discountCodes)
      .values({
        tenantId,
        code: "EXPIRY",
        kind: "fixed",
        amount: 20_000,
        validFrom: new Date(now.getTime() - 1000),
        validUntil: new Date(now.getTime() + 86_400_000),
        maxUses: 5,
        createdBy: "test",
      })
      .returning();
    const early = await placeFlightBooking(request(offer.offerId, { discountCode: "EXPIRY" }), deps);
    now = new Date(now.getTime() + 10 * 60_000);
    const late = await placeFlightBooking(request(offer.offerId, { passengers: [SECOND_ADULT] }), deps);
    if (!early.ok || !late.ok) throw new Error("booking failed");
    expect(await seatsOf(offer.offerId)).toBe(4);
    now = new Date(now.getTime() + 6 * 60_000);
    expect(await expireDueBookings({ bookings: deps.bookings, clock, releaseHold })).toEqual({ expired: 1 });
    expect(await expireDueBookings({ bookings: deps.bookings, clock, releaseHold })).toEqual({ expired: 0 });
    expect(await seatsOf(offer.offerId)).toBe(5);
    expect((await deps.bookings.findByHashId(tenantId, early.booking.hashId))?.status).toBe("expired");
    expect((await deps.bookings.findByHashId(tenantId, late.booking.hashId))?.status).toBe("held");
    const [counted] = await database.handle.db
      .select({ uses: discountCodes.uses })
      .from(discountCodes)
      .where(eq(discountCodes.id, code!.id));
    expect(counted?.uses).toBe(0);
    const events = await database.handle.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, early.booking.id));
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.event])).toEqual([
      [null, "held", "hold_placed"],
      ["held", "expired", "hold_expired"],
    ]);
    const [hold] = await database.handle.db
      .select({ status: flightHolds.status })
      .from(flightHolds)
      .where(eq(flightHolds.id, early.booking.items[0]!.holdId));
    expect(hold?.status).toBe("cancelled");
    // An expired booking cannot be edited.
    const edit = await editBookingDetails(
      {
        booking: (await deps.bookings.findByHashId(tenantId, early.booking.hashId))!,
        passengers: [ADULT],
        contact: { mobile: "09121234567" },
        company: null,
        discountCode: null,
        cause: "test",
        tenantOptions: [],
      },
      deps,
    );
    expect(edit).toEqual({ ok: false, error: "NOT_EDITABLE" });
  });

  it.runIf(engine === "postgres")("never oversells: 30 simultaneous bookings for the last 3 seats give exactly 3 holds", async () => {
    const offer = await fareWithSeats(3);
    const attempts = Array.from({ length: 30 }, () => placeFlightBooking(request(offer.offerId), deps));
    const results = await Promise.all(attempts);
    const held = results.filter((result) => result.ok);
    const refused = results.filter((result) => !result.ok);
    expect(held).toHaveLength(3);
    expect(refused.every((result) => !result.ok && result.error === "SOLD_OUT")).toBe(true);
    expect(await seatsOf(offer.offerId)).toBe(0);
  });

  it("answers a new booking exactly as it reads back: items, passengers, contact and company", async () => {
    const outbound = await fareWithSeats(5);
    const back = (
      await deps.flights.search({ from: "MHD", to: "THR", date: addDays(travelDate, 1), adults: 2, children: 0, infants: 0 })
    )[0]!;
    const result = await placeFlightBooking(
      request(outbound.offerId, {
        offerIds: [outbound.offerId, back.offerId],
        passengers: [ADULT, { ...SECOND_ADULT, firstNameLatin: "Maryam", lastNameLatin: "Karimi" }],
        contact: { mobile: "09121234567", email: "traveller@example.com" },
        company: { name: "Nur Gostar Co.", nationalId: "10380284790", economicCode: "10380284790", postalCode: "1969833114" },
      }),
      deps,
    );
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.booking).toStrictEqual(await deps.bookings.findById(tenantId, result.booking.id));
    expect(await deps.bookings.history(result.booking.id)).toEqual([
      expect.objectContaining({ from: null, to: "held", event: "hold_placed" }),
    ]);
    expect(await seatsOf(outbound.offerId)).toBe(3);
  });

  it("writes nothing of a booking whose reference is taken, so a new draw starts clean", async () => {
    const offer = await fareWithSeats(5);
    const first = await placeFlightBooking(request(offer.offerId), deps);
    if (!first.ok) throw new Error(JSON.stringify(first));
    const rowCounts = async () =>
      Promise.all(
        [bookingItems, bookingPassengers, bookingEvents].map(async (table) => (await database.handle.db.select().from(table)).length),
      );
    const before = await rowCounts();
    const { booking } = first;
    const again = await deps.bookings.create({
      ...booking,
      hashId: `${booking.hashId.slice(0, 21)}${booking.hashId.endsWith("A") ? "B" : "A"}`,
      discount: null,
      cause: "test",
    });
    expect(again).toEqual({ ok: false, error: "REFERENCE_TAKEN" });
    expect(await rowCounts()).toEqual(before);
  });
});
