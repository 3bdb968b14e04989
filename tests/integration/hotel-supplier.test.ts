import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotelHolds, hotelRoomNights } from "#adapters/db/schema.ts";
import { hotelOfferId, nightsOf } from "#adapters/suppliers/house/hotel-offers.ts";
import { createHouseHotelSupplier } from "#adapters/suppliers/house/hotel-supplier.ts";
import { HOTEL_DAYS_AHEAD, type HeldHotelOffer, type HotelRoomOffer } from "#core/hotels/hotel.ts";
import { addDays } from "#core/search/dates.ts";
import { databaseAdapters, holdExpiryJob, writeHotelInventory } from "#server/database-adapters.ts";
import { houseHotels } from "#seed/hotels/generate.ts";
import type { HotelSeed } from "#seed/hotels/types.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

/**
 * The clock is the test's: "today" is a fixed Tuesday in Tehran. Each test stays on its own dates,
 * so one test's holds never meet another's; nights a test relies on are set by it (rooms total and
 * sold), never taken from the generated inventory.
 */
const TODAY = "2031-05-06";
const START = new Date(`${TODAY}T09:00:00+03:30`);
const MINUTE = 60_000;
const quiet = { info: () => {} };

const hotels = houseHotels();
const mashhad = hotels.filter((hotel) => hotel.city === "mashhad");
/** A Mashhad hotel with a double room, the room the tests book. */
const darvishi = mashhad.find((hotel) => hotel.hotelId === "darvishi-mashhad")!;
const double = darvishi.roomTypes.find((type) => type.type === "double")!;
const abroad = hotels.find((hotel) => hotel.region === "abroad" && hotel.city === "istanbul")!;

const stayFrom = (day: number, nights: number) => ({ checkIn: addDays(TODAY, day), checkOut: addDays(TODAY, day + nights) });
const held = (offer: HotelRoomOffer, leadPassenger = 0): HeldHotelOffer => ({
  ...offer,
  guests: { adults: 2, children: 0 },
  extraBed: false,
  leadPassenger,
  foreignRate: false,
  price: offer.total,
});

