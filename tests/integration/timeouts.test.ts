import type { AddressInfo } from "node:net";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedTenants } from "#adapters/db/seed.ts";
import { createServerApp } from "#server/app.ts";
import { databaseAdapters } from "#server/database-adapters.ts";
import { loadEnv } from "#server/env.ts";
import { createMetrics } from "#server/metrics.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { loadServerBuild } from "../support/server.ts";

describe("request time-out", () => {
  let database: TestDatabase;
  let releaseBuild: () => void = () => {};
  let close: () => Promise<void> = async () => {};
  let port = 0;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedTenants(database.handle.db, DEMO_TENANTS);
    const realBuild = await loadServerBuild();
    // The router is held back until the test releases it, standing in for a slow page.
    const gate = new Promise<void>((resolveGate) => (releaseBuild = resolveGate));
    const { app } = createServerApp({
      env: loadEnv({ NODE_ENV: "production", REQUEST_TIMEOUT_MS: "150", TENANT_CACHE_TTL_MS: "0" }),
      log: pino({ level: "silent" }),
      metrics: createMetrics({ defaultMetrics: false }),
      ...databaseAdapters(database.handle),
      buildVersion: "test",
      build: async (): Promise<ServerBuild> => {
        await gate;
        return realBuild;
      },
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((done) => server.once("listening", done));
    port = (server.address() as AddressInfo).port;
    close = () => new Promise((done) => server.close(() => done()));
  });
  afterAll(async () => {
    releaseBuild();
    await close();
    await database?.drop();
  });

  it("answers 504 with the gateway time-out page, except on international flight paths", async () => {
    const international = rawRequest(port, { path: "/internationalflight", host: "localhost" });
    const slow = await rawRequest(port, { path: "/en/flight", host: "localhost" });
    expect(slow.status).toBe(504);
    expect(slow.body).toContain("504 Gateway Timeout");
    expect(slow.body).toContain('lang="en"');
    // The international request started together with the other and outlived the same budget.
    releaseBuild();
    const late = await international;
    expect(late.status).toBe(200);
  });
});
