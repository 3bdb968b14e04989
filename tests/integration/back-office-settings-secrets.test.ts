/**
 * The back-office's secrets (issue 25 §1) over HTTP, on each database engine: the gateways, the
 * SMS sender and reCAPTCHA of /admin/secrets and /api/v1/admin/secrets. A secret, once set, never
 * comes back (not in a page, not in an answer, not in the audit log, where it is "set"); an empty
 * secret keeps the stored one and "remove" clears it; only owners (and the platform) see or write
 * them; refusals are on their field in the page's language.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import { auditEntries, tenants } from "#adapters/db/schema.ts";
import type { BackOfficeRole } from "#core/back-office/roles.ts";
import { KAVENEGAR_CREDENTIAL_KIND } from "#core/back-office/secrets.ts";
import { translate } from "#core/i18n/messages.ts";
import { HOST_A, HOST_B, backOfficeClient, seedBackOfficeTenants, signedInStaff, type Problem } from "../support/back-office.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { startTestServer } from "../support/server.ts";

const NOW = new Date("2026-03-10T08:00:00+03:30");
const KEY = "0123456789abcdef".repeat(4);
const MERCHANT_ID = "5c1e0b2a-9d4f-4e6b-8a7c-3f2e1d0c9b8a";
const API_KEY = "4A6E2F5A7B3C-SECRET-API-KEY-Zq9";
const SITE_KEY = "6LcSiteKeyPublic_0123456789abcdefABCDEF";
const RECAPTCHA_SECRET = "6LcSecretKey_private_9876543210zyxwvuTSR";
const SECRETS = [MERCHANT_ID, API_KEY, RECAPTCHA_SECRET];

let counter = 0;
const freshMobile = () => `0937${String(6_000_000 + ++counter).padStart(7, "0")}`;

/** The screen's whole form as a browser sends it, with `fields` over it. */
function screenForm(csrf: string, fields: Record<string, string> = {}): Record<string, string> {
  return {
    csrf,
    "gateways.sandbox.enabled": "on",
    "gateways.sandbox.position": "1",
    "gateways.zarinpal.position": "",
    "zarinpal.merchantId": "",
    "zarinpal.terminal": "production",
    "sms.sender": "outbox",
    "sms.apiKey": "",
    "sms.line": "",
    "sms.templates.login-code": "",
    "sms.templates.ticket-issued": "",
    "sms.templates.refund-paid": "",
    "sms.dailyBudget": "",
    "recaptcha.siteKey": "",
    "recaptcha.secret": "",
    ...fields,
  };
}

