import { readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedTenants } from "#adapters/db/seed.ts";
import { translate } from "#core/i18n/messages.ts";
import "#core/i18n/catalogs.ts";
import { createServerApp } from "#server/app.ts";
import { databaseAdapters } from "#server/database-adapters.ts";
import { loadEnv } from "#server/env.ts";
import { createMetrics, type Metrics } from "#server/metrics.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { loadServerBuild } from "../support/server.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const MAX_IN_FLIGHT = 3;

function expectRefusal(answer: RawResponse) {
  expect(answer.status).toBe(503);
  expect(answer.headers["retry-after"]).toMatch(/^[1-3]$/);
  expect(answer.headers["cache-control"]).toBe("no-store");
}

describe("load shedding", () => {
  let database: TestDatabase;
  let metrics: Metrics;
  let releasePages: () => void = () => {};
  let close: () => Promise<void> = async () => {};
  let port = 0;
  /** Resolves once MAX_IN_FLIGHT page requests have reached the router, where they wait. */
  let pagesHeld: Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedTenants(database.handle.db, DEMO_TENANTS);
    const realBuild = await loadServerBuild();
    // Pages wait at the router until the test releases them: requests in flight, for as long as the test needs.
    const gate = new Promise<void>((open) => (releasePages = open));
    let arrived = 0;
    let allArrived: () => void = () => {};
    pagesHeld = new Promise((done) => (allArrived = done));
    metrics = createMetrics({ defaultMetrics: false });
    const { app } = createServerApp({
      // The event-loop signal is off: this test is about the cap alone, whatever else the machine runs.
      env: loadEnv({
        NODE_ENV: "production",
        TENANT_CACHE_TTL_MS: "0",
        MAX_IN_FLIGHT: String(MAX_IN_FLIGHT),
        MAX_EVENT_LOOP_DELAY_MS: "0",
      }),
      log: pino({ level: "silent" }),
      metrics,
      ...databaseAdapters(database.handle),
      buildVersion: "test",
      build: async (): Promise<ServerBuild> => {
        arrived += 1;
        if (arrived === MAX_IN_FLIGHT) allArrived();
        await gate;
        return realBuild;
      },
      clientDir: resolve(ROOT, "build/client"),
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((done) => server.once("listening", done));
    port = (server.address() as AddressInfo).port;
    close = () => new Promise((done) => server.close(() => done()));
  });
  afterAll(async () => {
    releasePages();
    await close();
    await database?.drop();
  });

  it("answers the request beyond MAX_IN_FLIGHT at once with 503 and Retry-After, in the path's language, and serves again once a slot is free", async () => {
    const held = Array.from({ length: MAX_IN_FLIGHT }, () => rawRequest(port, { path: "/", host: "localhost" }));
    await pagesHeld;

    const persian = await rawRequest(port, { path: "/flight", host: "localhost" });
    expectRefusal(persian);
    expect(persian.headers["content-type"]).toMatch(/^text\/html/);
    expect(persian.body).toContain('lang="fa" dir="rtl"');
    expect(persian.body).toContain(translate("fa", "error.overloaded.title"));

    const english = await rawRequest(port, { path: "/en/flight", host: "localhost" });
    expectRefusal(english);
    expect(english.body).toContain('lang="en" dir="ltr"');
    expect(english.body).toContain(translate("en", "error.overloaded.body"));

    const arabic = await rawRequest(port, { path: "/ar", host: "localhost" });
    expectRefusal(arabic);
    expect(arabic.body).toContain('lang="ar" dir="rtl"');

    // The API answers in its envelope (rawRequest also holds it to the OpenAPI document).
    const api = await rawRequest(port, { path: "/api/v1/places?service=flight&q=mash&lang=en", host: "localhost" });
    expectRefusal(api);
    expect(api.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(api.body)).toEqual({ error: { code: "UNAVAILABLE", message: translate("en", "api.error.UNAVAILABLE") } });

    // Health, readiness and static files are never refused.
    expect((await rawRequest(port, { path: "/healthz", host: "localhost" })).status).toBe(200);
    expect((await rawRequest(port, { path: "/readyz", host: "localhost" })).status).toBe(200);
    const asset = readdirSync(resolve(ROOT, "build/client/assets")).find((file) => file.endsWith(".css"));
    expect((await rawRequest(port, { path: `/assets/${asset}`, host: "localhost" })).status).toBe(200);

    // A bank's callback settles money already paid: it is let in beyond the cap (it waits at the router with the pages).
    const callback = rawRequest(port, { path: "/payment/callback/sandbox?ref=unknown", host: "localhost" });
    const englishCallback = rawRequest(port, { path: "/en/payment/callback/sandbox?ref=unknown", host: "localhost" });

    const shed = (await metrics.shed.get()).values.find((value) => value.labels.reason === "in-flight");
    expect(shed?.value).toBe(4);

    // The requests that were admitted finish normally, and their slots take new requests.
    releasePages();
    for (const answer of await Promise.all(held)) expect(answer.status).toBe(200);
    for (const answer of await Promise.all([callback, englishCallback])) expect(answer.status).not.toBe(503);
    expect((await metrics.shed.get()).values.find((value) => value.labels.reason === "in-flight")?.value).toBe(4);
    expect((await rawRequest(port, { path: "/en/flight", host: "localhost" })).status).toBe(200);
  });
});
