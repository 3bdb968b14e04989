/**
 * Auto-reserve (issue 22 §2) on the real adapters with a fixed clock and the house flight
 * inventory changed by SQL: seats opening on a sold-out flight are bought once from the wallet
 * (two job runs at once), only the fare is taken below the cap, nothing is held when the wallet no
 * longer covers the cap, and items that cannot succeed end with an SMS.
 */
import { and, desc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autoReserves, bookings, flightFares, smsMessages, watchEvents } from "#adapters/db/schema.ts";
import { tehranDayStart } from "#core/accounts/otp.ts";
import { createAutoReserve } from "#core/alerts/auto-reserve.ts";
import { watchSources, type WatchOffer } from "#core/alerts/watch.ts";
import { testBus, testBusSupplier } from "#core/buses/test-buses.ts";
import { walletAvailable } from "#core/payments/wallet-part.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { debitWallet } from "#core/wallet/wallet.ts";
import { databaseAdapters } from "#server/database-adapters.ts";
import { autoReserveJob } from "#server/watch-purchase-jobs.ts";
import { AUTO_RESERVE } from "#server/worker/jobs.ts";
import { startWorker, type JobWorker } from "#server/worker/start-worker.ts";
import { seedWatchedFlights, travellerWithWallet } from "../support/travellers.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { setFlightFareSeats } from "../support/inventory.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

let mobileCounter = 0;
const freshMobile = () => `0936${String(5_000_000 + ++mobileCounter).padStart(7, "0")}`;

