/**
 * Issue 24 §2: pages that are the same for everyone are rendered once and served again from the
 * web process until their s-maxage, the Tehran day or an inventory change ends them; a visitor
 * whose page may be personal never shares one; search results are kept by the process alone and
 * each browser gets its own CSRF token in them.
 */
import { brotliDecompressSync } from "node:zlib";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { markInventoryChanged } from "#adapters/db/inventory-changes.ts";
import { tenants } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { tehranDayStart } from "#core/accounts/otp.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { createPageCache, nextTehranMidnight } from "#server/page-cache.ts";
import { watchInventory } from "#server/runtime.ts";
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { startTestServer } from "../support/server.ts";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers: { host: "localhost", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}

const text = (answer: Answer) =>
  (answer.headers["content-encoding"] === "br" ? brotliDecompressSync(answer.body) : answer.body).toString("utf8");
const cookies = (answer: Answer) => [answer.headers["set-cookie"] ?? []].flat();
const csrfInPage = (answer: Answer) => /name="csrf" value="([\w-]{43})"/.exec(text(answer))?.[1];
const nonceOfPolicy = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];

describe.each(PAGE_ENGINES)("the page cache on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  // Ten in the morning in Tehran: the pages' "today" and the cache's clock agree.
  const morning = tehranDayStart(new Date()).getTime() + 10 * 3600_000;
  let nowMs = morning;
  const clock = { now: () => new Date(nowMs) };
  const pageCache = createPageCache({ maxBytes: 16 * 1024 * 1024, now: () => nowMs });
  const inAWeek = addDays(tehranToday(new Date(morning)), 7);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate: tehranToday(new Date(morning)), days: 10 }),
    });
    server = await startTestServer(database.handle, {}, { clock, pageCache });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("renders a route landing once and serves the same page again, with the render's own nonce and an ETag", async () => {
    pageCache.clear();
    const first = await get(server.port, "/flight/THR-MHD");
    expect(first.status).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(String(first.headers["cache-control"])).toContain("s-maxage=300");

    const second = await get(server.port, "/flight/THR-MHD");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(text(second)).toBe(text(first));
    // The copy's policy allows exactly the scripts of the render it came from.
    expect(nonceOfPolicy(second)).toBe(nonceOfPolicy(first));
    expect(text(second)).toContain(`nonce="${nonceOfPolicy(second)}"`);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);

    const etag = String(second.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.etag).toBe(etag);
    const again = await get(server.port, "/flight/THR-MHD", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("sends a kept page as its brotli copy once it is made, the same page decoded", async () => {
    pageCache.clear();
    const plain = await get(server.port, "/en/flight/THR-MHD");
    let compressed = await get(server.port, "/en/flight/THR-MHD", { "accept-encoding": "br" });
    // The copy is made off the request path: ask until it is there (bounded).
    for (let tries = 0; compressed.headers["content-encoding"] !== "br" && tries < 200; tries += 1) {
      await new Promise((done) => setImmediate(done));
      compressed = await get(server.port, "/en/flight/THR-MHD", { "accept-encoding": "br" });
    }
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers["x-page-cache"]).toBe("hit");
    expect(compressed.body.length).toBeLessThan(plain.body.length);
    expect(text(compressed)).toBe(text(plain));
  });

  it("sets the language cookie on a kept page as on a rendered one", async () => {
    pageCache.clear();
    await get(server.port, "/en/flight/THR-MHD");
    const hit = await get(server.port, "/en/flight/THR-MHD", { cookie: "locale=fa" });
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(cookies(hit).some((cookie) => cookie.startsWith("locale=en"))).toBe(true);
    const same = await get(server.port, "/en/flight/THR-MHD", { cookie: "locale=en" });
    expect(cookies(same).some((cookie) => cookie.startsWith("locale="))).toBe(false);
  });

  it("never shares a page with a visitor whose page may be personal", async () => {
    pageCache.clear();
    await get(server.port, "/flight/THR-MHD");
    for (const cookie of ["hs_session=abc", "last_search=flight", "user_name=Sara"]) {
      const answer = await get(server.port, "/flight/THR-MHD", { cookie });
      expect(answer.status, cookie).toBe(200);
      expect(answer.headers["x-page-cache"], cookie).toBeUndefined();
    }
    // The calendar cookie changes the dates a landing shows: one copy per calendar.
    const gregorian = await get(server.port, "/flight/THR-MHD", { cookie: "calendar=gregorian" });
    expect(gregorian.headers["x-page-cache"]).toBe("miss");
    expect(text(gregorian)).not.toBe(text(await get(server.port, "/flight/THR-MHD")));
  });

  it("keeps one copy per host the page is made for, whatever the Host header says", async () => {
    pageCache.clear();
    await get(server.port, "/flight/THR-MHD");
    // Another tenant's host named by a forwarded header (believed behind a trusted proxy) is not the first copy.
    const forwarded = await get(server.port, "/flight/THR-MHD", { "x-forwarded-host": "theme2.localhost" });
    expect(forwarded.headers["x-page-cache"]).toBe("miss");
    expect((await get(server.port, "/flight/THR-MHD", { host: "theme2.localhost" })).headers["x-page-cache"]).toBe("miss");
    expect((await get(server.port, "/flight/THR-MHD")).headers["x-page-cache"]).toBe("hit");
  });

  it("never keeps the diagnostics pages, which show the request itself", async () => {
    pageCache.clear();
    for (const path of ["/testLang", "/test"]) {
      await get(server.port, path);
      const again = await get(server.port, path, { cookie: "locale=xx" });
      expect(again.headers["x-page-cache"], path).toBe("miss");
      expect(String(again.headers["cache-control"]), path).toBe("no-store");
    }
  });

  it("keeps search results in the process only, with each browser's own CSRF token", async () => {
    pageCache.clear();
    const path = `/flight/THR-MHD?date=${inAWeek}&adults=1`;
    const first = await get(server.port, path);
    expect(first.status).toBe(200);
    const firstToken = csrfInPage(first);
    expect(firstToken).toBeDefined();
    expect(cookies(first).some((cookie) => cookie.startsWith(`hs_csrf=${firstToken}`))).toBe(true);

    // A new browser: a hit, a token of its own in the page and in its cookie, never the first's.
    const second = await get(server.port, path);
    expect(second.headers["x-page-cache"]).toBe("hit");
    const secondToken = csrfInPage(second);
    expect(secondToken).toBeDefined();
    expect(secondToken).not.toBe(firstToken);
    expect(text(second)).not.toContain(firstToken!);
    expect(cookies(second).some((cookie) => cookie.startsWith(`hs_csrf=${secondToken}`))).toBe(true);

    // A returning browser gets the token it has, and no new cookie.
    const returning = await get(server.port, path, { cookie: `hs_csrf=${firstToken}` });
    expect(returning.headers["x-page-cache"]).toBe("hit");
    expect(csrfInPage(returning)).toBe(firstToken);
    expect(cookies(returning).some((cookie) => cookie.startsWith("hs_csrf="))).toBe(false);

    for (const answer of [first, second, returning]) {
      expect(String(answer.headers["cache-control"])).toBe("private, no-cache");
      expect(answer.headers["x-process-cache"]).toBeUndefined();
      expect(answer.headers.etag).toBeUndefined();
    }
  });

  it("ends a kept page at its s-maxage and at midnight in Tehran", async () => {
    pageCache.clear();
    nowMs = morning;
    await get(server.port, "/flight/THR-MHD");
    nowMs = morning + 299_000;
    expect((await get(server.port, "/flight/THR-MHD")).headers["x-page-cache"]).toBe("hit");
    nowMs = morning + 301_000;
    expect((await get(server.port, "/flight/THR-MHD")).headers["x-page-cache"]).toBe("miss");

    // Stored a minute before midnight: the next day's landing starts from the next day.
    const midnight = nextTehranMidnight(morning);
    nowMs = midnight - 60_000;
    pageCache.clear();
    await get(server.port, "/flight/THR-MHD");
    nowMs = midnight - 1_000;
    expect((await get(server.port, "/flight/THR-MHD")).headers["x-page-cache"]).toBe("hit");
    nowMs = midnight + 1_000;
    expect((await get(server.port, "/flight/THR-MHD")).headers["x-page-cache"]).toBe("miss");
    nowMs = morning;
  });

  it("drops every kept page when any process records an inventory change or changes a tenant", async () => {
    pageCache.clear();
    const watch = watchInventory(database.handle, pageCache, { warn: () => {} }, 3_600_000);
    try {
      await watch.check();
      await get(server.port, "/flight/THR-MHD");
      await watch.check();
      expect((await get(server.port, "/flight/THR-MHD")).headers["x-page-cache"]).toBe("hit");
      await markInventoryChanged(database.handle.db, "inventory");
      await watch.check();
      expect((await get(server.port, "/flight/THR-MHD")).headers["x-page-cache"]).toBe("miss");
      expect(pageCache.stats().entries).toBe(1);

      // An agency's own change (its site configuration) shows at the next check too.
      expect((await get(server.port, "/flight/THR-MHD")).headers["x-page-cache"]).toBe("hit");
      await database.handle.db
        .update(tenants)
        .set({ updatedAt: new Date(Date.now() + 1000) })
        .where(eq(tenants.slug, "hamsafar"));
      await watch.check();
      expect((await get(server.port, "/flight/THR-MHD")).headers["x-page-cache"]).toBe("miss");
    } finally {
      watch.stop();
    }
  });
});
