import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { PaymentGateway } from "#core/payments/ports.ts";
import { startFakeZarinpal, type FakeZarinpal } from "./fake-zarinpal-server.ts";
import { createZarinpalGateway, ZARINPAL_PRODUCTION_URL } from "./zarinpal-gateway.ts";

const MERCHANT = "1344b5d4-0048-11e8-94db-005056a205be";
const OTHER_MERCHANT = "9b2f6c1e-7d4a-4e5b-8c3d-2a1f0e9d8c7b";
const CALLBACK = "https://shop.example/payments/zarinpal/callback?payment=p_1";

let fake: FakeZarinpal;
let clock: number;
let gateway: PaymentGateway;

beforeEach(async () => {
  clock = Date.UTC(2025, 2, 1, 8, 0, 0);
  fake = await startFakeZarinpal({ merchants: [MERCHANT], now: () => clock });
  gateway = createZarinpalGateway({ merchantId: MERCHANT, baseUrl: fake.baseUrl, timeoutMs: 2_000 });
});

afterEach(async () => {
  await fake.close();
});

const order = {
  orderId: "HMS-1403-0042",
  amountRials: 12_500_000,
  callbackUrl: CALLBACK,
  description: "بلیت تهران به مشهد",
  mobile: "09121234567",
  email: "buyer@example.com",
};

/** A session asked for through the adapter, as the server does before sending the buyer off. */
async function requested(amountRials = order.amountRials): Promise<string> {
  const result = await gateway.request({ ...order, amountRials });
  if (!result.ok) throw new Error(`request failed: ${result.error} ${result.message ?? ""}`);
  return result.token;
}

