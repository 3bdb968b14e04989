import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tourDepartures, tourHolds } from "#adapters/db/schema.ts";
import { tourOfferId } from "#core/tours/tour.ts";
import { createHouseTourSupplier } from "#adapters/suppliers/house/tour-supplier.ts";
import { addDays } from "#core/search/dates.ts";
import type { HeldTourOffer, TourOffer, TourRoom } from "#core/tours/tour.ts";
import { databaseAdapters, holdExpiryJob, rollTourInventory } from "#server/database-adapters.ts";
import { TOUR_DESTINATIONS } from "#seed/tours/destinations.ts";
import { TOUR_WINDOW_DAYS, houseTourPackages } from "#seed/tours/generate.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

/**
 * The clock is the test's: "today" is a fixed Tuesday in Tehran, and the inventory is rolled from
 * it. Each test books its own departure and sets the seats it relies on (capacity and seats sold),
 * never what the generator happened to leave on it.
 */
const TODAY = "2031-05-06";
const START = new Date(`${TODAY}T09:00:00+03:30`);
const MINUTE = 60_000;
const quiet = { info: () => {} };

/** Tehran to Kish by Kish Air for three nights: it leaves on Saturdays, Mondays, Wednesdays and Thursdays. */
const KISH = houseTourPackages().find((tour) => tour.packageId === "kish-tehran-flight-y9-3n")!;
/** The departure of a package on the first of its weekdays `weeks` weeks from today. */
function departureOf(packageId: string, weeks: number, weekday: number): string {
  let date = addDays(TODAY, weeks * 7);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== weekday) date = addDays(date, 1);
  return `${packageId}.${date}`;
}

const room = (adults: number, childrenWithBed = 0, childrenNoBed = 0, infants = 0): TourRoom => ({
  adults,
  childrenWithBed,
  childrenNoBed,
  infants,
});
function chosenOf(offer: TourOffer, rooms: TourRoom[]): HeldTourOffer {
  const seats = rooms.reduce((sum, each) => sum + each.adults + each.childrenWithBed + each.childrenNoBed, 0);
  return { ...offer, rooms: rooms.map((each) => ({ ...each, price: 0 })), ownFlight: null, seats, price: 0 };
}

