/**
 * Spec §7's client error reports through the real server, on each database engine: what is
 * stored (tenant, hashed address), what is refused (malformed, oversized, out of bounds), the
 * per-address limit in the database, the rate limiter itself under concurrency, and the admin
 * command that lists reports.
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import express from "express";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClientErrorRepository } from "#adapters/db/client-error-repository.ts";
import { createRateLimiter } from "#adapters/db/rate-limiter.ts";
import { clientErrorReports, rateLimits, tenants } from "#adapters/db/schema.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { CLIENT_ERROR_BODY_LIMIT_BYTES, CLIENT_ERROR_REPORT_PATH } from "#core/client-errors/limits.ts";
import { runAdmin } from "#server/cli/admin/commands.ts";
import type { ApiDeps } from "#server/api/deps.ts";
import { reportClientErrorRoute } from "#server/api/client-errors/report.ts";
import { CLIENT_ERROR_RATE_LIMIT, CLIENT_ERROR_RATE_WINDOW_SECONDS } from "#server/api/client-errors/report-schema.ts";
import { apiRouter } from "#server/api/mount.ts";
import { hashClientAddress } from "#server/client-address.ts";
import { FALLBACK_TENANT } from "#core/tenants/site-config.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const SECRET = "integration-test-ip-hash-secret";

const report = (overrides: Record<string, unknown> = {}) => ({
  tikets_vaheds: "frontend",
  tikets_title: "Client error: Failed to execute 'appendChild' on 'Node'",
  subtiket_text:
    "Failed to execute 'appendChild' on 'Node': The new child element contains the parent.\nurl: http://theme2.localhost/en/flight",
  tikets_olaviat: 3,
  task_time: "2025-03-01T10:00:00.000Z",
  category: "client-error",
  ...overrides,
});

describe.each(ENGINES)("client error reports on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    // Trusting the loopback proxy lets each test speak for its own client address.
    server = await startTestServer(database.handle, { TRUST_PROXY: "loopback", IP_HASH_SECRET: SECRET });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const send = (
    body: string,
    options: { ip: string; host?: string; contentType?: string; headers?: Record<string, string> },
  ): Promise<RawResponse> =>
    rawRequest(server.port, {
      method: "POST",
      path: CLIENT_ERROR_REPORT_PATH,
      host: options.host ?? "localhost",
      headers: { "content-type": options.contentType ?? "application/json", "x-forwarded-for": options.ip, ...options.headers },
      body,
    });

  const storedCount = async () => (await database.handle.db.select({ value: count() }).from(clientErrorReports))[0]!.value;
  const tenantId = async (slug: string) =>
    (await database.handle.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)))[0]!.id;

  it("stores a valid report with the host's tenant and a keyed hash of the address, never the address", async () => {
    const ip = "198.51.100.23";
    const title = `Client error: stored ${engine}`;
    const res = await send(JSON.stringify(report({ tikets_title: title })), {
      ip,
      host: "theme2.localhost",
      headers: { "user-agent": "IntegrationTest/1.0" },
    });
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body)).toEqual({ ok: true });
    expect(res.headers["content-type"]).toMatch(/^application\/json/);

    const rows = await database.handle.db.select().from(clientErrorReports).where(eq(clientErrorReports.title, title));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.tenantId).toBe(await tenantId("parvaz-sabz"));
    expect(row).toMatchObject({
      units: "frontend",
      category: "client-error",
      priority: 3,
      taskTime: "2025-03-01T10:00:00.000Z",
      pageUrl: "http://theme2.localhost/en/flight",
      userAgent: "IntegrationTest/1.0",
    });
    expect(row.text).toContain("appendChild");
    expect(row.ipHash).toBe(hashClientAddress(SECRET, ip));
    expect(row.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(ip);
    // The limiter's counters do not hold the address either.
    const buckets = await database.handle.db.select({ bucket: rateLimits.bucket }).from(rateLimits);
    expect(buckets.length).toBeGreaterThan(0);
    for (const { bucket } of buckets) expect(bucket).not.toContain(ip);
  });

  it("accepts the text/plain body a beacon sends and ignores unknown fields", async () => {
    const title = `Client error: beacon ${engine}`;
    const res = await send(JSON.stringify(report({ tikets_title: title, tikets_olaviat: undefined, isAdmin: true, tenantId: "other" })), {
      ip: "198.51.100.24",
      contentType: "text/plain;charset=UTF-8",
    });
    expect(res.status).toBe(201);
    const rows = await database.handle.db.select().from(clientErrorReports).where(eq(clientErrorReports.title, title));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tenantId).toBe(await tenantId("hamsafar"));
    expect(rows[0]!.priority).toBeNull();
  });

  it("answers malformed JSON with 400 BAD_JSON in the API's envelope, and stores nothing", async () => {
    const before = await storedCount();
    for (const body of ['{"tikets_title": "x",', "not json at all", '"a string"']) {
      const res = await send(body, { ip: "198.51.100.30" });
      expect(res.status, body).toBe(400);
      expect(JSON.parse(res.body), body).toMatchObject({ error: { code: "BAD_JSON", message: expect.any(String) } });
    }
    // An empty body is no report: every required field is missing.
    const empty = await send("", { ip: "198.51.100.30" });
    expect(empty.status).toBe(422);
    expect((JSON.parse(empty.body) as { error: { fields: { field: string }[] } }).error.fields.map((field) => field.field).sort()).toEqual([
      "category",
      "subtiket_text",
      "tikets_title",
      "tikets_vaheds",
    ]);
    expect(await storedCount()).toBe(before);
  });

  it("answers another media type 415 and another method 405 with Allow, in the envelope", async () => {
    const form = await send("tikets_title=x", { ip: "198.51.100.34", contentType: "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect(JSON.parse(form.body)).toMatchObject({ error: { code: "UNSUPPORTED_MEDIA_TYPE" } });
    const read = await rawRequest(server.port, { path: CLIENT_ERROR_REPORT_PATH, host: "localhost" });
    expect(read.status).toBe(405);
    expect(read.headers.allow).toBe("POST");
    expect(JSON.parse(read.body)).toMatchObject({ error: { code: "METHOD_NOT_ALLOWED" } });
  });

  it("answers a body over 8 KB with 413 and stores nothing", async () => {
    const before = await storedCount();
    const body = JSON.stringify(report({ subtiket_text: "x".repeat(CLIENT_ERROR_BODY_LIMIT_BYTES) }));
    const res = await send(body, { ip: "198.51.100.31" });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: "BODY_TOO_LARGE" } });
    expect(await storedCount()).toBe(before);
  });

  it("answers a field out of bounds with 422 naming it, and stores nothing", async () => {
    const before = await storedCount();
    for (const [overrides, field, code] of [
      [{ tikets_title: "t".repeat(201) }, "tikets_title", "TOO_LONG"],
      [{ category: "c".repeat(101) }, "category", "TOO_LONG"],
      [{ task_time: "9".repeat(51) }, "task_time", "TOO_LONG"],
      [{ tikets_olaviat: 11 }, "tikets_olaviat", "TOO_BIG"],
      [{ tikets_olaviat: "1" }, "tikets_olaviat", "INVALID"],
      [{ subtiket_text: undefined }, "subtiket_text", "REQUIRED"],
    ] as const) {
      const res = await send(JSON.stringify(report(overrides)), { ip: "198.51.100.32" });
      expect(res.status, field).toBe(422);
      expect(JSON.parse(res.body), field).toMatchObject({ error: { code: "VALIDATION_FAILED", fields: [{ field, code }] } });
    }
    expect(await storedCount()).toBe(before);
  });

  it("never repeats what was sent", async () => {
    const probe = "<script>alert('x')</script>";
    for (const body of [
      JSON.stringify(report({ tikets_title: probe.repeat(20) })),
      `{"${probe}": `,
      JSON.stringify(report({ tikets_title: probe })),
    ]) {
      const res = await send(body, { ip: "198.51.100.33" });
      expect(res.body).not.toContain("<script");
      expect(res.body).not.toContain("alert");
    }
  });

  it("refuses the 21st report from one address in the window with 429, while another address still gets 201", async () => {
    const flooding = "203.0.113.50";
    const statuses: number[] = [];
    for (let index = 0; index < CLIENT_ERROR_RATE_LIMIT; index += 1) {
      statuses.push((await send(JSON.stringify(report({ tikets_title: `flood ${index}` })), { ip: flooding })).status);
    }
    expect(statuses).toEqual(Array.from({ length: CLIENT_ERROR_RATE_LIMIT }, () => 201));

    const refused = await send(JSON.stringify(report({ tikets_title: "flood 21" })), { ip: flooding });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: "RATE_LIMITED" } });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(CLIENT_ERROR_RATE_WINDOW_SECONDS);

    const other = await send(JSON.stringify(report({ tikets_title: "another sender" })), { ip: "203.0.113.51" });
    expect(other.status).toBe(201);

    const fromFlooder = await database.handle.db
      .select({ value: count() })
      .from(clientErrorReports)
      .where(eq(clientErrorReports.ipHash, hashClientAddress(SECRET, flooding)));
    expect(fromFlooder[0]!.value).toBe(CLIENT_ERROR_RATE_LIMIT);
  });

  it("lists stored reports with the admin command, by tenant", async () => {
    const repository = createClientErrorRepository(database.handle.db);
    const title = `Client error: listed on ${engine}`;
    await repository.add({
      tenantId: await tenantId("safar-nur"),
      units: "frontend",
      title,
      text: "Failed to execute 'appendChild' on 'Node'\nurl: http://theme3.localhost/bus",
      priority: 2,
      taskTime: null,
      category: "client-error",
      pageUrl: "http://theme3.localhost/bus",
      userAgent: null,
      ipHash: "0".repeat(64),
    });
    const output = { out: "", err: "" };
    const run = (argv: string[]) =>
      runAdmin(argv, {
        io: { out: (text) => void (output.out += text), err: (text) => void (output.err += text) },
        // The test owns the database; the command's close must not end it.
        openDatabase: async () => ({ ...database.handle, close: async () => {} }),
      });

    expect(await run(["client-errors", "--tenant", "safar-nur", "--limit", "5"])).toBe(0);
    expect(output.err).toBe("");
    const row = output.out.split("\n").find((line) => line.includes(title));
    expect(row).toBeDefined();
    expect(row).toContain("safar-nur");
    expect(row).toContain("http://theme3.localhost/bus");
    expect(row).toContain("Failed to execute 'appendChild' on 'Node'");

    output.out = "";
    expect(await run(["client-errors", "--tenant", "parvaz-sabz"])).toBe(0);
    expect(output.out).not.toContain(title);
  });

  // A separate process needs a database it can reach by URL: PostgreSQL only (PGlite here is in memory).
  if (engine === "postgres") {
    it("lists stored reports from `npm run admin -- client-errors` against DATABASE_URL", async () => {
      const title = "Seen by the admin process";
      await createClientErrorRepository(database.handle.db).add({
        tenantId: await tenantId("parvaz-sabz"),
        units: "frontend",
        title,
        text: "Failed to execute 'appendChild' on 'Node'",
        priority: null,
        taskTime: null,
        category: "client-error",
        pageUrl: "http://theme2.localhost/",
        userAgent: null,
        ipHash: "1".repeat(64),
      });
      const env = { ...process.env, DATABASE_URL: database.url!, LOG_LEVEL: "silent" };
      const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
        execFile(
          process.execPath,
          ["--import", "tsx", "server/cli/admin.ts", "client-errors", "--tenant", "parvaz-sabz", "--limit", "50"],
          { cwd: ROOT, env, timeout: 30_000 },
          (error, stdout, stderr) => done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^time \(UTC\)\s+tenant/);
      expect(result.stdout).toContain(title);
    });
  }
});

describe.each(ENGINES)("the database rate limiter on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const T0 = new Date("2025-03-01T10:00:00.000Z");
  const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

  it("allows the limit within a fixed window, then refuses until the next one", async () => {
    const limiter = createRateLimiter(database.handle.db);
    const hit = (now: Date) => limiter.hit({ bucket: "window-test", limit: 3, windowSeconds: 600, now });
    expect(await hit(later(0))).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
    expect(await hit(later(10))).toMatchObject({ allowed: true, count: 2 });
    expect(await hit(later(20))).toMatchObject({ allowed: true, count: 3 });
    expect(await hit(later(30))).toEqual({ allowed: false, count: 4, retryAfterSeconds: 570 });
    expect(await hit(later(599.5))).toEqual({ allowed: false, count: 5, retryAfterSeconds: 1 });
    expect(await hit(later(600))).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });

  it("counts each bucket on its own", async () => {
    const limiter = createRateLimiter(database.handle.db);
    await limiter.hit({ bucket: "bucket-a", limit: 1, windowSeconds: 60, now: T0 });
    expect(await limiter.hit({ bucket: "bucket-a", limit: 1, windowSeconds: 60, now: T0 })).toMatchObject({ allowed: false });
    expect(await limiter.hit({ bucket: "bucket-b", limit: 1, windowSeconds: 60, now: T0 })).toMatchObject({ allowed: true, count: 1 });
  });

  it("lets exactly the limit through when 40 hits arrive at once", async () => {
    const limiter = createRateLimiter(database.handle.db);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => limiter.hit({ bucket: "concurrent", limit: 20, windowSeconds: 600, now: T0 })),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(20);
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    const rows = await database.handle.db.select().from(rateLimits).where(eq(rateLimits.bucket, "concurrent"));
    expect(rows).toEqual([{ bucket: "concurrent", windowStart: new Date("2025-03-01T10:00:00.000Z"), hits: 40 }]);
  });

  it("deletes windows older than a day on the way", async () => {
    const limiter = createRateLimiter(database.handle.db, { pruneIntervalMs: 0 });
    await limiter.hit({ bucket: "old", limit: 5, windowSeconds: 600, now: T0 });
    await limiter.hit({ bucket: "recent", limit: 5, windowSeconds: 600, now: later(23 * 3600) });
    await limiter.hit({ bucket: "new", limit: 5, windowSeconds: 600, now: later(25 * 3600) });
    const buckets = (await database.handle.db.select({ bucket: rateLimits.bucket }).from(rateLimits)).map((row) => row.bucket);
    expect(buckets).not.toContain("old");
    expect(buckets).toContain("recent");
    expect(buckets).toContain("new");
  });

  it("refuses windows it would prune before they end", async () => {
    const limiter = createRateLimiter(database.handle.db);
    await expect(limiter.hit({ bucket: "x", limit: 1, windowSeconds: 2 * 24 * 3600, now: T0 })).rejects.toThrow(RangeError);
    await expect(limiter.hit({ bucket: "x", limit: 1, windowSeconds: 0, now: T0 })).rejects.toThrow(RangeError);
  });
});

describe("client error reports when the database fails", () => {
  it("answers 503 in the envelope, never a 500 page", async () => {
    const deps = {
      clock: { now: () => new Date() },
      clientErrors: { add: () => Promise.reject(new Error("connection lost")), list: () => Promise.resolve([]) },
      rateLimiter: { hit: () => Promise.resolve({ allowed: true, count: 1, retryAfterSeconds: 0 }) },
      ipHashSecret: SECRET,
    } as unknown as ApiDeps;
    const app = express()
      .use((_req, res, next) => {
        res.locals.log = pino({ level: "silent" });
        res.locals.site = { tenant: FALLBACK_TENANT, configLoaded: true };
        next();
      })
      .use(apiRouter([reportClientErrorRoute], deps));
    const listening = app.listen(0, "127.0.0.1");
    await new Promise((done) => listening.once("listening", done));
    try {
      const port = (listening.address() as AddressInfo).port;
      const res = await rawRequest(port, {
        method: "POST",
        path: CLIENT_ERROR_REPORT_PATH,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(report()),
      });
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body)).toMatchObject({ error: { code: "UNAVAILABLE" } });
      expect(res.headers["retry-after"]).toBeDefined();
    } finally {
      await new Promise<void>((done) => listening.close(() => done()));
    }
  });
});
