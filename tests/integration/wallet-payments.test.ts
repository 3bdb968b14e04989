/**
 * Money into and out of the wallet through payments (issue 10), over HTTP on the real server and
 * the sandbox bank: a top-up credited once however often its callback is replayed, a cancelled
 * one credited never, a booking paid from the wallet alone (once, for two clicks at once), a
 * refusal that moves nothing, and split payments whose wallet part is held, then taken with the
 * card part or given back once (cancelled at the bank, or the booking's hold ran out).
 */
import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLedgerRepository } from "#adapters/db/ledger-repository.ts";
import { ledgerTransactions, payments, sandboxBankPayments, smsMessages } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { tehranDayStart } from "#core/accounts/otp.ts";
import { expireDueBookings } from "#core/booking/place-flight-booking.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { databaseAdapters, holdExpiryJob, paymentReconciliationJob } from "#server/database-adapters.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
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

let mobileCounter = 0;
/** A number of its own per traveller, so no test sees another's codes, limits or wallet. */
const freshMobile = () => `0935${String(4_000_000 + ++mobileCounter).padStart(7, "0")}`;

interface Wallet {
  balance: number;
  credit: number;
  available: number;
  entries: { id: string; amount: number; kind: string; links: { booking?: string; payment?: string } }[];
}

