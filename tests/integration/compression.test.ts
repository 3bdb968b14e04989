/**
 * Issue 24 §1: built files leave as the brotli or gzip copy made at build, pages and JSON are
 * compressed as they are written, and a client that accepts neither gets the plain bytes. Every
 * compressed answer must decode to exactly what the plain one is.
 */
import { request as httpRequest } from "node:http";
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedTenants } from "#adapters/db/seed.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { startTestServer } from "../support/server.ts";

const ASSETS = resolve(import.meta.dirname, "../../build/client/assets");

interface BytesResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function getBytes(port: number, path: string, acceptEncoding: string | null): Promise<BytesResponse> {
  return new Promise((done, fail) => {
    const headers: Record<string, string> = { host: "localhost" };
    if (acceptEncoding !== null) headers["accept-encoding"] = acceptEncoding;
    const req = httpRequest({ host: "127.0.0.1", port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}

function decoded(response: BytesResponse): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.body);
  if (encoding === "gzip") return gunzipSync(response.body);
  return response.body;
}

describe.each(PAGE_ENGINES)("compression on %s", (engine) => {
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

  it("sends a built script as its brotli or gzip copy by what the client accepts, cached for a year, the same bytes once decoded", async () => {
    const script = readdirSync(ASSETS).find((file) => file.endsWith(".js") && readdirSync(ASSETS).includes(`${file}.br`));
    expect(script, "the build precompresses its scripts").toBeDefined();
    const original = readFileSync(resolve(ASSETS, script!));
    const path = `/assets/${script}`;

    const brotli = await getBytes(server.port, path, "gzip, deflate, br");
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(String(brotli.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(String(brotli.headers["content-type"])).toMatch(/javascript/);
    expect(String(brotli.headers["cache-control"])).toContain("immutable");
    expect(brotli.body.length).toBeLessThan(original.length);
    expect(decoded(brotli).equals(original)).toBe(true);

    const gzip = await getBytes(server.port, path, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip).equals(original)).toBe(true);

    const plain = await getBytes(server.port, path, null);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  it("caches a public file an hour by its name, and a year (immutable) when its URL names a version", async () => {
    const unversioned = await getBytes(server.port, "/tenants/hamsafar/logo.svg", null);
    expect(unversioned.status).toBe(200);
    expect(unversioned.headers["cache-control"]).toBe("public, max-age=3600");
    const versioned = await getBytes(server.port, "/tenants/hamsafar/logo.svg?v=2", null);
    expect(versioned.status).toBe(200);
    expect(versioned.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(versioned.body.equals(unversioned.body)).toBe(true);
    const empty = await getBytes(server.port, "/tenants/hamsafar/logo.svg?v=", null);
    expect(empty.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("compresses pages and JSON as they are written, and leaves them plain for a client that accepts no encoding", async () => {
    for (const path of ["/", "/en/flight", "/api/v1/openapi.json"]) {
      const plain = await getBytes(server.port, path, null);
      expect(plain.status, path).toBe(200);
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      for (const accept of ["br", "gzip"]) {
        const compressed = await getBytes(server.port, path, accept);
        expect(compressed.headers["content-encoding"], `${path} ${accept}`).toBe(accept === "br" ? "br" : "gzip");
        expect(String(compressed.headers.vary), path).toMatch(/Accept-Encoding/i);
        expect(compressed.body.length, path).toBeLessThan(plain.body.length);
        const text = decoded(compressed).toString("utf8");
        if (path.startsWith("/api")) expect(JSON.parse(text)).toEqual(JSON.parse(plain.body.toString("utf8")));
        else expect(text).toMatch(/<\/html>\s*$/);
      }
    }
  });
});
