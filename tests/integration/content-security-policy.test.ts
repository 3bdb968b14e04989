/**
 * The Content-Security-Policy and security headers on the real server (issue 16 §4): every HTML
 * answer (the shop's pages, the static error pages, the sandbox bank, the SMS outbox) carries a
 * policy with a nonce drawn for that request, every script and style element of the page carries
 * that nonce, and no element has an inline event handler; HSTS only over https.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import { tenants } from "#adapters/db/schema.ts";
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
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const CREDENTIALS_KEY = "b".repeat(64);
const MERCHANT = "1344b5d4-0048-11e8-94db-005056a205be";

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function policyOf(response: RawResponse): Map<string, string[]> {
  const header = response.headers["content-security-policy"];
  expect(typeof header, "one Content-Security-Policy header").toBe("string");
  return directives(header as string);
}

/** The nonce the policy allows scripts (or, on a page without script, styles) by. */
function nonceOf(response: RawResponse): string {
  const policy = policyOf(response);
  const source = [...(policy.get("script-src") ?? []), ...(policy.get("style-src-elem") ?? []), ...(policy.get("style-src") ?? [])].find(
    (entry) => entry.startsWith("'nonce-"),
  );
  expect(source, "a nonce in the policy").toBeDefined();
  return source!.slice("'nonce-".length, -1);
}

/**
 * The page's script and style elements all carry the nonce of its policy (JSON-LD data blocks are
 * not scripts a browser runs, and CSP does not govern them), and no tag has an inline handler.
 * Returns how many scripts were checked.
 */
function expectEveryInlineAllowed(response: RawResponse): number {
  const nonce = nonceOf(response);
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  const scripts = [...response.body.matchAll(/<script\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !/type="application\/ld\+json"/.test(tag));
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  for (const [tag] of response.body.matchAll(/<style\b[^>]*>/g)) expect(tag).toContain(`nonce="${nonce}"`);
  expect(response.body).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
  return scripts.length;
}

function expectSecurityHeaders(response: RawResponse): void {
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["x-frame-options"]).toBe("DENY");
  expect(policyOf(response).get("frame-ancestors")).toEqual(["'none'"]);
  expect(policyOf(response).get("base-uri")).toBeDefined();
  expect(response.headers["strict-transport-security"]).toBeUndefined();
}

