/**
 * Signing in on the web pages over HTTP (issue 9): the session cookie's flags, its rotation at
 * sign-in, the display cookies, and signing out here or everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { smsMessages } from "#adapters/db/schema.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

function cookiesOf(response: RawResponse): Map<string, string> {
  const lines = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
  return new Map(lines.map((line) => [line.slice(0, line.indexOf("=")), line]));
}

function valueOf(line: string | undefined): string {
  return /^[^=]+=([^;]*)/.exec(line ?? "")?.[1] ?? "";
}

describe.each(ENGINES)("signing in on the web on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  // Codes to one number are a minute apart: the clock moves on before each sign-in.
  let now = new Date("2026-11-22T08:00:00Z");
  const clock = { now: () => now };

  async function lastCode(mobile: string): Promise<string> {
    const [row] = await database.handle.db
      .select({ text: smsMessages.text })
      .from(smsMessages)
      .where(and(eq(smsMessages.mobile, mobile)))
      .orderBy(desc(smsMessages.createdAt))
      .limit(1);
    return /#(\d{6})\s*$/.exec(row?.text ?? "")?.[1] ?? "";
  }

  /** Asks for a code and trades it, as a browser with these cookies; returns the answer to the code form. */
  async function signIn(mobile: string, cookie: string, headers: Record<string, string> = {}): Promise<RawResponse> {
    now = new Date(now.getTime() + 61_000);
    const csrf = /hs_csrf=([^;]+)/.exec(cookie)?.[1] ?? "";
    const asked = await rawRequest(server.port, {
      method: "POST",
      path: "/login",
      headers: { ...FORM, cookie, ...headers },
      body: new URLSearchParams({ mobile, csrf }).toString(),
    });
    expect(asked.status, asked.body.slice(0, 300)).toBe(303);
    expect(String(asked.headers.location)).toMatch(/^\/login\/index2\?/);
    return rawRequest(server.port, {
      method: "POST",
      path: "/login/index2",
      headers: { ...FORM, cookie, ...headers },
      body: new URLSearchParams({ mobile, code: await lastCode(mobile), csrf }).toString(),
    });
  }

  const panel = (cookie: string) => rawRequest(server.port, { path: "/account", headers: { cookie } });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    server = await startTestServer(database.handle, { TRUST_PROXY: "true" }, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("sets an HttpOnly, SameSite=Lax session cookie (not Secure over plain http) and display cookies scripts may read", async () => {
    const answer = await signIn("09131110001", "hs_csrf=" + "a".repeat(43));
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe("/account");
    const cookies = cookiesOf(answer);
    const session = cookies.get("hs_session") ?? "";
    expect(valueOf(session)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
    // The CSRF token is new at sign-in.
    expect(valueOf(cookies.get("hs_csrf"))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(valueOf(cookies.get("hs_csrf"))).not.toBe("a".repeat(43));
    // Display hints: readable by the page, carrying a public id and a masked number, nothing secret.
    expect(cookies.get("user_name")).not.toMatch(/HttpOnly/i);
    expect(decodeURIComponent(valueOf(cookies.get("user_name")))).toBe("0913***0001");
    expect(valueOf(cookies.get("user_id"))).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(valueOf(cookies.get("user_id"))).not.toBe(valueOf(session));
    expect((await panel(`hs_session=${valueOf(session)}`)).status).toBe(200);
  });

  it("marks the session cookie Secure when the site is served over https", async () => {
    const answer = await signIn("09131110002", "", { "x-forwarded-proto": "https" });
    expect(cookiesOf(answer).get("hs_session")).toMatch(/;\s*Secure/i);
  });

  it("gives every sign-in a new token, signs out everywhere, and never takes back a token it ended", async () => {
    const mobile = "09131110003";
    const csrf = "b".repeat(43);
    const first = valueOf(cookiesOf(await signIn(mobile, "")).get("hs_session"));
    const second = valueOf(cookiesOf(await signIn(mobile, "")).get("hs_session"));
    expect(second).not.toBe(first);
    expect((await panel(`hs_session=${first}`)).status).toBe(200);
    expect((await panel(`hs_session=${second}`)).status).toBe(200);

    // Signing out everywhere needs the form's token, then ends both devices' sessions.
    const refused = await rawRequest(server.port, {
      method: "POST",
      path: "/logout",
      headers: { ...FORM, cookie: `hs_session=${second}; hs_csrf=${csrf}` },
      body: "everywhere=1",
    });
    expect(refused.status).toBe(403);
    expect((await panel(`hs_session=${second}`)).status).toBe(200);
    const out = await rawRequest(server.port, {
      method: "POST",
      path: "/logout",
      headers: { ...FORM, cookie: `hs_session=${second}; hs_csrf=${csrf}` },
      body: `everywhere=1&csrf=${csrf}`,
    });
    expect(out.status).toBe(303);
    expect(cookiesOf(out).get("hs_session")).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await panel(`hs_session=${second}`)).status).toBe(302);
    expect((await panel(`hs_session=${first}`)).status).toBe(302);

    // A browser still holding an ended token signs in to a new one; the old one stays dead.
    const third = valueOf(cookiesOf(await signIn(mobile, `hs_session=${first}; hs_csrf=${csrf}`)).get("hs_session"));
    expect(third).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(third).not.toBe(first);
    expect((await panel(`hs_session=${third}`)).status).toBe(200);
    expect((await panel(`hs_session=${first}`)).status).toBe(302);
  });

  it("signs out of this session only, leaving the account's other devices signed in", async () => {
    const mobile = "09131110004";
    const here = valueOf(cookiesOf(await signIn(mobile, "")).get("hs_session"));
    const there = valueOf(cookiesOf(await signIn(mobile, "")).get("hs_session"));
    const csrf = "c".repeat(43);
    const out = await rawRequest(server.port, {
      method: "POST",
      path: "/logout",
      headers: { ...FORM, cookie: `hs_session=${here}; hs_csrf=${csrf}` },
      body: `csrf=${csrf}`,
    });
    expect(out.status).toBe(303);
    expect((await panel(`hs_session=${here}`)).status).toBe(302);
    expect((await panel(`hs_session=${there}`)).status).toBe(200);
  });
});
