/**
 * Who may open a booking's pages, and CSRF on the booking forms (issue 9), on the real server: a
 * booking that belongs to an account opens only for it; forms need the browser's token; forms
 * from another site are refused; a signed-in traveller gets their previous passengers offered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountRepository } from "#adapters/db/account-repository.ts";
import { createSessionRepository } from "#adapters/db/session-repository.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import type { Account } from "#core/accounts/account.ts";
import { hashSessionToken, newSessionToken } from "#core/accounts/session-token.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const CSRF = "c".repeat(43);

describe.each(ENGINES)("booking pages and accounts on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantId: string;
  const date = addDays(tehranToday(new Date()), 2);
  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;

  /** A signed-in browser of a new account: its session cookie (and a CSRF cookie). */
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

  async function offerId(): Promise<string> {
    const search = await rawRequest(server.port, { path: `/api/v1/flights/search?from=THR&to=MHD&date=${date}&adults=1` });
    return json<{ offers: { offerId: string }[] }>(search).offers[0]!.offerId;
  }

  /** A guest booking with this contact mobile (held), by the API. */
  async function guestBooking(mobile: string): Promise<{ hashId: string; reference: string }> {
    const created = await rawRequest(server.port, {
      method: "POST",
      path: "/api/v1/bookings",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        offerId: await offerId(),
        passengers: [
          { type: "adult", firstName: "علی", lastName: "رضایی", gender: "male", birthDate: "1990-05-01", nationalCode: "0499370899" },
        ],
        contact: { mobile },
      }),
    });
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
    tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    server = await startTestServer(database.handle);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("opens an account's booking only for that account: 404 for another, sign-in first for a visitor", async () => {
    const owner = await signedIn("09120000001");
    const other = await signedIn("09120000002");
    const booking = await guestBooking("09120000001");
    const path = `/flight/prefactor/${booking.reference}/${booking.hashId}`;
    // A guest booking opens by its hashId for anyone…
    expect((await rawRequest(server.port, { path })).status).toBe(200);
    // …until its number signs in and the booking becomes the account's.
    expect(await createAccountRepository(database.handle.db).attachGuestBookings(tenantId, owner.account.id, "09120000001")).toBe(1);
    expect((await rawRequest(server.port, { path, headers: { cookie: owner.cookie } })).status).toBe(200);
    const stranger = await rawRequest(server.port, { path, headers: { cookie: other.cookie } });
    expect(stranger.status).toBe(404);
    const visitor = await rawRequest(server.port, { path });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe(`/login?next=${encodeURIComponent(path)}`);
    // The invoice and the tracking page follow the same rule.
    expect(
      (await rawRequest(server.port, { path: `/flight/factor/${booking.reference}/${booking.hashId}`, headers: { cookie: other.cookie } }))
        .status,
    ).toBe(404);
    expect((await rawRequest(server.port, { path: `/follow?booking=${booking.hashId}`, headers: { cookie: other.cookie } })).status).toBe(
      404,
    );
    expect((await rawRequest(server.port, { path: `/follow?booking=${booking.hashId}`, headers: { cookie: owner.cookie } })).status).toBe(
      200,
    );
  });

  it("refuses a form without the browser's CSRF token, and any form posted from another site", async () => {
    const booking = await guestBooking("09120000003");
    const path = `/flight/prefactor/${booking.reference}/${booking.hashId}`;
    const form = (cookie: string | null, body: string, extra: Record<string, string> = {}) =>
      rawRequest(server.port, {
        method: "POST",
        path,
        headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}), ...extra },
        body,
      });
    expect((await form(`hs_csrf=${CSRF}`, "gateway=sandbox")).status).toBe(403);
    expect((await form(`hs_csrf=${CSRF}`, `gateway=sandbox&csrf=${"d".repeat(43)}`)).status).toBe(403);
    const accepted = await form(`hs_csrf=${CSRF}`, `gateway=sandbox&csrf=${CSRF}`);
    expect(accepted.status).toBe(303);
    expect(accepted.headers.location).toMatch(/\/sandbox-bank\//);
    const crossSite = await form(`hs_csrf=${CSRF}`, `gateway=sandbox&csrf=${CSRF}`, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect((await form(`hs_csrf=${CSRF}`, `gateway=sandbox&csrf=${CSRF}`, { "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  it("gives a page with a form a CSRF cookie whose token the form carries", async () => {
    const booking = await guestBooking("09120000004");
    const page = await rawRequest(server.port, { path: `/flight/prefactor/${booking.reference}/${booking.hashId}` });
    const cookies = ([] as string[]).concat(page.headers["set-cookie"] ?? []);
    const csrfCookie = cookies.find((cookie) => cookie.startsWith("hs_csrf="));
    expect(csrfCookie).toMatch(/HttpOnly/i);
    expect(csrfCookie).toMatch(/SameSite=Lax/i);
    const token = /^hs_csrf=([^;]+)/.exec(csrfCookie ?? "")?.[1];
    expect(page.body).toContain(`name="csrf" value="${token}"`);
    // A page with a personal token is never kept by a shared cache.
    expect(page.headers["cache-control"]).toBe("no-store");
  });

  it("offers a signed-in traveller their previous passengers and fills one in by a link", async () => {
    const traveller = await signedIn("09120000005");
    const saved = await createAccountRepository(database.handle.db).savePassenger(
      traveller.account.id,
      {
        iranian: true,
        nationality: "IR",
        firstName: "مریم",
        lastName: "کریمی",
        gender: "female",
        birthDate: "1988-03-21",
        nationalCode: "0084575948",
        wheelchair: false,
      },
      new Date(),
    );
    const id = await offerId();
    const base = `/flight/THR-MHD/passengers?outbound=${encodeURIComponent(id)}&adults=1&children=0&infants=0`;
    const page = await rawRequest(server.port, { path: base, headers: { cookie: traveller.cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("مریم کریمی");
    // The account's mobile is the contact, in Persian digits.
    expect(page.body).toContain('value="۰۹۱۲۰۰۰۰۰۰۵"');
    const filled = await rawRequest(server.port, { path: `${base}&fill0=${saved.id}`, headers: { cookie: traveller.cookie } });
    expect(filled.body).toMatch(/name="passengers\.0\.firstName"[^>]*value="مریم"/);
    // A guest sees no list.
    const guest = await rawRequest(server.port, { path: base });
    expect(guest.body).not.toContain("مریم کریمی");
  });

  it("books for the signed-in account and adds the passengers to its list", async () => {
    const traveller = await signedIn("09120000006");
    const id = await offerId();
    const path = `/flight/THR-MHD/passengers?outbound=${encodeURIComponent(id)}&adults=1&children=0&infants=0`;
    const body = new URLSearchParams({
      csrf: CSRF,
      "passengers.0.firstName": "رضا",
      "passengers.0.lastName": "احمدی",
      "passengers.0.gender": "male",
      "passengers.0.birthDate": "1370/01/01",
      "passengers.0.nationalCode": "0499370899",
      "contact.mobile": "09120000006",
    }).toString();
    const placed = await rawRequest(server.port, {
      method: "POST",
      path,
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: traveller.cookie },
      body,
    });
    expect(placed.status, placed.body.slice(0, 500)).toBe(303);
    const list = await createAccountRepository(database.handle.db).savedPassengers(traveller.account.id);
    expect(list.map((person) => person.nationalCode)).toEqual(["0499370899"]);
    // The pre-invoice opens for the account, not for a visitor.
    const prefactor = String(placed.headers.location);
    expect((await rawRequest(server.port, { path: prefactor, headers: { cookie: traveller.cookie } })).status).toBe(200);
    expect((await rawRequest(server.port, { path: prefactor })).status).toBe(302);
  });

  it("takes a signed-in browser's writes to the bookings API only with its X-CSRF-Token: 403 CSRF without it, never a guest's booking", async () => {
    const traveller = await signedIn("09120000007");
    const booking = JSON.stringify({
      offerId: await offerId(),
      passengers: [
        { type: "adult", firstName: "سارا", lastName: "احمدی", gender: "female", birthDate: "1991-02-03", nationalCode: "0084575948" },
      ],
      contact: { mobile: "09120000007" },
    });
    const send = (path: string, body: string, headers: Record<string, string>) =>
      rawRequest(server.port, { method: "POST", path, headers: { "content-type": "application/json", ...headers }, body });

    const refused = await send("/api/v1/bookings?lang=en", booking, { cookie: traveller.cookie });
    expect(refused.status).toBe(403);
    expect(json<{ error: { code: string; message: string } }>(refused).error).toEqual({
      code: "CSRF",
      message: CATALOGS.en["api.error.CSRF"],
    });
    expect((await send("/api/v1/bookings", booking, { cookie: traveller.cookie, "x-csrf-token": "d".repeat(43) })).status).toBe(403);
    expect(await createAccountRepository(database.handle.db).savedPassengers(traveller.account.id)).toEqual([]);

    // With the token the booking is the account's, and its passenger joins the account's list.
    const created = await send("/api/v1/bookings", booking, { cookie: traveller.cookie, "x-csrf-token": CSRF });
    expect(created.status, created.body).toBe(201);
    const { hashId } = json<{ hashId: string }>(created);
    expect(
      (await createAccountRepository(database.handle.db).savedPassengers(traveller.account.id)).map((person) => person.nationalCode),
    ).toEqual(["0084575948"]);
    expect((await rawRequest(server.port, { path: `/api/v1/bookings/${hashId}` })).status).toBe(404);
    // Reading needs no token; paying does.
    expect((await rawRequest(server.port, { path: `/api/v1/bookings/${hashId}`, headers: { cookie: traveller.cookie } })).status).toBe(200);
    const pay = JSON.stringify({ gateway: "sandbox" });
    expect(
      json<{ error: { code: string } }>(await send(`/api/v1/bookings/${hashId}/pay`, pay, { cookie: traveller.cookie })).error.code,
    ).toBe("CSRF");
    expect((await send(`/api/v1/bookings/${hashId}/pay`, pay, { cookie: traveller.cookie, "x-csrf-token": CSRF })).status).toBe(200);
  });
});
