/**
 * The API's front door through the real server: every refusal the wrapper makes (400, 401, 403,
 * 404, 405, 413, 415, 422, 429, 503, an unknown host) in the one envelope, and the OpenAPI
 * document it serves, which names every path of the product and passes an independent validator.
 * Every answer is also checked against that document (tests/support/api-contract.ts).
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsMessages, users } from "#adapters/db/schema.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { createSessionRepository } from "#adapters/db/session-repository.ts";
import { hashSessionToken, newSessionToken, SESSION_TTL_SECONDS } from "#core/accounts/session-token.ts";
import { CLIENT_ERROR_REPORT_PATH } from "#core/client-errors/limits.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

interface Problem {
  error: { code: string; message: string; fields?: { field: string; code: string; message: string }[] };
}

/** The envelope and nothing else: a code, a message, and fields only when there are some. */
function problemOf(response: RawResponse): Problem["error"] {
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  expect(response.headers["cache-control"]).toBe("no-store");
  const body = JSON.parse(response.body) as Problem;
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

describe("the API front door on the real server", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let strict: Awaited<ReturnType<typeof startTestServer>>;
  let token = "";
  let mobile = "";

  const send = (
    method: string,
    path: string,
    options: { body?: string; headers?: Record<string, string>; host?: string; port?: number } = {},
  ) =>
    rawRequest(options.port ?? server.port, {
      method,
      path,
      host: options.host ?? "localhost",
      headers: { "x-forwarded-for": "192.0.2.77", ...options.headers },
      ...(options.body === undefined ? {} : { body: options.body }),
    });
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    send("POST", path, {
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "content-type": "application/json", ...headers },
    });

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    // Any host is the default agency here (so a database without one is a configuration that failed to load).
    server = await startTestServer(database.handle, { TRUST_PROXY: "loopback", UNKNOWN_HOST: "default" });
    strict = await startTestServer(database.handle, { TRUST_PROXY: "loopback", UNKNOWN_HOST: "404" });
  });
  afterAll(async () => {
    await server?.close();
    await strict?.close();
    await database?.drop();
  });

  it("answers 503 with Retry-After while no agency's configuration can be loaded", async () => {
    // No tenant is seeded yet: every host gets the fallback configuration, which sells nothing.
    for (const [method, path] of [
      ["GET", "/api/v1/places?service=flight&q=mash"],
      ["GET", "/api/v1/me"],
    ] as const) {
      const response = await send(method, path);
      expect(response.status, path).toBe(503);
      expect(response.headers["retry-after"]).toBe("30");
      expect(problemOf(response).code).toBe("UNAVAILABLE");
    }
    await seedTenants(database.handle.db, DEMO_TENANTS);
    expect((await send("GET", "/api/v1/places?service=flight&q=mash")).status).toBe(200);
  });

  it("answers a host no agency serves 404 when unknown hosts are refused, on /api/ and on the client error path", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/me"],
      ["POST", CLIENT_ERROR_REPORT_PATH],
    ] as const) {
      const response = await send(method, path, {
        port: strict.port,
        host: "nobody.example",
        ...(method === "POST" ? { body: "{}", headers: { "content-type": "application/json" } } : {}),
      });
      expect(response.status, path).toBe(404);
      expect(problemOf(response).code).toBe("NOT_FOUND");
    }
    // The same server knows its own agencies.
    expect((await send("GET", "/api/v1/places?service=flight&q=mash", { port: strict.port })).status).toBe(200);
  });

  it("answers malformed JSON 400, a large body 413, another media type 415 and a refused body 422 with its fields", async () => {
    const badJson = await postJson("/api/v1/auth/otp", '{"mobile": ');
    expect(badJson.status).toBe(400);
    expect(problemOf(badJson).code).toBe("BAD_JSON");

    const large = await postJson("/api/v1/auth/otp", { mobile: "0".repeat(20 * 1024) });
    expect(large.status).toBe(413);
    expect(problemOf(large).code).toBe("BODY_TOO_LARGE");

    const form = await send("POST", "/api/v1/auth/otp", {
      body: "mobile=09121234567",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(problemOf(form).code).toBe("UNSUPPORTED_MEDIA_TYPE");

    const refused = await postJson("/api/v1/auth/otp?lang=en", { mobile: 9121234567, admin: true });
    expect(refused.status).toBe(422);
    const problem = problemOf(refused);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.fields).toEqual([
      { field: "mobile", code: "INVALID", message: "This value is not valid." },
      { field: "admin", code: "UNKNOWN_FIELD", message: "This field is not known; leave it out." },
    ]);
    // A domain rule's refusal is a field entry too, in the request's language.
    const wrongNumber = await postJson("/api/v1/auth/otp", { mobile: "12345" });
    expect(wrongNumber.status).toBe(422);
    expect(problemOf(wrongNumber).fields).toEqual([
      { field: "mobile", code: "MOBILE_INVALID", message: expect.stringMatching(/[\u0600-\u06FF]/) },
    ]);
  });

  it("answers a bad query parameter 400 with its field", async () => {
    const response = await send("GET", "/api/v1/me/wallet?limit=many", { headers: { authorization: `Bearer ${newSessionToken()}` } });
    expect(response.status).toBe(400);
    expect(problemOf(response)).toMatchObject({ code: "INVALID_PARAMETERS", fields: [{ field: "limit", code: "INVALID" }] });
  });

  it("signs in for the tests that need a session", async () => {
    mobile = "09127770001";
    expect((await postJson("/api/v1/auth/otp", { mobile })).status).toBe(202);
    const [sms] = await database.handle.db
      .select({ text: smsMessages.text })
      .from(smsMessages)
      .where(eq(smsMessages.mobile, mobile))
      .orderBy(desc(smsMessages.createdAt))
      .limit(1);
    const code = /#(\d{6})\s*$/.exec(sms?.text ?? "")?.[1];
    expect(code).toBeDefined();
    const verified = await postJson("/api/v1/auth/verify", { mobile, code });
    expect(verified.status, verified.body).toBe(200);
    token = (JSON.parse(verified.body) as { token: string }).token;
  });

  it("answers 401 with a Bearer challenge without a session", async () => {
    for (const headers of [{}, { authorization: `Bearer ${newSessionToken()}` }] as Record<string, string>[]) {
      const response = await send("GET", "/api/v1/me", { headers });
      expect(response.status).toBe(401);
      expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(problemOf(response).code).toBe("UNAUTHORIZED");
    }
    expect((await send("GET", "/api/v1/me", { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it("answers 403 CSRF to a cookie session's write without X-CSRF-Token, and 403 CROSS_SITE_REQUEST to another site's write", async () => {
    const [user] = await database.handle.db.select({ id: users.id, tenantId: users.tenantId }).from(users).where(eq(users.mobile, mobile));
    const session = newSessionToken();
    const now = new Date();
    await createSessionRepository(database.handle.db).create({
      tenantId: user!.tenantId,
      userId: user!.id,
      tokenHash: await hashSessionToken(session),
      kind: "web",
      userAgent: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
    });
    const csrf = newSessionToken();
    const cookie = `hs_session=${session}; hs_csrf=${csrf}`;
    const patch = (headers: Record<string, string>) =>
      send("PATCH", "/api/v1/me", {
        body: JSON.stringify({ firstName: "رضا" }),
        headers: { "content-type": "application/json", cookie, ...headers },
      });

    expect((await send("GET", "/api/v1/me", { headers: { cookie } })).status).toBe(200);
    const refused = await patch({});
    expect(refused.status).toBe(403);
    expect(problemOf(refused).code).toBe("CSRF");
    expect((await patch({ "x-csrf-token": csrf })).status).toBe(200);

    const crossSite = await patch({ "x-csrf-token": csrf, "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(problemOf(crossSite).code).toBe("CROSS_SITE_REQUEST");
    const report = await send("POST", CLIENT_ERROR_REPORT_PATH, {
      body: "{}",
      headers: { "content-type": "text/plain", "sec-fetch-site": "cross-site" },
    });
    expect(report.status).toBe(403);
    expect(problemOf(report).code).toBe("CROSS_SITE_REQUEST");
  });

  it("answers an unknown /api/ path 404 and a known path's other method 405 with Allow", async () => {
    for (const path of ["/api/v1/nothing/here", "/api/v2/me", "/api/"]) {
      const response = await send("GET", path);
      expect(response.status, path).toBe(404);
      expect(problemOf(response).code).toBe("NOT_FOUND");
    }
    for (const [method, path, allow] of [
      ["PUT", "/api/v1/me", "GET, PATCH"],
      ["GET", "/api/v1/auth/otp", "POST"],
      ["POST", "/api/v1/me/passengers/some-id", "DELETE"],
      ["GET", CLIENT_ERROR_REPORT_PATH, "POST"],
    ] as const) {
      const response = await send(method, path, method === "GET" ? {} : { body: "{}", headers: { "content-type": "application/json" } });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(problemOf(response).code).toBe("METHOD_NOT_ALLOWED");
    }
  });

  it("answers 429 with Retry-After past a limit", async () => {
    const fresh = "09127770002";
    expect((await postJson("/api/v1/auth/otp", { mobile: fresh })).status).toBe(202);
    const again = await postJson("/api/v1/auth/otp", { mobile: fresh });
    expect(again.status).toBe(429);
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
    expect(problemOf(again).code).toBe("RATE_LIMITED");
  });

  it("serves an OpenAPI 3.1 document that names every path of the product and passes a validator", async () => {
    const response = await send("GET", "/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const document = JSON.parse(response.body) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        "GET /api/v1/places",
        "GET /api/v1/flights/search",
        "POST /api/v1/auth/otp",
        "POST /api/v1/auth/verify",
        "POST /api/v1/auth/logout",
        "GET /api/v1/me",
        "PATCH /api/v1/me",
        "GET /api/v1/me/bookings",
        "GET /api/v1/me/passengers",
        "POST /api/v1/me/passengers",
        "DELETE /api/v1/me/passengers/{id}",
        "GET /api/v1/me/wallet",
        "POST /api/v1/me/wallet/topup",
        `POST ${CLIENT_ERROR_REPORT_PATH}`,
        "GET /api/v1/openapi.json",
      ]),
    );
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });
});