describe.each(ENGINES)("auto-reserve on %s", (engine) => {
  let database: TestDatabase;
  let tenantId: string;
  // Nine in the morning in Tehran, so the SMS budget's day is not crossed.
  let now = new Date(tehranDayStart(new Date()).getTime() + 9 * 3600_000);
  const clock = { now: () => now };
  const date = addDays(tehranToday(now), 2);
  let adapters: ReturnType<typeof databaseAdapters>;
  let job: ReturnType<typeof autoReserveJob>;
  // The route's offers as the watchers see them when the test begins: the test picks its flights from them.
  let offers: WatchOffer[];
  let server: Awaited<ReturnType<typeof startTestServer>>;

  const setFare = async (offerId: string, fare: { seats?: number; adultPrice?: number }) => {
    if (fare.seats !== undefined) await setFlightFareSeats(database.handle.db, [offerId], fare.seats);
    if (fare.adultPrice !== undefined)
      await database.handle.db.update(flightFares).set({ adultPrice: fare.adultPrice }).where(eq(flightFares.id, offerId));
  };

  const traveller = (walletAmount: number) => travellerWithWallet(adapters, { tenantId, mobile: freshMobile(), walletAmount, now });

  async function create(user: Awaited<ReturnType<typeof traveller>>, input: { offerId?: string; cap: number; timeFrom?: string }) {
    const created = await createAutoReserve(
      {
        tenantId,
        userId: user.account.id,
        locale: "fa",
        input: { service: "flight", from: "THR", to: "MHD", date, passengerIds: [user.passengerId], ...input },
      },
      { autoReserves: adapters.autoReserves, accounts: adapters.accounts, ledger: adapters.ledger, clock },
    );
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    return created.item;
  }

  const itemRow = async (id: string) => (await database.handle.db.select().from(autoReserves).where(eq(autoReserves.id, id)))[0]!;
  const smsTo = (mobile: string) => database.handle.db.select().from(smsMessages).where(eq(smsMessages.mobile, mobile));
  const bookingsOf = (userId: string) => database.handle.db.select().from(bookings).where(eq(bookings.userId, userId));
  const minutesLater = (count: number) => {
    now = new Date(now.getTime() + count * 60_000);
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    tenantId = await seedWatchedFlights(database.handle.db, date);
    adapters = databaseAdapters(database.handle, clock);
    job = autoReserveJob(adapters, clock);
    offers = await watchSources(adapters)
      .get("flight")!
      .search({ service: "flight", from: "THR", to: "MHD", date, party: { adults: 1, children: 0, infants: 0 } });
    expect(offers.length).toBeGreaterThanOrEqual(4);
    server = await startTestServer(database.handle, { TRUST_PROXY: "loopback" }, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const send = (method: string, path: string, body?: unknown, token?: string, language = "fa") =>
    rawRequest(server.port, {
      method,
      path,
      headers: {
        "x-forwarded-for": `10.7.${mobileCounter % 250}.${mobileCounter % 200}`,
        language,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  /** Signs in over the API as the traveller's mobile (the code read from the outbox). */
  async function tokenOf(mobile: string): Promise<string> {
    expect((await send("POST", "/api/v1/auth/otp", { mobile })).status).toBe(202);
    const [sms] = await database.handle.db
      .select({ text: smsMessages.text })
      .from(smsMessages)
      .where(eq(smsMessages.mobile, mobile))
      .orderBy(desc(smsMessages.createdAt))
      .limit(1);
    const code = /#(\d{6})\s*$/.exec(sms?.text ?? "")?.[1] ?? "";
    const verified = await send("POST", "/api/v1/auth/verify", { mobile, code });
    expect(verified.status, verified.body).toBe(200);
    return (JSON.parse(verified.body) as { token: string }).token;
  }

  it("seats opening on a sold-out flight are bought once from the wallet by two runs at once; only the fare is taken", async () => {
    const offer = offers[0]!;
    await setFare(offer.offerId, { seats: 0 });
    const cap = offer.total + 500_000;
    const user = await traveller(cap + 100_000);
    const item = await create(user, { offerId: offer.offerId, cap });

    // Sold out: the item waits and is looked at again in five minutes.
    await job();
    expect(await itemRow(item.id)).toMatchObject({ status: "waiting" });
    expect((await itemRow(item.id)).nextCheckAt.getTime()).toBe(now.getTime() + 5 * 60_000);

    // Seats open at a lower fare; two workers' runs look at the same moment.
    const fare = offer.total - 50_000;
    await setFare(offer.offerId, { seats: 3, adultPrice: fare });
    minutesLater(5);
    const before = await walletAvailable(adapters, tenantId, user.account.id);
    await Promise.all([job(), job()]);

    const row = await itemRow(item.id);
    expect(row).toMatchObject({ status: "booked" });
    const made = await bookingsOf(user.account.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ id: row.bookingId, status: "issued" });
    const total = made[0]!.total;
    expect(total).toBeLessThanOrEqual(cap);
    expect(before - (await walletAvailable(adapters, tenantId, user.account.id))).toBe(total);
    expect(await adapters.ledger.sumAll(tenantId)).toBe(0);

    // The ticket SMS and the item's own, once each.
    const texts = (await smsTo(user.mobile)).map((sms) => sms.text);
    expect(texts.filter((text) => text.includes("رزرو خودکار"))).toHaveLength(1);
    // The route in the traveller's words, not its airport codes.
    expect(texts.find((text) => text.includes("رزرو خودکار"))).toContain("تهران به مشهد");
    // The SMS links to the panel page on the agency's own host.
    expect(texts.find((text) => text.includes("رزرو خودکار"))).toMatch(/\nhttps:\/\/[a-z0-9.-]+\/account\/auto-reserve$/);
    expect(texts.filter((text) => text.includes(made[0]!.reference))).toHaveLength(2);
    const history = await adapters.autoReserves.history([item.id]);
    expect(history.get(item.id)!.map((event) => event.kind)).toEqual(["created", "booked", "sms"]);

    // Later runs change nothing.
    minutesLater(5);
    await job();
    expect(await bookingsOf(user.account.id)).toHaveLength(1);
  });

  it("two workers (startWorker) each sent the job: the item is booked once", async () => {
    const offer = offers[3]!;
    await setFare(offer.offerId, { seats: 0 });
    const cap = offer.total + 100_000;
    const user = await traveller(cap);
    const item = await create(user, { offerId: offer.offerId, cap });
    await setFare(offer.offerId, { seats: 2 });
    minutesLater(5);
    const log = pino({ level: "silent" });
    // Each worker has its own adapters, as two processes would; only the jobs the test sends run.
    const starts = await Promise.allSettled(
      [1, 2].map(() =>
        startWorker({
          database: database.handle,
          log,
          jobs: {
            expireHolds: async () => ({ expired: 0 }),
            rollFlightInventory: async () => undefined,
            autoReserve: autoReserveJob(databaseAdapters(database.handle, clock), clock),
          },
          options: { pollingIntervalSeconds: 0.5, shutdownGraceMs: 2_000, fireSchedules: false, runStartJobs: false },
        }),
      ),
    );
    const workers = starts.flatMap((start) => (start.status === "fulfilled" ? [start.value] : []));
    try {
      expect(workers, starts.map((start) => (start.status === "rejected" ? String(start.reason) : "started")).join("; ")).toHaveLength(2);
      const [first, second] = workers as [JobWorker, JobWorker];
      const ids = [await first.boss.send(AUTO_RESERVE, {}), await second.boss.send(AUTO_RESERVE, {})].filter(
        (id): id is string => id !== null,
      );
      expect(ids.length).toBeGreaterThanOrEqual(1);
      await expect
        .poll(
          async () =>
            (await Promise.all(ids.map((id) => first.boss.getJobById(AUTO_RESERVE, id)))).every((job) => job?.state === "completed"),
          {
            timeout: 20_000,
            interval: 50,
          },
        )
        .toBe(true);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(await itemRow(item.id)).toMatchObject({ status: "booked" });
    expect(await bookingsOf(user.account.id)).toHaveLength(1);
    expect(await adapters.ledger.sumAll(tenantId)).toBe(0);
  });

  it("nothing is held when the wallet no longer covers the cap: the item ends with an SMS", async () => {
    const offer = offers[1]!;
    await setFare(offer.offerId, { seats: 0 });
    const cap = offer.total + 10_000;
    const user = await traveller(cap);
    const item = await create(user, { offerId: offer.offerId, cap });
    // The traveller spends from the wallet meanwhile.
    await debitWallet(adapters.ledger, {
      tenantId,
      userId: user.account.id,
      amount: 20_000,
      to: "revenue",
      kind: "booking_payment",
      idempotencyKey: `test-spend:${user.account.id}`,
      reason: "another purchase",
      createdBy: "test",
      at: now,
    });
    await setFare(offer.offerId, { seats: 4 });
    minutesLater(5);
    await job();
    expect(await itemRow(item.id)).toMatchObject({ status: "ended", endedReason: "wallet" });
    expect(await bookingsOf(user.account.id)).toHaveLength(0);
    const { rows } = await database.handle.executeSql("select seats_available from flight_fares where id = $1", [offer.offerId]);
    expect(rows[0]?.seats_available).toBe(4);
    expect((await smsTo(user.mobile)).map((sms) => sms.text).join("\n")).toContain("کیف پول");
    expect(await adapters.ledger.sumAll(tenantId)).toBe(0);
  });

  it("an item whose cap is below every free fare ends; one whose date passed ends, each with one SMS", async () => {
    const offer = offers[2]!;
    const user = await traveller(offer.total);
    const below = await create(user, { offerId: offer.offerId, cap: offer.total - 1 });
    const late = await create(user, { timeFrom: "23:59", cap: offer.total });
    minutesLater(5);
    await job();
    expect(await itemRow(below.id)).toMatchObject({ status: "ended", endedReason: "cap-below-fares" });
    // Nothing departs at 23:59 or later: the window's item keeps waiting until its date passes.
    expect(await itemRow(late.id)).toMatchObject({ status: "waiting" });
    minutesLater(3 * 24 * 60);
    await job();
    await job();
    expect(await itemRow(late.id)).toMatchObject({ status: "ended", endedReason: "date-passed" });
    expect(await smsTo(user.mobile)).toHaveLength(2);
    const sent = await database.handle.db
      .select()
      .from(watchEvents)
      .where(and(eq(watchEvents.subjectId, late.id), eq(watchEvents.kind, "sms")));
    expect(sent).toHaveLength(1);
  });

  it("refuses an item when the wallet does not cover the cap, a past date, or a bus", async () => {
    const user = await traveller(100_000);
    const refused = await createAutoReserve(
      {
        tenantId,
        userId: user.account.id,
        locale: "en",
        input: { service: "bus", from: "THR", to: "MHD", date: addDays(date, -10), passengerIds: [user.passengerId], cap: 200_000 },
      },
      { autoReserves: adapters.autoReserves, accounts: adapters.accounts, ledger: adapters.ledger, clock },
    );
    expect(refused).toEqual({
      ok: false,
      errors: { date: "DATE_PAST", cap: "WALLET_BELOW_CAP" },
    });
  });

  it("API: not signed in is 401 with the spec's message in the visitor's language", async () => {
    const body = { route: { service: "flight", from: "THR", to: "MHD" }, date, passengerIds: [], cap: 1000 };
    const fa = await send("POST", "/api/v1/me/auto-reserves", body);
    expect(fa.status).toBe(401);
    expect(JSON.parse(fa.body)).toEqual({
      error: { code: "UNAUTHORIZED", message: "برای استفاده از سرویس رزرو خودکار ابتدا باید وارد شوید" },
    });
    const en = await send("POST", "/api/v1/me/auto-reserves", body, undefined, "en");
    expect(en.status).toBe(401);
    expect(JSON.parse(en.body)).toMatchObject({ error: { message: "You must log in first to use the automatic booking service" } });
    expect((await send("GET", "/api/v1/me/auto-reserves")).status).toBe(401);
  });

  it("API: adds, lists and removes an item; refusals on their fields; another account's item is 404", async () => {
    // Earlier tests moved the clock on: the API's dates are from today as it reads now.
    const date = addDays(tehranToday(now), 1);
    const user = await traveller(300_000);
    const token = await tokenOf(user.mobile);
    const refused = await send(
      "POST",
      "/api/v1/me/auto-reserves",
      { route: { service: "hotel", from: "THR", to: "MHD" }, date, passengerIds: ["nobody"], cap: 500_000, timeFrom: "25:00" },
      token,
      "en",
    );
    expect(refused.status, refused.body).toBe(422);
    const fields = (JSON.parse(refused.body) as { error: { fields: { field: string; code: string; message: string }[] } }).error.fields;
    expect(Object.fromEntries(fields.map((entry) => [entry.field, entry.code]))).toEqual({
      "route.service": "SERVICE_INVALID",
      timeFrom: "TIME_INVALID",
      passengerIds: "PASSENGER_UNKNOWN",
      cap: "WALLET_BELOW_CAP",
    });
    expect(fields.find((entry) => entry.field === "cap")?.message).toContain("300,000");

    const created = await send(
      "POST",
      "/api/v1/me/auto-reserves",
      {
        route: { service: "flight", from: "THR", to: "MHD" },
        date,
        timeFrom: "06:00",
        timeTo: "09:00",
        passengerIds: [user.passengerId],
        cap: 250_000,
      },
      token,
    );
    expect(created.status, created.body).toBe(201);
    const item = JSON.parse(created.body) as { id: string; status: string; history: { kind: string }[] };
    expect(item).toMatchObject({ status: "waiting", history: [{ kind: "created" }] });
    const listed = JSON.parse((await send("GET", "/api/v1/me/auto-reserves", undefined, token)).body) as { autoReserves: { id: string }[] };
    expect(listed.autoReserves.map((entry) => entry.id)).toEqual([item.id]);

    const other = await traveller(0);
    const otherToken = await tokenOf(other.mobile);
    expect((await send("DELETE", `/api/v1/me/auto-reserves/${item.id}`, undefined, otherToken)).status).toBe(404);
    expect((await send("DELETE", `/api/v1/me/auto-reserves/${item.id}`, undefined, token)).status).toBe(204);
    expect((await send("DELETE", `/api/v1/me/auto-reserves/${item.id}`, undefined, token)).status).toBe(404);
    expect(await itemRow(item.id)).toMatchObject({ status: "removed" });
  });

  it("API: an order at a desired price is refused when the balance does not cover it, placed, listed and cancelled", async () => {
    const date = addDays(tehranToday(now), 1);
    const user = await traveller(100_000);
    const token = await tokenOf(user.mobile);
    const order = { route: { service: "flight", from: "THR", to: "MHD" }, dateFrom: date, dateTo: date, adults: 1, latestAttempt: date };
    const refused = await send("POST", "/api/v1/me/desired-price-orders", { ...order, price: 150_000 }, token);
    expect(refused.status, refused.body).toBe(422);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { fields: [{ field: "price", code: "INSUFFICIENT_FUNDS" }] } });
    const placed = await send("POST", "/api/v1/me/desired-price-orders", { ...order, price: 80_000 }, token);
    expect(placed.status, placed.body).toBe(201);
    const { id } = JSON.parse(placed.body) as { id: string };
    expect(await walletAvailable(adapters, tenantId, user.account.id)).toBe(20_000);
    const listed = JSON.parse((await send("GET", "/api/v1/me/desired-price-orders", undefined, token)).body) as {
      orders: { id: string; status: string }[];
    };
    expect(listed.orders).toMatchObject([{ id, status: "open" }]);
    const other = await traveller(0);
    expect((await send("DELETE", `/api/v1/me/desired-price-orders/${id}`, undefined, await tokenOf(other.mobile))).status).toBe(404);
    expect((await send("DELETE", `/api/v1/me/desired-price-orders/${id}`, undefined, token)).status).toBe(204);
    expect(await walletAvailable(adapters, tenantId, user.account.id)).toBe(100_000);
    expect(await adapters.ledger.sumAll(tenantId)).toBe(0);
  });

  it("buys a bus for a woman with a seat the rules allow (never the first row, never beside another booking's man)", async () => {
    const day = addDays(tehranToday(now), 1);
    const bus = testBus({
      offerId: "bus-auto-reserve-1",
      departAt: `${day}T08:00:00+03:30`,
      arriveAt: `${day}T15:00:00+03:30`,
      price: { adult: 300_000, child: 300_000, infant: 0, total: 300_000 },
    });
    const buses = testBusSupplier([bus]);
    // Row 2's single seat (4) is free but beside nothing; a man of another booking sits in 5, so 6 is for men only.
    buses.taken.set(bus.offerId, { 5: "male" });
    // The job reads only the bus supplier's search, seat map and hold life cycle, which the in-memory one has.
    const suppliers = {
      find: (service: string, name: string) => (name === buses.name ? buses : adapters.suppliers.find(service as "bus", name)),
    };
    const busAdapters = { ...adapters, buses, suppliers } as unknown as typeof adapters;
    const user = await traveller(400_000);
    const woman = await adapters.accounts.savePassenger(
      user.account.id,
      {
        iranian: true,
        nationality: "IR",
        firstName: "مریم",
        lastName: "رضایی",
        gender: "female",
        birthDate: "1992-03-01",
        nationalCode: "0076229645",
        wheelchair: false,
      },
      now,
    );
    const created = await createAutoReserve(
      {
        tenantId,
        userId: user.account.id,
        locale: "en",
        input: { service: "bus", from: bus.from, to: bus.to, date: day, passengerIds: [woman.id], cap: 350_000 },
      },
      { autoReserves: adapters.autoReserves, accounts: adapters.accounts, ledger: adapters.ledger, clock },
    );
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    minutesLater(5);
    await autoReserveJob(busAdapters, clock)();

    const row = await itemRow(created.item.id);
    expect(row).toMatchObject({ status: "booked" });
    const booking = await adapters.bookings.findById(tenantId, row.bookingId!);
    expect(booking).toMatchObject({ status: "issued", price: { total: 300_000 } });
    const seats = (booking!.items[0]!.offer as { seats: { number: number; gender: string }[] }).seats;
    // Seats 1–3 are row 1, 5 is taken and 6 sits beside its man: the first seat she may have is 4.
    expect(seats).toEqual([{ number: 4, passenger: 0, gender: "female" }]);
    expect(await walletAvailable(adapters, tenantId, user.account.id)).toBe(100_000);
    expect(await adapters.ledger.sumAll(tenantId)).toBe(0);
  });
});
