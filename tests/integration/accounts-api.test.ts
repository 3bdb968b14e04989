/**
 * The accounts API through the real server, on each database engine: signing in by SMS code
 * (read back from the outbox), the limits around codes (resend wait, expiry, tries, per number,
 * the agency's daily budget, proof of work), sessions (rotation, logout, logout everywhere), the
 * profile and saved passengers, CSRF for cookie sessions, and who may open an account's booking.
 * The server's clock only moves when a test moves it; nothing sleeps.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, smsMessages, tenants, users } from "#adapters/db/schema.ts";
import { readDisplayName } from "#app/account/display-name-cookie.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { createSessionRepository } from "#adapters/db/session-repository.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { tehranDayStart } from "#core/accounts/otp.ts";
import { solve } from "#core/accounts/proof-of-work.ts";
import { hashSessionToken, newSessionToken, SESSION_TTL_SECONDS } from "#core/accounts/session-token.ts";
import { addDays, addYears, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS, type TenantSeed } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

interface User {
  id: string;
  mobile: string;
  firstName: string | null;
  lastName: string | null;
  firstNameLatin: string | null;
  lastNameLatin: string | null;
  nationalCode: string | null;
  birthDate: string | null;
  gender: string | null;
  email: string | null;
}
interface SignIn {
  token: string;
  expiresAt: string;
  user: User;
}
/** The API's one error envelope. */
interface Problem {
  error: { code: string; message: string; fields?: { field: string; code: string; message: string }[] };
}
interface ProofRequired {
  status: "proof-required";
  challenge: { id: string; seed: string; difficultyBits: number; expiresAt: string } | null;
  recaptchaSiteKey: string | null;
}
interface SavedPassenger {
  id: string;
  firstName: string;
  nationalCode: string | null;
  passportNumber: string | null;
}
interface MyBooking {
  reference: string;
  hashId: string;
  status: string;
  service: string;
  total: number;
  createdAt: string;
  legs: { from: string; to: string; departAt: string; flightNumber: string }[];
  links: { prefactor: string; factor: string; ticketPdf: string | null; follow: string };
}

const SECRET = "integration-test-ip-hash-secret";
const BUDGET_TENANT: TenantSeed = {
  domains: ["budget.localhost"],
  tenant: { ...DEMO_TENANTS[2]!.tenant, slug: "sms-budget", isDefault: false, nameDomain1: "budget.localhost" },
};