describe("Zarinpal gateway: request", () => {
  it("asks for a session in rials and sends the buyer to StartPay/{authority}", async () => {
    const result = await gateway.request(order);

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.token).toMatch(/^A[0-9]{35}$/);
    expect(result.redirect).toEqual({ method: "GET", url: `${fake.baseUrl}/pg/StartPay/${result.token}` });

    const call = fake.calls.at(-1)!;
    expect(call.path).toBe("/pg/v4/payment/request.json");
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.headers.accept).toBe("application/json");
    expect(call.body).toEqual({
      merchant_id: MERCHANT,
      amount: 12_500_000,
      currency: "IRR",
      description: "بلیت تهران به مشهد",
      callback_url: CALLBACK,
      metadata: { order_id: "HMS-1403-0042", mobile: "09121234567", email: "buyer@example.com" },
    });
    expect(fake.session(result.token)).toMatchObject({ amountRials: 12_500_000, merchantId: MERCHANT, status: "created" });
  });

  it("leaves out the contact details it was not given", async () => {
    await gateway.request({ orderId: "HMS-7", amountRials: 50_000, callbackUrl: CALLBACK, description: "x" });
    expect((fake.calls.at(-1)!.body as { metadata: unknown }).metadata).toEqual({ order_id: "HMS-7" });
  });

  it("points the redirect at the base URL it was given, trailing slash or not", async () => {
    const slashed = createZarinpalGateway({ merchantId: MERCHANT, baseUrl: `${fake.baseUrl}/` });
    const result = await slashed.request(order);
    expect(result.ok && result.redirect.url).toBe(`${fake.baseUrl}/pg/StartPay/${result.ok ? result.token : ""}`);
  });

  it("names the origin the buyer is sent to, for the shop's form-action; production by default", () => {
    expect(gateway.browserOrigins).toEqual([new URL(fake.baseUrl).origin]);
    expect(createZarinpalGateway({ merchantId: MERCHANT }).browserOrigins).toEqual(["https://payment.zarinpal.com"]);
    expect(createZarinpalGateway({ merchantId: MERCHANT, baseUrl: "not a url" }).browserOrigins).toEqual([]);
  });

  it("serves a StartPay page at the redirect URL and, after paying, calls back with a GET", async () => {
    const result = await gateway.request(order);
    if (!result.ok) throw new Error("request failed");
    const page = await fetch(result.redirect.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(result.token);

    const paid = await fetch(`${result.redirect.url}?fake=pay`, { redirect: "manual" });
    expect(paid.status).toBe(302);
    const back = new URL(paid.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe("https://shop.example/payments/zarinpal/callback");
    const query = Object.fromEntries(back.searchParams);
    expect(query).toMatchObject({ payment: "p_1", Authority: result.token, Status: "OK" });
    expect(gateway.readCallback({ query, body: {} })).toEqual({ token: result.token, succeeded: true });
  });

  it("is refused for a merchant id that is not a 36-character UUID (-9)", async () => {
    const bad = createZarinpalGateway({ merchantId: "not-a-merchant", baseUrl: fake.baseUrl });
    const result = await bad.request(order);
    expect(result).toMatchObject({ ok: false, error: "REJECTED" });
    expect(!result.ok && result.message).toContain("(-9)");
  });

  it("is refused for a well-formed merchant id Zarinpal does not know (-10)", async () => {
    const unknown = createZarinpalGateway({ merchantId: OTHER_MERCHANT, baseUrl: fake.baseUrl });
    const result = await unknown.request(order);
    expect(result).toMatchObject({ ok: false, error: "REJECTED" });
    expect(!result.ok && result.message).toContain("Terminal is not valid");
    expect(!result.ok && result.message).not.toContain(OTHER_MERCHANT);
  });

  it.each([
    ["inactive", "-11"],
    ["suspended", "-15"],
  ] as const)("is refused for a %s terminal (%s)", async (state, code) => {
    fake.addMerchant(OTHER_MERCHANT, { state });
    const result = await createZarinpalGateway({ merchantId: OTHER_MERCHANT, baseUrl: fake.baseUrl }).request(order);
    expect(result).toMatchObject({ ok: false, error: "REJECTED" });
    expect(!result.ok && result.message).toContain(`(${code})`);
  });

  it("is refused below Zarinpal's minimum amount of 1,000 rials", async () => {
    const result = await gateway.request({ ...order, amountRials: 999 });
    expect(result).toMatchObject({ ok: false, error: "REJECTED" });
  });

  it("throws, without calling Zarinpal, for an amount that is not whole rials", async () => {
    await expect(gateway.request({ ...order, amountRials: 1500.5 })).rejects.toThrow(RangeError);
    expect(fake.calls).toHaveLength(0);
  });

  it("never puts the merchant id in a message, even when the gateway echoes it", async () => {
    const echo: typeof fetch = async () =>
      new Response(JSON.stringify({ data: [], errors: { code: -10, message: `Terminal ${MERCHANT} is not valid`, validations: [] } }), {
        status: 401,
      });
    const result = await createZarinpalGateway({ merchantId: MERCHANT, fetch: echo }).request(order);
    expect(result).toMatchObject({ ok: false, error: "REJECTED" });
    expect(!result.ok && result.message).not.toContain(MERCHANT);
    expect(!result.ok && result.message).toContain("[merchant]");
  });

  it("reads an error envelope sent with HTTP 200 too", async () => {
    const ok200: typeof fetch = async () =>
      new Response(JSON.stringify({ data: [], errors: { code: "-12", message: "To many attempts", validations: [] } }), { status: 200 });
    expect(await createZarinpalGateway({ merchantId: MERCHANT, fetch: ok200 }).request(order)).toMatchObject({
      ok: false,
      error: "UNAVAILABLE",
    });
  });

  it("defaults to the production base URL", async () => {
    let asked = "";
    const spy: typeof fetch = async (input) => {
      asked = input instanceof Request ? input.url : String(input);
      return new Response(
        JSON.stringify({
          data: { code: 100, message: "Success", authority: "A00000000000000000000000000217885160", fee_type: "Merchant", fee: 0 },
          errors: [],
        }),
      );
    };
    const result = await createZarinpalGateway({ merchantId: MERCHANT, fetch: spy }).request(order);
    expect(asked).toBe(`${ZARINPAL_PRODUCTION_URL}/pg/v4/payment/request.json`);
    expect(result.ok && result.redirect.url).toBe("https://payment.zarinpal.com/pg/StartPay/A00000000000000000000000000217885160");
  });
});