describe.each(PAGE_ENGINES)("the content security policy on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let zarinpal: FakeZarinpal;
  const date = addDays(tehranToday(new Date()), 2);
  const get = (path: string, host?: string, headers?: Record<string, string>) =>
    rawRequest(server.port, { path, ...(host ? { host } : {}), ...(headers ? { headers } : {}) });
  const post = (path: string, body: string, type = "application/json") =>
    rawRequest(server.port, { method: "POST", path, headers: { "content-type": type }, body });

  async function heldBooking(): Promise<{ hashId: string; reference: string }> {
    const search = await get(`/api/v1/flights/search?from=THR&to=SYZ&date=${date}&adults=1`);
    const offer = (JSON.parse(search.body) as { offers: { offerId: string }[] }).offers[0]!;
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
    return JSON.parse(created.body) as { hashId: string; reference: string };
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    // Search refuses places it does not know (UNKNOWN_PLACE): the reference places come first.
    await seedPlaces(database.handle.db, referencePlaces());
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate: addDays(date, -1), days: 3 }),
    });
    // The default agency pays through Zarinpal too (a local fake) and shows its logo from a CDN.
    zarinpal = await startFakeZarinpal({ merchants: [MERCHANT] });
    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    await createCredentialStore(database.handle.db, { key: CREDENTIALS_KEY }).put(tenantId, "payment:zarinpal", {
      merchantId: MERCHANT,
      baseUrl: zarinpal.baseUrl,
    });
    await database.handle.db
      .update(tenants)
      .set({ paymentGateways: ["sandbox", "zarinpal"], logoHeader: "https://cdn.example/hamsafar/logo.svg" })
      .where(eq(tenants.id, tenantId));
    server = await startTestServer(database.handle, { CREDENTIALS_KEY, DEV_TOOLS: "1", TRUST_PROXY: "loopback" });
  });
  afterAll(async () => {
    await zarinpal?.close();
    await server?.close();
    await database?.drop();
  });

  it.each([
    ["the home page", "/"],
    ["the English home page", "/en"],
    ["a flight results page", `/flight/THR-SYZ?date=${date}&adults=1&children=0&infants=0`],
    ["the app's not-found page", "/no/such/page"],
  ])("%s: a fresh nonce on every request, on every script the page has", async (_name, path) => {
    const first = await get(path);
    const second = await get(path);
    expect(first.headers["content-type"]).toMatch(/^text\/html/);
    for (const response of [first, second]) {
      expectSecurityHeaders(response);
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      // The router's hydration data and entry module at least.
      expect(expectEveryInlineAllowed(response)).toBeGreaterThanOrEqual(2);
      const policy = policyOf(response);
      expect(policy.get("default-src")).toEqual(["'self'"]);
      expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonceOf(response)}'`]);
      expect(policy.get("object-src")).toEqual(["'none'"]);
    }
    expect(nonceOf(first)).not.toBe(nonceOf(second));
  });

  it("lets the shop's forms reach the tenant's configured gateways and its images their CDN, and no other tenant's", async () => {
    const own = policyOf(await get("/"));
    expect(own.get("form-action")).toEqual(["'self'", zarinpal.baseUrl]);
    expect(own.get("img-src")).toEqual(["'self'", "data:", "https://cdn.example"]);
    const other = policyOf(await get("/", "theme2.localhost"));
    expect(other.get("form-action")).toEqual(["'self'"]);
    expect(other.get("img-src")).toEqual(["'self'", "data:"]);
  });

  it("the pre-invoice, whose pay form leads to a bank, allows the gateways too", async () => {
    const booking = await heldBooking();
    const page = await get(`/flight/prefactor/${booking.reference}/${booking.hashId}`);
    expect(page.status).toBe(200);
    expectEveryInlineAllowed(page);
    expect(policyOf(page).get("form-action")).toEqual(["'self'", zarinpal.baseUrl]);
  });

  it.each([
    ["an unknown host", () => get("/", "unknown.example")],
    [
      "a form posted from another site",
      () =>
        rawRequest(server.port, {
          method: "POST",
          path: "/account/profile",
          headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
          body: "a=1",
        }),
    ],
  ])("the static error page for %s: its style by the request's nonce", async (_name, request) => {
    const first = await request();
    const second = await request();
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(first.body).toMatch(/<style nonce="/);
    for (const response of [first, second]) {
      expectSecurityHeaders(response);
      expect(expectEveryInlineAllowed(response)).toBe(0);
    }
    expect(nonceOf(first)).not.toBe(nonceOf(second));
  });

  it("the sandbox bank's pages: their own strict policy, the auto-submitting form's script by nonce", async () => {
    const booking = await heldBooking();
    const pay = await post(`/api/v1/bookings/${booking.hashId}/pay`, JSON.stringify({ gateway: "sandbox" }));
    expect(pay.status, pay.body).toBe(200);
    const bankPath = new URL((JSON.parse(pay.body) as { redirectUrl: string }).redirectUrl).pathname;

    const [page, again] = [await get(bankPath), await get(bankPath)];
    expectSecurityHeaders(page);
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(expectEveryInlineAllowed(page)).toBe(0);
    expect(policyOf(page).get("default-src")).toEqual(["'none'"]);
    expect(policyOf(page).get("script-src")).toEqual(["'none'"]);
    expect(nonceOf(page)).not.toBe(nonceOf(again));

    const paid = await post(bankPath, "action=pay", "application/x-www-form-urlencoded");
    expect(paid.status).toBe(200);
    expect(expectEveryInlineAllowed(paid)).toBe(1);
    const policy = policyOf(paid);
    expect(policy.get("script-src")).toEqual([`'nonce-${nonceOf(paid)}'`]);
    // It posts back to the shop that sent the buyer.
    expect(policy.get("form-action")).toEqual(["'self'", `http://localhost:${server.port}`]);
  });

  it("the SMS outbox page (development tools on): style by nonce, no script", async () => {
    const [page, again] = [await get("/dev/sms"), await get("/dev/sms")];
    expect(page.status).toBe(200);
    expectSecurityHeaders(page);
    expect(expectEveryInlineAllowed(page)).toBe(0);
    expect(page.body).toContain(`<style nonce="${nonceOf(page)}">`);
    expect(policyOf(page).get("script-src")).toEqual(["'none'"]);
    expect(nonceOf(page)).not.toBe(nonceOf(again));
  });

  it("sends HSTS only when the request came over https through the trusted proxy", async () => {
    expect((await get("/")).headers["strict-transport-security"]).toBeUndefined();
    const secure = await get("/", undefined, { "x-forwarded-proto": "https" });
    expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000");
    expect((await get("/healthz", undefined, { "x-forwarded-proto": "https" })).headers["strict-transport-security"]).toBe(
      "max-age=31536000",
    );
  });
});
