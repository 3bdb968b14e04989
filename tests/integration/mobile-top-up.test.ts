/**
 * Mobile top-up (issue 23 §3, §4) over HTTP on the real server, the sandbox bank and the sandbox
 * top-up provider: a top-up paid at the bank is delivered once however often the callback is
 * replayed; one the provider refuses after payment is refunded exactly once (callback replayed,
 * jobs run again); the wallet pays one whole, or part with the card; a crash between the bank's
 * verify and the delivery is finished by the job, once; the API's operators, refusals, idempotency
 * and an agency without the option.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLedgerRepository } from "#adapters/db/ledger-repository.ts";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import { ledgerTransactions, mobileCharges, payments, sandboxBankPayments, smsMessages, tenants } from "#adapters/db/schema.ts";
import { startFakeChargeReseller, type FakeChargeReseller } from "#adapters/topup/chargereseller/fake-chargereseller-server.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createSandboxTopupProvider } from "#adapters/topup/sandbox/sandbox-topup-provider.ts";
import { tehranDayStart } from "#core/accounts/otp.ts";
import type { PaymentDeps } from "#core/payments/deps.ts";
import { handleCallback } from "#core/payments/settle-payment.ts";
import type { TopupProvider, TopupProviders } from "#core/topup/ports.ts";
import { createChargeSettlement } from "#core/topup/settle-charge.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { databaseAdapters, paymentReconciliationJob } from "#server/database-adapters.ts";
import { bankForm } from "../support/sandbox-bank.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";
import { travellerWithWallet } from "../support/travellers.ts";

const CREDENTIALS_KEY = "e".repeat(64);
const WEBSERVICE = "7d0f3c2e-5b1a-4e8f-9c6d-2a4b8e1f0c37";

let counter = 0;
/** A number of its own per test (never ending in the sandbox's failing 0000 or 0009). */
const freshMobile = (prefix = "0912") => `${prefix}${String(3_100_000 + ++counter).padStart(7, "0")}`;

interface ChargeAnswer {
  hashId: string;
  status: string;
  amount: number;
  reference: string | null;
  pin: string | null;
  serial: string | null;
  dial: string | null;
  resultUrl: string;
}

