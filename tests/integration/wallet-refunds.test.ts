/**
 * Refunds to the wallet and the wallet page (issue 10), on each database engine, through the real
 * server: an account's issued booking is refunded to its wallet at once and exactly once (two
 * requests at the same moment credit it once, a retry after a half-done refund does not pay
 * again), a guest's booking cannot go to a wallet, and /account/wallet shows the account's own
 * entries with their bookings, in the page's language and digits, to nobody else.
 */
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountRepository } from "#adapters/db/account-repository.ts";
import { createLedgerRepository } from "#adapters/db/ledger-repository.ts";
import { bookingItems, bookings, flightFares, flightHolds, ledgerTransactions, refunds } from "#adapters/db/schema.ts";
import { createSessionRepository } from "#adapters/db/session-repository.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { formatNumber, localizeDigits } from "#core/i18n/messages.ts";
import type { Account } from "#core/accounts/account.ts";
import { hashSessionToken, newSessionToken } from "#core/accounts/session-token.ts";
import { addDays, dateText, tehranToday } from "#core/search/dates.ts";
import { creditWallet } from "#core/wallet/wallet.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const CSRF = "c".repeat(43);

interface Quote {
  paid: number;
  penalty: number;
  refundAmount: number;
}
interface ErrorBody {
  error: { code: string; fields?: { field: string; code: string }[] };
}

/** The hidden fields and action of the auto-submitting form a bank page answers with. */
function bankForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const fields = Object.fromEntries(
    [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, "&")]),
  );
  return { action, fields };
}