describe("Zarinpal gateway: verify", () => {
  it("verifies a paid session (100), then again as already verified (101)", async () => {
    const token = await requested();
    fake.pay(token, "603799******7010");

    const first = await gateway.verify({ token, amountRials: order.amountRials });
    expect(first).toMatchObject({ ok: true, maskedPan: "603799******7010", alreadyVerified: false });
    expect(first.ok && first.referenceId).toMatch(/^[0-9]+$/);
    expect(fake.calls.at(-1)!.body).toEqual({ merchant_id: MERCHANT, amount: order.amountRials, authority: token });

    const again = await gateway.verify({ token, amountRials: order.amountRials });
    expect(again).toEqual({
      ok: true,
      referenceId: first.ok ? first.referenceId : "",
      maskedPan: "603799******7010",
      alreadyVerified: true,
    });
    expect(fake.session(token)!.status).toBe("verified");
  });

  it("answers NOT_PAID for a session the buyer cancelled or the bank declined (-51)", async () => {
    const token = await requested();
    fake.fail(token);
    const result = await gateway.verify({ token, amountRials: order.amountRials });
    expect(result).toMatchObject({ ok: false, error: "NOT_PAID" });
    expect(!result.ok && result.message).toContain("(-51)");
  });

  it("answers NOT_PAID for a session nobody paid yet", async () => {
    const token = await requested();
    expect(await gateway.verify({ token, amountRials: order.amountRials })).toMatchObject({ ok: false, error: "NOT_PAID" });
    expect(fake.session(token)!.status).toBe("created");
  });

  it("answers AMOUNT_MISMATCH when the amount is not the one paid (-50), and does not settle", async () => {
    const token = await requested();
    fake.pay(token);
    const result = await gateway.verify({ token, amountRials: order.amountRials - 10 });
    expect(result).toMatchObject({ ok: false, error: "AMOUNT_MISMATCH" });
    expect(fake.session(token)!.status).toBe("paid");
  });

  it("answers UNKNOWN_TOKEN for an authority Zarinpal never issued (-54)", async () => {
    const result = await gateway.verify({ token: "A00000000000000000000000000999999999", amountRials: order.amountRials });
    expect(result).toMatchObject({ ok: false, error: "UNKNOWN_TOKEN" });
  });

  it("answers UNKNOWN_TOKEN for another merchant's session (-53)", async () => {
    fake.addMerchant(OTHER_MERCHANT);
    const token = await requested();
    fake.pay(token);
    const other = createZarinpalGateway({ merchantId: OTHER_MERCHANT, baseUrl: fake.baseUrl });
    const result = await other.verify({ token, amountRials: order.amountRials });
    expect(result).toMatchObject({ ok: false, error: "UNKNOWN_TOKEN" });
    expect(!result.ok && result.message).toContain("(-53)");
    expect(fake.session(token)!.status).toBe("paid");
  });

  it("answers UNAVAILABLE for HTTP 500, and the payment can still be verified afterwards", async () => {
    const token = await requested();
    fake.pay(token);
    fake.failNext(500);
    expect(await gateway.verify({ token, amountRials: order.amountRials })).toMatchObject({ ok: false, error: "UNAVAILABLE" });
    expect(await gateway.verify({ token, amountRials: order.amountRials })).toMatchObject({ ok: true, alreadyVerified: false });
  });

  it("answers UNAVAILABLE for a 5xx even when it carries an error envelope", async () => {
    fake.failNext(502, JSON.stringify({ data: [], errors: { code: -10, message: "Terminal is not valid", validations: [] } }));
    expect(await gateway.verify({ token: "A00000000000000000000000000217885160", amountRials: 10_000 })).toMatchObject({
      ok: false,
      error: "UNAVAILABLE",
    });
  });

  it("answers UNAVAILABLE when Zarinpal does not answer within timeoutMs", async () => {
    const token = await requested();
    fake.pay(token);
    fake.hangNext();
    const impatient = createZarinpalGateway({ merchantId: MERCHANT, baseUrl: fake.baseUrl, timeoutMs: 100 });
    const result = await impatient.verify({ token, amountRials: order.amountRials });
    expect(result).toMatchObject({ ok: false, error: "UNAVAILABLE" });
    expect(!result.ok && result.message).toContain("100 ms");
    expect(fake.session(token)!.status).toBe("paid");
  });

  it("answers UNAVAILABLE for a page that is not JSON, even with HTTP 200", async () => {
    fake.failNext(200, "<html>maintenance</html>");
    expect(await gateway.verify({ token: "A00000000000000000000000000217885160", amountRials: 10_000 })).toMatchObject({
      ok: false,
      error: "UNAVAILABLE",
    });
  });

  it.each([
    [-12, "UNAVAILABLE"],
    [-52, "UNAVAILABLE"],
    [-55, "UNKNOWN_TOKEN"],
    [-16, "REJECTED"],
  ] as const)("maps error %i to %s", async (code, error) => {
    fake.answerNextWithError(code);
    expect(await gateway.verify({ token: "A00000000000000000000000000217885160", amountRials: 10_000 })).toMatchObject({
      ok: false,
      error,
    });
  });

  it("answers UNAVAILABLE when nothing listens at the base URL", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const nowhere = createZarinpalGateway({ merchantId: MERCHANT, baseUrl: `http://127.0.0.1:${port}` });
    const result = await nowhere.verify({ token: "A00000000000000000000000000217885160", amountRials: 10_000 });
    expect(result).toMatchObject({ ok: false, error: "UNAVAILABLE" });
    expect(!result.ok && result.message).not.toContain(MERCHANT);
  });
});