describe.each(ENGINES)("mobile top-up on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantId: string;
  // Nine in the morning in Tehran: the SMS budget's day is not crossed.
  let now = new Date(tehranDayStart(new Date("2026-03-10T12:00:00Z")).getTime() + 9 * 3600_000);
  const clock = { now: () => now };
  const advanceMinutes = (count: number) => {
    now = new Date(now.getTime() + count * 60_000);
  };
  let reconcile: () => Promise<unknown>;
  let adapters: ReturnType<typeof databaseAdapters>;
  // Safar Nur (theme3.localhost) sells top-ups through Charge Reseller, here its local fake.
  let reseller: FakeChargeReseller;
  const NUR = "theme3.localhost";

  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  /** The one error envelope's inside. */
  const refusal = (response: RawResponse) =>
    json<{ error: { code: string; message: string; fields?: { field: string; code: string; message: string }[] } }>(response).error;
  const send = (method: string, path: string, body?: unknown, extra: Record<string, string> = {}, host?: string) =>
    rawRequest(server.port, {
      method,
      path,
      ...(host ? { host } : {}),
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...extra },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
  const form = (path: string, body: string, host?: string) =>
    rawRequest(server.port, {
      method: "POST",
      path,
      ...(host ? { host } : {}),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function signIn(mobile: string): Promise<string> {
    expect((await send("POST", "/api/v1/auth/otp", { mobile }, { "x-forwarded-for": `10.8.${counter % 250}.7` })).status).toBe(202);
    const sms = await database.handle.db.select({ text: smsMessages.text }).from(smsMessages).where(eq(smsMessages.mobile, mobile));
    const code = /#(\d{6})\s*$/.exec(sms.at(-1)?.text ?? "")?.[1] ?? "";
    const verified = await send("POST", "/api/v1/auth/verify", { mobile, code });
    expect(verified.status, verified.body).toBe(200);
    return json<{ token: string }>(verified).token;
  }

  /** The buyer pays at the sandbox bank; the callback's form body the bank posts back. */
  async function payAtBank(redirectUrl: string, host?: string): Promise<string> {
    const paid = await form(new URL(redirectUrl).pathname, "action=pay", host);
    const back = bankForm(paid.body);
    expect(back.fields.status).toBe("OK");
    return new URLSearchParams(back.fields).toString();
  }
  const callback = (body: string) => form("/payment/callback/sandbox", body);

  async function startAtGateway(body: Record<string, unknown>, token?: string) {
    const started = await send("POST", "/api/v1/topup", { gateway: "sandbox", ...body }, token ? bearer(token) : {});
    expect(started.status, started.body).toBe(201);
    return json<{ redirectUrl: string; charge: ChargeAnswer }>(started);
  }

  const chargeRow = async (hashId: string) =>
    (await database.handle.db.select().from(mobileCharges).where(eq(mobileCharges.hashId, hashId)))[0]!;
  const paymentOf = async (hashId: string) =>
    (
      await database.handle.db
        .select()
        .from(payments)
        .where(eq(payments.chargeId, (await chargeRow(hashId)).id))
    )[0]!;
  const smsTo = async (mobile: string) =>
    (await database.handle.db.select({ text: smsMessages.text }).from(smsMessages).where(eq(smsMessages.mobile, mobile))).map(
      (row) => row.text,
    );
  const keysLike = async (pattern: string) =>
    database.handle.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.tenantId, tenantId), like(ledgerTransactions.idempotencyKey, pattern)));
  const walletBalance = async (userId: string) => {
    const ledger = createLedgerRepository(database.handle.db);
    return (await ledger.balance((await ledger.walletOf(tenantId, userId)).id)).balance;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    reseller = await startFakeChargeReseller();
    reseller.addWebservice(WEBSERVICE);
    const nur = (await tenantIdBySlug(database.handle.db, "safar-nur"))!;
    await createCredentialStore(database.handle.db, { key: CREDENTIALS_KEY }).put(nur, "topup:chargereseller", {
      webserviceId: WEBSERVICE,
      baseUrl: reseller.baseUrl,
    });
    await database.handle.db
      .update(tenants)
      .set({ optionActive: ["companyPurchase", "chargemobile"] })
      .where(eq(tenants.id, nur));
    server = await startTestServer(database.handle, { TRUST_PROXY: "loopback", CREDENTIALS_KEY }, { clock });
    adapters = databaseAdapters(database.handle, clock, { credentialsKey: CREDENTIALS_KEY });
    reconcile = paymentReconciliationJob(adapters, clock);
  });
  afterAll(async () => {
    await server?.close();
    await reseller?.close();
    await database?.drop();
  });

  it("lists the operators with their prefixes, kinds and amounts in the request's language", async () => {
    const answer = await send("GET", "/api/v1/topup/operators", undefined, { language: "en" });
    expect(answer.status, answer.body).toBe(200);
    const { operators } = json<{
      operators: { id: string; name: string; prefixes: string[]; kinds: { kind: string; amounts: number[] }[] }[];
    }>(answer);
    expect(operators.map((operator) => operator.id)).toEqual(["mci", "irancell", "rightel"]);
    expect(operators[1]!.name).toBe("Irancell");
    expect(operators[2]!.prefixes).toEqual(["0920", "0921", "0922"]);
    expect(operators[2]!.kinds.find((kind) => kind.kind === "pin")!.amounts).not.toContain(200_000);
    const fa = json<{ operators: { name: string }[] }>(await send("GET", "/api/v1/topup/operators", undefined, { language: "fa" }));
    expect(fa.operators[0]!.name).toBe("همراه اول");
  });

  it("a direct top-up paid at the bank is delivered once, however often the callback is replayed", async () => {
    const mobile = freshMobile();
    const started = await startAtGateway({ mobile: mobile.replace(/^0/, "+98"), operator: "mci", kind: "direct", amount: 20_000 });
    expect(started.charge).toMatchObject({ status: "awaiting_payment", amount: 20_000 });
    const [bank] = await database.handle.db
      .select()
      .from(sandboxBankPayments)
      .where(eq(sandboxBankPayments.orderId, (await paymentOf(started.charge.hashId)).hashId));
    expect(bank!.amountRials).toBe(200_000);
    const body = await payAtBank(started.redirectUrl);
    const first = await callback(body);
    expect(first.status).toBe(303);
    expect(String(first.headers.location)).toBe(`/charge/GetCharge?id=${started.charge.hashId}`);
    for (let replay = 0; replay < 5; replay += 1) expect(String((await callback(body)).headers.location)).toBe(first.headers.location);
    await reconcile();
    const charge = await chargeRow(started.charge.hashId);
    expect(charge).toMatchObject({ status: "delivered", mobile, operator: "mci", kind: "direct" });
    expect(charge.providerReference).toMatch(/^SBX-/);
    expect(await smsTo(mobile)).toHaveLength(1);
    expect((await paymentOf(started.charge.hashId)).status).toBe("verified");
    const read = json<{ charge: ChargeAnswer }>(await send("GET", `/api/v1/topup/${started.charge.hashId}`));
    expect(read.charge).toMatchObject({ status: "delivered", reference: charge.providerReference });
  });

  it("a top-up the provider refuses after payment is refunded exactly once, whatever is replayed or run again", async () => {
    const mobile = "09120000000";
    const started = await startAtGateway({ mobile, operator: "mci", kind: "pin", amount: 50_000 });
    const body = await payAtBank(started.redirectUrl);
    expect(String((await callback(body)).headers.location)).toBe(`/charge/GetCharge?id=${started.charge.hashId}`);
    const check = async () => {
      expect(await chargeRow(started.charge.hashId)).toMatchObject({ status: "refunded", pin: null });
      const payment = await paymentOf(started.charge.hashId);
      expect(payment).toMatchObject({ status: "reversed", failure: "DELIVERY_FAILED" });
      const banks = await database.handle.db.select().from(sandboxBankPayments).where(eq(sandboxBankPayments.orderId, payment.hashId));
      expect(banks.map((row) => row.status)).toEqual(["reversed"]);
      expect(await database.handle.db.select().from(payments).where(eq(payments.chargeId, payment.chargeId!))).toHaveLength(1);
    };
    await check();
    await callback(body);
    advanceMinutes(5);
    await reconcile();
    await reconcile();
    await check();
    // One message, telling the number its money went back, however often the callback and the job ran.
    const messages = await smsTo(mobile);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("بازگردانده");
    expect(messages[0]).toContain(started.charge.hashId);
    const page = await send("GET", `/charge/GetCharge?id=${started.charge.hashId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("بازگشت");
  });

  it("pays from the wallet alone: delivered at once with its PIN; a refused one goes back to the wallet once", async () => {
    const mobile = freshMobile("0935");
    const { account } = await travellerWithWallet(adapters, { tenantId, mobile, walletAmount: 150_000, now });
    const token = await signIn(mobile);
    const paid = await send(
      "POST",
      "/api/v1/topup",
      { mobile, operator: "irancell", kind: "pin", amount: 100_000, walletAmount: 100_000 },
      bearer(token),
    );
    expect(paid.status, paid.body).toBe(201);
    const { charge } = json<{ charge: ChargeAnswer }>(paid);
    expect(charge).toMatchObject({
      status: "delivered",
      pin: expect.stringMatching(/^\d{16}$/),
      serial: expect.stringMatching(/^\d{12}$/),
    });
    expect(charge.dial).toBe(`*141*${charge.pin}#`);
    expect(await walletBalance(account.id)).toBe(50_000);
    const row = await chargeRow(charge.hashId);
    expect(await keysLike(`charge:${row.id}`)).toHaveLength(1);
    expect((await smsTo(mobile)).filter((text) => text.includes(charge.pin!))).toHaveLength(1);

    const short = await send(
      "POST",
      "/api/v1/topup",
      { mobile, operator: "irancell", kind: "direct", amount: 100_000, walletAmount: 100_000 },
      bearer(token),
    );
    expect(short.status).toBe(409);
    expect(refusal(short).code).toBe("INSUFFICIENT_FUNDS");

    const refused = json<{ charge: ChargeAnswer }>(
      await send(
        "POST",
        "/api/v1/topup",
        { mobile: "09350000000", operator: "irancell", kind: "direct", amount: 50_000, walletAmount: 50_000 },
        bearer(token),
      ),
    );
    expect(refused.charge.status).toBe("refunded");
    expect(await walletBalance(account.id)).toBe(50_000);
    const payment = await paymentOf(refused.charge.hashId);
    advanceMinutes(5);
    await reconcile();
    await reconcile();
    expect(await keysLike(`return:${payment.id}`)).toHaveLength(1);
    expect(await walletBalance(account.id)).toBe(50_000);
    expect(await createLedgerRepository(database.handle.db).sumAll(tenantId)).toBe(0);
  });

  it("splits a top-up between the wallet and the card: the held part is taken with the card part", async () => {
    const mobile = freshMobile("0919");
    const { account } = await travellerWithWallet(adapters, { tenantId, mobile, walletAmount: 30_000, now });
    const token = await signIn(mobile);
    const started = await startAtGateway({ mobile, operator: "mci", kind: "direct", amount: 100_000, walletAmount: 30_000 }, token);
    expect(await walletBalance(account.id)).toBe(0);
    const payment = await paymentOf(started.charge.hashId);
    const [bank] = await database.handle.db.select().from(sandboxBankPayments).where(eq(sandboxBankPayments.orderId, payment.hashId));
    expect(bank!.amountRials).toBe(700_000);
    await callback(await payAtBank(started.redirectUrl));
    expect((await chargeRow(started.charge.hashId)).status).toBe("delivered");
    expect(await keysLike(`capture:${payment.id}`)).toHaveLength(1);
    expect(await keysLike(`release:${payment.id}`)).toHaveLength(0);
  });

  it("a top-up cancelled at the bank ends failed, its wallet part given back", async () => {
    const mobile = freshMobile("0990");
    const { account } = await travellerWithWallet(adapters, { tenantId, mobile, walletAmount: 20_000, now });
    const token = await signIn(mobile);
    const started = await startAtGateway({ mobile, operator: "mci", kind: "direct", amount: 50_000, walletAmount: 20_000 }, token);
    expect(await walletBalance(account.id)).toBe(0);
    const cancelled = await form(new URL(started.redirectUrl).pathname, "action=cancel");
    const back = await callback(new URLSearchParams(bankForm(cancelled.body).fields).toString());
    expect(String(back.headers.location)).toBe(`/charge/GetCharge?id=${started.charge.hashId}`);
    expect((await chargeRow(started.charge.hashId)).status).toBe("failed");
    expect(await walletBalance(account.id)).toBe(20_000);
    expect((await send("GET", `/charge/GetCharge?id=${started.charge.hashId}`)).body).toContain("پرداخت انجام نشد");
  });

  it("a crash between the bank's verify and the delivery is finished by the job, once", async () => {
    const mobile = freshMobile("0921");
    const started = await startAtGateway({ mobile, operator: "rightel", kind: "direct", amount: 10_000 });
    const body = await payAtBank(started.redirectUrl);
    // This process dies as it calls the provider: the payment is verified, the charge paid, nothing delivered.
    const crashing: TopupProvider = {
      ...createSandboxTopupProvider(),
      topUp: () => Promise.reject(new Error("the process died")),
    };
    const providers: TopupProviders = { forTenant: () => Promise.resolve({ current: crashing, byName: () => crashing }) };
    const deps: PaymentDeps = {
      bookings: adapters.bookings,
      payments: adapters.payments,
      suppliers: adapters.suppliers,
      ledger: adapters.ledger,
      clock,
      gateway: await adapters.paymentGateways.forTenant(tenantId),
      charges: createChargeSettlement({ charges: adapters.mobileCharges, providers }),
    };
    await handleCallback({ tenantId, gateway: "sandbox", query: {}, body: Object.fromEntries(new URLSearchParams(body)) }, deps);
    expect((await chargeRow(started.charge.hashId)).status).toBe("paid");
    expect((await paymentOf(started.charge.hashId)).status).toBe("verified");
    expect((await send("GET", `/charge/GetCharge?id=${started.charge.hashId}`)).body).toContain("در راه");

    await reconcile(); // too soon: a delivery may still be under way
    expect((await chargeRow(started.charge.hashId)).status).toBe("paid");
    advanceMinutes(3);
    await reconcile();
    await reconcile();
    await callback(body);
    expect((await chargeRow(started.charge.hashId)).status).toBe("delivered");
    expect(await smsTo(mobile)).toHaveLength(1);
  });

  it("refuses what it does not sell, each on its field, and replays an idempotent order", async () => {
    const refused = await send(
      "POST",
      "/api/v1/topup",
      { mobile: "0912", operator: "hamrah", kind: "direct", amount: 15_000 },
      { language: "en" },
    );
    expect(refused.status).toBe(422);
    const problem = refusal(refused);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.fields!.map((field) => [field.field, field.code])).toEqual([
      ["mobile", "MOBILE_INVALID"],
      ["operator", "OPERATOR_INVALID"],
      ["amount", "AMOUNT_INVALID"],
    ]);
    expect(problem.fields![0]!.message).toContain("09121234567");
    const rightelPin = refusal(
      await send("POST", "/api/v1/topup", { mobile: freshMobile("0920"), operator: "rightel", kind: "pin", amount: 200_000 }),
    );
    expect(rightelPin.fields!.map((field) => field.field)).toEqual(["amount"]);
    const anonymousWallet = await send("POST", "/api/v1/topup", {
      mobile: freshMobile(),
      operator: "mci",
      kind: "direct",
      amount: 10_000,
      walletAmount: 10_000,
    });
    expect(anonymousWallet.status).toBe(401);
    const badGateway = await send("POST", "/api/v1/topup", {
      mobile: freshMobile(),
      operator: "mci",
      kind: "direct",
      amount: 10_000,
      gateway: "nowhere",
    });
    expect(refusal(badGateway).code).toBe("GATEWAY_UNAVAILABLE");

    const order = { mobile: freshMobile(), operator: "mci", kind: "direct", amount: 10_000, gateway: "sandbox" };
    const first = await send("POST", "/api/v1/topup", order, { "idempotency-key": `topup-${counter}` });
    const again = await send("POST", "/api/v1/topup", order, { "idempotency-key": `topup-${counter}` });
    expect(first.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(json<{ charge: { hashId: string } }>(again).charge.hashId).toBe(json<{ charge: { hashId: string } }>(first).charge.hashId);
  });

  // What the page says is the same on both engines: checked on PGlite only (ADR 0026).
  it.runIf(engine === "pglite")(
    "the form works without JavaScript: the server detects the operator, refuses on the field, sends to the bank",
    async () => {
      const csrf = "c".repeat(43);
      const post = (fields: Record<string, string>) =>
        rawRequest(server.port, {
          method: "POST",
          path: "/chargemobile",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: `hs_csrf=${csrf}` },
          body: new URLSearchParams({ csrf, ...fields }).toString(),
        });
      const detected = await post({ intent: "detect", mobile: "۰۹۳۵ ۱۲۳ ۴۵۶۷" });
      expect(detected.status).toBe(200);
      expect(detected.body).toContain('<input type="radio" name="operator" checked="" value="irancell"/>');
      const wrongAmount = await post({
        intent: "buy",
        mobile: "09351234567",
        operator: "irancell",
        kind: "direct",
        amount: "15000",
        pay: "gateway:sandbox",
      });
      expect(wrongAmount.status).toBe(400);
      expect(wrongAmount.body).toContain("یکی از مبلغ‌های این اپراتور را انتخاب کنید.");
      const anonymousWallet = await post({
        intent: "buy",
        mobile: "09351234567",
        operator: "irancell",
        kind: "direct",
        amount: "10000",
        pay: "wallet",
      });
      expect(anonymousWallet.status).toBe(403);
      const toBank = await post({
        intent: "buy",
        mobile: "09351234567",
        operator: "irancell",
        kind: "direct",
        amount: "10000",
        pay: "gateway:sandbox",
      });
      expect(toBank.status).toBe(303);
      expect(String(toBank.headers.location)).toContain("/sandbox-bank/");
      expect(await post({ intent: "buy", mobile: "09351234567" }).then((answer) => answer.status)).toBe(400);
      // A form posted from elsewhere carries a token that is not the visitor's cookie.
      const forged = await rawRequest(server.port, {
        method: "POST",
        path: "/chargemobile",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: `hs_csrf=${csrf}` },
        body: `csrf=${"d".repeat(43)}&intent=buy&mobile=09351234567&operator=mci&kind=direct&amount=10000`,
      });
      expect(forged.status).toBe(403);
    },
  );

  it("an agency configured for Charge Reseller orders there: delivered, refused and refunded, a lost answer found by the job", async () => {
    const buy = async (body: Record<string, unknown>) => {
      const started = await send("POST", "/api/v1/topup", { gateway: "sandbox", ...body }, {}, NUR);
      expect(started.status, started.body).toBe(201);
      const { redirectUrl, charge } = json<{ redirectUrl: string; charge: ChargeAnswer }>(started);
      await form("/payment/callback/sandbox", await payAtBank(redirectUrl, NUR), NUR);
      return chargeRow(charge.hashId);
    };
    const creditBefore = reseller.credit;
    const pin = await buy({ mobile: freshMobile("0912"), operator: "mci", kind: "pin", amount: 20_000 });
    expect(pin).toMatchObject({ provider: "chargereseller", status: "delivered", pin: expect.stringMatching(/^\d{16}$/) });
    expect(reseller.orders.get(pin.hashId)).toMatchObject({ method: "BuyProduct", amountRials: 200_000, state: "Delivered" });
    expect(creditBefore - reseller.credit).toBe(200_000);

    reseller.refuseNumber("09351110000");
    const refused = await buy({ mobile: "09351110000", operator: "irancell", kind: "direct", amount: 10_000 });
    expect(refused).toMatchObject({ provider: "chargereseller", status: "refunded" });
    expect((await paymentOf(refused.hashId)).status).toBe("reversed");

    // Delivered at the reseller, but its answer lost on the way: the charge waits, paid, for the job.
    reseller.loseNextAnswer();
    const lost = await buy({ mobile: freshMobile("0921"), operator: "rightel", kind: "direct", amount: 50_000 });
    expect(lost.status).toBe("paid");
    const creditAfterLost = reseller.credit;
    advanceMinutes(3);
    await reconcile();
    await reconcile();
    const found = await chargeRow(lost.hashId);
    expect(found).toMatchObject({ status: "delivered", providerReference: reseller.orders.get(lost.hashId)!.transactionId });
    expect(reseller.credit).toBe(creditAfterLost);
    expect(reseller.calls.filter((call) => call.body.orderId === lost.hashId).map((call) => call.path.split("/").pop())).toEqual([
      "topup",
      "inquiry",
    ]);
  });

  it("a provider that stays unavailable is asked again, then the money goes back after 30 minutes", async () => {
    const started = await startAtGateway({ mobile: "09120000009", operator: "mci", kind: "direct", amount: 10_000 });
    await callback(await payAtBank(started.redirectUrl));
    expect((await chargeRow(started.charge.hashId)).status).toBe("paid");
    advanceMinutes(3);
    await reconcile();
    expect((await chargeRow(started.charge.hashId)).status).toBe("paid");
    advanceMinutes(30);
    await reconcile();
    await reconcile();
    expect(await chargeRow(started.charge.hashId)).toMatchObject({ status: "refunded", failure: "sandbox: provider unavailable" });
    expect((await paymentOf(started.charge.hashId)).status).toBe("reversed");
  });

  it("an agency without the option has no top-up pages nor API", async () => {
    expect((await send("GET", "/api/v1/topup/operators", undefined, {}, "theme2.localhost")).status).toBe(404);
    const refused = await send(
      "POST",
      "/api/v1/topup",
      { mobile: freshMobile(), operator: "mci", kind: "direct", amount: 10_000 },
      {},
      "theme2.localhost",
    );
    expect(refusal(refused).code).toBe("OPTION_NOT_ACTIVE");
    expect((await send("GET", "/chargemobile", undefined, {}, "theme2.localhost")).status).toBe(404);
    expect((await send("GET", "/en/charge/GetCharge?id=abc", undefined, {}, "theme2.localhost")).status).toBe(404);
    expect((await send("GET", "/chargemobile")).status).toBe(200);
    expect((await send("GET", "/charge/GetCharge?id=aaaaaaaaaaaaaaaaaaaaaa")).status).toBe(404);
  });
});