let mobileCounter = 0;
/** A number of its own for each use, so no test sees another's codes or limits. */
const freshMobile = () => `0912${String(3_000_000 + ++mobileCounter).padStart(7, "0")}`;
let ipCounter = 0;
/** A client address of its own for each test: the per-address limits and failures stay apart. */
const freshIp = () => {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}.7`;
};

describe.each(ENGINES)("the accounts API on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  // Nine in the morning in Tehran: no test crosses the day the SMS budget counts.
  let now = new Date(tehranDayStart(new Date()).getTime() + 9 * 3600_000);
  const clock = { now: () => now };
  const advance = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  const firstDate = addDays(tehranToday(now), 1);
  const secondDate = addDays(firstDate, 1);

  type Options = { ip?: string; token?: string; cookie?: string; headers?: Record<string, string>; host?: string };
  const headersOf = (options: Options) => ({
    "x-forwarded-for": options.ip ?? "192.0.2.1",
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  });
  const send = (method: string, path: string, body: unknown, options: Options = {}) =>
    rawRequest(server.port, {
      method,
      path,
      ...(options.host ? { host: options.host } : {}),
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headersOf(options) },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
  const post = (path: string, body: unknown, options: Options = {}) => send("POST", path, body, options);
  const get = (path: string, options: Options = {}) => send("GET", path, undefined, options);
  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  /** The code of a refusal, and its fields as field → code. */
  const codeOf = (response: RawResponse) => json<Problem>(response).error.code;
  const fieldsOf = (response: RawResponse) =>
    Object.fromEntries((json<Problem>(response).error.fields ?? []).map((entry) => [entry.field, entry.code]));

  /** The newest SMS to a number, from the outbox the server writes. */
  async function lastSms(mobile: string): Promise<string | null> {
    const [row] = await database.handle.db
      .select({ text: smsMessages.text })
      .from(smsMessages)
      .where(eq(smsMessages.mobile, mobile))
      .orderBy(desc(smsMessages.createdAt))
      .limit(1);
    return row?.text ?? null;
  }
  /** The code of the newest SMS: its last line is "@host #code" (WebOTP). */
  async function lastCode(mobile: string): Promise<string> {
    const text = await lastSms(mobile);
    const match = /#(\d{6})\s*$/.exec(text ?? "");
    if (!match) throw new Error(`no code in the SMS to ${mobile}: ${text}`);
    return match[1]!;
  }
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  async function signIn(mobile = freshMobile(), ip = freshIp()): Promise<SignIn & { mobile: string }> {
    const sent = await post("/api/v1/auth/otp", { mobile }, { ip });
    expect(sent.status, sent.body).toBe(202);
    const verified = await post("/api/v1/auth/verify", { mobile, code: await lastCode(mobile) }, { ip });
    expect(verified.status, verified.body).toBe(200);
    return { ...json<SignIn>(verified), mobile };
  }

  /** A browser's session, as the sign-in page leaves it: the session cookie and a CSRF cookie. */
  async function browserSession(mobile: string) {
    const [user] = await database.handle.db.select({ id: users.id, tenantId: users.tenantId }).from(users).where(eq(users.mobile, mobile));
    const token = newSessionToken();
    await createSessionRepository(database.handle.db).create({
      tenantId: user!.tenantId,
      userId: user!.id,
      tokenHash: await hashSessionToken(token),
      kind: "web",
      userAgent: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
    });
    const csrf = newSessionToken();
    return { token, csrf, cookie: `hs_session=${token}; hs_csrf=${csrf}` };
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, [...DEMO_TENANTS, BUDGET_TENANT]);
    await database.handle.db.update(tenants).set({ smsDailyBudget: 2 }).where(eq(tenants.slug, BUDGET_TENANT.tenant.slug));
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate, days: 3 }),
    });
    // Search answers only for places it knows.
    await seedPlaces(database.handle.db, referencePlaces());
    // Trusting the loopback proxy lets each test speak for its own client address.
    server = await startTestServer(database.handle, { TRUST_PROXY: "loopback", IP_HASH_SECRET: SECRET }, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("signs in with the SMS code: 202, then a token, and /me shows the public id, never the database key", async () => {
    const mobile = freshMobile();
    const ip = freshIp();
    const sent = await post("/api/v1/auth/otp", { mobile: `+98${mobile.slice(1)}` }, { ip });
    expect(sent.status, sent.body).toBe(202);
    expect(sent.headers["cache-control"]).toBe("no-store");
    expect(json(sent)).toEqual({ status: "sent", resendAfterSeconds: 60 });
    const code = await lastCode(mobile);
    // Persian by default, bound to the host for WebOTP (without the port).
    expect(await lastSms(mobile)).toMatch(new RegExp(`[\\u0600-\\u06FF][\\s\\S]*\\n@localhost #${code}$`));

    const verified = await post(
      "/api/v1/auth/verify",
      { mobile, code: code.replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit))) },
      { ip },
    );
    expect(verified.status, verified.body).toBe(200);
    expect(verified.headers["cache-control"]).toBe("no-store");
    // An app's session sets no cookie.
    expect(verified.headers["set-cookie"]).toBeUndefined();
    const signedIn = json<SignIn>(verified);
    expect(signedIn.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(signedIn.expiresAt)).toBe(now.getTime() + SESSION_TTL_SECONDS * 1000);
    expect(signedIn.user).toMatchObject({ mobile, firstName: null, email: null });

    const [row] = await database.handle.db.select({ id: users.id, publicId: users.publicId }).from(users).where(eq(users.mobile, mobile));
    const me = await get("/api/v1/me", { token: signedIn.token });
    expect(me.status).toBe(200);
    expect(me.headers["cache-control"]).toBe("no-store");
    expect(json<User>(me).id).toBe(row!.publicId);
    expect(json<User>(me).id).toBe(signedIn.user.id);
    expect(me.body).not.toContain(row!.id);
    expect(verified.body).not.toContain(row!.id);
  });

  it("sends the SMS in the language the request asks for", async () => {
    const english = freshMobile();
    expect(
      (await post("/api/v1/auth/otp", { mobile: english }, { ip: freshIp(), headers: { "accept-language": "en-GB,en;q=0.9,fa;q=0.5" } }))
        .status,
    ).toBe(202);
    expect(await lastSms(english)).toMatch(/^Your sign-in code/);
    const arabic = freshMobile();
    expect(
      (await post("/api/v1/auth/otp", { mobile: arabic }, { ip: freshIp(), headers: { "accept-language": "en", language: "ar" } })).status,
    ).toBe(202);
    expect(await lastSms(arabic)).not.toMatch(/^Your sign-in code/);
    expect(await lastSms(arabic)).not.toBe(await lastSms(english));
  });

  it("answers 401 UNAUTHORIZED on /me without a session, with a token it does not know, or one that ran out", async () => {
    const { token } = await signIn();
    for (const options of [
      {},
      { token: newSessionToken() },
      { headers: { authorization: "Bearer not a token" } },
      { cookie: `hs_session=${newSessionToken()}` },
    ]) {
      const response = await get("/api/v1/me", options);
      expect(response.status).toBe(401);
      expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(codeOf(response)).toBe("UNAUTHORIZED");
    }
    expect((await get("/api/v1/me", { token })).status).toBe(200);
    // This session's thirty days are over (the clock stays where the other tests need it).
    await database.handle.db
      .update(sessions)
      .set({ expiresAt: now })
      .where(eq(sessions.tokenHash, await hashSessionToken(token)));
    expect((await get("/api/v1/me", { token })).status).toBe(401);
  });

  it("gives a registered and an unregistered number the very same answer", async () => {
    const registered = (await signIn()).mobile;
    advance(61);
    const ip = freshIp();
    const known = await post("/api/v1/auth/otp", { mobile: registered }, { ip });
    const unknown = await post("/api/v1/auth/otp", { mobile: freshMobile() }, { ip });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    const invalid = await post("/api/v1/auth/otp", { mobile: "12345" }, { ip });
    expect(invalid.status).toBe(422);
    expect(codeOf(invalid)).toBe("VALIDATION_FAILED");
    expect(fieldsOf(invalid)).toEqual({ mobile: "MOBILE_INVALID" });
  });

  it("refuses another code within a minute with 429 and Retry-After, and sends it once the clock moves on", async () => {
    const mobile = freshMobile();
    const ip = freshIp();
    expect((await post("/api/v1/auth/otp", { mobile }, { ip })).status).toBe(202);
    const first = await lastCode(mobile);
    const again = await post("/api/v1/auth/otp?lang=en", { mobile }, { ip });
    expect(again.status).toBe(429);
    expect(again.headers["retry-after"]).toBe("60");
    expect(codeOf(again)).toBe("RATE_LIMITED");
    // The message says the wait in the request's language.
    expect(json<Problem>(again).error.message).toContain("1 minute");
    advance(45);
    const later = await post("/api/v1/auth/otp", { mobile }, { ip });
    expect(later.status).toBe(429);
    expect(later.headers["retry-after"]).toBe("15");
    advance(15);
    expect((await post("/api/v1/auth/otp", { mobile }, { ip })).status).toBe(202);
    // The new code replaced the first: only it signs in.
    const second = await lastCode(mobile);
    if (second !== first) expect((await post("/api/v1/auth/verify", { mobile, code: first }, { ip })).status).toBe(401);
    expect((await post("/api/v1/auth/verify", { mobile, code: second }, { ip })).status).toBe(200);
  });

  it("lets a code run out after three minutes, and take one sign-in only", async () => {
    const mobile = freshMobile();
    const ip = freshIp();
    expect((await post("/api/v1/auth/otp", { mobile }, { ip })).status).toBe(202);
    const stale = await lastCode(mobile);
    advance(181);
    const expired = await post("/api/v1/auth/verify", { mobile, code: stale }, { ip });
    expect(expired.status).toBe(401);
    expect(codeOf(expired)).toBe("CODE_EXPIRED");

    expect((await post("/api/v1/auth/otp", { mobile }, { ip })).status).toBe(202);
    const code = await lastCode(mobile);
    expect((await post("/api/v1/auth/verify", { mobile, code }, { ip })).status).toBe(200);
    const reused = await post("/api/v1/auth/verify", { mobile, code }, { ip });
    expect(reused.status).toBe(401);
    expect(codeOf(reused)).toBe("CODE_EXPIRED");
    // A number that was never sent a code has nothing to try.
    expect(codeOf(await post("/api/v1/auth/verify", { mobile: freshMobile(), code }, { ip }))).toBe("CODE_EXPIRED");
  });

  it("locks a code after five wrong tries: the fifth answers 429 CODE_LOCKED, and then even the right code fails", async () => {
    const mobile = freshMobile();
    const ip = freshIp();
    expect((await post("/api/v1/auth/otp", { mobile }, { ip })).status).toBe(202);
    const code = await lastCode(mobile);
    for (const triesLeft of [4, 3, 2, 1]) {
      const wrong = await post("/api/v1/auth/verify?lang=en", { mobile, code: otherCode(code) }, { ip });
      expect(wrong.status).toBe(401);
      expect(codeOf(wrong)).toBe("CODE_WRONG");
      // The tries left are in the message, in the request's language.
      expect(json<Problem>(wrong).error.message).toContain(triesLeft === 1 ? "1 more try" : `${triesLeft} more tries`);
    }
    const fifth = await post("/api/v1/auth/verify", { mobile, code: otherCode(code) }, { ip });
    expect(fifth.status).toBe(429);
    expect(codeOf(fifth)).toBe("CODE_LOCKED");
    const right = await post("/api/v1/auth/verify", { mobile, code }, { ip: freshIp() });
    expect(right.status).toBe(429);
    expect(codeOf(right)).toBe("CODE_LOCKED");
    expect((await get("/api/v1/me", {})).status).toBe(401);
  });

  it("sends a number at most five codes an hour", async () => {
    const mobile = freshMobile();
    const ip = freshIp();
    for (let sent = 1; sent <= 5; sent += 1) {
      expect((await post("/api/v1/auth/otp", { mobile }, { ip })).status, `code ${sent}`).toBe(202);
      advance(61);
    }
    const sixth = await post("/api/v1/auth/otp", { mobile }, { ip });
    expect(sixth.status).toBe(429);
    expect(codeOf(sixth)).toBe("RATE_LIMITED");
    // The oldest of the five leaves the hour 5 × 61 s after it was sent.
    expect(sixth.headers["retry-after"]).toBe(String(3600 - 5 * 61));
    // Another number from the same address is not held back.
    expect((await post("/api/v1/auth/otp", { mobile: freshMobile() }, { ip })).status).toBe(202);
  });

  it("spends no more than the agency's daily SMS budget, and only that agency's", async () => {
    const host = "budget.localhost";
    expect((await post("/api/v1/auth/otp", { mobile: freshMobile() }, { ip: freshIp(), host })).status).toBe(202);
    expect((await post("/api/v1/auth/otp", { mobile: freshMobile() }, { ip: freshIp(), host })).status).toBe(202);
    const third = freshMobile();
    const refused = await post("/api/v1/auth/otp", { mobile: third }, { ip: freshIp(), host });
    expect(refused.status).toBe(429);
    expect(codeOf(refused)).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await lastSms(third)).toBeNull();
    // The default agency has its own budget.
    expect((await post("/api/v1/auth/otp", { mobile: third }, { ip: freshIp() })).status).toBe(202);
  });

  it("asks for a proof of work after three failures from one address, accepts it solved, and only once", async () => {
    const ip = freshIp();
    const mobile = freshMobile();
    expect((await post("/api/v1/auth/otp", { mobile }, { ip })).status).toBe(202);
    const code = await lastCode(mobile);
    for (let failure = 0; failure < 3; failure += 1)
      expect((await post("/api/v1/auth/verify", { mobile, code: otherCode(code) }, { ip })).status).toBe(401);

    const next = freshMobile();
    const asked = await post("/api/v1/auth/otp", { mobile: next }, { ip });
    // Not a refusal but a step: 200 with the puzzle, and nothing sent yet.
    expect(asked.status).toBe(200);
    const { status, challenge, recaptchaSiteKey } = json<ProofRequired>(asked);
    expect(status).toBe("proof-required");
    expect(recaptchaSiteKey).toBeNull();
    expect(challenge).toMatchObject({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      seed: expect.stringMatching(/^[0-9a-f]{32}$/),
      difficultyBits: expect.any(Number),
    });
    expect(Date.parse(challenge!.expiresAt)).toBeGreaterThan(now.getTime());
    expect(await lastSms(next)).toBeNull();

    // A wrong nonce is no proof; the challenge stays open for the right one.
    const nonce = await solve(challenge!);
    const wrongNonce = await post("/api/v1/auth/otp", { mobile: next, powChallengeId: challenge!.id, powNonce: "not a nonce" }, { ip });
    expect(json<ProofRequired>(wrongNonce).status).toBe("proof-required");
    const proved = await post("/api/v1/auth/otp", { mobile: next, powChallengeId: challenge!.id, powNonce: nonce }, { ip });
    expect(proved.status, proved.body).toBe(202);
    expect(await lastSms(next)).not.toBeNull();

    // The same solution does not buy a second code.
    const replay = await post("/api/v1/auth/otp", { mobile: freshMobile(), powChallengeId: challenge!.id, powNonce: nonce }, { ip });
    expect(json<ProofRequired>(replay).status).toBe("proof-required");
    expect(json<ProofRequired>(replay).challenge!.id).not.toBe(challenge!.id);
    // Only that address is asked.
    expect((await post("/api/v1/auth/otp", { mobile: freshMobile() }, { ip: freshIp() })).status).toBe(202);
  });

  it("issues a new token on each sign-in, ends one on logout, and every one on logout everywhere", async () => {
    const mobile = freshMobile();
    const first = await signIn(mobile);
    advance(61);
    const second = await signIn(mobile);
    expect(second.token).not.toBe(first.token);
    expect(second.user.id).toBe(first.user.id);
    // Two apps (two phones) may each hold a session.
    expect((await get("/api/v1/me", { token: first.token })).status).toBe(200);
    expect((await get("/api/v1/me", { token: second.token })).status).toBe(200);

    const out = await post("/api/v1/auth/logout", undefined, { token: first.token });
    expect(out.status).toBe(204);
    expect(out.headers["cache-control"]).toBe("no-store");
    expect((await get("/api/v1/me", { token: first.token })).status).toBe(401);
    expect((await get("/api/v1/me", { token: second.token })).status).toBe(200);
    expect((await post("/api/v1/auth/logout", undefined, { token: first.token })).status).toBe(401);

    advance(61);
    const third = await signIn(mobile);
    expect((await post("/api/v1/auth/logout?everywhere=true", undefined, { token: second.token })).status).toBe(204);
    for (const token of [second.token, third.token]) expect((await get("/api/v1/me", { token })).status).toBe(401);

    advance(61);
    const fourth = await signIn(mobile);
    advance(61);
    const fifth = await signIn(mobile);
    expect((await post("/api/v1/auth/logout", { everywhere: true }, { token: fifth.token })).status).toBe(204);
    for (const token of [fourth.token, fifth.token]) expect((await get("/api/v1/me", { token })).status).toBe(401);
    expect((await post("/api/v1/auth/logout", undefined, {})).status).toBe(401);
  });

  it("rotates the session a sign-in came with: an app's old token and a browser's cookie end", async () => {
    const mobile = freshMobile();
    const app = await signIn(mobile);
    const browser = await browserSession(mobile);
    advance(61);
    const ip = freshIp();
    expect((await post("/api/v1/auth/otp", { mobile }, { ip })).status).toBe(202);
    const withCookie = await post("/api/v1/auth/verify", { mobile, code: await lastCode(mobile) }, { ip, cookie: browser.cookie });
    expect(withCookie.status).toBe(200);
    // The browser is told to forget the ended session.
    expect(String(withCookie.headers["set-cookie"])).toMatch(/hs_session=;/);
    expect((await get("/api/v1/me", { cookie: browser.cookie })).status).toBe(401);
    const renewed = json<SignIn>(withCookie).token;
    expect((await get("/api/v1/me", { token: renewed })).status).toBe(200);

    advance(61);
    expect((await post("/api/v1/auth/otp", { mobile }, { ip })).status).toBe(202);
    const withToken = await post("/api/v1/auth/verify", { mobile, code: await lastCode(mobile) }, { ip, token: renewed });
    expect(withToken.status).toBe(200);
    expect((await get("/api/v1/me", { token: renewed })).status).toBe(401);
    expect((await get("/api/v1/me", { token: json<SignIn>(withToken).token })).status).toBe(200);
    // A session the request did not come with is left alone.
    expect((await get("/api/v1/me", { token: app.token })).status).toBe(200);
  });

  it("changes the profile by the panel's rules and refuses wrong fields by name", async () => {
    const { token, mobile } = await signIn();
    const cases: [unknown, Record<string, string>][] = [
      [{ firstName: "Ali" }, { firstName: "PERSIAN_ONLY" }],
      [
        {
          firstNameLatin: "علی",
          nationalCode: "1234567890",
          birthDate: addDays(tehranToday(now), 3),
          gender: "other",
          email: "not-an-email",
        },
        {
          firstNameLatin: "LATIN_ONLY",
          nationalCode: "NATIONAL_CODE_INVALID",
          birthDate: "BIRTH_DATE_INVALID",
          gender: "GENDER_INVALID",
          email: "EMAIL_INVALID",
        },
      ],
      [{ birthDate: "1990-02-30" }, { birthDate: "BIRTH_DATE_INVALID" }],
      [
        { mobile: "09351234567", id: "x", nickname: "A" },
        { mobile: "UNKNOWN_FIELD", id: "UNKNOWN_FIELD", nickname: "UNKNOWN_FIELD" },
      ],
      [{ firstName: 5 }, { firstName: "INVALID" }],
      [{ lastName: "ب".repeat(101) }, { lastName: "TOO_LONG" }],
      [[], { body: "INVALID" }],
    ];
    for (const [body, fields] of cases) {
      const response = await send("PATCH", "/api/v1/me?lang=en", body, { token });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(codeOf(response), JSON.stringify(body)).toBe("VALIDATION_FAILED");
      expect(fieldsOf(response), JSON.stringify(body)).toEqual(fields);
    }
    // Each field's message is the booking form's, in the request's language.
    const persian = await send("PATCH", "/api/v1/me", { firstName: "Ali" }, { token });
    expect(json<Problem>(persian).error.fields).toEqual([
      { field: "firstName", code: "PERSIAN_ONLY", message: expect.stringMatching(/[\u0600-\u06FF]/) },
    ]);
    expect(json<User>(await get("/api/v1/me", { token })).firstName).toBeNull();

    const changed = await send(
      "PATCH",
      "/api/v1/me",
      {
        firstName: "علي",
        lastName: " رضایی ",
        firstNameLatin: "Ali",
        lastNameLatin: "Rezaei",
        nationalCode: "۰۴۹۹۳۷۰۸۹۹",
        birthDate: "1369/02/27",
        gender: "male",
        email: "ali@example.com",
      },
      { token },
    );
    expect(changed.status, changed.body).toBe(200);
    const expected = {
      mobile,
      firstName: "علی",
      lastName: "رضایی",
      firstNameLatin: "Ali",
      lastNameLatin: "Rezaei",
      nationalCode: "0499370899",
      birthDate: "1990-05-17",
      gender: "male",
      email: "ali@example.com",
    };
    expect(json(changed)).toMatchObject(expected);
    expect(json(await get("/api/v1/me", { token }))).toMatchObject(expected);

    // Only the fields sent change; null and blank clear.
    const cleared = await send("PATCH", "/api/v1/me", { email: null, lastNameLatin: "" }, { token });
    expect(cleared.status, cleared.body).toBe(200);
    expect(json(cleared)).toMatchObject({ ...expected, email: null, lastNameLatin: null });

    const malformed: [string, Record<string, string>, number, string][] = [
      ["{", {}, 400, "BAD_JSON"],
      ["null", {}, 400, "BAD_JSON"],
      [JSON.stringify({ firstName: "x".repeat(20 * 1024) }), {}, 413, "BODY_TOO_LARGE"],
      ["firstName=x", { "content-type": "application/x-www-form-urlencoded" }, 415, "UNSUPPORTED_MEDIA_TYPE"],
    ];
    for (const [body, headers, status, error] of malformed) {
      const response = await send("PATCH", "/api/v1/me", body, { token, headers });
      expect(response.status, error).toBe(status);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(codeOf(response)).toBe(error);
    }
    expect((await send("PUT", "/api/v1/me", {}, { token })).status).toBe(405);
  });

  it("keeps a list of saved passengers: add, update by national code, list, delete only one's own", async () => {
    const { token } = await signIn();
    const other = await signIn();
    expect(json(await get("/api/v1/me/passengers", { token }))).toEqual({ passengers: [] });

    const adult = { firstName: "مریم", lastName: "کریمی", gender: "female", birthDate: "1992-11-02", nationalCode: "0012345679" };
    const refusals: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...adult, firstName: "Maryam" }, { firstName: "PERSIAN_ONLY" }],
      [{ ...adult, gender: undefined }, { gender: "REQUIRED" }],
      [{ ...adult, nationalCode: "0012345678" }, { nationalCode: "NATIONAL_CODE_INVALID" }],
      [
        {
          firstName: "Anna",
          lastName: "Schmidt",
          firstNameLatin: "Anna",
          lastNameLatin: "Schmidt",
          gender: "female",
          birthDate: "1988-11-20",
          nationality: "DE",
        },
        { passportNumber: "REQUIRED" },
      ],
      [
        {
          firstName: "Anna",
          lastName: "Schmidt",
          firstNameLatin: "Anna",
          lastNameLatin: "Schmidt",
          gender: "female",
          birthDate: "1988-11-20",
          nationality: "DE",
          passportNumber: "C01X00T47",
          passportCountry: "DE",
          passportExpiry: addDays(tehranToday(now), -1),
        },
        { passportExpiry: "PASSPORT_EXPIRED" },
      ],
      [{ ...adult, type: "adult" }, { type: "UNKNOWN_FIELD" }],
    ];
    for (const [body, fields] of refusals) {
      const response = await post("/api/v1/me/passengers", body, { token });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(codeOf(response)).toBe("VALIDATION_FAILED");
      expect(fieldsOf(response), JSON.stringify(body)).toMatchObject(fields);
    }

    const added = await post("/api/v1/me/passengers", adult, { token });
    expect(added.status, added.body).toBe(201);
    const saved = json<SavedPassenger>(added);
    expect(added.headers.location).toBe(`/api/v1/me/passengers/${saved.id}`);
    expect(saved).toMatchObject({ firstName: "مریم", nationalCode: "0012345679", passportNumber: null });
    // The same person again is their entry, corrected.
    const corrected = await post("/api/v1/me/passengers", { ...adult, firstName: "مریما" }, { token });
    expect(corrected.status).toBe(200);
    expect(json<SavedPassenger>(corrected)).toMatchObject({ id: saved.id, firstName: "مریما" });
    // A child is a passenger too: the type follows from the birth date.
    const child = await post(
      "/api/v1/me/passengers",
      { ...adult, firstName: "سارا", birthDate: addYears(tehranToday(now), -5), nationalCode: "1234567891" },
      { token },
    );
    expect(child.status, child.body).toBe(201);
    const foreigner = await post(
      "/api/v1/me/passengers",
      {
        firstName: "Anna",
        lastName: "Schmidt",
        firstNameLatin: "Anna",
        lastNameLatin: "Schmidt",
        gender: "female",
        birthDate: "1988-11-20",
        nationality: "DE",
        passportNumber: "C01X00T47",
        passportCountry: "DE",
        passportExpiry: addYears(tehranToday(now), 3),
      },
      { token },
    );
    expect(foreigner.status, foreigner.body).toBe(201);

    const listed = json<{ passengers: SavedPassenger[] }>(await get("/api/v1/me/passengers", { token })).passengers;
    expect(listed.map((person) => person.firstName).sort()).toEqual(["Anna", "سارا", "مریما"].sort());
    expect(json<{ passengers: SavedPassenger[] }>(await get("/api/v1/me/passengers", { token: other.token })).passengers).toEqual([]);

    for (const id of [saved.id, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const response = await send("DELETE", `/api/v1/me/passengers/${id}`, undefined, { token: other.token });
      expect(response.status, id).toBe(404);
      expect(codeOf(response)).toBe("NOT_FOUND");
    }
    expect((await send("DELETE", `/api/v1/me/passengers/${saved.id}`, undefined, { token })).status).toBe(204);
    expect((await send("DELETE", `/api/v1/me/passengers/${saved.id}`, undefined, { token })).status).toBe(404);
    expect(
      json<{ passengers: SavedPassenger[] }>(await get("/api/v1/me/passengers", { token })).passengers.map((person) => person.id),
    ).not.toContain(saved.id);
    expect((await get("/api/v1/me/passengers")).status).toBe(401);
    expect((await post("/api/v1/me/passengers", adult)).status).toBe(401);
  });

  it("asks a cookie session for X-CSRF-Token on writes, never a bearer token, and refuses cross-site posts", async () => {
    const { token, mobile } = await signIn();
    const browser = await browserSession(mobile);
    expect((await get("/api/v1/me", { cookie: browser.cookie })).status).toBe(200);

    for (const headers of [{}, { "x-csrf-token": newSessionToken() }] as Record<string, string>[]) {
      const refused = await send("PATCH", "/api/v1/me", { firstName: "رضا" }, { cookie: browser.cookie, headers });
      expect(refused.status).toBe(403);
      expect(codeOf(refused)).toBe("CSRF");
    }
    // A session cookie without its CSRF cookie has nothing to compare with.
    expect(
      (
        await send(
          "PATCH",
          "/api/v1/me",
          { firstName: "رضا" },
          { cookie: `hs_session=${browser.token}`, headers: { "x-csrf-token": browser.csrf } },
        )
      ).status,
    ).toBe(403);
    expect(json<User>(await get("/api/v1/me", { token })).firstName).toBeNull();

    const accepted = await send(
      "PATCH",
      "/api/v1/me",
      { firstName: "رضا" },
      { cookie: browser.cookie, headers: { "x-csrf-token": browser.csrf } },
    );
    expect(accepted.status, accepted.body).toBe(200);
    expect(json<User>(accepted).firstName).toBe("رضا");
    // The header's name follows a browser's change.
    const displayCookie = ([] as string[]).concat(accepted.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("user_name="));
    expect(readDisplayName(displayCookie?.split(";")[0] ?? "")).toBe("رضا");
    expect((await send("PATCH", "/api/v1/me", { lastName: "کریمی" }, { token })).status).toBe(200);

    const guarded = await post("/api/v1/me/passengers", {}, { cookie: browser.cookie });
    expect(guarded.status).toBe(403);
    expect((await post("/api/v1/auth/logout", undefined, { cookie: browser.cookie })).status).toBe(403);
    expect((await get("/api/v1/me", { cookie: browser.cookie })).status).toBe(200);
    expect(
      (await post("/api/v1/auth/logout", undefined, { cookie: browser.cookie, headers: { "x-csrf-token": browser.csrf } })).status,
    ).toBe(204);
    expect((await get("/api/v1/me", { cookie: browser.cookie })).status).toBe(401);
    expect((await get("/api/v1/me", { token })).status).toBe(200);

    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      const target = freshMobile();
      const crossSite = await post("/api/v1/auth/otp", { mobile: target }, { ip: freshIp(), headers });
      expect(crossSite.status).toBe(403);
      expect(codeOf(crossSite)).toBe("CROSS_SITE_REQUEST");
      expect(await lastSms(target)).toBeNull();
    }
  });

  describe("bookings of an account", () => {
    interface Offer {
      offerId: string;
      price: { total: number };
      seatsLeft: number;
    }
    const passenger = {
      type: "adult",
      firstName: "علی",
      lastName: "رضایی",
      gender: "male",
      birthDate: "1990-05-17",
      nationalCode: "0499370899",
    };
    const bookingRequest = (offerId: string, mobile = "09121234567") => ({ offerId, passengers: [passenger], contact: { mobile } });
    /** The day's first offer with at least `seats` seats: the generated inventory's counts vary by date. */
    async function offer(seats = 1): Promise<Offer> {
      const response = await get(`/api/v1/flights/search?from=THR&to=MHD&date=${secondDate}&adults=1`);
      expect(response.status, response.body).toBe(200);
      const found = json<{ offers: Offer[] }>(response).offers.find((candidate) => candidate.seatsLeft >= seats);
      expect(found, `an offer with ${seats} seats on ${secondDate}`).toBeDefined();
      return found!;
    }
    const notFound = async () => (await get(`/api/v1/bookings/${"A".repeat(22)}`)).body;

    it("opens an account's booking only for that account; everyone else gets the 404 of an unknown booking", async () => {
      const owner = await signIn();
      const stranger = await signIn();
      const created = await post("/api/v1/bookings", bookingRequest((await offer()).offerId), { token: owner.token });
      expect(created.status, created.body).toBe(201);
      const { hashId } = json<{ hashId: string }>(created);

      expect((await get(`/api/v1/bookings/${hashId}`, { token: owner.token })).status).toBe(200);
      const unknown = await notFound();
      const refusals = [
        await get(`/api/v1/bookings/${hashId}`),
        await get(`/api/v1/bookings/${hashId}`, { token: stranger.token }),
        await get(`/api/v1/bookings/${hashId}/ticket.pdf`),
        await post(`/api/v1/bookings/${hashId}/pay`, { gateway: "sandbox" }, { token: stranger.token }),
        await post(`/api/v1/bookings/${hashId}/refund-quote`, {}),
        await post(`/api/v1/bookings/${hashId}/refund`, { to: "card", sheba: "IR820540102680020817909002" }, { token: stranger.token }),
      ];
      for (const response of refusals) {
        expect(response.status).toBe(404);
        expect(response.body).toBe(unknown);
      }
      // The owner gets the booking's own answers.
      expect((await get(`/api/v1/bookings/${hashId}/ticket.pdf`, { token: owner.token })).status).toBe(409);
      expect((await post(`/api/v1/bookings/${hashId}/refund-quote`, {}, { token: owner.token })).status).toBe(409);
      expect((await post(`/api/v1/bookings/${hashId}/pay`, { gateway: "sandbox" }, { token: owner.token })).status).toBe(200);
    });

    it("lists the account's bookings newest first with their links, and saves their passengers", async () => {
      const owner = await signIn();
      const ip = freshIp();
      const first = json<{ hashId: string; reference: string }>(
        await post("/api/v1/bookings", bookingRequest((await offer()).offerId), { token: owner.token, ip }),
      );
      advance(1);
      const second = json<{ hashId: string; reference: string }>(
        await post("/api/v1/bookings?lang=en", bookingRequest((await offer(2)).offerId), { token: owner.token, ip }),
      );

      const listed = await get("/api/v1/me/bookings?lang=en", { token: owner.token });
      expect(listed.status).toBe(200);
      expect(listed.headers["cache-control"]).toBe("no-store");
      const { bookings } = json<{ bookings: MyBooking[] }>(listed);
      expect(bookings.map((booking) => booking.hashId)).toEqual([second.hashId, first.hashId]);
      expect(bookings[0]).toMatchObject({
        reference: second.reference,
        status: "held",
        service: "flight",
        links: {
          prefactor: `/en/flight/prefactor/${second.reference}/${second.hashId}`,
          factor: `/en/flight/factor/${second.reference}/${second.hashId}`,
          ticketPdf: null,
          follow: `/en/follow?booking=${second.hashId}`,
        },
      });
      expect(bookings[0]!.legs).toEqual([
        expect.objectContaining({
          from: "THR",
          to: "MHD",
          flightNumber: expect.any(String),
          departAt: expect.stringContaining(secondDate),
        }),
      ]);
      expect(bookings[0]!.total).toBeGreaterThan(0);

      const people = json<{ passengers: SavedPassenger[] }>(await get("/api/v1/me/passengers", { token: owner.token })).passengers;
      expect(people.map((person) => person.nationalCode)).toEqual(["0499370899"]);
      expect((await get("/api/v1/me/bookings")).status).toBe(401);
      expect(json<{ bookings: MyBooking[] }>(await get("/api/v1/me/bookings", { token: (await signIn()).token })).bookings).toEqual([]);
    });

    it("hands a guest booking to the account of its mobile at sign-in; then only that account opens it", async () => {
      const mobile = freshMobile();
      const created = await post("/api/v1/bookings", bookingRequest((await offer()).offerId, mobile));
      expect(created.status, created.body).toBe(201);
      const { hashId } = json<{ hashId: string }>(created);
      expect((await get(`/api/v1/bookings/${hashId}`)).status).toBe(200);

      const owner = await signIn(mobile);
      expect((await get(`/api/v1/bookings/${hashId}`)).status).toBe(404);
      expect((await get(`/api/v1/bookings/${hashId}`, { token: owner.token })).status).toBe(200);
      expect(
        json<{ bookings: MyBooking[] }>(await get("/api/v1/me/bookings", { token: owner.token })).bookings.map((booking) => booking.hashId),
      ).toEqual([hashId]);
    });

    it("asks a cookie session for X-CSRF-Token on a booking's writes, and keeps idempotency keys per account", async () => {
      const owner = await signIn();
      const browser = await browserSession(owner.mobile);
      const { hashId } = json<{ hashId: string }>(
        await post("/api/v1/bookings", bookingRequest((await offer()).offerId), { token: owner.token }),
      );
      expect((await get(`/api/v1/bookings/${hashId}`, { cookie: browser.cookie })).status).toBe(200);
      const refused = await post(`/api/v1/bookings/${hashId}/refund-quote`, {}, { cookie: browser.cookie });
      expect(refused.status).toBe(403);
      expect(json<{ error: { code: string } }>(refused).error.code).toBe("CSRF");
      // Past the guard, the booking's own answer: a held booking has nothing to refund.
      expect(
        (await post(`/api/v1/bookings/${hashId}/refund-quote`, {}, { cookie: browser.cookie, headers: { "x-csrf-token": browser.csrf } }))
          .status,
      ).toBe(409);
      expect((await post("/api/v1/bookings", bookingRequest((await offer()).offerId), { cookie: browser.cookie })).status).toBe(403);

      // Three holds of one seat each, under one key shared by three callers.
      const body = bookingRequest((await offer(3)).offerId);
      const key = { "idempotency-key": `shared-key-${engine}` };
      const mine = await post("/api/v1/bookings", body, { token: owner.token, headers: key });
      const theirs = await post("/api/v1/bookings", body, { token: (await signIn()).token, headers: key });
      const guest = await post("/api/v1/bookings", body, { headers: key });
      expect([mine.status, theirs.status, guest.status]).toEqual([201, 201, 201]);
      expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
      expect(new Set([mine, theirs, guest].map((response) => json<{ hashId: string }>(response).hashId)).size).toBe(3);
      const replayed = await post("/api/v1/bookings", body, { token: owner.token, headers: key });
      expect(replayed.headers["idempotent-replayed"]).toBe("true");
      expect(json(replayed)).toEqual(json(mine));
    });
  });
});
