/**
 * Orders at a desired price (issue 22 §3) on the real adapters with a fixed clock and the house
 * flight inventory: the price is reserved when the order is placed, the cheapest offer at or below
 * it is bought and the reservation released (exact balances before and after), an order past its
 * latest attempt expires and is released exactly once with one SMS, and the ledger sums to zero.
 */
import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, desiredPriceOrders, ledgerTransactions, smsMessages } from "#adapters/db/schema.ts";
import { tehranDayStart } from "#core/accounts/otp.ts";
import { cancelDesiredPriceOrder, createDesiredPriceOrder, type DesiredPriceInput } from "#core/alerts/desired-price.ts";
import { watchSources, type WatchOffer } from "#core/alerts/watch.ts";
import { walletAvailable } from "#core/payments/wallet-part.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { databaseAdapters } from "#server/database-adapters.ts";
import { desiredPriceOrdersJob } from "#server/watch-purchase-jobs.ts";
import { seedWatchedFlights, travellerWithWallet } from "../support/travellers.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

let mobileCounter = 0;
const freshMobile = () => `0937${String(6_000_000 + ++mobileCounter).padStart(7, "0")}`;

describe.each(ENGINES)("orders at a desired price on %s", (engine) => {
  let database: TestDatabase;
  let tenantId: string;
  // Nine in the morning in Tehran, so the SMS budget's day is not crossed.
  let now = new Date(tehranDayStart(new Date()).getTime() + 9 * 3600_000);
  const clock = { now: () => now };
  const date = addDays(tehranToday(now), 2);
  let adapters: ReturnType<typeof databaseAdapters>;
  let job: ReturnType<typeof desiredPriceOrdersJob>;
  // The route's offers as the watchers see them when the test begins: the test picks its flights from them.
  let offers: WatchOffer[];

  const traveller = (walletAmount: number) => travellerWithWallet(adapters, { tenantId, mobile: freshMobile(), walletAmount, now });

  const orderDeps = () => ({ orders: adapters.desiredPriceOrders, accounts: adapters.accounts, ledger: adapters.ledger, clock });
  const place = (user: Awaited<ReturnType<typeof traveller>>, input: Partial<DesiredPriceInput> & { price: number }) =>
    createDesiredPriceOrder(
      {
        tenantId,
        userId: user.account.id,
        locale: "fa",
        newId: randomUUID,
        input: { service: "flight", from: "THR", to: "MHD", dateFrom: date, dateTo: date, adults: 1, latestAttempt: date, ...input },
      },
      orderDeps(),
    );
  async function create(user: Awaited<ReturnType<typeof traveller>>, input: Partial<DesiredPriceInput> & { price: number }) {
    const created = await place(user, input);
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    return created.order;
  }
  const available = (user: Awaited<ReturnType<typeof traveller>>) => walletAvailable(adapters, tenantId, user.account.id);
  const holds = async () => (await adapters.ledger.balance((await adapters.ledger.systemAccount(tenantId, "wallet_holds")).id)).balance;
  const releases = (orderId: string) =>
    database.handle.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.tenantId, tenantId), like(ledgerTransactions.idempotencyKey, `release:desired-price:${orderId}:%`)));

  const orderRow = async (id: string) =>
    (await database.handle.db.select().from(desiredPriceOrders).where(eq(desiredPriceOrders.id, id)))[0]!;
  const smsTo = (mobile: string) => database.handle.db.select().from(smsMessages).where(eq(smsMessages.mobile, mobile));
  const bookingsOf = (userId: string) => database.handle.db.select().from(bookings).where(eq(bookings.userId, userId));
  const minutesLater = (count: number) => {
    now = new Date(now.getTime() + count * 60_000);
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    tenantId = await seedWatchedFlights(database.handle.db, date);
    adapters = databaseAdapters(database.handle, clock);
    job = desiredPriceOrdersJob(adapters, clock);
    offers = await watchSources(adapters)
      .get("flight")!
      .search({ service: "flight", from: "THR", to: "MHD", date, party: { adults: 1, children: 0, infants: 0 } });
    expect(offers.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("reserves the price, buys the cheapest offer at or below it and releases the reservation: exact balances", async () => {
    const cheapest = offers[0]!;
    const price = cheapest.total + 20_000;
    const user = await traveller(price + 300_000);
    const holdsBefore = await holds();
    const order = await create(user, { price });
    expect(await available(user)).toBe(300_000);
    expect((await holds()) - holdsBefore).toBe(price);

    await Promise.all([job(), job()]);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "bought" });
    const made = await bookingsOf(user.account.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ id: row.bookingId, status: "issued", total: cheapest.total });
    // The reservation went back, and the wallet paid only the fare, never the price.
    expect(await available(user)).toBe(price + 300_000 - cheapest.total);
    expect(await holds()).toBe(holdsBefore);
    expect(await releases(order.id)).toHaveLength(1);
    expect((await smsTo(user.mobile)).filter((sms) => sms.text.includes("قیمت دلخواه"))).toHaveLength(1);
    expect(await adapters.ledger.sumAll(tenantId)).toBe(0);
  });

  it("an order with no offer at its price expires after its latest attempt, released exactly once with one SMS", async () => {
    const user = await traveller(400_000);
    const order = await create(user, { price: 1_000, latestAttempt: tehranToday(now) });
    expect(await available(user)).toBe(399_000);
    await job();
    expect(await orderRow(order.id)).toMatchObject({ status: "open" });
    // The day after the latest attempt (Tehran), however many runs look.
    minutesLater(24 * 60);
    await Promise.all([job(), job()]);
    minutesLater(5);
    await job();
    expect(await orderRow(order.id)).toMatchObject({ status: "expired" });
    expect(await available(user)).toBe(400_000);
    expect(await releases(order.id)).toHaveLength(1);
    expect((await smsTo(user.mobile)).filter((sms) => sms.text.includes("منقضی"))).toHaveLength(1);
    expect(await bookingsOf(user.account.id)).toHaveLength(0);
    expect(await adapters.ledger.sumAll(tenantId)).toBe(0);
  });

  it("the traveller cancels an open order: released once; a second cancel changes nothing", async () => {
    const user = await traveller(50_000);
    const order = await create(user, {
      price: 40_000,
      dateFrom: addDays(tehranToday(now), 1),
      dateTo: addDays(tehranToday(now), 1),
      latestAttempt: addDays(tehranToday(now), 1),
    });
    expect(await available(user)).toBe(10_000);
    const deps = { ...orderDeps(), payments: adapters.payments };
    expect(await cancelDesiredPriceOrder({ tenantId, userId: user.account.id, id: order.id }, deps)).toBe("cancelled");
    expect(await cancelDesiredPriceOrder({ tenantId, userId: user.account.id, id: order.id }, deps)).toBe("cancelled");
    expect(await available(user)).toBe(50_000);
    expect(await releases(order.id)).toHaveLength(1);
    // Another account's order is unknown.
    const other = await traveller(0);
    expect(await cancelDesiredPriceOrder({ tenantId, userId: other.account.id, id: order.id }, deps)).toBe("not-found");
    expect(await adapters.ledger.sumAll(tenantId)).toBe(0);
  });

  it("refuses an order the wallet does not cover (nothing reserved), or without enough saved passengers", async () => {
    const user = await traveller(100_000);
    const refused = await place(user, { price: 200_000, children: 1 });
    expect(refused).toMatchObject({ ok: false, errors: { price: "INSUFFICIENT_FUNDS", passengerIds: "PASSENGERS_NOT_ENOUGH" } });
    expect(await available(user)).toBe(100_000);
    const late = await place(user, { price: 50_000, latestAttempt: addDays(date, 1) });
    expect(late).toMatchObject({ ok: false, errors: { latestAttempt: "LATEST_AFTER_DATES" } });
  });
});