describe.each(ENGINES)("the house tour supplier on %s", (engine) => {
  let database: TestDatabase;
  let now = START;
  const clock = { now: () => now };
  let supplier: ReturnType<typeof createHouseTourSupplier>;
  const until = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);

  async function setSeats(tourId: string, capacity: number, seatsSold: number) {
    const updated = await database.handle.db
      .update(tourDepartures)
      .set({ capacity, seatsSold })
      .where(eq(tourDepartures.id, tourId))
      .returning();
    if (updated.length !== 1) throw new Error(`no departure ${tourId}`);
  }
  async function seatsSold(tourId: string) {
    const [row] = await database.handle.db.select().from(tourDepartures).where(eq(tourDepartures.id, tourId));
    return row!.seatsSold;
  }
  async function offerOf(tourId: string, locale: "fa" | "en" = "en") {
    const details = await supplier.tour(tourId, locale);
    if (!details) throw new Error(`no tour ${tourId}`);
    const answer = await supplier.revalidate(tourOfferId(tourId, details.hotelOptions[0]!.hotelId), locale);
    if (!answer.ok) throw new Error(`${tourId}: ${answer.error}`);
    return answer.offer;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await rollTourInventory(database.handle, START, quiet);
    supplier = createHouseTourSupplier(database.handle.db, clock);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("rolls the departures in by their key: a second roll adds only the new day and keeps seats sold", async () => {
    const [first] = await database.handle.db
      .select()
      .from(tourDepartures)
      .where(eq(tourDepartures.id, departureOf(KISH.packageId, 9, 1)));
    await setSeats(first!.id, first!.capacity, first!.capacity);
    const before = (await database.handle.db.select({ id: tourDepartures.id }).from(tourDepartures)).length;
    const lastDay = addDays(TODAY, TOUR_WINDOW_DAYS);
    const added = houseTourPackages().filter((tour) => tour.weekdays.includes(new Date(`${lastDay}T12:00:00Z`).getUTCDay())).length;
    await rollTourInventory(database.handle, new Date(START.getTime() + 24 * 60 * MINUTE), quiet);
    expect((await database.handle.db.select({ id: tourDepartures.id }).from(tourDepartures)).length).toBe(before + added);
    expect(await seatsSold(first!.id)).toBe(first!.capacity);
  });

  it("searches departures of a scope by origin, destination, transport and dates, soonest first, with seats for the party", async () => {
    const tourId = departureOf(KISH.packageId, 2, 1);
    await setSeats(tourId, 30, 27);
    const query = {
      scope: "domestic" as const,
      from: "tehran",
      to: "kish",
      date: addDays(TODAY, 10),
      lastDate: addDays(TODAY, 24),
      locale: "en" as const,
    };
    const found = await supplier.searchTours(query);
    expect(found.length).toBeGreaterThan(5);
    expect(
      found.every((tour) => tour.from === "tehran" && tour.to === "kish" && tour.scope === "domestic" && tour.transport === "flight"),
    ).toBe(true);
    expect(found.every((tour) => tour.departureDate >= query.date && tour.departureDate <= query.lastDate && tour.seatsLeft >= 1)).toBe(
      true,
    );
    expect(found.map((tour) => tour.departAt)).toEqual(found.map((tour) => tour.departAt).sort((a, b) => Date.parse(a) - Date.parse(b)));
    const card = found.find((tour) => tour.tourId === tourId)!;
    expect(card.title).toBe("3 nights in Kish, by air");
    expect(card.carrier).toEqual({ code: "Y9", name: "Kish Air" });
    expect(card.seatsLeft).toBe(3);
    expect(card.image).toBe("/tour-images/kish.svg");
    expect(card.departAt).toMatch(/T\d\d:\d\d:00\+03:30$/);
    // The card's price is the cheapest double room of its hotels, and its stars span theirs.
    const details = (await supplier.tour(tourId, "en"))!;
    expect(card.fromPrice).toBe(Math.min(...details.hotelOptions.map((hotel) => hotel.prices.double)));
    expect(card.hotelCount).toBe(details.hotelOptions.length);
    expect(card.stars.min).toBe(Math.min(...details.hotelOptions.map((hotel) => hotel.stars)));
    // Four travellers do not fit three seats left.
    expect((await supplier.searchTours({ ...query, seats: 4 })).some((tour) => tour.tourId === tourId)).toBe(false);
    expect((await supplier.searchTours({ ...query, seats: 3 })).some((tour) => tour.tourId === tourId)).toBe(true);
    // By transport: Mashhad by train only.
    const byTrain = await supplier.searchTours({ scope: "domestic", to: "mashhad", transport: "train", date: TODAY });
    expect(byTrain.length).toBeGreaterThan(0);
    expect(byTrain.every((tour) => tour.transport === "train" && tour.to === "mashhad")).toBe(true);
    // Without a destination: every destination of the scope; in Persian, Persian titles.
    const everywhere = await supplier.searchTours({ scope: "domestic", date: TODAY });
    expect(new Set(everywhere.map((tour) => tour.to)).size).toBe(8);
    expect(everywhere.every((tour) => tour.departureDate <= addDays(TODAY, 30) && tour.visa === null)).toBe(true);
    expect(everywhere[0]!.title).toMatch(/^[۰-۹]+ شب /);
    // Abroad, with the visa an Iranian passport needs; a bad date finds nothing rather than failing.
    const istanbul = await supplier.searchTours({ scope: "international", from: "tehran", to: "istanbul", locale: "en", date: TODAY });
    expect(istanbul.length).toBeGreaterThan(0);
    expect(istanbul[0]!.visa).toMatchObject({ kind: "none", available: false });
    expect((await supplier.searchTours({ scope: "international", to: "dubai", date: TODAY }))[0]!.visa).toMatchObject({
      kind: "required",
      available: true,
    });
    expect(await supplier.searchTours({ scope: "domestic", date: "2031-02-30" })).toEqual([]);
    expect(await supplier.searchTours({ scope: "domestic", date: TODAY, seats: 0 })).toEqual([]);
  });

  it("gives a departure's page with its hotels and occupancy prices in the asked language", async () => {
    const tourId = departureOf(KISH.packageId, 3, 1);
    await setSeats(tourId, 20, 5);
    const english = (await supplier.tour(tourId, "en"))!;
    const persian = (await supplier.tour(tourId))!;
    expect(english.tourId).toBe(tourId);
    expect(english.hotelOptions.map((hotel) => hotel.hotelId)).toEqual(KISH.hotels.map((hotel) => hotel.hotelId));
    expect(english.hotelOptions.length).toBeGreaterThanOrEqual(2);
    expect(english.itinerary).toHaveLength(KISH.nights + 1);
    expect(english.itinerary[0]).toBe("From Tehran to Kish by air, transfer to the hotel");
    expect(persian.itinerary[0]).toBe("حرکت از تهران با هواپیما به کیش و انتقال به هتل");
    expect(persian.hotelOptions[0]!.name).toBe(KISH.hotels[0]!.names.fa);
    expect(english.fromAirports).toEqual(["THR"]);
    expect(english.toAirports).toEqual(["KIH"]);
    expect(english.refundable).toBe(true);
    expect(english.cancellationPolicy).toMatch(/10 days before departure/);
    for (const hotel of english.hotelOptions) {
      const { single, double, triple, childWithBed, childNoBed, infant } = hotel.prices;
      expect(single).toBeGreaterThan(double);
      expect(triple).toBeLessThanOrEqual(double);
      expect(childWithBed).toBeLessThan(double);
      expect(childNoBed).toBeLessThanOrEqual(childWithBed);
      expect(infant).toBeLessThan(childNoBed);
    }
    expect(await supplier.tour("kish-tehran-flight-y9-3n.2031-05-06")).toBeNull();
    expect(await supplier.tour("no such tour")).toBeNull();
  });

  it("lists destinations, origins and transports of each scope", async () => {
    const home = await supplier.destinations("domestic");
    expect(home.map((destination) => destination.city).sort()).toEqual(
      TOUR_DESTINATIONS.filter((destination) => destination.scope === "domestic")
        .map((destination) => destination.city)
        .sort(),
    );
    const kish = home.find((destination) => destination.city === "kish")!;
    expect(kish.countryCode).toBe("IR");
    expect(kish.departures).toBeGreaterThan(50);
    const cheapest = await supplier.searchTours({ scope: "domestic", to: "kish", date: TODAY, lastDate: addDays(TODAY, TOUR_WINDOW_DAYS) });
    expect(kish.fromPrice).toBe(Math.min(...cheapest.map((tour) => tour.fromPrice)));
    const abroad = await supplier.destinations("international");
    expect(abroad.map((destination) => destination.city).sort()).toEqual([
      "antalya",
      "dubai",
      "istanbul",
      "kuala-lumpur",
      "tbilisi",
      "yerevan",
    ]);
    expect(await supplier.origins("domestic")).toEqual(["ahvaz", "isfahan", "mashhad", "shiraz", "tabriz", "tehran", "yazd"]);
    expect(await supplier.origins("international")).toEqual(expect.arrayContaining(["tehran", "mashhad", "shiraz", "isfahan"]));
    expect(await supplier.transports("domestic")).toEqual(["flight", "train", "bus"]);
    expect(await supplier.transports("international")).toEqual(["flight"]);
  });

  it("revalidates an offer with its seats left, and refuses unknown, full and departed ones", async () => {
    const tourId = departureOf(KISH.packageId, 4, 1);
    await setSeats(tourId, 20, 5);
    const offer = await offerOf(tourId);
    expect(offer.offerId).toBe(tourOfferId(tourId, KISH.hotels[0]!.hotelId));
    expect(offer.seatsLeft).toBe(15);
    expect(offer.hotel.hotelId).toBe(KISH.hotels[0]!.hotelId);
    expect(offer.hotel.prices.double).toBeGreaterThan(0);
    expect(await supplier.revalidate(tourOfferId(tourId, "no-such-hotel"))).toEqual({ ok: false, error: "NOT_FOUND" });
    expect(await supplier.revalidate("tour1:nothing")).toEqual({ ok: false, error: "NOT_FOUND" });
    await setSeats(tourId, 20, 20);
    expect(await supplier.revalidate(offer.offerId)).toEqual({ ok: false, error: "SOLD_OUT" });
    expect((await supplier.hold(offer.offerId, 1, until(15))).ok).toBe(false);
    await setSeats(tourId, 20, 5);
    const gone = departureOf(KISH.packageId, 0, 4);
    await setSeats(gone, 20, 5);
    const goneOffer = await offerOf(gone);
    now = new Date(Date.parse(goneOffer.departAt) + MINUTE);
    try {
      expect(await supplier.revalidate(goneOffer.offerId)).toEqual({ ok: false, error: "SOLD_OUT" });
      expect(await supplier.hold(goneOffer.offerId, 1, until(15))).toEqual({ ok: false, error: "SOLD_OUT" });
      expect(
        (await supplier.searchTours({ scope: "domestic", to: "kish", date: gone.slice(-10) })).some((tour) => tour.tourId === gone),
      ).toBe(false);
    } finally {
      now = START;
    }
  });

  it("holds seats of a departure, extends, issues a voucher per traveller with their room, and cancels them back", async () => {
    const tourId = departureOf(KISH.packageId, 5, 1);
    await setSeats(tourId, 20, 10);
    const offer = await offerOf(tourId);
    // Two rooms: two adults and a child on an extra bed; one adult with an infant.
    const rooms = [room(2, 1), room(1, 0, 0, 1)];
    const held = await supplier.hold(offer.offerId, 4, until(15), chosenOf(offer, rooms));
    if (!held.ok) throw new Error(held.error);
    expect(held.hold).toMatchObject({ offerId: offer.offerId, seats: 4 });
    expect(await seatsSold(tourId)).toBe(14);
    expect((await offerOf(tourId)).seatsLeft).toBe(6);
    const extended = await supplier.extend(held.hold, until(30));
    expect(extended.ok && extended.hold.expiresAt).toBe(until(30).toISOString());
    const issued = await supplier.issue(held.hold, 5);
    if (!issued.ok) throw new Error(issued.error);
    expect(issued.tickets).toHaveLength(5);
    expect(issued.tickets.map((ticket) => ticket.passengerPosition)).toEqual([0, 1, 2, 3, 4]);
    // Adults first (room 1, room 1, room 2), then the child (room 1), then the infant (room 2).
    expect(issued.tickets.map((ticket) => ticket.placement)).toEqual(
      ["1", "1", "2", "1", "2"].map((number) => ({ confirmation: issued.tickets[0]!.pnr, room: number })),
    );
    expect(issued.tickets[0]!.pnr).toMatch(/^T[A-Z2-9]{7}$/);
    expect(new Set(issued.tickets.map((ticket) => ticket.ticketNumber)).size).toBe(5);
    // Asked again (a retried payment), the same vouchers.
    expect(await supplier.issue(held.hold, 5)).toEqual(issued);
    expect(await supplier.extend(held.hold, until(60))).toEqual({ ok: false, error: "HOLD_LOST" });
    expect(await supplier.cancel(issued.tickets)).toEqual({ ok: true });
    expect(await seatsSold(tourId)).toBe(10);
    expect(await supplier.cancel(held.hold)).toEqual({ ok: false, error: "CANCEL_FAILED" });
    expect(await supplier.issue({ ...held.hold, holdId: "not-a-hold" })).toEqual({ ok: false, error: "ISSUE_FAILED" });
    // Without usable rooms in the chosen offer, every voucher names the first room.
    const plain = await supplier.hold(offer.offerId, 2, until(15));
    if (!plain.ok) throw new Error(plain.error);
    const plainIssued = await supplier.issue(plain.hold);
    expect(plainIssued.ok && plainIssued.tickets.map((ticket) => ticket.placement?.room)).toEqual(["1", "1"]);
  });

  it("answers the package's refund terms counted from the group's departure", async () => {
    const tourId = departureOf(KISH.packageId, 6, 1);
    await setSeats(tourId, 20, 5);
    const offer = await offerOf(tourId);
    const terms = (await supplier.refundTerms(offer.offerId))!;
    expect(terms.rule).toMatchObject({ id: "tour-domestic", airlineCode: KISH.packageId, refundable: true, afterDeparturePercent: 100 });
    expect(terms.rule.windows).toHaveLength(3);
    expect(terms.departAt.toISOString()).toBe(new Date(offer.departAt).toISOString());
    expect(terms.cancelledByAirline).toBe(false);
    const antalya = houseTourPackages().find((tour) => tour.to === "antalya")!;
    const charter = departureOf(antalya.packageId, 6, antalya.weekdays[0]!);
    await setSeats(charter, 20, 5);
    const charterOffer = await offerOf(charter);
    expect(charterOffer.refundable).toBe(false);
    expect((await supplier.refundTerms(charterOffer.offerId))!.rule.refundable).toBe(false);
    expect(await supplier.refundTerms("tour1:nothing")).toBeNull();
  });

  it("releases lapsed holds and gives their seats back, on its own and in the hold-expiry job", async () => {
    const tourId = departureOf(KISH.packageId, 7, 1);
    await setSeats(tourId, 20, 10);
    const offer = await offerOf(tourId);
    const first = await supplier.hold(offer.offerId, 2, until(15));
    const second = await supplier.hold(offer.offerId, 3, until(15));
    if (!first.ok || !second.ok) throw new Error("not held");
    expect(await seatsSold(tourId)).toBe(15);
    now = new Date(START.getTime() + 20 * MINUTE);
    try {
      expect(await supplier.extend(first.hold, until(15))).toEqual({ ok: false, error: "HOLD_LOST" });
      expect(await supplier.releaseExpired()).toBeGreaterThanOrEqual(1);
      expect(await seatsSold(tourId)).toBe(10);
      const [row] = await database.handle.db.select().from(tourHolds).where(eq(tourHolds.id, first.hold.holdId));
      expect(row!.status).toBe("released");
      expect((await supplier.issue(second.hold)).ok).toBe(false);
      // The worker's sweep reaches the tour supplier too.
      const third = await supplier.hold(offer.offerId, 1, until(5));
      expect(third.ok).toBe(true);
      now = new Date(now.getTime() + 10 * MINUTE);
      const adapters = databaseAdapters(database.handle, clock);
      // One house supplier sells tours at home and abroad, for bookings of either service.
      expect(adapters.suppliers.find("tour", "house")).toBe(adapters.tours);
      expect(adapters.suppliers.find("intTour", "house")).toBe(adapters.tours);
      expect((await holdExpiryJob(adapters, clock)()).orphanHolds).toBeGreaterThanOrEqual(1);
      expect(await seatsSold(tourId)).toBe(10);
    } finally {
      now = START;
    }
  });

  it("never oversells a departure under a burst of holds for its last seats", async () => {
    const tourId = departureOf(KISH.packageId, 8, 1);
    const capacity = 30;
    await setSeats(tourId, capacity, 22);
    const offer = await offerOf(tourId);
    const attempts = await Promise.all(Array.from({ length: 25 }, () => supplier.hold(offer.offerId, 1, until(15))));
    const held = attempts.filter((attempt) => attempt.ok);
    expect(held).toHaveLength(8);
    for (const attempt of attempts) if (!attempt.ok) expect(attempt.error).toBe("CAPACITY_FULL");
    expect(await seatsSold(tourId)).toBe(capacity);
    const holds = await database.handle.db.select().from(tourHolds).where(eq(tourHolds.departureId, tourId));
    expect(holds.reduce((sum, hold) => sum + hold.seats, 0)).toBe(8);
    // Parties of different sizes for the last seats: never more than capacity.
    await setSeats(tourId, capacity, 0);
    await database.handle.db.update(tourHolds).set({ status: "cancelled" }).where(eq(tourHolds.departureId, tourId));
    const mixed = await Promise.all(Array.from({ length: 20 }, (_, index) => supplier.hold(offer.offerId, 1 + (index % 4), until(15))));
    const taken = mixed.flatMap((attempt) => (attempt.ok ? [attempt.hold.seats] : []));
    expect(taken.reduce((sum, seats) => sum + seats, 0)).toBe(await seatsSold(tourId));
    expect(await seatsSold(tourId)).toBeLessThanOrEqual(capacity);
    for (const attempt of mixed) if (!attempt.ok) expect(attempt.error).toBe("CAPACITY_FULL");
  });
});