describe.each(ENGINES)("the house hotel supplier on %s", (engine) => {
  let database: TestDatabase;
  let now = START;
  const clock = { now: () => now };
  let supplier: ReturnType<typeof createHouseHotelSupplier>;
  const until = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);

  /** Sets a night of a room type: its total and the rooms already sold. */
  async function setNight(roomTypeId: string, night: string, roomsTotal: number, roomsSold: number) {
    await database.handle.db
      .insert(hotelRoomNights)
      .values({ roomTypeId, night, roomsTotal, roomsSold })
      .onConflictDoUpdate({ target: [hotelRoomNights.roomTypeId, hotelRoomNights.night], set: { roomsTotal, roomsSold } });
  }
  async function setStay(roomTypeId: string, stay: { checkIn: string; checkOut: string }, roomsTotal: number, roomsSold: number) {
    for (const night of nightsOf(stay)) await setNight(roomTypeId, night, roomsTotal, roomsSold);
  }
  async function soldOn(roomTypeId: string, stay: { checkIn: string; checkOut: string }) {
    const rows = await database.handle.db.select().from(hotelRoomNights).where(eq(hotelRoomNights.roomTypeId, roomTypeId));
    return nightsOf(stay).map((night) => rows.find((row) => row.night === night)?.roomsSold ?? null);
  }
  async function offerFor(hotel: HotelSeed, type: string, stay: { checkIn: string; checkOut: string }) {
    const offers = await supplier.rooms(hotel.city, hotel.hotelId, stay, "en");
    const offer = offers.find((candidate) => candidate.roomType === type);
    if (!offer) throw new Error(`no ${type} at ${hotel.hotelId} for ${stay.checkIn}`);
    return offer;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await writeHotelInventory(database.handle, quiet);
    supplier = createHouseHotelSupplier(database.handle.db, clock);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("lists a city's hotels with rooms for the whole stay and the party, the cheapest choice priced per night", async () => {
    const stay = stayFrom(10, 7);
    for (const type of darvishi.roomTypes) await setStay(type.id, stay, type.rooms, 0);
    const listings = await supplier.searchHotels({
      city: "mashhad",
      region: "iran",
      ...stay,
      rooms: [{ adults: 2, children: 0 }],
      locale: "en",
    });
    expect(listings.length).toBeGreaterThan(30);
    expect(listings.every((listing) => listing.city === "mashhad" && listing.region === "iran")).toBe(true);
    const listing = listings.find((candidate) => candidate.hotelId === darvishi.hotelId)!;
    expect(listing.name).toBe(darvishi.names.en);
    const offers = await supplier.rooms("mashhad", darvishi.hotelId, stay, "en");
    const cheapest = Math.min(
      ...offers
        .filter((offer) => offer.capacity + offer.extraBeds >= 2)
        .map((offer) => offer.total + (offer.capacity < 2 ? offer.extraBedPerNight * 7 : 0)),
    );
    expect(listing.cheapestTotal).toBe(cheapest);
    // The average night to the nearest thousand toman.
    expect(listing.cheapestPerNight % 1_000).toBe(0);
    expect(Math.abs(listing.cheapestPerNight - cheapest / 7)).toBeLessThanOrEqual(500);
    expect(listing.thumbnail.src).toBe(`/hotel-images/mashhad/${darvishi.hotelId}/1.svg`);
    // The night prices are the stay's: its Thursday and Friday nights dearer than the weeknights.
    const offer = offers.find((candidate) => candidate.roomType === "double")!;
    expect(offer.nightPrices).toHaveLength(7);
    expect(offer.total).toBe(offer.nightPrices.reduce((sum, price) => sum + price, 0));
    expect(Math.max(...offer.nightPrices)).toBeGreaterThan(Math.min(...offer.nightPrices));
    expect(offer.offerId).toBe(hotelOfferId(double.id, stay));
    const persian = await supplier.searchHotels({ city: "mashhad", region: "iran", ...stay, rooms: [{ adults: 2, children: 0 }] });
    expect(persian.find((candidate) => candidate.hotelId === darvishi.hotelId)!.name).toBe(darvishi.names.fa);
    // Searching writes nothing: nights are rows only once held.
    const other = stayFrom(40, 3);
    await supplier.searchHotels({ city: "tehran", region: "iran", ...other, rooms: [{ adults: 1, children: 0 }] });
    expect(await soldOn(double.id, other)).toEqual([null, null, null]);
  });

  it("refuses and does not list a stay across a night with no room left, and takes nothing", async () => {
    const stay = stayFrom(20, 3);
    for (const type of darvishi.roomTypes) await setStay(type.id, stay, type.rooms, 1);
    const offer = await offerFor(darvishi, "double", stay);
    const full = addDays(stay.checkIn, 1);
    for (const type of darvishi.roomTypes) await setNight(type.id, full, type.rooms, type.rooms);
    const listings = await supplier.searchHotels({ city: "mashhad", region: "iran", ...stay, rooms: [{ adults: 1, children: 0 }] });
    expect(listings.map((listing) => listing.hotelId)).not.toContain(darvishi.hotelId);
    expect(await supplier.rooms("mashhad", darvishi.hotelId, stay)).toEqual([]);
    expect(await supplier.revalidate(offer.offerId)).toEqual({ ok: false, error: "SOLD_OUT" });
    expect(await supplier.hold(offer.offerId, 1, until(15), held(offer))).toEqual({ ok: false, error: "CAPACITY_FULL" });
    expect(await soldOn(double.id, stay)).toEqual([1, double.rooms, 1]);
    const holds = await database.handle.db.select().from(hotelHolds).where(eq(hotelHolds.offerId, offer.offerId));
    expect(holds).toEqual([]);
    // The nights on either side still sell.
    const before = { checkIn: stay.checkIn, checkOut: full };
    expect((await supplier.rooms("mashhad", darvishi.hotelId, before)).length).toBe(darvishi.roomTypes.length);
  });

  it("lists only hotels with a room for each room of the party, extra beds counted", async () => {
    const stay = stayFrom(25, 2);
    const party = [{ adults: 3, children: 1 }];
    const listings = await supplier.searchHotels({ city: "mashhad", region: "iran", ...stay, rooms: party });
    const sleepsFour = (hotel: HotelSeed) => hotel.roomTypes.some((type) => type.capacity + type.extraBeds >= 4);
    for (const listing of listings)
      expect(sleepsFour(mashhad.find((hotel) => hotel.hotelId === listing.hotelId)!), listing.hotelId).toBe(true);
    const small = mashhad.find((hotel) => !sleepsFour(hotel));
    if (small) expect(listings.map((listing) => listing.hotelId)).not.toContain(small.hotelId);
    // Two rooms of one type: the second needs a second room left on every night.
    for (const type of darvishi.roomTypes) await setStay(type.id, stay, type.rooms, type.rooms);
    await setStay(double.id, stay, double.rooms, double.rooms - 1);
    const two = await supplier.searchHotels({
      city: "mashhad",
      region: "iran",
      ...stay,
      rooms: [
        { adults: 2, children: 0 },
        { adults: 2, children: 0 },
      ],
    });
    expect(two.map((listing) => listing.hotelId)).not.toContain(darvishi.hotelId);
    const one = await supplier.searchHotels({ city: "mashhad", region: "iran", ...stay, rooms: [{ adults: 2, children: 0 }] });
    expect(one.find((listing) => listing.hotelId === darvishi.hotelId)?.beds).toEqual([2]);
  });

  it("sells the last room-night once when two buyers race for it", async () => {
    const stay = stayFrom(30, 2);
    await setStay(double.id, stay, double.rooms, double.rooms - 1);
    const offer = await offerFor(darvishi, "double", stay);
    const results = await Promise.all([
      supplier.hold(offer.offerId, 1, until(15), held(offer)),
      supplier.hold(offer.offerId, 1, until(15), held(offer)),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: "CAPACITY_FULL" }]);
    expect(await soldOn(double.id, stay)).toEqual([double.rooms, double.rooms]);
    // The database itself refuses a sale past the total.
    await expect(
      database.handle.db
        .update(hotelRoomNights)
        .set({ roomsSold: double.rooms + 1 })
        .where(and(eq(hotelRoomNights.roomTypeId, double.id), eq(hotelRoomNights.night, stay.checkIn))),
    ).rejects.toThrow();
  });

  it("gives the nights back when a hold expires or is cancelled", async () => {
    const stay = stayFrom(35, 3);
    await setStay(double.id, stay, 5, 2);
    const offer = await offerFor(darvishi, "double", stay);
    const first = await supplier.hold(offer.offerId, 2, until(10), held(offer));
    const second = await supplier.hold(offer.offerId, 1, until(30), held(offer));
    if (!first.ok || !second.ok) throw new Error("holds refused");
    expect(await soldOn(double.id, stay)).toEqual([5, 5, 5]);
    now = new Date(now.getTime() + 11 * MINUTE);
    expect(await supplier.releaseExpired()).toBe(1);
    expect(await supplier.releaseExpired()).toBe(0);
    expect(await soldOn(double.id, stay)).toEqual([3, 3, 3]);
    expect(await supplier.extend(first.hold, until(60))).toEqual({ ok: false, error: "HOLD_LOST" });
    expect(await supplier.cancel(second.hold)).toEqual({ ok: true });
    expect(await supplier.cancel(second.hold)).toEqual({ ok: false, error: "CANCEL_FAILED" });
    expect(await soldOn(double.id, stay)).toEqual([2, 2, 2]);
  });

  it("issues one voucher per hold in the lead guest's name, the same when asked again, and cancels it", async () => {
    const stay = stayFrom(45, 2);
    await setStay(double.id, stay, 4, 0);
    const offer = await offerFor(darvishi, "double", stay);
    const hold = await supplier.hold(offer.offerId, 1, until(15), held(offer, 2));
    if (!hold.ok) throw new Error(hold.error);
    const extended = await supplier.extend(hold.hold, until(40));
    expect(extended.ok && extended.hold.expiresAt).toBe(until(40).toISOString());
    const issued = await supplier.issue(hold.hold, 1);
    const again = await supplier.issue(hold.hold, 1);
    if (!issued.ok) throw new Error(issued.error);
    expect(again).toEqual(issued);
    expect(issued.tickets).toHaveLength(1);
    const [voucher] = issued.tickets;
    expect(voucher).toMatchObject({ holdId: hold.hold.holdId, passengerPosition: 2, leg: 0, placement: { room: double.id } });
    expect(voucher!.pnr).toMatch(/^H[A-Z2-9]{7}$/);
    expect(voucher!.placement.confirmation).toBe(voucher!.pnr);
    // An issued hold never expires.
    now = new Date(now.getTime() + 60 * MINUTE);
    await supplier.releaseExpired();
    expect(await soldOn(double.id, stay)).toEqual([1, 1]);
    expect(await supplier.cancel(issued.tickets)).toEqual({ ok: true });
    expect(await soldOn(double.id, stay)).toEqual([0, 0]);
  });

  it("answers unknown offers, holds and hotels as unknown", async () => {
    const stay = stayFrom(50, 2);
    for (const offerId of [
      "",
      "hotel1:nowhere-mashhad:double:2031-06-25:2031-06-27",
      "bus1:x",
      hotelOfferId(double.id, { checkIn: stay.checkOut, checkOut: stay.checkIn }),
    ]) {
      expect(await supplier.revalidate(offerId)).toEqual({ ok: false, error: "NOT_FOUND" });
      expect(await supplier.hold(offerId, 1, until(15))).toEqual({ ok: false, error: "SOLD_OUT" });
    }
    expect(await supplier.refundTerms("hotel1:nowhere-mashhad:double:2031-06-25:2031-06-27")).toBeNull();
    const ghost = { holdId: "00000000-0000-4000-8000-000000000000", offerId: "x", seats: 1, expiresAt: until(5).toISOString() };
    expect(await supplier.issue(ghost)).toEqual({ ok: false, error: "ISSUE_FAILED" });
    expect(await supplier.issue({ ...ghost, holdId: "not-a-uuid" })).toEqual({ ok: false, error: "ISSUE_FAILED" });
    expect(await supplier.cancel(ghost)).toEqual({ ok: false, error: "CANCEL_FAILED" });
    expect(await supplier.hotel("tehran", darvishi.hotelId)).toBeNull();
    expect(await supplier.rooms("mashhad", "nowhere", stay)).toEqual([]);
  });

  it("sells 180 days ahead from Tehran's today and nothing in the past, and at most nine nights abroad", async () => {
    const last = { checkIn: addDays(TODAY, HOTEL_DAYS_AHEAD - 1), checkOut: addDays(TODAY, HOTEL_DAYS_AHEAD) };
    await setStay(double.id, last, 3, 0);
    expect((await supplier.rooms("mashhad", darvishi.hotelId, last)).length).toBeGreaterThan(0);
    const beyond = { checkIn: addDays(TODAY, HOTEL_DAYS_AHEAD), checkOut: addDays(TODAY, HOTEL_DAYS_AHEAD + 1) };
    expect(await supplier.rooms("mashhad", darvishi.hotelId, beyond)).toEqual([]);
    expect(await supplier.revalidate(hotelOfferId(double.id, beyond))).toEqual({ ok: false, error: "NOT_FOUND" });
    const past = { checkIn: addDays(TODAY, -1), checkOut: addDays(TODAY, 1) };
    expect(await supplier.searchHotels({ city: "mashhad", region: "iran", ...past, rooms: [{ adults: 1, children: 0 }] })).toEqual([]);
    const ten = stayFrom(60, 10);
    const nine = stayFrom(60, 9);
    for (const type of abroad.roomTypes) await setStay(type.id, ten, type.rooms, 0);
    expect(await supplier.rooms("istanbul", abroad.hotelId, ten)).toEqual([]);
    expect(await supplier.searchHotels({ city: "istanbul", region: "abroad", ...ten, rooms: [{ adults: 1, children: 0 }] })).toEqual([]);
    const offers = await supplier.rooms("istanbul", abroad.hotelId, nine);
    expect(offers.length).toBe(abroad.roomTypes.length);
    expect(await supplier.hold(hotelOfferId(abroad.roomTypes[0]!.id, ten), 1, until(15))).toEqual({ ok: false, error: "SOLD_OUT" });
    // Abroad, check-in is 14:00 on the city's own clock, and the refund windows count back from it.
    expect(offers[0]!.checkInAt).toBe(`${nine.checkIn}T14:00:00+03:00`);
    const terms = await supplier.refundTerms(offers[0]!.offerId);
    expect(terms?.departAt.toISOString()).toBe(new Date(`${nine.checkIn}T14:00:00+03:00`).toISOString());
    expect(terms?.rule.id).toBe(abroad.refundRuleId);
    expect(terms?.cancelledByAirline).toBe(false);
  });

  it("tells hotel pages and cities, and is wired: registered for hotel and intHotel and swept by the hold-expiry job", async () => {
    const page = await supplier.hotel("mashhad", darvishi.hotelId, "en");
    expect(page).toMatchObject({ hotelId: darvishi.hotelId, name: darvishi.names.en, stars: darvishi.stars, checkInTime: "14:00" });
    expect(page!.gallery).toHaveLength(darvishi.images);
    expect(page!.distances[0]!.landmark).toBe("Imam Reza shrine");
    const cities = await supplier.cities("iran");
    expect(cities.find((city) => city.city === "mashhad")).toEqual({ city: "mashhad", countryCode: "IR", hotels: mashhad.length });
    expect((await supplier.cities("abroad")).every((city) => city.countryCode !== "IR")).toBe(true);
    const adapters = databaseAdapters(database.handle, clock);
    expect(adapters.suppliers.find("hotel", "house")).toBe(adapters.hotels);
    expect(adapters.suppliers.find("intHotel", "house")).toBe(adapters.hotels);
    const stay = stayFrom(70, 1);
    await setStay(double.id, stay, 2, 0);
    const offer = await offerFor(darvishi, "double", stay);
    const hold = await adapters.hotels.hold(offer.offerId, 1, until(1), held(offer));
    expect(hold.ok).toBe(true);
    now = new Date(now.getTime() + 2 * MINUTE);
    expect((await holdExpiryJob(adapters, clock)()).orphanHolds).toBeGreaterThanOrEqual(1);
    expect(await soldOn(double.id, stay)).toEqual([0]);
  });
});
