/**
 * The payment path over HTTP (issue 7): the pay API, the sandbox bank's page and its
 * auto-submitting form back to the shop, the callback (a cross-site POST, proven by verifying)
 * and the result pages, on the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import { smsMessages, tenants } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { startFakeZarinpal, type FakeZarinpal } from "#adapters/payments/zarinpal/fake-zarinpal-server.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
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

const CREDENTIALS_KEY = "a".repeat(64);
const MERCHANT = "1344b5d4-0048-11e8-94db-005056a205be";

describe.each(ENGINES)("paying over HTTP on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let zarinpal: FakeZarinpal;
  const date = addDays(tehranToday(new Date()), 2);
  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const post = (path: string, body: string, type = "application/json") =>
    rawRequest(server.port, { method: "POST", path, headers: { "content-type": type }, body });

  async function heldBooking(): Promise<{ hashId: string; reference: string; total: number }> {
    const search = await rawRequest(server.port, { path: `/api/v1/flights/search?from=THR&to=SYZ&date=${date}&adults=1` });
    const offer = json<{ offers: { offerId: string }[] }>(search).offers[0]!;
    const created = await post(
      "/api/v1/bookings",
      JSON.stringify({
        offerId: offer.offerId,
        passengers: [
          { type: "adult", firstName: "علی", lastName: "رضایی", gender: "male", birthDate: "1990-05-01", nationalCode: "0499370899" },
        ],
        contact: { mobile: "09121234567" },
      }),
    );
    expect(created.status, created.body).toBe(201);
    return json(created);
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
    // The default agency also offers Zarinpal, with its own (encrypted) merchant id, pointed at a local fake.
    zarinpal = await startFakeZarinpal({ merchants: [MERCHANT] });
    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    await createCredentialStore(database.handle.db, { key: CREDENTIALS_KEY }).put(tenantId, "payment:zarinpal", {
      merchantId: MERCHANT,
      baseUrl: zarinpal.baseUrl,
    });
    await database.handle.db
      .update(tenants)
      .set({ paymentGateways: ["sandbox", "zarinpal"] })
      .where(eq(tenants.id, tenantId));
    server = await startTestServer(database.handle, { CREDENTIALS_KEY });
  });
  afterAll(async () => {
    await zarinpal?.close();
    await server?.close();
    await database?.drop();
  });

  it("pays at the sandbox bank and comes back to an issued ticket; the callback replayed changes nothing", async () => {
    const booking = await heldBooking();
    const pay = await post(`/api/v1/bookings/${booking.hashId}/pay`, JSON.stringify({ gateway: "sandbox" }));
    expect(pay.status, pay.body).toBe(200);
    const { redirectUrl, payment } = json<{ redirectUrl: string; payment: { hashId: string; amount: number } }>(pay);
    expect(payment.amount).toBe(booking.total);
    const bankPath = new URL(redirectUrl).pathname;
    expect(bankPath).toMatch(/^\/sandbox-bank\/[A-Za-z0-9_-]+$/);

    const page = await rawRequest(server.port, { path: bankPath });
    expect(page.status).toBe(200);
    expect(page.body).toContain('value="pay"');
    const paid = await post(bankPath, "action=pay", "application/x-www-form-urlencoded");
    const form = bankForm(paid.body);
    expect(new URL(form.action).pathname).toBe("/payment/callback/sandbox");
    expect(form.fields.status).toBe("OK");

    // The bank's page posts the form across sites: no cookie, no token of ours, only what it carries.
    const body = new URLSearchParams(form.fields).toString();
    const back = await post("/payment/callback/sandbox", body, "application/x-www-form-urlencoded");
    expect(back.status).toBe(303);
    const result = String(back.headers.location);
    expect(result).toMatch(new RegExp(`^/payment/paymentp/${booking.reference}/${payment.hashId}/issued$`));
    const shown = await rawRequest(server.port, { path: result });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatch(/[A-Z0-9]{2}-\d{10}/);

    // The traveller gets the ticket summary by SMS (the outbox keeps it), once.
    const texts = await database.handle.db
      .select({ text: smsMessages.text })
      .from(smsMessages)
      .where(eq(smsMessages.mobile, "09121234567"));
    expect(texts.filter((message) => message.text.includes(booking.reference))).toHaveLength(1);

    const byHash = await rawRequest(server.port, { path: `/payment?hash=${payment.hashId}` });
    expect(byHash.status).toBe(200);
    expect(byHash.body).toMatch(/[A-Z0-9]{2}-\d{10}/);

    const again = await post("/payment/callback/sandbox", body, "application/x-www-form-urlencoded");
    expect(again.headers.location).toBe(result);
    const read = json<{ status: string }>(await rawRequest(server.port, { path: `/api/v1/bookings/${booking.hashId}` }));
    expect(read.status).toBe("issued");
    const resent = await database.handle.db
      .select({ text: smsMessages.text })
      .from(smsMessages)
      .where(eq(smsMessages.mobile, "09121234567"));
    expect(resent.filter((message) => message.text.includes(booking.reference))).toHaveLength(1);
    // The invoice page shows the stored state with the tickets.
    const factor = await rawRequest(server.port, { path: `/flight/factor/${booking.reference}/${booking.hashId}/failed` });
    expect(factor.status).toBe(200);
    expect(factor.body).toMatch(/[A-Z0-9]{2}-\d{10}/);
    // A paid booking cannot be paid again.
    expect((await post(`/api/v1/bookings/${booking.hashId}/pay`, JSON.stringify({}))).status).toBe(409);
  });

  it("cancelling at the bank leaves the booking payable; the result page offers to pay again", async () => {
    const booking = await heldBooking();
    const pay = json<{ redirectUrl: string }>(await post(`/api/v1/bookings/${booking.hashId}/pay`, JSON.stringify({})));
    const bankPath = new URL(pay.redirectUrl).pathname;
    const cancelled = bankForm((await post(bankPath, "action=cancel", "application/x-www-form-urlencoded")).body);
    expect(cancelled.fields.status).toBe("NOK");
    const back = await post(
      "/payment/callback/sandbox",
      new URLSearchParams(cancelled.fields).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(String(back.headers.location)).toMatch(/\/cancelled$/);
    const read = json<{ status: string }>(await rawRequest(server.port, { path: `/api/v1/bookings/${booking.hashId}` }));
    expect(read.status).toBe("held");
    expect((await post(`/api/v1/bookings/${booking.hashId}/pay`, JSON.stringify({ gateway: "sandbox" }))).status).toBe(200);
  });

  it("pays through Zarinpal: StartPay, a GET callback with Authority and Status, verified for our amount", async () => {
    const booking = await heldBooking();
    const pay = await post(`/api/v1/bookings/${booking.hashId}/pay`, JSON.stringify({ gateway: "zarinpal" }));
    expect(pay.status, pay.body).toBe(200);
    const startPay = new URL(json<{ redirectUrl: string }>(pay).redirectUrl);
    expect(startPay.origin).toBe(zarinpal.baseUrl);
    const authority = startPay.pathname.split("/").at(-1)!;
    expect(zarinpal.session(authority)?.amountRials).toBe(booking.total * 10);
    zarinpal.pay(authority);
    const back = await rawRequest(server.port, { path: `/payment/callback/zarinpal?Authority=${authority}&Status=OK` });
    expect(back.status).toBe(303);
    expect(String(back.headers.location)).toMatch(/\/issued$/);
    expect(zarinpal.session(authority)?.status).toBe("verified");
    // The merchant id never reaches a page or an answer.
    expect(pay.body).not.toContain(MERCHANT);
  });

  it("refuses what a client cannot ask for: unknown gateway, forged callbacks, unknown payments", async () => {
    const booking = await heldBooking();
    const unknownGateway = await post(`/api/v1/bookings/${booking.hashId}/pay`, JSON.stringify({ gateway: "mellat" }));
    expect(unknownGateway.status).toBe(422);
    expect(json<{ error: { code: string } }>(unknownGateway).error.code).toBe("GATEWAY_UNAVAILABLE");
    expect((await post(`/api/v1/bookings/${booking.hashId}/pay`, "{bad")).status).toBe(400);
    expect((await post(`/api/v1/bookings/${"x".repeat(22)}/pay`, "{}")).status).toBe(404);
    const forged = await post(
      "/payment/callback/sandbox",
      "token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&status=OK",
      "application/x-www-form-urlencoded",
    );
    expect(forged.status).toBe(404);
    expect((await post("/payment/callback/nobank", "token=x&status=OK", "application/x-www-form-urlencoded")).status).toBe(404);
    expect((await rawRequest(server.port, { path: `/payment/paymentp/X/${"y".repeat(22)}/issued` })).status).toBe(404);
    expect((await rawRequest(server.port, { path: `/payment?hash=${"y".repeat(22)}` })).status).toBe(404);
    // Without a hash, /payment says where to look instead.
    const bare = await rawRequest(server.port, { path: "/payment" });
    expect(bare.status).toBe(200);
    expect(bare.body).toContain('href="/follow"');
  });
});
