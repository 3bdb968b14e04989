/**
 * The user panel of issue 9 over HTTP, without JavaScript: the profile, the previous-passengers
 * list and "my bookings", each only for its own signed-in account, every form behind its CSRF
 * token. Sessions are opened straight in the repositories: signing in by SMS is tested elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountRepository } from "#adapters/db/account-repository.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createSessionRepository } from "#adapters/db/session-repository.ts";
import type { SavedPassengerFields } from "#core/accounts/account.ts";
import { hashSessionToken, newSessionToken } from "#core/accounts/session-token.ts";
import type { AccountRepository, SessionRepository } from "#core/accounts/ports.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

interface Visitor {
  accountId: string;
  mobile: string;
  /** The session and CSRF cookies of a signed-in browser. */
  cookie: string;
  csrf: string;
}

const GERMAN: SavedPassengerFields = {
  iranian: false,
  nationality: "DE",
  firstName: "Anna",
  lastName: "Schmidt",
  firstNameLatin: "Anna",
  lastNameLatin: "Schmidt",
  gender: "female",
  birthDate: "1988-11-20",
  passportNumber: "C01X00T47",
  passportCountry: "DE",
  passportExpiry: "2040-01-01",
  wheelchair: false,
};

let mobileCounter = 0;
const freshMobile = () => `0935${String(10_000_000 + ++mobileCounter).slice(1)}`;