describe.each(ENGINES)("refunds to the wallet and the wallet page on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantId: string;
  // The server's clock, fixed, so the page's dates can be told in advance.
  const now = new Date();
  const clock = { now: () => now };
  const date = addDays(tehranToday(now), 3);
  let mobiles = 0;

  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const get = (path: string, cookie?: string) => rawRequest(server.port, { path, ...(cookie ? { headers: { cookie } } : {}) });
  const post = (path: string, body: unknown, cookie?: string, type = "application/json") =>
    rawRequest(server.port, {
      method: "POST",
      path,
      headers: { "content-type": type, ...(cookie ? { cookie, "x-csrf-token": CSRF } : {}) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const ledger = () => createLedgerRepository(database.handle.db);
  const seatsOf = async (offerId: string) =>
    (await database.handle.db.select({ seats: flightFares.seatsAvailable }).from(flightFares).where(eq(flightFares.id, offerId)))[0]!.seats;
  const nextMobile = () => `0912555${String((mobiles += 1)).padStart(4, "0")}`;

  /** A signed-in browser of a new account: its session cookie and a CSRF cookie. */
  async function signedIn(mobile: string): Promise<{ account: Account; cookie: string }> {
    const { account } = await createAccountRepository(database.handle.db).findOrCreate({ tenantId, mobile, now: new Date() });
    const token = newSessionToken();
    await createSessionRepository(database.handle.db).create({
      tenantId,
      userId: account.id,
      tokenHash: await hashSessionToken(token),
      kind: "web",
      userAgent: null,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    return { account, cookie: `hs_session=${token}; hs_csrf=${CSRF}` };
  }

  /** A one-way booking for an adult with this contact mobile, paid at the sandbox bank as a guest, so issued. */
  async function issuedBooking(mobile: string, offerIndex: number): Promise<{ reference: string; hashId: string; offerId: string }> {
    const search = await get(`/api/v1/flights/search?from=THR&to=MHD&date=${date}&adults=1`);
    // Only fares that can be refunded: the seeded rules include non-refundable ones.
    const refundable = new Set(REFUND_RULES.filter((rule) => rule.refundable).map((rule) => rule.id));
    const fares = await database.handle.db.select({ id: flightFares.id, rule: flightFares.refundRuleId }).from(flightFares);
    const ruleOf = new Map(fares.map((fare) => [fare.id, fare.rule]));
    const offers = json<{ offers: { offerId: string }[] }>(search).offers.filter((offer) =>
      refundable.has(ruleOf.get(offer.offerId) ?? ""),
    );
    const offerId = offers[offerIndex]!.offerId;
    const created = await post("/api/v1/bookings", {
      offerId,
      passengers: [
        {
          type: "adult",
          firstName: "علی",
          lastName: "رضایی",
          firstNameLatin: "Ali",
          lastNameLatin: "Rezaei",
          gender: "male",
          birthDate: "1990-05-17",
          nationalCode: "0499370899",
        },
      ],
      contact: { mobile },
    });
    expect(created.status, created.body).toBe(201);
    const booking = json<{ reference: string; hashId: string }>(created);
    const pay = await post(`/api/v1/bookings/${booking.hashId}/pay`, { gateway: "sandbox" });
    expect(pay.status, pay.body).toBe(200);
    const bankPath = new URL(json<{ redirectUrl: string }>(pay).redirectUrl).pathname;
    const form = bankForm((await post(bankPath, "action=pay", undefined, "application/x-www-form-urlencoded")).body);
    const back = await post(
      "/payment/callback/sandbox",
      new URLSearchParams(form.fields).toString(),
      undefined,
      "application/x-www-form-urlencoded",
    );
    expect(String(back.headers.location)).toMatch(/\/issued$/);
    return { ...booking, offerId };
  }

  /** An issued booking that belongs to a signed-in account (claimed the way a sign-in claims it). */
  async function ownedIssuedBooking(offerIndex: number) {
    const mobile = nextMobile();
    const owner = await signedIn(mobile);
    const booking = await issuedBooking(mobile, offerIndex);
    expect(await createAccountRepository(database.handle.db).attachGuestBookings(tenantId, owner.account.id, mobile)).toBe(1);
    return { owner, booking, seats: () => seatsOf(booking.offerId) };
  }

  async function walletOf(userId: string) {
    const wallet = await ledger().findWallet(tenantId, userId);
    if (!wallet) return { balance: 0, entries: 0 };
    return { balance: (await ledger().balance(wallet.id)).balance, entries: (await ledger().entries(wallet.id, { limit: 100 })).length };
  }

  const refundKeys = async () =>
    (
      await database.handle.db
        .select({ key: ledgerTransactions.idempotencyKey })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.tenantId, tenantId), like(ledgerTransactions.idempotencyKey, "refund:%")))
    ).map((row) => row.key);

  async function holdStatuses(hashId: string): Promise<string[]> {
    const [booking] = await database.handle.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.hashId, hashId));
    const holds = (
      await database.handle.db.select({ holdId: bookingItems.holdId }).from(bookingItems).where(eq(bookingItems.bookingId, booking!.id))
    ).map((row) => row.holdId);
    return (await database.handle.db.select({ status: flightHolds.status }).from(flightHolds).where(inArray(flightHolds.id, holds))).map(
      (row) => row.status,
    );
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate: addDays(date, -1), days: 3 }),
    });
    // Search answers only for places it knows.
    await seedPlaces(database.handle.db, referencePlaces());
    tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    server = await startTestServer(database.handle, {}, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("refunds an account's booking to its wallet at once and once: two requests together credit it once", async () => {
    const { owner, booking, seats } = await ownedIssuedBooking(0);
    const seatsIssued = await seats();
    const quoted = await post(`/api/v1/bookings/${booking.hashId}/refund-quote`, {}, owner.cookie);
    expect(quoted.status, quoted.body).toBe(200);
    const quote = json<Quote>(quoted);
    expect(quote.refundAmount).toBeGreaterThan(0);

    const answers = await Promise.all([0, 1].map(() => post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "wallet" }, owner.cookie)));
    // One refund: the other request is refused, or (arriving once the refund was recorded) finishes the same one.
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 200 || status === 409),
      answers.map((answer) => answer.body).join("\n"),
    ).toBe(true);
    const done = answers.find((answer) => answer.status === 200)!;
    expect(json(done)).toEqual({
      status: "refunded",
      refund: { paid: quote.paid, penalty: quote.penalty, amount: quote.refundAmount, destination: "wallet", status: "paid" },
    });

    // The money is in the wallet once, and the tenant's ledger still sums to zero.
    expect(await walletOf(owner.account.id)).toEqual({ balance: quote.refundAmount, entries: 1 });
    expect(await refundKeys()).toHaveLength(1);
    expect(await ledger().sumAll(tenantId)).toBe(0);
    // Recorded once, paid at once, with no Sheba.
    const rows = await database.handle.db
      .select()
      .from(refunds)
      .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
      .where(eq(bookings.hashId, booking.hashId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.refunds).toMatchObject({ destination: "wallet", status: "paid", sheba: null, amount: quote.refundAmount });
    expect(rows[0]!.refunds.paidAt).not.toBeNull();
    // Tickets cancelled with the supplier and the seat back on sale, once.
    expect(await holdStatuses(booking.hashId)).toEqual(["cancelled"]);
    expect(await seats()).toBe(seatsIssued + 1);
    const read = await get(`/api/v1/bookings/${booking.hashId}`, owner.cookie);
    expect(json<{ status: string; refund: { status: string; destination: string } }>(read)).toMatchObject({
      status: "refunded",
      refund: { status: "paid", destination: "wallet" },
    });

    // Asked again later: refused, nothing moves.
    const again = await post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "wallet" }, owner.cookie);
    expect(again.status).toBe(409);
    expect(json<ErrorBody>(again).error.code).toBe("NOT_REFUNDABLE_NOW");
    expect(await walletOf(owner.account.id)).toEqual({ balance: quote.refundAmount, entries: 1 });
  });

  it("finishes a wallet refund stopped after the credit without crediting it again", async () => {
    const { owner, booking, seats } = await ownedIssuedBooking(1);
    const refunded = await post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "wallet" }, owner.cookie);
    expect(refunded.status, refunded.body).toBe(200);
    const amount = json<{ refund: { amount: number } }>(refunded).refund.amount;
    const seatsAfter = await seats();
    // As if the process died between the ledger's credit and marking the refund paid.
    const [row] = await database.handle.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.hashId, booking.hashId));
    await database.handle.db.update(refunds).set({ status: "requested", paidAt: null }).where(eq(refunds.bookingId, row!.id));
    await database.handle.db.update(bookings).set({ status: "refund_requested" }).where(eq(bookings.id, row!.id));

    const retry = await post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "wallet" }, owner.cookie);
    expect(retry.status, retry.body).toBe(200);
    expect(json(retry)).toMatchObject({ status: "refunded", refund: { amount, destination: "wallet", status: "paid" } });
    expect(await walletOf(owner.account.id)).toEqual({ balance: amount, entries: 1 });
    expect(json<{ status: string }>(await get(`/api/v1/bookings/${booking.hashId}`, owner.cookie)).status).toBe("refunded");
    // The hold was cancelled already: no seat comes back twice.
    expect(await seats()).toBe(seatsAfter);
    expect(await ledger().sumAll(tenantId)).toBe(0);
  });

  it("refuses a guest's booking to a wallet (422), and offers only the card on /follow without an account", async () => {
    const booking = await issuedBooking(nextMobile(), 2);
    const refused = await post(`/api/v1/bookings/${booking.hashId}/refund?lang=en`, { to: "wallet" });
    expect(refused.status).toBe(422);
    expect(json<ErrorBody>(refused).error).toMatchObject({
      code: "DESTINATION_UNAVAILABLE",
      fields: [{ field: "to", code: "DESTINATION_UNAVAILABLE" }],
    });
    expect(json<{ status: string }>(await get(`/api/v1/bookings/${booking.hashId}`)).status).toBe("issued");

    const page = await get(`/en/follow?booking=${booking.hashId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(CATALOGS.en["follow.refund.sheba"]);
    expect(page.body).not.toContain('value="wallet"');
    // A forged choice of the wallet is refused and changes nothing.
    const forged = await post(
      "/en/follow",
      `csrf=${CSRF}&intent=refund&booking=${booking.hashId}&to=wallet&confirm=1`,
      `hs_csrf=${CSRF}`,
      "application/x-www-form-urlencoded",
    );
    expect(forged.status).toBe(409);
    expect(json<{ status: string }>(await get(`/api/v1/bookings/${booking.hashId}`)).status).toBe("issued");
  });

  it("offers the wallet on /follow to the booking's account and refunds to it from the form", async () => {
    const { owner, booking } = await ownedIssuedBooking(3);
    const page = await get(`/follow?booking=${booking.hashId}`, owner.cookie);
    expect(page.status).toBe(200);
    expect(page.body).toContain(CATALOGS.fa["wallet.refund.toWallet"]);
    expect(page.body).toContain(CATALOGS.fa["wallet.refund.toCard"]);
    expect(page.body).toMatch(/<input[^>]*type="radio"[^>]*name="to"[^>]*value="wallet"/);

    const sent = await post(
      "/follow",
      `csrf=${CSRF}&intent=refund&booking=${booking.hashId}&to=wallet&sheba=&confirm=1`,
      owner.cookie,
      "application/x-www-form-urlencoded",
    );
    expect(sent.status, sent.body).toBe(303);
    const quote = await walletOf(owner.account.id);
    expect(quote.entries).toBe(1);
    expect(quote.balance).toBeGreaterThan(0);
    const after = await get(String(sent.headers.location), owner.cookie);
    expect(after.body).toContain(CATALOGS.fa["wallet.refund.done"].replace("{amount}", formatNumber("fa", quote.balance)));
  });

  it("shows the wallet's entries with their bookings to its account only, in the page's language and digits", async () => {
    const { owner, booking } = await ownedIssuedBooking(4);
    const refunded = await post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "wallet" }, owner.cookie);
    expect(refunded.status, refunded.body).toBe(200);
    const amount = json<{ refund: { amount: number } }>(refunded).refund.amount;

    const fa = await get("/account/wallet", owner.cookie);
    expect(fa.status).toBe(200);
    expect(fa.headers["cache-control"]).toBe("no-store");
    expect(fa.headers["x-robots-tag"]).toBe("noindex");
    expect(fa.body).toContain('content="noindex, nofollow"');
    expect(fa.body).toContain(CATALOGS.fa["wallet.kind.refund"]);
    expect(fa.body).toContain(`href="/flight/factor/${booking.reference}/${booking.hashId}"`);
    // The amount with its sign (held left of the digits by an isolate) in Persian digits, the day in the Persian calendar.
    const persianAmount = CATALOGS.fa["booking.price.amount"].replace("{amount}", `\u2066+${formatNumber("fa", amount)}\u2069`);
    expect(persianAmount).toMatch(/[۰-۹]/);
    expect(fa.body).toContain(persianAmount);
    expect(fa.body).toContain('class="wallet-amount wallet-amount-in"');
    expect(fa.body).toContain(localizeDigits("fa", dateText(tehranToday(now), "persian")));
    expect(fa.body).toContain('href="/account/wallet/topup"');
    expect(fa.body).toContain(CATALOGS.fa["account.nav.wallet"]);

    const en = await get("/en/account/wallet", owner.cookie);
    expect(en.body).toContain(CATALOGS.en["wallet.kind.refund"]);
    expect(en.body).toContain(`href="/en/flight/factor/${booking.reference}/${booking.hashId}"`);
    expect(en.body).toContain(CATALOGS.en["booking.price.amount"].replace("{amount}", `\u2066+${formatNumber("en", amount)}\u2069`));
    expect(en.body).toContain(dateText(tehranToday(now), "gregorian"));
    expect(en.body).toContain('href="/en/account/wallet/topup"');

    // Another account sees its own, empty wallet: nothing of this one.
    const other = await signedIn(nextMobile());
    const theirs = await get("/account/wallet", other.cookie);
    expect(theirs.status).toBe(200);
    expect(theirs.body).not.toContain(booking.hashId);
    expect(theirs.body).not.toContain(booking.reference);
    expect(theirs.body).toContain(CATALOGS.fa["wallet.empty"]);

    // Signed out: to sign in, and back here afterwards; nothing cached.
    const signedOut = await get("/account/wallet?before=x");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.location).toBe(`/login?next=${encodeURIComponent("/account/wallet?before=x")}`);
    expect(signedOut.headers["cache-control"]).toBe("no-store");
  });

  it("pages the entries fifty at a time, newest first, with an older link", async () => {
    const traveller = await signedIn(nextMobile());
    // 51 top-ups a minute apart: amounts 1001…1051 tomans, the newest the largest.
    for (let index = 1; index <= 51; index += 1) {
      const at = new Date(now.getTime() - (52 - index) * 60_000);
      const posted = await creditWallet(ledger(), {
        tenantId,
        userId: traveller.account.id,
        amount: 1000 + index,
        kind: "topup",
        idempotencyKey: `test-topup:${traveller.account.id}:${index}`,
        reason: "test",
        createdBy: "test",
        at,
        from: "gateway_clearing",
      });
      expect(posted.ok).toBe(true);
    }
    const amounts = (html: string) =>
      [...html.matchAll(/class="wallet-amount wallet-amount-in"[\s\S]*?\u2066\+([0-9,]{5})\u2069 toman/g)].map((match) =>
        Number(match[1]!.replace(/,/g, "")),
      );
    const first = await get("/en/account/wallet", traveller.cookie);
    expect(first.status).toBe(200);
    expect(amounts(first.body)).toEqual(Array.from({ length: 50 }, (_, index) => 1051 - index));
    expect(first.body).toContain(CATALOGS.en["wallet.older"]);
    const older = /href="(\/en\/account\/wallet\?before=[^"]+)"/.exec(first.body)?.[1];
    expect(older).toBeDefined();
    const second = await get(older!.replace(/&amp;/g, "&"), traveller.cookie);
    expect(amounts(second.body)).toEqual([1001]);
    // No older page: the only link with a cursor would be an "older" one (the page's own address appears in its head).
    expect(second.body).not.toContain(CATALOGS.en["wallet.older"]);
    expect(second.body).toContain('href="/en/account/wallet"');
  });
});
