/**
 * The agency's brand on the settings screen and the admin API (issue 25 §1; ADR 0036, ADR 0037), on
 * each database engine: logos uploaded, checked by their bytes and served from this site with a
 * year's cache; domains added and removed under their rules, unique across agencies; and the live
 * preview of unsaved settings, honoured only at its tenant's host, only until it expires, never
 * cached, and never saved.
 */
import { request as httpRequest } from "node:http";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEntries, tenantDomains, tenants } from "#adapters/db/schema.ts";
import { createPageCache } from "#server/page-cache.ts";
import {
  HOST_A,
  HOST_B,
  backOfficeClient,
  seedBackOfficeTenants,
  signedInStaff,
  type Problem,
  type StaffVisitor,
} from "../support/back-office.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const START = new Date("2026-11-26T09:00:00Z");

let counter = 0;
const freshMobile = () => `0936${String(5_000_000 + ++counter).padStart(7, "0")}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request whose body and answer are bytes (multipart uploads, image files). */
function bytesRequest(
  port: number,
  options: { method?: string; path: string; host: string; headers?: Record<string, string>; body?: Buffer },
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        headers: { host: options.host, ...options.headers, ...(options.body ? { "content-length": options.body.length } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}

/** A multipart/form-data body: text fields and files. */
function multipart(fields: Record<string, string>, files: Record<string, { name: string; type: string; bytes: Buffer }>) {
  const boundary = `----brand${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const SETTINGS = {
  "name.fa": "همسفر",
  "name.en": "Hamsafar",
  theme: "theme-1",
  "colors.button": "#0077DB",
  "colors.link": "#0077DB",
  "colors.background": "#FFFFFF",
  "colors.header": "#FFFFFF",
  "colors.footer": "#FFFFFF",
  servicesActive: "flight",
};

describe.each(ENGINES)("the agency's brand on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantIds = new Map<string, string>();
  let now = START;
  const clock = { now: () => now };
  const pageCache = createPageCache({ maxBytes: 16 * 1024 * 1024, now: () => now.getTime() });
  let logoPng: Buffer;

  const { api, page, form } = backOfficeClient(() => server.port);

  const visitor = (host: string, role: "owner" | "support" | "operator") =>
    signedInStaff(database.handle.db, { tenantId: tenantIds.get(host)!, host, mobile: freshMobile(), role, now: START });

  const upload = (who: StaffVisitor, path: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1]) => {
    const { body, type } = multipart({ csrf: who.csrf, ...fields }, files);
    return bytesRequest(server.port, {
      method: "POST",
      path,
      host: who.host,
      headers: { "content-type": type, cookie: who.cookie, "sec-fetch-site": "same-origin" },
      body,
    });
  };

  const auditCount = async (tenantId: string, action: string) =>
    (
      await database.handle.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.tenantId, tenantId), eq(auditEntries.action, action)))
    ).length;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    tenantIds = await seedBackOfficeTenants(database.handle.db);
    server = await startTestServer(database.handle, {}, { clock, pageCache });
    logoPng = await sharp({ create: { width: 1200, height: 300, channels: 4, background: "#C21E56" } })
      .png()
      .toBuffer();
  });

  beforeEach(() => {
    now = START;
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("refuses a logo by its bytes, size and dimensions, each on its field and in the page's language", async () => {
    const owner = await visitor(HOST_A, "owner");
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const tiny = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const huge = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2 * 1024 * 1024)]);
    const refused = await upload(owner, "/en/admin/settings", SETTINGS, {
      "logo.file": { name: "logo.svg", type: "image/svg+xml", bytes: svg },
      "logoHeader.file": { name: "tiny.png", type: "image/png", bytes: tiny },
      "logoFooter.file": { name: "big.png", type: "image/png", bytes: huge },
    });
    expect(refused.status).toBe(400);
    const html = refused.body.toString("utf8");
    expect(html).toMatch(/id="settings-logo-error"[^>]*>SVG files are not accepted/);
    expect(html).toMatch(/id="settings-logoHeader-error"[^>]*>The image is too small for a logo/);
    expect(html).toMatch(/id="settings-logoFooter-error"[^>]*>The file is too large for a logo/);
    const text = await upload(owner, "/admin/settings", SETTINGS, {
      "logoHeader.file": { name: "logo.png", type: "image/png", bytes: Buffer.from("not an image at all") },
    });
    expect(text.body.toString("utf8")).toMatch(/id="settings-logoHeader-error"[^>]*>فقط تصویرهای PNG، JPEG و WebP/);
    // Nothing was stored or pointed at.
    const [row] = await database.handle.db
      .select()
      .from(tenants)
      .where(eq(tenants.id, tenantIds.get(HOST_A)!));
    expect(row!.logoHeader ?? "").not.toContain("/blog-images/");
    expect(await auditCount(tenantIds.get(HOST_A)!, "logo.upload")).toBe(0);

    // The API refuses the same way, with the field and code.
    const api422 = await api("/api/v1/admin/settings/logos/logoHeader", owner, { method: "POST", body: { data: svg.toString("base64") } });
    expect(api422.status).toBe(422);
    expect((JSON.parse(api422.body) as Problem).error.fields).toEqual([expect.objectContaining({ field: "data", code: "IMAGE_SVG" })]);
  });

  it("stores a good logo, serves it from this site as PNG with a year's cache, and saves it with the settings", async () => {
    const tenantA = tenantIds.get(HOST_A)!;
    const owner = await visitor(HOST_A, "owner");
    const saved = await upload(owner, "/admin/settings", SETTINGS, {
      "logoHeader.file": { name: "logo.png", type: "image/png", bytes: logoPng },
    });
    expect(saved.status).toBe(303);
    const [row] = await database.handle.db.select().from(tenants).where(eq(tenants.id, tenantA));
    // Shrunk to fit 800×240: 800 wide.
    expect(row!.logoHeader).toMatch(/^\/blog-images\/[0-9a-f-]{36}\/800\.png$/);
    expect(await auditCount(tenantA, "logo.upload")).toBe(1);

    const file = await bytesRequest(server.port, { path: row!.logoHeader!, host: HOST_A });
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(file.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 800, 200]);
    const again = await bytesRequest(server.port, {
      path: row!.logoHeader!,
      host: HOST_A,
      headers: { "if-none-match": String(file.headers.etag) },
    });
    expect(again.status).toBe(304);
    // Another agency's host does not serve it.
    expect((await bytesRequest(server.port, { path: row!.logoHeader!, host: HOST_B })).status).toBe(404);
    // The storefront's header shows it at once.
    expect((await page("/", null)).body).toContain(`src="${row!.logoHeader}"`);

    // The API points the field at once; support may not.
    const support = await visitor(HOST_A, "support");
    const data = logoPng.toString("base64");
    expect((await api("/api/v1/admin/settings/logos/logoFooter", support, { method: "POST", body: { data } })).status).toBe(403);
    const viaApi = await api("/api/v1/admin/settings/logos/logoFooter", owner, { method: "POST", body: { data } });
    expect(viaApi.status).toBe(200);
    const { url } = JSON.parse(viaApi.body) as { url: string };
    const [after] = await database.handle.db.select().from(tenants).where(eq(tenants.id, tenantA));
    expect(after!.logoFooter).toBe(url);
  });

  it("adds and removes domains under their rules, each change logged, a host never shared by two agencies", async () => {
    const db = database.handle.db;
    const tenantA = tenantIds.get(HOST_A)!;
    const tenantB = tenantIds.get(HOST_B)!;
    const ownerA = await visitor(HOST_A, "owner");
    const ownerB = await visitor(HOST_B, "owner");
    const operator = await visitor(HOST_A, "operator");
    const add = (who: StaffVisitor, host: string) => api("/api/v1/admin/domains", who, { method: "POST", body: { host } });
    const codeOf = (answer: { body: string }) => (JSON.parse(answer.body) as Problem).error.fields?.[0]?.code;

    expect((await add(operator, "shop.example.com")).status).toBe(403);
    for (const bad of ["https://shop.example.com", "shop", "-bad-.example.com", "1.2.3.4", "a b.example.com", "shop.example.com/path"])
      expect(codeOf(await add(ownerA, bad)), bad).toBe("HOST_INVALID");
    // Lower-cased, a trailing dot dropped, an IDN in punycode.
    expect(JSON.parse((await add(ownerA, "Shop.Example.COM.")).body)).toEqual({ host: "shop.example.com" });
    expect(JSON.parse((await add(ownerA, "سفر.ایران")).body)).toEqual({ host: "xn--wgbd6b.xn--mgba3a4f16a" });
    expect(codeOf(await add(ownerA, "shop.example.com"))).toBe("HOST_EXISTS");
    // Another agency's host is refused, with its message in the language asked.
    const taken = await api("/api/v1/admin/domains", ownerA, { method: "POST", body: { host: "THEME2.localhost" }, lang: "en" });
    expect(taken.status).toBe(422);
    expect((JSON.parse(taken.body) as Problem).error.fields?.[0]).toMatchObject({
      code: "HOST_TAKEN",
      message: "Another agency already uses this domain.",
    });
    const [owner] = await db.select().from(tenantDomains).where(eq(tenantDomains.host, "theme2.localhost"));
    expect(owner!.tenantId).toBe(tenantB);

    const listed = JSON.parse((await api("/api/v1/admin/domains", ownerA)).body) as { domains: { host: string; primary: boolean }[] };
    expect(listed.domains.map((row) => row.host)).toEqual(
      expect.arrayContaining(["localhost", "shop.example.com", "xn--wgbd6b.xn--mgba3a4f16a"]),
    );
    expect(listed.domains.filter((row) => row.primary)).toHaveLength(1);

    // Never the host in use, never the last one.
    const current = await api("/api/v1/admin/domains/localhost", ownerA, { method: "DELETE" });
    expect([current.status, codeOf(current)]).toEqual([422, "CURRENT_HOST"]);
    const last = await api("/api/v1/admin/domains/theme2.localhost", ownerB, { method: "DELETE" });
    expect([last.status, codeOf(last)]).toEqual([422, "LAST_DOMAIN"]);
    // B cannot remove A's host.
    expect((await api("/api/v1/admin/domains/shop.example.com", ownerB, { method: "DELETE" })).status).toBe(404);
    expect((await api("/api/v1/admin/domains/shop.example.com", ownerA, { method: "DELETE" })).status).toBe(204);

    // The screen: the list, a refusal on the field, a removal.
    const screen = await page("/en/admin/settings", ownerA);
    expect(screen.body).toContain("xn--wgbd6b.xn--mgba3a4f16a");
    const refused = await form("/en/admin/settings", ownerA, { csrf: ownerA.csrf, intent: "domain.add", host: "theme2.localhost" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatch(/id="settings-domain-host-error"[^>]*>Another agency already uses this domain/);
    const removed = await form("/admin/settings", ownerA, {
      csrf: ownerA.csrf,
      intent: "domain.remove",
      host: "xn--wgbd6b.xn--mgba3a4f16a",
    });
    expect(removed.status).toBe(303);
    expect(await db.select().from(tenantDomains).where(eq(tenantDomains.host, "xn--wgbd6b.xn--mgba3a4f16a"))).toHaveLength(0);
    expect(await auditCount(tenantA, "domain.add")).toBe(2);
    expect(await auditCount(tenantA, "domain.remove")).toBe(2);
    expect(await auditCount(tenantB, "domain.remove")).toBe(0);
  });

  it("previews unsaved settings at its tenant's host only, until it expires, never cached, never saved", async () => {
    const db = database.handle.db;
    const tenantA = tenantIds.get(HOST_A)!;
    const owner = await visitor(HOST_A, "owner");
    const [before] = await db.select().from(tenants).where(eq(tenants.id, tenantA));
    const shown = await form("/en/admin/settings", owner, { csrf: owner.csrf, intent: "preview", ...SETTINGS, "colors.button": "#AB12CD" });
    expect(shown.status).toBe(200);
    // The settings screen may frame its own origin.
    expect(shown.headers["content-security-policy"]).toMatch(/frame-src 'self'/);
    const src = /<iframe[^>]*src="([^"]+)"/.exec(shown.body)?.[1]?.replace(/&amp;/g, "&");
    expect(src).toMatch(/^\/en\?preview=/);
    const previewColour = /--tenant-button:\s*#AB12CD/i;

    const preview = await page(src!, null);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatch(previewColour);
    expect(preview.headers["cache-control"]).toBe("no-store");
    expect(preview.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(preview.headers["content-security-policy"]).toMatch(/frame-ancestors 'self'/);
    expect(preview.headers["x-frame-options"]).toBe("SAMEORIGIN");

    // Nothing saved, and the shared home page (cached or not) shows the saved colour.
    const [after] = await db.select().from(tenants).where(eq(tenants.id, tenantA));
    expect(after!.colors).toEqual(before!.colors);
    expect(after!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());
    for (let i = 0; i < 2; i++) {
      const plain = await page("/en", null);
      expect(plain.body).not.toMatch(previewColour);
      expect(plain.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    }
    // The preview is not served from the cache either, and a second look still shows it.
    expect((await page(src!, null)).body).toMatch(previewColour);
    // Another web process on the same database shows it too (a balancer may send the iframe there).
    const other = await startTestServer(database.handle, {}, { clock });
    try {
      expect((await rawRequest(other.port, { path: src!, host: HOST_A })).body).toMatch(previewColour);
    } finally {
      await other.close();
    }

    // Another agency's host shows its own saved settings.
    const elsewhere = await page(src!, null, HOST_B);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).not.toMatch(previewColour);
    expect(elsewhere.headers["cache-control"]).toBe("no-store");
    expect(elsewhere.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);

    // A forged token shows the saved settings.
    const forged = src!.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect((await page(forged, null)).body).not.toMatch(previewColour);

    // After ten minutes it is gone.
    now = new Date(START.getTime() + 10 * 60_000 + 1);
    const expired = await page(src!, null);
    expect(expired.status).toBe(200);
    expect(expired.body).not.toMatch(previewColour);
    expect(expired.headers["cache-control"]).toBe("no-store");

    // The API makes the same token; support may not.
    now = START;
    const support = await visitor(HOST_A, "support");
    const body = { ...SETTINGS, "colors.button": "#12AB34" };
    expect((await api("/api/v1/admin/settings/preview", support, { method: "POST", body })).status).toBe(403);
    const made = await api("/api/v1/admin/settings/preview", owner, { method: "POST", body });
    expect(made.status).toBe(200);
    const { url } = JSON.parse(made.body) as { url: string };
    expect((await page(url, null)).body).toMatch(/--tenant-button:\s*#12AB34/i);
    const invalid = await api("/api/v1/admin/settings/preview", owner, { method: "POST", body: { ...body, "colors.button": "red" } });
    expect((JSON.parse(invalid.body) as Problem).error.fields).toEqual([
      expect.objectContaining({ field: "colors.button", code: "COLOR_INVALID" }),
    ]);
  });
});
