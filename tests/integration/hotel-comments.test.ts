import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHotelComments } from "#adapters/db/hotel-comments.ts";
import { bookingItems, bookings, users } from "#adapters/db/schema.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { addDays } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

/** Today is the test's; stays end before or after it by the dates each test writes. */
const TODAY = "2031-05-06";
const clock = { now: () => new Date(`${TODAY}T10:00:00+03:30`) };

describe.each(ENGINES)("hotel comments on %s", (engine) => {
  let database: TestDatabase;
  let tenantId = "";
  let guestCount = 0;

  /** A user of the tenant, with a booking of `service` in `status` whose room at the hotel ends on `checkOut`. */
  async function guest(stay: { status: string; service?: string; hotelId?: string; checkOut: string } | null) {
    const db = database.handle.db;
    guestCount += 1;
    const [user] = await db
      .insert(users)
      .values({ tenantId, publicId: `${engine}-guest-${guestCount}`, mobile: `0912000${String(guestCount).padStart(4, "0")}` })
      .returning();
    if (stay) {
      const [booking] = await db
        .insert(bookings)
        .values({
          tenantId,
          service: stay.service ?? "hotel",
          reference: `HC${engine}${guestCount}`,
          hashId: `${engine}-hash-${guestCount}`,
          status: stay.status,
          holdExpiresAt: clock.now(),
          adults: 1,
          children: 0,
          infants: 0,
          baseTotal: 1_000_000,
          taxesTotal: 0,
          total: 1_000_000,
          contactMobile: user!.mobile,
          userId: user!.id,
          locale: "fa",
        })
        .returning();
      await db.insert(bookingItems).values({
        bookingId: booking!.id,
        position: 0,
        service: stay.service ?? "hotel",
        supplier: "house",
        offerId: "offer",
        holdId: "hold",
        seats: 1,
        offer: {
          hotelId: stay.hotelId ?? "darvishi-mashhad",
          city: "mashhad",
          checkIn: addDays(stay.checkOut, -2),
          checkOut: stay.checkOut,
        },
        baseTotal: 1_000_000,
        taxesTotal: 0,
      });
    }
    return user!.id;
  }

  const comment = (userId: string, text = "Clean and close to the shrine.") =>
    createHotelComments(database.handle.db, clock).add({
      tenantId,
      userId,
      city: "mashhad",
      hotelId: "darvishi-mashhad",
      author: "Sara",
      score: 9,
      text,
    });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    tenantId = (await tenantIdBySlug(database.handle.db, DEMO_TENANTS[0]!.tenant.slug))!;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("takes a comment only from a guest whose issued stay at that hotel is over, once", async () => {
    const stayed = await guest({ status: "issued", checkOut: TODAY });
    const added = await comment(stayed);
    expect(added).toMatchObject({ ok: true, comment: { hotelId: "darvishi-mashhad", author: "Sara", score: 9 } });
    expect(await comment(stayed, "Again")).toEqual({ ok: false, error: "ALREADY_COMMENTED" });
    for (const stay of [
      null,
      { status: "issued", checkOut: addDays(TODAY, 1) },
      { status: "paid", checkOut: addDays(TODAY, -3) },
      { status: "issued", hotelId: "razi-mashhad", checkOut: addDays(TODAY, -3) },
      { status: "issued", service: "bus", checkOut: addDays(TODAY, -3) },
    ])
      expect(await comment(await guest(stay)), JSON.stringify(stay)).toEqual({ ok: false, error: "NOT_STAYED" });
    // Abroad counts too.
    expect((await comment(await guest({ status: "issued", service: "intHotel", checkOut: addDays(TODAY, -1) }))).ok).toBe(true);
  });

  it("lists a hotel's comments newest first with their total", async () => {
    const comments = createHotelComments(database.handle.db, { now: () => new Date(clock.now().getTime() + 60_000) });
    const later = await comments.add({
      tenantId,
      userId: await guest({ status: "issued", checkOut: TODAY }),
      city: "mashhad",
      hotelId: "darvishi-mashhad",
      author: "Reza",
      score: 7,
      text: "Good breakfast.",
    });
    expect(later.ok).toBe(true);
    const page = await comments.list({ city: "mashhad", hotelId: "darvishi-mashhad" }, { limit: 2, offset: 0 });
    expect(page.total).toBe(3);
    expect(page.comments.map((entry) => entry.author)).toEqual(["Reza", "Sara"]);
    expect((await comments.list({ city: "mashhad", hotelId: "darvishi-mashhad" }, { limit: 2, offset: 2 })).comments).toHaveLength(1);
    expect(await comments.list({ city: "mashhad", hotelId: "razi-mashhad" }, { limit: 10, offset: 0 })).toEqual({ total: 0, comments: [] });
  });
});
