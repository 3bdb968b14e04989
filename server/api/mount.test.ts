import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { FALLBACK_TENANT, type Tenant } from "#core/tenants/site-config.ts";
import { createLogger } from "../logger.ts";
import type { ApiDeps } from "./deps.ts";
import { apiRouter } from "./mount.ts";
import type { ProblemBody } from "./problem.ts";
import { defineRoute, json, noContent } from "./route.ts";

/**
 * The front door on its own, with routes made for the test: every refusal a client can cause is
 * answered here, in the one envelope, before a handler runs.
 */
let hits = 0;
let failNext = false;
const echo = defineRoute({
  operationId: "echo",
  method: "post",
  path: "/api/v1/test/echo/{id}",
  summary: "echo",
  tags: ["test"],
  auth: "none",
  params: z.object({ id: z.string().regex(/^[a-z]{3}$/) }),
  query: z.object({ n: z.coerce.number().int().max(9).optional() }),
  body: z.object({ name: z.string().max(5), age: z.number().int().min(0) }).strict(),
  bodyLimitBytes: 200,
  responses: { 200: { description: "echo", schema: z.object({ id: z.string(), name: z.string() }) } },
  async handler({ params, body, rateLimit }) {
    const limited = await rateLimit({ bucket: "echo", limit: 3, windowSeconds: 60 });
    if (limited) return limited;
    if (failNext) throw new Error("database went away");
    return json({ id: params.id, name: body.name });
  },
});
const mine = defineRoute({
  operationId: "mine",
  method: "get",
  path: "/api/v1/test/mine",
  summary: "mine",
  tags: ["test"],
  auth: "required",
  responses: { 204: { description: "signed in" } },
  async handler() {
    return noContent();
  },
});
const trains = defineRoute({
  operationId: "trains",
  method: "get",
  path: "/api/v1/test/trains",
  summary: "trains",
  tags: ["test"],
  auth: "none",
  service: "train",
  responses: { 200: { description: "trains", schema: z.object({}) } },
  async handler() {
    return json({});
  },
});

const deps = {
  clock: { now: () => new Date("2026-03-10T08:00:00Z") },
  rateLimiter: {
    async hit({ limit }: { limit: number }) {
      hits += 1;
      return { allowed: hits <= limit, count: hits, retryAfterSeconds: 42 };
    },
  },
  auth: {},
} as unknown as ApiDeps;

let base = "";
let configLoaded = true;
const tenant: Tenant = { ...FALLBACK_TENANT, servicesActive: ["flight"], serviceInactive: [] };
const app = express()
  .use((_req, res, next) => {
    res.locals.log = createLogger("silent");
    res.locals.site = { tenant, configLoaded };
    next();
  })
  .use(apiRouter([echo, mine, trains], deps));
let server: ReturnType<typeof app.listen>;

beforeAll(async () => {
  await new Promise<void>((resolve) => (server = app.listen(0, "127.0.0.1", () => resolve())));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, init);
  return { status: response.status, headers: response.headers, body: (await response.json()) as ProblemBody & Record<string, unknown> };
}
const post = (path: string, body: string, type = "application/json", extra: Record<string, string> = {}) =>
  call(path, { method: "POST", body, headers: { "content-type": type, ...extra } });

