/**
 * Page form posts are bounded before the router reads them (server/page-body-limit.ts): a declared
 * length over the bound is answered 413 in the page's language without reading the body, a body
 * without a declared length 411, and forms within the bound reach the page as before.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedTenants } from "#adapters/db/seed.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { PAGE_FORM_LIMIT_BYTES, PAGE_UPLOAD_LIMIT_BYTES } from "#server/page-body-limit.ts";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

/** Sends headers that declare a body, then only a little of it: the answer must not wait for the rest. */
function post(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method: "POST", path, headers: { host: "localhost", ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.write("csrf=x&mobile=09120000000");
  });
}

describe("page form posts' size", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedTenants(database.handle.db, DEMO_TENANTS);
    server = await startTestServer(database.handle);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("refuses a declared length over the bound unread, 413 in the page's language", async () => {
    const form = await post(server.port, "/en/login", {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(PAGE_FORM_LIMIT_BYTES + 1),
    });
    expect(form.status).toBe(413);
    expect(form.body).toContain("The request is too large");
    const upload = await post(server.port, "/admin/settings", {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(PAGE_UPLOAD_LIMIT_BYTES + 1),
    });
    expect(upload.status).toBe(413);
    expect(upload.body).toContain("درخواست بیش از حد بزرگ است");
  });

  it("refuses a form body without a declared length (411)", async () => {
    const chunked = await post(server.port, "/login", {
      "content-type": "application/x-www-form-urlencoded",
      "transfer-encoding": "chunked",
    });
    expect(chunked.status).toBe(411);
  });

  it("lets a form within the bound reach its page", async () => {
    const answer = await rawRequest(server.port, {
      method: "POST",
      path: "/en/login",
      host: "localhost",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      body: "csrf=wrong&mobile=09120000000",
    });
    // The login page's own answer to a form it refuses (a stale token sends the visitor back to the form).
    expect(answer.status).toBe(303);
    expect(answer.body).not.toContain("The request is too large");
  });
});
