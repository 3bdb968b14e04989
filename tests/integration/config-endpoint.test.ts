import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedTenants } from "#adapters/db/seed.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { ENGINES, PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

type ConfigBody = { code: number; response: Record<string, unknown> | null };

describe.each(PAGE_ENGINES)("the configuration endpoint and pages on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    server = await startTestServer(database.handle);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const config = async (host: string, headers: Record<string, string> = {}) => {
    const res = await rawRequest(server.port, {
      method: "POST",
      path: "/main/getConfigItems/nuxt",
      host,
      headers: { "content-type": "application/json", ...headers },
    });
    return { ...res, json: JSON.parse(res.body) as ConfigBody };
  };

  it("answers each host with its own tenant's configuration", async () => {
    const first = await config(`localhost:${server.port}`);
    expect(first.status).toBe(200);
    expect(first.json.code).toBe(1);
    expect(first.json.response).toMatchObject({ ActiveTheme: "theme-1", nameCompany: "همسفر", blogUrl: "/blog" });
    expect(first.json.response!.servicesActive).toContain("insurance");

    const second = await config("theme2.localhost");
    expect(second.json.response).toMatchObject({ ActiveTheme: "theme-2", btnColors: "#0B7A55", serviceInactive: ["insurance"] });
    expect(second.json.response!.servicesActive).not.toContain("insurance");
    expect(second.headers["cache-control"]).toBe("no-store");

    const third = await config("theme3.localhost");
    expect(third.json.response).toMatchObject({ ActiveTheme: "theme-3" });
    expect(third.json.response!.servicesActive).not.toContain("tour");
    expect(third.json.response!.servicesActive).not.toContain("blog");
  });

  it("localizes texts by the language header and carries the alias fields", async () => {
    const english = await config("theme2.localhost", { language: "en" });
    expect(english.json.response).toMatchObject({ nameCompany: "Parvaz Sabz", sloganSite: "Everywhere, with us" });
    const arabic = await config("theme2.localhost", { language: "ar" });
    expect(arabic.json.response!.nameCompany).toBe("برواز سبز");
    const body = english.json.response!;
    expect(body.logoSite).toBe(body.img);
    expect(body.arrayOfTels).toEqual(body.telCompany);
    expect(body.showContentFirstPageModal).toBe(body.advtop1);
    expect(body.advtop1).toContain("10%");
  });

  it("never exposes credentials or internal ids", async () => {
    const { body } = await config("localhost");
    expect(body).not.toMatch(/ciphertext|secret|password|"id"/i);
  });

  it("refuses an unknown host in production with a clear 404", async () => {
    const res = await rawRequest(server.port, { path: "/", host: "unknown.example" });
    expect(res.status).toBe(404);
    expect(res.body).toContain("unknown.example");
    const api = await rawRequest(server.port, { method: "POST", path: "/main/getConfigItems/nuxt", host: "unknown.example" });
    expect(api.status).toBe(404);
  });

  it("ignores X-Forwarded-Host unless a proxy is trusted", async () => {
    const res = await config("localhost", { "x-forwarded-host": "theme2.localhost" });
    expect(res.json.response!.ActiveTheme).toBe("theme-1");
    const trusting = await startTestServer(database.handle, { TRUST_PROXY: "loopback" });
    try {
      const proxied = await rawRequest(trusting.port, {
        method: "POST",
        path: "/main/getConfigItems/nuxt",
        host: "localhost",
        headers: { "x-forwarded-host": "theme2.localhost" },
      });
      expect((JSON.parse(proxied.body) as ConfigBody).response!.ActiveTheme).toBe("theme-2");
    } finally {
      await trusting.close();
    }
  });

  it("renders pages with the tenant's theme, colours and services", async () => {
    const page = await rawRequest(server.port, { path: "/en", host: "theme2.localhost" });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<html lang="en" dir="ltr" data-theme="theme-2"/);
    expect(page.body).toContain("--tenant-button:#0B7A55");
    expect(page.body).not.toContain('href="/en/insurance"');
    expect(page.headers["cache-control"]).toContain("public");
    expect(page.body).not.toContain("data-not-cacheable");
    const disabled = await rawRequest(server.port, { path: "/en/insurance", host: "theme2.localhost" });
    expect(disabled.status).toBe(404);
    const enabled = await rawRequest(server.port, { path: "/en/insurance", host: "localhost" });
    expect(enabled.status).toBe(200);
  });

  it("serves the default tenant for unknown hosts when configured to", async () => {
    const lenient = await startTestServer(database.handle, { UNKNOWN_HOST: "default" });
    try {
      const res = await rawRequest(lenient.port, { method: "POST", path: "/main/getConfigItems/nuxt", host: "whatever.example" });
      expect((JSON.parse(res.body) as ConfigBody).response!.ActiveTheme).toBe("theme-1");
    } finally {
      await lenient.close();
    }
  });

  it("exposes metrics to loopback only, or with the token", async () => {
    const local = await rawRequest(server.port, { path: "/metrics" });
    expect(local.status).toBe(200);
    expect(local.body).toContain("http_requests_total");
    const relayed = await rawRequest(server.port, { path: "/metrics", headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(relayed.status).toBe(403);
    const token = "a-long-enough-metrics-token";
    const guarded = await startTestServer(database.handle, { METRICS_TOKEN: token });
    try {
      const denied = await rawRequest(guarded.port, {
        path: "/metrics",
        headers: { "x-forwarded-for": "203.0.113.9", authorization: "Bearer wrong" },
      });
      expect(denied.status).toBe(401);
      const allowed = await rawRequest(guarded.port, {
        path: "/metrics",
        headers: { "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${token}` },
      });
      expect(allowed.status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe.each(ENGINES)("when the configuration cannot be loaded (%s)", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    server = await startTestServer(database.handle);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("is ready while the database answers and not after", async () => {
    expect((await rawRequest(server.port, { path: "/readyz" })).status).toBe(200);
    await database.handle.close();
    const ready = await rawRequest(server.port, { path: "/readyz" });
    expect(ready.status).toBe(503);
    expect((await rawRequest(server.port, { path: "/healthz" })).status).toBe(200);
  });

  it("still renders pages, marked not cacheable, and the endpoint reports failure", async () => {
    const page = await rawRequest(server.port, { path: "/", host: "localhost" });
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain("data-not-cacheable");
    expect(page.body).toMatch(/<html lang="fa" dir="rtl"/);
    const api = await rawRequest(server.port, { method: "POST", path: "/main/getConfigItems/nuxt", host: "localhost" });
    expect(JSON.parse(api.body)).toMatchObject({ code: 0 });
  });
});