describe("the API front door", () => {
  it("hands a validated request to the handler and sends its answer", async () => {
    hits = 0;
    const answer = await post("/api/v1/test/echo/abc?n=3", JSON.stringify({ name: "Sara", age: 30 }));
    expect(answer).toMatchObject({ status: 200, body: { id: "abc", name: "Sara" } });
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("answers malformed JSON 400, a large body 413 and another media type 415", async () => {
    expect(await post("/api/v1/test/echo/abc", "{not json")).toMatchObject({ status: 400, body: { error: { code: "BAD_JSON" } } });
    expect(await post("/api/v1/test/echo/abc", JSON.stringify({ name: "x".repeat(300), age: 1 }))).toMatchObject({
      status: 413,
      body: { error: { code: "BODY_TOO_LARGE" } },
    });
    expect(await post("/api/v1/test/echo/abc", "name=Sara", "application/x-www-form-urlencoded")).toMatchObject({
      status: 415,
      body: { error: { code: "UNSUPPORTED_MEDIA_TYPE" } },
    });
  });

  it("answers a body its schema refuses 422, one entry per field, in the request's language", async () => {
    const answer = await post("/api/v1/test/echo/abc?lang=en", JSON.stringify({ name: "toolongname", extra: 1 }));
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe("VALIDATION_FAILED");
    expect(answer.body.error.fields).toEqual([
      { field: "name", code: "TOO_LONG", message: "This value is too long." },
      { field: "age", code: "REQUIRED", message: "This field is required." },
      { field: "extra", code: "UNKNOWN_FIELD", message: "This field is not known; leave it out." },
    ]);
    // A value of the wrong type is there, so it is not missing.
    const wrongType = await post("/api/v1/test/echo/abc?lang=en", JSON.stringify({ name: 5, age: "1" }));
    expect(wrongType.body.error.fields?.map(({ field, code }) => [field, code])).toEqual([
      ["name", "INVALID"],
      ["age", "INVALID"],
    ]);
    const persian = await post("/api/v1/test/echo/abc", JSON.stringify({ name: "Sara" }));
    expect(persian.body.error.fields?.[0]?.message).toMatch(/[\u0600-\u06FF]/);
  });

  it("answers a bad query 400 with its fields, and a path naming nothing possible 404", async () => {
    const query = await post("/api/v1/test/echo/abc?n=12&lang=en", JSON.stringify({ name: "a", age: 1 }));
    expect(query).toMatchObject({
      status: 400,
      body: { error: { code: "INVALID_PARAMETERS", fields: [{ field: "n", code: "TOO_BIG" }] } },
    });
    expect(await post("/api/v1/test/echo/ABCD", JSON.stringify({ name: "a", age: 1 }))).toMatchObject({
      status: 404,
      body: { error: { code: "NOT_FOUND" } },
    });
  });

  it("answers 401 with a challenge when a route needs a session and there is none", async () => {
    const answer = await call("/api/v1/test/mine");
    expect(answer).toMatchObject({ status: 401, body: { error: { code: "UNAUTHORIZED" } } });
    expect(answer.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("answers 429 with Retry-After past the route's limit", async () => {
    hits = 3;
    const answer = await post("/api/v1/test/echo/abc", JSON.stringify({ name: "a", age: 1 }));
    expect(answer).toMatchObject({ status: 429, body: { error: { code: "RATE_LIMITED" } } });
    expect(answer.headers.get("retry-after")).toBe("42");
  });

  it("answers a handler's fault 503, never a 500, and 503 while the site's configuration is missing", async () => {
    hits = 0;
    failNext = true;
    try {
      expect(await post("/api/v1/test/echo/abc", JSON.stringify({ name: "a", age: 1 }))).toMatchObject({
        status: 503,
        body: { error: { code: "UNAVAILABLE" } },
      });
    } finally {
      failNext = false;
    }
    configLoaded = false;
    try {
      expect(await call("/api/v1/test/trains")).toMatchObject({ status: 503, body: { error: { code: "UNAVAILABLE" } } });
    } finally {
      configLoaded = true;
    }
  });

  it("answers a service the agency does not sell 404, an unknown path 404 and a wrong method 405 with Allow", async () => {
    expect(await call("/api/v1/test/trains")).toMatchObject({ status: 404, body: { error: { code: "SERVICE_UNAVAILABLE" } } });
    expect(await call("/api/v1/nothing/here")).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
    const wrong = await call("/api/v1/test/mine", { method: "DELETE" });
    expect(wrong).toMatchObject({ status: 405, body: { error: { code: "METHOD_NOT_ALLOWED" } } });
    expect(wrong.headers.get("allow")).toBe("GET");
  });
});