describe.each(ENGINES)("wallet payments on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantId: string;
  // Nine in the morning in Tehran: the SMS budget's day is not crossed.
  let now = new Date(tehranDayStart(new Date()).getTime() + 9 * 3600_000);
  const clock = { now: () => now };
  const advanceMinutes = (count: number) => {
    now = new Date(now.getTime() + count * 60_000);
  };
  const date = addDays(tehranToday(now), 2);
  let jobs: { expire: () => Promise<unknown>; reconcile: () => Promise<unknown> };
  const ledger = () => createLedgerRepository(database.handle.db);

  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const send = (method: string, path: string, body: unknown, token?: string, type = "application/json") =>
    rawRequest(server.port, {
      method,
      path,
      headers: {
        "x-forwarded-for": `10.9.${mobileCounter % 250}.${Math.floor(Math.random() * 250)}`,
        ...(body === undefined ? {} : { "content-type": type }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
  const post = (path: string, body: unknown, token?: string) => send("POST", path, body, token);
  const form = (path: string, body: string) => send("POST", path, body, undefined, "application/x-www-form-urlencoded");

  async function signIn(): Promise<string> {
    const mobile = freshMobile();
    expect((await post("/api/v1/auth/otp", { mobile })).status).toBe(202);
    const [sms] = await database.handle.db
      .select({ text: smsMessages.text })
      .from(smsMessages)
      .where(eq(smsMessages.mobile, mobile))
      .orderBy(desc(smsMessages.createdAt))
      .limit(1);
    const code = /#(\d{6})\s*$/.exec(sms?.text ?? "")?.[1] ?? "";
    const verified = await post("/api/v1/auth/verify", { mobile, code });
    expect(verified.status, verified.body).toBe(200);
    return json<{ token: string }>(verified).token;
  }

  const walletOf = async (token: string) => {
    const answer = await send("GET", "/api/v1/me/wallet", undefined, token);
    expect(answer.status, answer.body).toBe(200);
    return json<Wallet>(answer);
  };

  /** The buyer acts at the sandbox bank; the bank's page posts back across sites (no cookie, no token of ours). */
  async function atBank(redirectUrl: string, action: "pay" | "cancel"): Promise<string> {
    const acted = await form(new URL(redirectUrl).pathname, `action=${action}`);
    const back = bankForm(acted.body);
    expect(new URL(back.action).pathname).toBe("/payment/callback/sandbox");
    return new URLSearchParams(back.fields).toString();
  }
  const callback = (body: string) => form("/payment/callback/sandbox", body);

  async function startTopUp(token: string, amount: number) {
    const started = await post("/api/v1/me/wallet/topup", { amount, gateway: "sandbox" }, token);
    expect(started.status, started.body).toBe(200);
    return json<{ redirectUrl: string; payment: { hashId: string; amount: number } }>(started);
  }

  async function topUp(token: string, amount: number): Promise<void> {
    const started = await startTopUp(token, amount);
    expect((await callback(await atBank(started.redirectUrl, "pay"))).status).toBe(303);
  }

  async function heldBooking(token: string): Promise<{ hashId: string; reference: string; total: number; id: string }> {
    const search = await send("GET", `/api/v1/flights/search?from=THR&to=SYZ&date=${date}&adults=1`, undefined);
    const offer = json<{ offers: { offerId: string }[] }>(search).offers[0]!;
    const created = await post(
      "/api/v1/bookings",
      {
        offerId: offer.offerId,
        passengers: [
          { type: "adult", firstName: "علی", lastName: "رضایی", gender: "male", birthDate: "1990-05-01", nationalCode: "0499370899" },
        ],
        contact: { mobile: "09121234567" },
      },
      token,
    );
    expect(created.status, created.body).toBe(201);
    const booking = json<{ hashId: string; reference: string; total: number }>(created);
    const id = (await databaseAdapters(database.handle).bookings.findByHashId(tenantId, booking.hashId))!.id;
    return { ...booking, id };
  }

  const bookingStatus = async (hashId: string, token: string) =>
    json<{ status: string }>(await send("GET", `/api/v1/bookings/${hashId}`, undefined, token)).status;
  const transactionsLike = (pattern: string) =>
    database.handle.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.tenantId, tenantId), like(ledgerTransactions.idempotencyKey, pattern)));
  const systemBalance = async (kind: "revenue" | "wallet_holds" | "gateway_clearing") =>
    (await ledger().balance((await ledger().systemAccount(tenantId, kind)).id)).balance;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate: addDays(date, -1), days: 3 }),
    });
    // Search answers only for places it knows.
    await seedPlaces(database.handle.db, referencePlaces());
    server = await startTestServer(database.handle, { TRUST_PROXY: "loopback" }, { clock });
    // The worker's jobs, on the same clock as the server.
    const adapters = databaseAdapters(database.handle, clock);
    jobs = { expire: holdExpiryJob(adapters, clock), reconcile: paymentReconciliationJob(adapters, clock) };
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("a top-up whose callback is replayed 40 times credits the wallet once; the ledger still sums to zero", async () => {
    const token = await signIn();
    const started = await startTopUp(token, 500_000);
    expect(started.payment.amount).toBe(500_000);
    const [bank] = await database.handle.db
      .select()
      .from(sandboxBankPayments)
      .where(eq(sandboxBankPayments.orderId, started.payment.hashId));
    expect(bank?.amountRials).toBe(5_000_000);
    const body = await atBank(started.redirectUrl, "pay");
    const answers = await Promise.all(Array.from({ length: 40 }, () => callback(body)));
    expect(answers.every((answer) => answer.status === 303)).toBe(true);
    // Callbacks that arrive while another is settling read "processing"; every one leads to the payment's page.
    expect(
      answers.every((answer) => String(answer.headers.location).startsWith(`/payment/paymentp/wallet/${started.payment.hashId}/`)),
    ).toBe(true);
    // Replayed later, it only reads the result.
    const location = String((await callback(body)).headers.location);
    expect(location).toBe(`/payment/paymentp/wallet/${started.payment.hashId}/credited`);

    const wallet = await walletOf(token);
    expect(wallet.balance).toBe(500_000);
    expect(wallet.entries).toHaveLength(1);
    expect(wallet.entries[0]).toMatchObject({
      amount: 500_000,
      kind: "topup",
      links: { payment: `/payment?hash=${started.payment.hashId}` },
    });
    expect(await transactionsLike(`topup:%`)).toHaveLength(1);
    expect(await ledger().sumAll(tenantId)).toBe(0);

    // The result page is the owner's, and leads back to the wallet rather than to a booking.
    const page = await send("GET", location, undefined, token);
    expect(page.status).toBe(200);
    expect(page.body).toContain('href="/account/wallet"');
    // The wallet page links the top-up's entry to that result page.
    const walletPage = await send("GET", "/account/wallet", undefined, token);
    expect(walletPage.body).toContain(`href="/payment/paymentp/wallet/${started.payment.hashId}"`);
    expect((await send("GET", location, undefined, await signIn())).status).toBe(404);
    // Limits: below the minimum, above the maximum, a fraction.
    for (const amount of [9_999, 50_000_001, 10_000.5]) {
      const refused = await post("/api/v1/me/wallet/topup?lang=en", { amount, gateway: "sandbox" }, token);
      expect(refused.status).toBe(422);
      expect(json<{ error: { code: string; fields: { field: string; code: string; message: string }[] } }>(refused).error).toMatchObject({
        code: "VALIDATION_FAILED",
        fields: [{ field: "amount", code: "AMOUNT_INVALID", message: expect.stringContaining("10000") }],
      });
    }
    const unknownGateway = await post("/api/v1/me/wallet/topup", { amount: 10_000, gateway: "no-such-bank" }, token);
    expect(unknownGateway.status).toBe(422);
    expect(json<{ error: { code: string } }>(unknownGateway).error.code).toBe("GATEWAY_UNAVAILABLE");
    expect((await post("/api/v1/me/wallet/topup", { amount: 10_000 })).status).toBe(401);
  });

  it("a top-up cancelled at the bank credits nothing, even when its callback is forged as paid", async () => {
    const token = await signIn();
    const started = await startTopUp(token, 200_000);
    const body = await atBank(started.redirectUrl, "cancel");
    const back = await callback(body);
    expect(String(back.headers.location)).toMatch(/\/cancelled$/);
    expect((await callback(body.replace("status=NOK", "status=OK"))).headers.location).toBe(back.headers.location);
    const wallet = await walletOf(token);
    expect(wallet).toMatchObject({ balance: 0, entries: [] });
    const [row] = await database.handle.db.select().from(payments).where(eq(payments.hashId, started.payment.hashId));
    expect(row?.status).toBe("cancelled");
    expect(await ledger().sumAll(tenantId)).toBe(0);
  });

  it("pays a booking from the wallet alone: two clicks at once pay once, and the ticket is issued", async () => {
    const token = await signIn();
    const booking = await heldBooking(token);
    await topUp(token, booking.total + 1_000);
    const revenueBefore = await systemBalance("revenue");
    const answers = await Promise.all(
      [0, 1].map(() => post(`/api/v1/bookings/${booking.hashId}/pay`, { walletAmount: booking.total }, token)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0], answers.map((answer) => answer.body).join(" | ")).toBe(200);
    // The second click either read the same result or was told the booking is paid (or being paid).
    expect([200, 409]).toContain(statuses[1]);
    const paid = json<{ redirectUrl: string; payment: { gateway: string; walletAmount: number } }>(
      answers.find((answer) => answer.status === 200)!,
    );
    expect(paid.payment).toMatchObject({ gateway: "wallet", walletAmount: booking.total });
    expect(new URL(paid.redirectUrl).pathname).toMatch(new RegExp(`^/payment/paymentp/${booking.reference}/[A-Za-z0-9_-]{22}/issued$`));

    expect(await bookingStatus(booking.hashId, token)).toBe("issued");
    expect((await walletOf(token)).balance).toBe(1_000);
    expect(await transactionsLike(`booking:${booking.id}`)).toHaveLength(1);
    expect(await systemBalance("revenue")).toBe(revenueBefore + booking.total);
    const rows = await database.handle.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows.filter((row) => row.status === "verified")).toHaveLength(1);
    // Paid: a third click is refused and nothing moves.
    expect((await post(`/api/v1/bookings/${booking.hashId}/pay`, { walletAmount: booking.total }, token)).status).toBe(409);
    expect((await walletOf(token)).balance).toBe(1_000);
    expect(await ledger().sumAll(tenantId)).toBe(0);
  });

  it("refuses a wallet that does not cover the total (409, nothing moves), a wrong amount, a guest and another account", async () => {
    const token = await signIn();
    const booking = await heldBooking(token);
    await topUp(token, 10_000);
    const short = await post(`/api/v1/bookings/${booking.hashId}/pay`, { walletAmount: booking.total }, token);
    expect(short.status, short.body).toBe(409);
    expect(json<{ error: { code: string } }>(short).error.code).toBe("INSUFFICIENT_FUNDS");
    expect((await walletOf(token)).balance).toBe(10_000);
    expect(await bookingStatus(booking.hashId, token)).toBe("held");
    expect(await database.handle.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(0);
    // Alone, the wallet must pay the whole total.
    const partial = await post(`/api/v1/bookings/${booking.hashId}/pay`, { walletAmount: 5_000 }, token);
    expect(partial.status).toBe(422);
    expect(json<{ error: { code: string } }>(partial).error.code).toBe("WALLET_AMOUNT_INVALID");
    // A booking of an account is another account's 404; a guest's booking has no wallet to pay it.
    expect((await post(`/api/v1/bookings/${booking.hashId}/pay`, { walletAmount: booking.total }, await signIn())).status).toBe(404);
    const guest = await heldBooking("");
    expect((await post(`/api/v1/bookings/${guest.hashId}/pay`, { walletAmount: guest.total })).status).toBe(401);
    expect((await post(`/api/v1/bookings/${guest.hashId}/pay`, { walletAmount: guest.total }, token)).status).toBe(403);
    expect(await ledger().sumAll(tenantId)).toBe(0);
  });

  it("a split whose card part is cancelled gives the hold back once, and paying again still works", async () => {
    const token = await signIn();
    const booking = await heldBooking(token);
    await topUp(token, 100_000);
    const started = await post(`/api/v1/bookings/${booking.hashId}/pay`, { gateway: "sandbox", walletAmount: 100_000 }, token);
    expect(started.status, started.body).toBe(200);
    const { redirectUrl, payment } = json<{ redirectUrl: string; payment: { hashId: string; walletAmount: number } }>(started);
    expect(payment.walletAmount).toBe(100_000);
    // The bank is asked for the rest only; the wallet part is held meanwhile.
    const [bank] = await database.handle.db.select().from(sandboxBankPayments).where(eq(sandboxBankPayments.orderId, payment.hashId));
    expect(bank?.amountRials).toBe((booking.total - 100_000) * 10);
    expect((await walletOf(token)).balance).toBe(0);

    const body = await atBank(redirectUrl, "cancel");
    await Promise.all(Array.from({ length: 5 }, () => callback(body)));
    expect((await walletOf(token)).balance).toBe(100_000);
    expect(await transactionsLike(`release:%`).then((rows) => rows.filter((row) => row.bookingId === booking.id))).toHaveLength(1);
    expect(await bookingStatus(booking.hashId, token)).toBe("held");
    // Reconciliation later finds nothing more to give back.
    advanceMinutes(20);
    await jobs.reconcile();
    expect((await walletOf(token)).balance).toBe(100_000);

    const again = json<{ redirectUrl: string }>(
      await post(`/api/v1/bookings/${booking.hashId}/pay`, { gateway: "sandbox", walletAmount: 100_000 }, token),
    );
    expect(String((await callback(await atBank(again.redirectUrl, "pay"))).headers.location)).toMatch(/\/issued$/);
    expect(await bookingStatus(booking.hashId, token)).toBe("issued");
    expect((await walletOf(token)).balance).toBe(0);
    expect(await ledger().sumAll(tenantId)).toBe(0);
  });

  it("a split whose card part is verified: the hold goes to revenue, the bank took the rest, the booking is issued", async () => {
    const token = await signIn();
    const booking = await heldBooking(token);
    await topUp(token, 250_000);
    const revenueBefore = await systemBalance("revenue");
    const started = json<{ redirectUrl: string; payment: { hashId: string } }>(
      await post(`/api/v1/bookings/${booking.hashId}/pay`, { gateway: "sandbox", walletAmount: 200_000 }, token),
    );
    expect((await walletOf(token)).available).toBe(50_000);
    const body = await atBank(started.redirectUrl, "pay");
    await Promise.all(Array.from({ length: 10 }, () => callback(body)));
    expect(await bookingStatus(booking.hashId, token)).toBe("issued");
    expect(await systemBalance("revenue")).toBe(revenueBefore + 200_000);
    expect(await transactionsLike(`capture:%`).then((rows) => rows.filter((row) => row.bookingId === booking.id))).toHaveLength(1);
    expect(await transactionsLike(`release:%`).then((rows) => rows.filter((row) => row.bookingId === booking.id))).toHaveLength(0);
    const [bank] = await database.handle.db
      .select()
      .from(sandboxBankPayments)
      .where(eq(sandboxBankPayments.orderId, started.payment.hashId));
    expect(bank).toMatchObject({ status: "verified", amountRials: (booking.total - 200_000) * 10 });
    expect((await walletOf(token)).balance).toBe(50_000);
    // The result page names both parts.
    const page = await send("GET", `/payment?hash=${started.payment.hashId}`, undefined, token);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/[A-Z0-9]{2}-\d{10}/);
    expect(await ledger().sumAll(tenantId)).toBe(0);
  });

  it("a split whose booking's hold runs out gives the hold back once, through the expiry job and reconciliation alike", async () => {
    const token = await signIn();
    const booking = await heldBooking(token);
    await topUp(token, 150_000);
    const started = json<{ redirectUrl: string; payment: { hashId: string } }>(
      await post(`/api/v1/bookings/${booking.hashId}/pay`, { gateway: "sandbox", walletAmount: 150_000 }, token),
    );
    expect((await walletOf(token)).balance).toBe(0);
    // The buyer never comes back from the bank; the hold (stretched over the bank's deadline) runs out.
    advanceMinutes(60);
    await Promise.all([jobs.expire(), jobs.expire()]);
    await jobs.reconcile();
    await jobs.expire();
    expect(await bookingStatus(booking.hashId, token)).toBe("expired");
    expect((await walletOf(token)).balance).toBe(150_000);
    expect(await transactionsLike(`release:%`).then((rows) => rows.filter((row) => row.bookingId === booking.id))).toHaveLength(1);
    const [row] = await database.handle.db.select().from(payments).where(eq(payments.hashId, started.payment.hashId));
    expect(row?.status).toBe("cancelled");
    expect(await systemBalance("wallet_holds")).toBe(0);
    expect(await ledger().sumAll(tenantId)).toBe(0);
  });

  it("a hold the expiry job did not get to release (it stopped right after expiring the booking) is released by reconciliation", async () => {
    const token = await signIn();
    const booking = await heldBooking(token);
    await topUp(token, 120_000);
    const started = json<{ payment: { hashId: string } }>(
      await post(`/api/v1/bookings/${booking.hashId}/pay`, { gateway: "sandbox", walletAmount: 120_000 }, token),
    );
    // As if the bank was never reached: the payment is still "created" with its wallet part held.
    await database.handle.db.update(payments).set({ status: "created" }).where(eq(payments.hashId, started.payment.hashId));
    advanceMinutes(60);
    // The expiry without its last step: the booking expires and gives its seats back, nothing more.
    const adapters = databaseAdapters(database.handle, clock);
    await expireDueBookings({ bookings: adapters.bookings, clock, releaseHold: async () => {} });
    expect(await bookingStatus(booking.hashId, token)).toBe("expired");
    expect((await walletOf(token)).balance).toBe(0);
    await Promise.all([jobs.reconcile(), jobs.reconcile()]);
    expect((await walletOf(token)).balance).toBe(120_000);
    const [row] = await database.handle.db.select().from(payments).where(eq(payments.hashId, started.payment.hashId));
    expect(row?.status).toBe("cancelled");
    expect(await transactionsLike(`release:%`).then((rows) => rows.filter((release) => release.bookingId === booking.id))).toHaveLength(1);
    expect(await ledger().sumAll(tenantId)).toBe(0);
  });
});