describe.each(ENGINES)("the back-office secrets on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantIds = new Map<string, string>();
  const { api, page, form } = backOfficeClient(() => server.port);

  const visitor = (host: string, role: BackOfficeRole | null) =>
    signedInStaff(database.handle.db, { tenantId: tenantIds.get(host)!, host, mobile: freshMobile(), role, now: NOW });

  const auditRows = (tenantId: string) => database.handle.db.select().from(auditEntries).where(eq(auditEntries.tenantId, tenantId));

  const expectNoSecret = (text: string, where: string) => {
    for (const secret of SECRETS) expect(text, `${where} shows a secret`).not.toContain(secret);
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    tenantIds = await seedBackOfficeTenants(database.handle.db);
    server = await startTestServer(database.handle, { CREDENTIALS_KEY: KEY }, { clock: { now: () => NOW } });
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("stores every secret from the API, and never shows one again: not in answers, pages or the audit log", async () => {
    const owner = await visitor(HOST_A, "owner");
    const put = await api("/api/v1/admin/secrets", owner, {
      method: "PUT",
      body: {
        gateways: ["zarinpal", "sandbox"],
        zarinpal: { merchantId: MERCHANT_ID, terminal: "sandbox" },
        sms: {
          sender: "kavenegar",
          apiKey: API_KEY,
          line: "۲۰۰۰۵۰۰۶۶۶",
          templates: { "login-code": "hamsafar-login" },
          dailyBudget: "۵۰۰",
        },
        recaptcha: { siteKey: SITE_KEY, secret: RECAPTCHA_SECRET },
      },
    });
    expect(put.status, put.body).toBe(200);
    expectNoSecret(put.body, "the PUT answer");
    const status = JSON.parse(put.body) as {
      gateways: { name: string; position: number | null }[];
      zarinpal: { merchantId: { set: boolean; updatedAt: string | null }; terminal: string };
      sms: { sender: string; apiKey: { set: boolean }; line: string; templates: Record<string, string | null>; dailyBudget: number };
      recaptcha: { siteKey: string; secret: { set: boolean } };
    };
    expect(status.gateways.map((gateway) => [gateway.name, gateway.position])).toEqual([
      ["zarinpal", 1],
      ["sandbox", 2],
    ]);
    expect(status.zarinpal.merchantId.set).toBe(true);
    expect(status.zarinpal.merchantId.updatedAt).not.toBeNull();
    expect(status.zarinpal.terminal).toBe("sandbox");
    expect(status.sms).toMatchObject({ sender: "kavenegar", apiKey: { set: true }, line: "2000500666", dailyBudget: 500 });
    expect(status.sms.templates["login-code"]).toBe("hamsafar-login");
    expect(status.recaptcha).toMatchObject({ siteKey: SITE_KEY, secret: { set: true } });

    // Stored for real: the gateway and sender the storefront uses read them back.
    const store = createCredentialStore(database.handle.db, { key: KEY });
    expect((await store.get(tenantIds.get(HOST_A)!, KAVENEGAR_CREDENTIAL_KIND))?.apiKey).toBe(API_KEY);

    const read = await api("/api/v1/admin/secrets", owner);
    expect(read.status).toBe(200);
    expectNoSecret(read.body, "the GET answer");
    for (const path of ["/admin/secrets", "/en/admin/secrets"]) {
      const screen = await page(path, owner);
      expect(screen.status, path).toBe(200);
      expectNoSecret(screen.body, path);
      expect(screen.body).toContain(SITE_KEY);
      expect(screen.body).toContain("2000500666");
    }
    expect((await page("/en/admin/secrets", owner)).body).toContain("Set on");

    const rows = await auditRows(tenantIds.get(HOST_A)!);
    const entry = rows.find((row) => row.action === "secrets.update");
    expect(entry).toBeDefined();
    expectNoSecret(JSON.stringify(rows), "the audit log");
    expect(entry!.after).toMatchObject({
      zarinpal: { merchantId: "set" },
      sms: { apiKey: "set" },
      recaptcha: { secret: "set", siteKey: SITE_KEY },
    });
    expect(entry!.before).toMatchObject({ zarinpal: { merchantId: null }, sms: { apiKey: null }, recaptcha: { secret: null } });
    // The audit screen shows the entry and still no secret.
    expectNoSecret((await page("/en/admin/audit", owner)).body, "the audit screen");
  });

  it("keeps a secret left empty, replaces one given, and clears one removed, from the screen", async () => {
    const owner = await visitor(HOST_B, "owner");
    const tenantId = tenantIds.get(HOST_B)!;
    const store = createCredentialStore(database.handle.db, { key: KEY });
    const saved = await form(
      "/en/admin/secrets",
      owner,
      screenForm(owner.csrf, {
        "sms.apiKey": API_KEY,
        "sms.line": "3000123",
        "recaptcha.siteKey": SITE_KEY,
        "recaptcha.secret": RECAPTCHA_SECRET,
      }),
    );
    expect(saved.status, saved.body).toBe(303);
    expect(saved.headers.location).toBe("/en/admin/secrets?notice=saved");
    expect((await store.get(tenantId, KAVENEGAR_CREDENTIAL_KIND))?.apiKey).toBe(API_KEY);

    // Empty: the key stays; the line changes next to it.
    const kept = await form(
      "/en/admin/secrets",
      owner,
      screenForm(owner.csrf, { "sms.line": "3000999", "recaptcha.siteKey": SITE_KEY, "sms.sender": "kavenegar" }),
    );
    expect(kept.status, kept.body).toBe(303);
    expect(await store.get(tenantId, KAVENEGAR_CREDENTIAL_KIND)).toMatchObject({ apiKey: API_KEY, sender: "3000999" });
    const [row] = await database.handle.db.select().from(tenants).where(eq(tenants.id, tenantId));
    expect(row!.smsSender).toBe("kavenegar");

    // The same form again changes nothing, and records nothing.
    const before = (await auditRows(tenantId)).length;
    const again = await form(
      "/en/admin/secrets",
      owner,
      screenForm(owner.csrf, { "sms.line": "3000999", "recaptcha.siteKey": SITE_KEY, "sms.sender": "kavenegar" }),
    );
    expect(again.headers.location).toBe("/en/admin/secrets?notice=unchanged");
    expect(await auditRows(tenantId)).toHaveLength(before);

    // Removing the reCAPTCHA clears the secret and the site key.
    const removed = await form(
      "/en/admin/secrets",
      owner,
      screenForm(owner.csrf, { "sms.line": "3000999", "sms.sender": "kavenegar", "recaptcha.remove": "on" }),
    );
    expect(removed.status, removed.body).toBe(303);
    const status = JSON.parse((await api("/api/v1/admin/secrets", owner)).body) as {
      recaptcha: { siteKey: string | null; secret: { set: boolean } };
    };
    expect(status.recaptcha).toEqual({ siteKey: null, secret: { set: false, readable: null, updatedAt: null } });
    const rows = await auditRows(tenantId);
    expectNoSecret(JSON.stringify(rows), "the audit log");
    expect(rows.at(-1)!.after).toMatchObject({ recaptcha: { siteKey: null, secret: null } });
  });

  it("refuses operator, support and editor: no status, no write, not even the screen", async () => {
    for (const role of ["operator", "support", "editor"] as const) {
      const member = await visitor(HOST_A, role);
      const read = await api("/api/v1/admin/secrets", member);
      expect(read.status, role).toBe(403);
      expect((JSON.parse(read.body) as Problem).error.code).toBe("FORBIDDEN");
      const put = await api("/api/v1/admin/secrets", member, { method: "PUT", body: { sms: { apiKey: "x".repeat(30) } } });
      expect(put.status, role).toBe(403);
      expect((await page("/admin/secrets", member)).status, role).toBe(403);
      const posted = await form("/admin/secrets", member, screenForm(member.csrf, { "sms.apiKey": "y".repeat(30) }));
      expect(posted.status, role).toBe(403);
    }
    const store = createCredentialStore(database.handle.db, { key: KEY });
    const stored = await store.get(tenantIds.get(HOST_A)!, KAVENEGAR_CREDENTIAL_KIND);
    expect(stored?.apiKey).toBe(API_KEY);
    // Another tenant's session is nobody here.
    const ownerA = await visitor(HOST_A, "owner");
    expect((await api("/api/v1/admin/secrets", { ...ownerA, host: HOST_B })).status).toBe(401);
  });

  it("refuses bad fields on their field, in Persian and English, without echoing a secret", async () => {
    const owner = await visitor(HOST_A, "owner");
    const refused = await api("/api/v1/admin/secrets", owner, {
      method: "PUT",
      body: { zarinpal: { merchantId: "not-a-merchant-id" }, sms: { line: "12" }, gateways: [] },
      lang: "en",
    });
    expect(refused.status).toBe(422);
    const problem = JSON.parse(refused.body) as Problem;
    expect(problem.error.code).toBe("VALIDATION_FAILED");
    expect(problem.error.fields).toEqual(
      expect.arrayContaining([
        {
          field: "zarinpal.merchantId",
          code: "MERCHANT_ID_INVALID",
          message: translate("en", "admin.secrets.error.MERCHANT_ID_INVALID"),
        },
        { field: "sms.line", code: "LINE_INVALID", message: translate("en", "admin.secrets.error.LINE_INVALID") },
        { field: "gateways", code: "NO_GATEWAY", message: translate("en", "admin.secrets.error.NO_GATEWAY") },
      ]),
    );
    expect(refused.body).not.toContain("not-a-merchant-id");

    for (const [path, locale] of [
      ["/admin/secrets", "fa"],
      ["/en/admin/secrets", "en"],
    ] as const) {
      const posted = await form(path, owner, screenForm(owner.csrf, { "sms.line": "12", "sms.apiKey": API_KEY, "sms.dailyBudget": "0" }));
      expect(posted.status, path).toBe(400);
      expect(posted.body).toContain(translate(locale, "admin.secrets.error.LINE_INVALID"));
      expect(posted.body).toContain(translate(locale, "admin.secrets.error.BUDGET_INVALID"));
      expect(posted.body).toMatch(/id="secrets-sms-line"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="secrets-sms-line"/);
      expectNoSecret(posted.body, `${path} refused`);
    }
  });
});