describe("Zarinpal gateway: reverse", () => {
  it("reverses a verified payment within 30 minutes", async () => {
    const token = await requested();
    fake.pay(token);
    await gateway.verify({ token, amountRials: order.amountRials });
    clock += 29 * 60_000;

    expect(await gateway.reverse({ token, amountRials: order.amountRials })).toEqual({ ok: true });
    expect(fake.calls.at(-1)!.body).toEqual({ merchant_id: MERCHANT, authority: token });
    expect(fake.session(token)!.status).toBe("reversed");
    // Once reversed the session is no longer a successful one.
    expect(await gateway.verify({ token, amountRials: order.amountRials })).toMatchObject({ ok: false, error: "NOT_PAID" });
  });

  it("is refused for a session nobody paid (-61)", async () => {
    const token = await requested();
    const result = await gateway.reverse({ token, amountRials: order.amountRials });
    expect(result).toMatchObject({ ok: false, error: "NOT_PAID" });
    expect(!result.ok && result.message).toContain("(-61)");
    expect(fake.session(token)!.status).toBe("created");
  });

  it("is refused after the 30-minute window (-63)", async () => {
    const token = await requested();
    fake.pay(token);
    clock += 31 * 60_000;
    const result = await gateway.reverse({ token, amountRials: order.amountRials });
    expect(result).toMatchObject({ ok: false, error: "REJECTED" });
    expect(!result.ok && result.message).toContain("(-63)");
    expect(fake.session(token)!.status).toBe("paid");
  });

  it("is refused when the server's IP is not registered for the terminal (-62)", async () => {
    fake.addMerchant(MERCHANT, { ipRegistered: false });
    const token = await requested();
    fake.pay(token);
    expect(await gateway.reverse({ token, amountRials: order.amountRials })).toMatchObject({ ok: false, error: "REJECTED" });
  });

  it("answers UNAVAILABLE for HTTP 500", async () => {
    fake.failNext(503, "Service Unavailable");
    expect(await gateway.reverse({ token: "A00000000000000000000000000217885160", amountRials: 10_000 })).toMatchObject({
      ok: false,
      error: "UNAVAILABLE",
    });
  });
});

describe("Zarinpal gateway: readCallback", () => {
  const authority = "A00000000000000000000000000217885159";

  it("reads Authority and Status=OK from the query as a claim of success", () => {
    expect(gateway.readCallback({ query: { Authority: authority, Status: "OK" }, body: {} })).toEqual({
      token: authority,
      succeeded: true,
    });
  });

  it("reads Status=NOK as not paid", () => {
    expect(gateway.readCallback({ query: { Authority: authority, Status: "NOK" }, body: {} })).toEqual({
      token: authority,
      succeeded: false,
    });
  });

  it("treats a missing or unknown Status as not paid", () => {
    expect(gateway.readCallback({ query: { Authority: authority }, body: {} })).toEqual({ token: authority, succeeded: false });
    expect(gateway.readCallback({ query: { Authority: authority, Status: "ok" }, body: {} })).toEqual({
      token: authority,
      succeeded: false,
    });
  });

  it("returns null without an Authority, or with one Zarinpal could not have sent", () => {
    expect(gateway.readCallback({ query: { Status: "OK" }, body: {} })).toBeNull();
    expect(gateway.readCallback({ query: { Authority: "", Status: "OK" }, body: {} })).toBeNull();
    expect(gateway.readCallback({ query: { Authority: "A0<script>", Status: "OK" }, body: {} })).toBeNull();
    // A POST callback (Saman, Behpardakht…) carries its fields in the body: not Zarinpal's.
    expect(gateway.readCallback({ query: {}, body: { Authority: authority, Status: "OK" } })).toBeNull();
  });
});

describe("Zarinpal gateway: configuration", () => {
  it("is named zarinpal and verifies well within the 30-minute reverse window", () => {
    expect(gateway.name).toBe("zarinpal");
    expect(gateway.verifyDeadlineMinutes).toBeGreaterThan(0);
    expect(gateway.verifyDeadlineMinutes).toBeLessThan(30);
  });

  it("refuses to start without a merchant id", () => {
    expect(() => createZarinpalGateway({ merchantId: " " })).toThrow(/merchant id is required/);
  });
});