describe.each(ENGINES)("the user panel over HTTP on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantId: string;
  let accounts: AccountRepository;
  let sessions: SessionRepository;
  const date = addDays(tehranToday(new Date()), 2);

  const get = (path: string, visitor?: Visitor) => rawRequest(server.port, { path, headers: visitor ? { cookie: visitor.cookie } : {} });
  const post = (path: string, fields: Record<string, string>, visitor?: Visitor) =>
    rawRequest(server.port, {
      method: "POST",
      path,
      headers: { "content-type": "application/x-www-form-urlencoded", ...(visitor ? { cookie: visitor.cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
  /** A form sent from the panel's own page: with the browser's token. */
  const submit = (path: string, fields: Record<string, string>, visitor: Visitor) => post(path, { csrf: visitor.csrf, ...fields }, visitor);

  async function signIn(mobile = freshMobile()): Promise<Visitor> {
    const now = new Date();
    const { account } = await accounts.findOrCreate({ tenantId, mobile, now });
    const token = newSessionToken();
    await sessions.create({
      tenantId,
      userId: account.id,
      tokenHash: await hashSessionToken(token),
      kind: "web",
      userAgent: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3600_000),
    });
    // Any 43 url-safe letters make a CSRF token; the server compares the field with this cookie.
    const csrf = newSessionToken();
    return { accountId: account.id, mobile, cookie: `hs_session=${token}; hs_csrf=${csrf}`, csrf };
  }

  async function bookFor(mobile: string): Promise<{ hashId: string; reference: string }> {
    const search = await rawRequest(server.port, { path: `/api/v1/flights/search?from=THR&to=MHD&date=${date}&adults=1` });
    const offer = (JSON.parse(search.body) as { offers: { offerId: string }[] }).offers[0]!;
    const created = await rawRequest(server.port, {
      method: "POST",
      path: "/api/v1/bookings",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        offerId: offer.offerId,
        passengers: [
          { type: "adult", firstName: "علی", lastName: "رضایی", gender: "male", birthDate: "1990-05-01", nationalCode: "0499370899" },
        ],
        contact: { mobile },
      }),
    });
    expect(created.status, created.body).toBe(201);
    return JSON.parse(created.body) as { hashId: string; reference: string };
  }

  const header = (response: RawResponse, name: string) => [response.headers[name] ?? ""].flat().join("\n");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    // City names on "my bookings" come from the reference places.
    await seedPlaces(database.handle.db, referencePlaces());
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate: addDays(date, -1), days: 3 }),
    });
    tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    accounts = createAccountRepository(database.handle.db);
    sessions = createSessionRepository(database.handle.db);
    server = await startTestServer(database.handle);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("sends a visitor who is not signed in to sign in, and back to the page afterwards", async () => {
    const profile = await get("/account");
    expect(profile.status).toBe(302);
    expect(profile.headers.location).toBe("/login?next=%2Faccount");
    expect(profile.headers["cache-control"]).toBe("no-store");

    const bookings = await get("/en/account/bookings");
    expect(bookings.status).toBe(302);
    expect(bookings.headers.location).toBe("/en/login?next=%2Fen%2Faccount%2Fbookings");

    const passengers = await get("/ar/account/passengers?edit=x");
    expect(passengers.headers.location).toBe("/ar/login?next=%2Far%2Faccount%2Fpassengers%3Fedit%3Dx");

    // A session that does not exist is no session at all.
    const forged = await get("/account", { accountId: "", mobile: "", cookie: `hs_session=${newSessionToken()}`, csrf: "" });
    expect(forged.status).toBe(302);
  });

  it("shows each panel page to its account, private and unindexed, with the frame and the current section marked", async () => {
    const visitor = await signIn();
    for (const [path, current] of [
      ["/account", "/account"],
      ["/account/passengers", "/account/passengers"],
      ["/account/bookings", "/account/bookings"],
    ] as const) {
      const page = await get(path, visitor);
      expect(page.status, path).toBe(200);
      expect(page.headers["cache-control"], path).toBe("no-store");
      expect(page.headers["x-robots-tag"], path).toBe("noindex");
      expect(page.body, path).toMatch(/<meta name="robots" content="noindex/);
      // The number with its middle hidden, in Persian digits; the full number is not in the frame.
      expect(page.body, path).toContain(`${toPersian(visitor.mobile.slice(0, 4))}\u200E***\u200E${toPersian(visitor.mobile.slice(-4))}`);
      // Only the profile's own read-only field shows the whole number.
      if (path !== "/account") expect(page.body, path).not.toContain(toPersian(visitor.mobile));
      expect(currentLink(page.body), path).toContain(`href="${current}"`);
      expect(page.body, path).toContain('href="/logout"');
    }
    const english = await get("/en/account/bookings", visitor);
    expect(currentLink(english.body)).toContain('href="/en/account/bookings"');
    expect(english.body).toContain(`${visitor.mobile.slice(0, 4)}\u200E***\u200E${visitor.mobile.slice(-4)}`);
  });

  it("saves the profile, with a Persian birth date stored as ISO and the header's name cookie refreshed", async () => {
    const visitor = await signIn();
    const saved = await submit(
      "/account",
      {
        firstName: "مریم",
        lastName: "احمدی",
        firstNameLatin: "Maryam",
        lastNameLatin: "Ahmadi",
        nationalCode: "۰۴۹۹۳۷۰۸۹۹",
        birthDate: "۱۳۶۹/۰۲/۱۱",
        gender: "female",
        email: "maryam@example.com",
      },
      visitor,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe("/account?saved=1");
    expect(header(saved, "set-cookie")).toContain(`user_name=${encodeURIComponent("مریم احمدی")}`);
    const account = await accounts.findById(tenantId, visitor.accountId);
    expect(account?.profile).toEqual({
      firstName: "مریم",
      lastName: "احمدی",
      firstNameLatin: "Maryam",
      lastNameLatin: "Ahmadi",
      nationalCode: "0499370899",
      birthDate: "1990-05-01",
      gender: "female",
      email: "maryam@example.com",
    });

    const page = await get("/account?saved=1", visitor);
    expect(page.body).toContain('role="status"');
    expect(page.body).toContain("۱۳۶۹/۰۲/۱۱");
    expect(page.body).toContain("مریم احمدی");
    // In English the same date is written in the Gregorian calendar.
    expect((await get("/en/account", visitor)).body).toContain('value="1990/05/01"');

    // Every field may be emptied again.
    expect((await submit("/account", {}, visitor)).status).toBe(303);
    expect((await accounts.findById(tenantId, visitor.accountId))?.profile.firstName).toBeNull();
  });

  it("refuses an invalid national code with 400, on its field, keeping everything typed and changing nothing", async () => {
    const visitor = await signIn();
    const refused = await submit(
      "/account",
      { firstName: "رضا", lastName: "Karimi", nationalCode: "1234567890", email: "reza@example.com" },
      visitor,
    );
    expect(refused.status).toBe(400);
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(refused.body).toContain('value="رضا"');
    expect(refused.body).toContain('value="1234567890"');
    expect(refused.body).toContain('value="reza@example.com"');
    // Each error is tied to its field and said in Persian.
    expect(refused.body).toMatch(/id="f-nationalCode"[^>]*aria-invalid="true"[^>]*aria-describedby="f-nationalCode-error"/);
    expect(refused.body).toMatch(/id="f-nationalCode-error"[^>]*>کد ملی نامعتبر است/);
    expect(refused.body).toMatch(/id="f-lastName"[^>]*aria-invalid="true"/);
    expect(refused.body).not.toMatch(/id="f-email"[^>]*aria-invalid/);
    expect((await accounts.findById(tenantId, visitor.accountId))?.profile.nationalCode).toBeNull();

    // The router's own request (JavaScript on) gets 200 and the same verdict, which the page shows.
    const viaRouter = await submit("/account.data", { nationalCode: "1234567890" }, visitor);
    expect(viaRouter.status).toBe(200);
    expect(viaRouter.body).toContain("NATIONAL_CODE_INVALID");

    const english = await submit("/en/account", { firstName: "Reza", birthDate: "2990/01/01" }, visitor);
    expect(english.status).toBe(400);
    expect(english.body).toContain("This field must be in Persian characters.");
    expect(english.body).toContain("Enter a valid date of birth.");
  });

  it("refuses a form without the browser's CSRF token with 403, before it changes anything", async () => {
    const visitor = await signIn();
    const missing = await post("/account", { firstName: "سارا" }, visitor);
    expect(missing.status).toBe(403);
    const wrong = await post("/account/passengers", { csrf: newSessionToken(), intent: "save", "passengers.0.firstName": "سارا" }, visitor);
    expect(wrong.status).toBe(403);
    expect((await accounts.findById(tenantId, visitor.accountId))?.profile.firstName).toBeNull();
    expect(await accounts.savedPassengers(visitor.accountId)).toEqual([]);
  });

  it("adds, edits and deletes saved passengers by the booking form's rules", async () => {
    const visitor = await signIn();
    const added = await submit(
      "/account/passengers",
      {
        intent: "save",
        "passengers.0.firstName": "علی",
        "passengers.0.lastName": "رضایی",
        "passengers.0.gender": "male",
        "passengers.0.birthDate": "1369/02/11",
        "passengers.0.nationalCode": "0499370899",
      },
      visitor,
    );
    expect(added.status).toBe(303);
    expect(added.headers.location).toBe("/account/passengers?saved=1");
    const [ali] = await accounts.savedPassengers(visitor.accountId);
    expect(ali).toMatchObject({ iranian: true, firstName: "علی", lastName: "رضایی", nationalCode: "0499370899", birthDate: "1990-05-01" });

    const list = await get("/account/passengers?saved=1", visitor);
    expect(list.body).toContain("علی رضایی");
    expect(list.body).toContain("۰۴۹۹۳۷۰۸۹۹");
    expect(list.body).toContain("۱۳۶۹/۰۲/۱۱");
    const editForm = await get(`/account/passengers?edit=${ali!.id}`, visitor);
    expect(editForm.status).toBe(200);
    expect(editForm.body).toContain(`name="id" value="${ali!.id}"`);
    expect(editForm.body).toMatch(/name="passengers.0.firstName"[^>]*value="علی"/);

    // A foreigner needs a passport: refused without one, with what was typed kept.
    const refused = await submit(
      "/account/passengers",
      {
        intent: "save",
        "passengers.0.foreign": "1",
        "passengers.0.firstNameLatin": "Anna",
        "passengers.0.lastNameLatin": "Schmidt",
        "passengers.0.gender": "female",
        "passengers.0.birthDate": "1988/11/20",
      },
      visitor,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatch(/id="f-passengers-0-passportNumber"[^>]*aria-invalid="true"/);
    expect(refused.body).toContain('value="Anna"');
    const expired = await submit(
      "/en/account/passengers",
      {
        intent: "save",
        "passengers.0.foreign": "1",
        "passengers.0.nationality": "DE",
        "passengers.0.firstNameLatin": "Anna",
        "passengers.0.lastNameLatin": "Schmidt",
        "passengers.0.gender": "female",
        "passengers.0.birthDate": "1988/11/20",
        "passengers.0.passportNumber": "C01X00T47",
        "passengers.0.passportCountry": "DE",
        "passengers.0.passportExpiry": "2001/01/01",
      },
      visitor,
    );
    expect(expired.status).toBe(400);
    expect(expired.body).toContain("This passport has expired.");
    expect(await accounts.savedPassengers(visitor.accountId)).toHaveLength(1);

    // Editing, even the national code, changes the one entry rather than adding another.
    const edited = await submit(
      "/account/passengers",
      {
        intent: "save",
        id: ali!.id,
        "passengers.0.firstName": "علیرضا",
        "passengers.0.lastName": "رضایی",
        "passengers.0.gender": "male",
        "passengers.0.birthDate": "1369/02/11",
        "passengers.0.nationalCode": "0010350829",
      },
      visitor,
    );
    expect(edited.status).toBe(303);
    const afterEdit = await accounts.savedPassengers(visitor.accountId);
    expect(afterEdit).toHaveLength(1);
    expect(afterEdit[0]).toMatchObject({ firstName: "علیرضا", nationalCode: "0010350829" });

    const deleted = await submit("/account/passengers", { intent: "delete", id: afterEdit[0]!.id }, visitor);
    expect(deleted.status).toBe(303);
    expect(deleted.headers.location).toBe("/account/passengers?deleted=1");
    expect(await accounts.savedPassengers(visitor.accountId)).toEqual([]);
    expect((await get("/account/passengers?deleted=1", visitor)).body).toContain('role="status"');
  });

  it("answers 404 for another account's saved passenger, whatever is asked of it", async () => {
    const visitor = await signIn();
    const other = await signIn();
    const theirs = await accounts.savePassenger(other.accountId, GERMAN, new Date());

    expect((await get(`/account/passengers?edit=${theirs.id}`, visitor)).status).toBe(404);
    expect((await submit("/account/passengers", { intent: "delete", id: theirs.id }, visitor)).status).toBe(404);
    const overwrite = await submit(
      "/account/passengers",
      {
        intent: "save",
        id: theirs.id,
        "passengers.0.firstName": "علی",
        "passengers.0.lastName": "رضایی",
        "passengers.0.gender": "male",
        "passengers.0.birthDate": "1369/02/11",
        "passengers.0.nationalCode": "0499370899",
      },
      visitor,
    );
    expect(overwrite.status).toBe(404);
    expect((await submit("/account/passengers", { intent: "delete", id: "not-an-id" }, visitor)).status).toBe(404);

    expect(await accounts.savedPassengers(other.accountId)).toEqual([
      expect.objectContaining({ id: theirs.id, passportNumber: "C01X00T47" }),
    ]);
    expect(await accounts.savedPassengers(visitor.accountId)).toEqual([]);
    // The owner sees it, with the passport's country named.
    const own = await get("/en/account/passengers", other);
    expect(own.body).toContain("C01X00T47</bdi> (Germany)");
  });

  it("lists the account's own bookings, newest first, with their next steps, and nobody else's", async () => {
    const visitor = await signIn();
    const other = await signIn();
    const first = await bookFor(visitor.mobile);
    const second = await bookFor(visitor.mobile);
    const theirs = await bookFor(other.mobile);
    const guest = await bookFor(freshMobile());
    expect(await accounts.attachGuestBookings(tenantId, visitor.accountId, visitor.mobile)).toBe(2);
    expect(await accounts.attachGuestBookings(tenantId, other.accountId, other.mobile)).toBe(1);

    const page = await get("/account/bookings", visitor);
    expect(page.status).toBe(200);
    expect(page.body).toContain(first.reference);
    expect(page.body).toContain(second.reference);
    expect(page.body).not.toContain(theirs.reference);
    expect(page.body).not.toContain(guest.reference);
    expect(page.body.indexOf(second.reference)).toBeLessThan(page.body.indexOf(first.reference));
    // A held booking: its pre-invoice to pay, its tracking page; no ticket yet.
    expect(page.body).toContain(`href="/flight/prefactor/${first.reference}/${first.hashId}"`);
    expect(page.body).toContain(`href="/follow?booking=${first.hashId}"`);
    expect(page.body).not.toContain(`/api/v1/bookings/${first.hashId}/ticket.pdf`);
    expect(page.body).toContain("THR");
    expect(page.body).toContain("MHD");

    const english = await get("/en/account/bookings", other);
    expect(english.body).toContain(theirs.reference);
    expect(english.body).not.toContain(first.reference);
    expect(english.body).toContain(`href="/en/flight/prefactor/${theirs.reference}/${theirs.hashId}"`);
    expect(english.body).toContain("Mashhad");
  });

  it("says so when the account has no bookings, with a way to search flights", async () => {
    const visitor = await signIn();
    const page = await get("/en/account/bookings", visitor);
    expect(page.status).toBe(200);
    expect(page.body).toContain("You have no bookings yet.");
    expect(page.body).toContain('href="/en/flight"');
  });
});

/** The panel's link marked as the current page (exactly one). */
function currentLink(html: string): string {
  const links = html.match(/<a [^>]*aria-current="page"[^>]*>/g) ?? [];
  expect(links).toHaveLength(1);
  return links[0]!;
}

function toPersian(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)));
}
