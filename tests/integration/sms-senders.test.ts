/**
 * Each tenant's SMS sender (issue 9) on each database engine: the outbox by default, the tenant's
 * own Kavenegar account (a local fake) when it is configured, the outbox again when its
 * credentials are missing or unreadable, and every message recorded under its own tenant, with a
 * sign-in code never written down nor logged.
 */
import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCredentialStore, type CredentialStore } from "#adapters/db/credential-store.ts";
import { smsMessages } from "#adapters/db/schema.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { startFakeKavenegar, type FakeKavenegar } from "#adapters/sms/kavenegar/fake-kavenegar-server.ts";
import { createOutboxSender } from "#adapters/sms/outbox/outbox-sender.ts";
import { createSmsRecorder } from "#adapters/sms/outbox/sms-recorder.ts";
import { createLogger } from "#server/logger.ts";
import {
  createSmsSenders,
  HIDDEN_TOKEN,
  KAVENEGAR_CREDENTIAL_KIND,
  kavenegarCredentialFields,
  readKavenegarCredentials,
  type SmsLog,
  type SmsSenders,
} from "#server/sms-senders.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

const KEY = randomBytes(32).toString("hex");
const API_KEY_A = "4A6E3F2B5C7D1E0F9A8B7C6D5E4F3A2B1C0D9E8F7A6B5C4D=";
const API_KEY_B = "7F1E2D3C4B5A69788796A5B4C3D2E1F0";
const LOGIN_TEMPLATE_A = "parvaz-login";
const LOGIN_TEMPLATE_B = "nur-login";
const CODE = "482913";

describe("readKavenegarCredentials", () => {
  it("reads the stored fields and writes them back the same", () => {
    const stored = {
      apiKey: " KEY ",
      sender: "10004346",
      "template:login-code": "parvaz-login",
      "template:ticket-issued": " ",
      baseUrl: "",
    };
    const credentials = readKavenegarCredentials(stored);
    expect(credentials).toEqual({ apiKey: "KEY", sender: "10004346", baseUrl: null, templates: { "login-code": "parvaz-login" } });
    expect(kavenegarCredentialFields(credentials!)).toEqual({ apiKey: "KEY", sender: "10004346", "template:login-code": "parvaz-login" });
  });

  it("is null without an API key", () => {
    expect(readKavenegarCredentials(null)).toBeNull();
    expect(readKavenegarCredentials({ apiKey: "  ", sender: "10004346" })).toBeNull();
    expect(readKavenegarCredentials({ sender: "10004346" })).toBeNull();
  });

  it("takes a logger as the server makes it", () => {
    const pino: SmsLog = createLogger("silent");
    expect(pino).toBeDefined();
  });
});

describe.each(ENGINES)("SMS senders on %s", (engine) => {
  let database: TestDatabase;
  let kavenegar: FakeKavenegar;
  let store: CredentialStore;
  let senders: SmsSenders;
  const tenant: Record<string, string> = {};
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  /** Every warning of the file, never cleared, for the last test. */
  const everyWarning: unknown[] = [];
  const log: SmsLog = {
    warn: (details, message) => {
      warnings.push({ details, message });
      everyWarning.push({ details, message });
    },
  };
  let now = new Date("2025-03-01T08:00:00Z");
  // A second later on every reading, so the newest row is the last message's.
  const clock = { now: () => (now = new Date(now.getTime() + 1_000)) };

  const loginCode = {
    mobile: "+98 912 123 4567",
    text: `کد ورود شما به پرواز سبز: ${CODE}\n\n@parvaz-sabz.ir #${CODE}`,
    template: { name: "login-code", tokens: [CODE] },
  };
  const rowsOf = (tenantId: string) =>
    database.handle.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.tenantId, tenantId))
      .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id));
  const lastRow = async () => (await database.handle.db.select().from(smsMessages).orderBy(desc(smsMessages.createdAt)).limit(1))[0]!;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    for (const slug of ["hamsafar", "parvaz-sabz", "safar-nur"]) tenant[slug] = (await tenantIdBySlug(database.handle.db, slug))!;
    kavenegar = await startFakeKavenegar({
      apiKeys: [API_KEY_A, API_KEY_B],
      templates: { [LOGIN_TEMPLATE_A]: "کد ورود پرواز سبز: %token", [LOGIN_TEMPLATE_B]: "کد ورود سفر نور: %token" },
      lines: ["10004346", "2000500666"],
    });
    store = createCredentialStore(database.handle.db, { key: KEY });
    await store.put(tenant["parvaz-sabz"]!, KAVENEGAR_CREDENTIAL_KIND, {
      apiKey: API_KEY_A,
      sender: "2000500666",
      baseUrl: kavenegar.baseUrl,
      "template:login-code": LOGIN_TEMPLATE_A,
    });
    await store.put(tenant["safar-nur"]!, KAVENEGAR_CREDENTIAL_KIND, {
      apiKey: API_KEY_B,
      baseUrl: kavenegar.baseUrl,
      "template:login-code": LOGIN_TEMPLATE_B,
    });
    senders = createSmsSenders({
      outbox: createOutboxSender(database.handle.db, { clock }),
      recorder: createSmsRecorder(database.handle.db),
      credentials: store,
      clock,
      log,
    });
  });

  afterAll(async () => {
    await kavenegar?.close();
    await database?.drop();
  });

  beforeEach(() => {
    warnings.length = 0;
  });

  describe("the outbox", () => {
    it("is every tenant's sender by default, storing messages under the tenant", async () => {
      const sender = await senders.forTenant({ id: tenant.hamsafar!, smsSender: "outbox" });
      expect(sender.name).toBe("outbox");
      const sent = await sender.send(loginCode);
      expect(sent.ok).toBe(true);
      const [row] = await rowsOf(tenant.hamsafar!);
      expect(row).toMatchObject({
        id: sent.ok && sent.messageId,
        tenantId: tenant.hamsafar,
        mobile: "09121234567",
        sender: "outbox",
        status: "stored",
        template: "login-code",
      });
      expect(kavenegar.calls).toHaveLength(0);
      expect(warnings).toEqual([]);
    });

    it("keeps the tenant it was made for, whatever tenant a caller names", async () => {
      const sender = await senders.forTenant({ id: tenant.hamsafar!, smsSender: "outbox" });
      const sent = await sender.send({ mobile: "09121234568", text: "بلیت شما صادر شد", tenantId: tenant["safar-nur"]! });
      expect(sent.ok).toBe(true);
      expect((await lastRow()).tenantId).toBe(tenant.hamsafar);
      expect((await rowsOf(tenant["safar-nur"]!)).length).toBe(0);
    });

    it("stands in for an unknown sender name, with a warning", async () => {
      const sender = await senders.forTenant({ id: tenant.hamsafar!, smsSender: "magfa" });
      expect(sender.name).toBe("outbox");
      expect(warnings).toEqual([
        { details: { tenantId: tenant.hamsafar, smsSender: "magfa" }, message: expect.stringContaining("unknown SMS sender") },
      ]);
    });
  });

  describe("Kavenegar", () => {
    it("sends a sign-in code through the tenant's approved template, and records it with the code hidden", async () => {
      const sender = await senders.forTenant({ id: tenant["parvaz-sabz"]!, smsSender: "kavenegar" });
      expect(sender.name).toBe("kavenegar");
      const sent = await sender.send(loginCode);

      const delivered = kavenegar.sent.at(-1)!;
      expect(sent).toEqual({ ok: true, messageId: String(delivered.messageId) });
      expect(delivered).toMatchObject({
        method: "verify/lookup",
        receptor: "09121234567",
        template: LOGIN_TEMPLATE_A,
        tokens: [CODE],
        message: `کد ورود پرواز سبز: ${CODE}`,
      });
      expect(kavenegar.calls.at(-1)!.apiKey).toBe(API_KEY_A);

      const row = await lastRow();
      expect(row).toMatchObject({
        tenantId: tenant["parvaz-sabz"],
        mobile: "09121234567",
        template: "login-code",
        tokens: [HIDDEN_TOKEN],
        sender: "kavenegar",
        status: "sent",
        providerId: String(delivered.messageId),
        error: null,
        createdAt: now,
      });
      expect(row.text).toBe(`کد ورود شما به پرواز سبز: ${HIDDEN_TOKEN}\n\n@parvaz-sabz.ir #${HIDDEN_TOKEN}`);
      expect(JSON.stringify(row)).not.toContain(CODE);
      expect(warnings).toEqual([]);
    });

    it("hides a code written in Persian digits too", async () => {
      const sender = await senders.forTenant({ id: tenant["parvaz-sabz"]!, smsSender: "kavenegar" });
      expect((await sender.send({ ...loginCode, text: "کد: ۴۸۲۹۱۳ (482913)" })).ok).toBe(true);
      expect((await lastRow()).text).toBe(`کد: ${HIDDEN_TOKEN} (${HIDDEN_TOKEN})`);
    });

    it("sends a message without an approved template as plain text from the tenant's line, recorded as it is", async () => {
      const sender = await senders.forTenant({ id: tenant["parvaz-sabz"]!, smsSender: "kavenegar" });
      const text = "همسفر: بلیت HMS-1403-0042 صادر شد.";
      const sent = await sender.send({
        mobile: "09121234567",
        text,
        template: { name: "ticket-issued", tokens: ["HMS-1403-0042"] },
        tenantId: tenant["parvaz-sabz"]!,
      });
      expect(sent.ok).toBe(true);
      expect(kavenegar.sent.at(-1)).toMatchObject({ method: "sms/send", message: text, sender: "2000500666", template: null });
      expect(await lastRow()).toMatchObject({
        text,
        template: "ticket-issued",
        tokens: ["HMS-1403-0042"],
        sender: "kavenegar",
        status: "sent",
      });
    });

    it("records a refused message as failed, and logs why without the code", async () => {
      await store.put(tenant["parvaz-sabz"]!, KAVENEGAR_CREDENTIAL_KIND, {
        apiKey: API_KEY_A,
        baseUrl: kavenegar.baseUrl,
        "template:login-code": "not-approved",
      });
      try {
        const sender = await senders.forTenant({ id: tenant["parvaz-sabz"]!, smsSender: "kavenegar" });
        expect(await sender.send(loginCode)).toEqual({ ok: false, error: "TEMPLATE_NOT_FOUND" });
        const row = await lastRow();
        expect(row).toMatchObject({
          tenantId: tenant["parvaz-sabz"],
          sender: "kavenegar",
          status: "failed",
          providerId: null,
          tokens: [HIDDEN_TOKEN],
        });
        expect(row.error).toMatch(/^TEMPLATE_NOT_FOUND: .*\(424\)$/);
        expect(warnings).toEqual([
          {
            details: {
              tenantId: tenant["parvaz-sabz"],
              sender: "kavenegar",
              template: "login-code",
              via: "verify/lookup",
              error: "TEMPLATE_NOT_FOUND",
              reason: expect.stringContaining("(424)"),
            },
            message: "SMS not sent",
          },
        ]);
      } finally {
        await store.put(tenant["parvaz-sabz"]!, KAVENEGAR_CREDENTIAL_KIND, {
          apiKey: API_KEY_A,
          sender: "2000500666",
          baseUrl: kavenegar.baseUrl,
          "template:login-code": LOGIN_TEMPLATE_A,
        });
      }
    });

    it("answers UNAVAILABLE when Kavenegar is down, recorded as failed", async () => {
      const sender = await senders.forTenant({ id: tenant["parvaz-sabz"]!, smsSender: "kavenegar" });
      kavenegar.failNext(502);
      expect(await sender.send(loginCode)).toEqual({ ok: false, error: "UNAVAILABLE" });
      expect(await lastRow()).toMatchObject({
        status: "failed",
        error: "UNAVAILABLE: Kavenegar answered verify/lookup with HTTP 502 and no JSON",
      });
    });

    it("records nothing for a number Kavenegar was never asked about", async () => {
      const before = (await rowsOf(tenant["parvaz-sabz"]!)).length;
      const sender = await senders.forTenant({ id: tenant["parvaz-sabz"]!, smsSender: "kavenegar" });
      expect(await sender.send({ ...loginCode, mobile: "12345" })).toEqual({ ok: false, error: "INVALID_MOBILE" });
      expect(await rowsOf(tenant["parvaz-sabz"]!)).toHaveLength(before);
    });

    it("keeps each tenant on its own account and its own rows", async () => {
      const calls = kavenegar.calls.length;
      const parvaz = await senders.forTenant({ id: tenant["parvaz-sabz"]!, smsSender: "kavenegar" });
      const nur = await senders.forTenant({ id: tenant["safar-nur"]!, smsSender: "kavenegar" });
      const hamsafar = await senders.forTenant({ id: tenant.hamsafar!, smsSender: "outbox" });
      expect((await nur.send({ ...loginCode, mobile: "09350000001" })).ok).toBe(true);
      expect((await parvaz.send({ ...loginCode, mobile: "09350000002" })).ok).toBe(true);
      expect((await hamsafar.send({ ...loginCode, mobile: "09350000003" })).ok).toBe(true);

      expect(kavenegar.calls.slice(calls).map((call) => [call.apiKey, call.params.template, call.params.receptor])).toEqual([
        [API_KEY_B, LOGIN_TEMPLATE_B, "09350000001"],
        [API_KEY_A, LOGIN_TEMPLATE_A, "09350000002"],
      ]);
      const rows = await database.handle.db
        .select({ mobile: smsMessages.mobile, tenantId: smsMessages.tenantId, sender: smsMessages.sender })
        .from(smsMessages);
      const byMobile = Object.fromEntries(
        rows.filter((row) => row.mobile.startsWith("0935")).map((row) => [row.mobile, [row.tenantId, row.sender]]),
      );
      expect(byMobile).toEqual({
        "09350000001": [tenant["safar-nur"], "kavenegar"],
        "09350000002": [tenant["parvaz-sabz"], "kavenegar"],
        "09350000003": [tenant.hamsafar, "outbox"],
      });
    });

    it("still answers the send when the record cannot be written", async () => {
      const broken = createSmsSenders({
        outbox: createOutboxSender(database.handle.db, { clock }),
        recorder: {
          record: async () => Promise.reject(new Error("Failed query: insert … params: 09121234567", { cause: new Error("disk full") })),
        },
        credentials: store,
        clock,
        log,
      });
      const sender = await broken.forTenant({ id: tenant["parvaz-sabz"]!, smsSender: "kavenegar" });
      expect((await sender.send(loginCode)).ok).toBe(true);
      expect(warnings).toEqual([
        { details: { tenantId: tenant["parvaz-sabz"], sender: "kavenegar", err: "disk full" }, message: "SMS not recorded" },
      ]);
      expect(JSON.stringify(warnings)).not.toContain("0912");
    });

    it("says once, without a recorder, that provider messages leave no row", async () => {
      const unrecorded = createSmsSenders({ outbox: createOutboxSender(database.handle.db, { clock }), credentials: store, clock, log });
      const before = (await rowsOf(tenant["parvaz-sabz"]!)).length;
      for (let round = 0; round < 2; round += 1)
        expect((await (await unrecorded.forTenant({ id: tenant["parvaz-sabz"]!, smsSender: "kavenegar" })).send(loginCode)).ok).toBe(true);
      expect(await rowsOf(tenant["parvaz-sabz"]!)).toHaveLength(before);
      expect(warnings).toEqual([{ details: { sender: "kavenegar" }, message: expect.stringContaining("not recorded") }]);
    });

    it("uses the fetch it is given", async () => {
      const seen: string[] = [];
      const withFetch = createSmsSenders({
        outbox: createOutboxSender(database.handle.db, { clock }),
        recorder: createSmsRecorder(database.handle.db),
        credentials: store,
        clock,
        fetch: (url, init) => {
          seen.push(url instanceof Request ? url.url : String(url));
          return fetch(url, init);
        },
      });
      expect((await (await withFetch.forTenant({ id: tenant["safar-nur"]!, smsSender: "kavenegar" })).send(loginCode)).ok).toBe(true);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toContain("/verify/lookup.json");
    });
  });

  describe("falling back to the outbox", () => {
    it("when the tenant chose Kavenegar but stored no credentials", async () => {
      const sender = await senders.forTenant({ id: tenant.hamsafar!, smsSender: "kavenegar" });
      expect(sender.name).toBe("outbox");
      expect((await sender.send(loginCode)).ok).toBe(true);
      expect(await lastRow()).toMatchObject({ tenantId: tenant.hamsafar, sender: "outbox", status: "stored" });
      expect(warnings).toEqual([
        {
          details: { tenantId: tenant.hamsafar, smsSender: "kavenegar" },
          message: expect.stringContaining("no usable Kavenegar credentials"),
        },
      ]);
    });

    it("when the credentials cannot be read with this key, or have no API key", async () => {
      const otherKey = createSmsSenders({
        outbox: createOutboxSender(database.handle.db, { clock }),
        recorder: createSmsRecorder(database.handle.db),
        credentials: createCredentialStore(database.handle.db, { key: randomBytes(32).toString("hex") }),
        clock,
      });
      expect((await otherKey.forTenant({ id: tenant["parvaz-sabz"]!, smsSender: "kavenegar" })).name).toBe("outbox");
      const noKey = createSmsSenders({
        outbox: createOutboxSender(database.handle.db, { clock }),
        recorder: createSmsRecorder(database.handle.db),
        credentials: createCredentialStore(database.handle.db, { key: undefined }),
        clock,
      });
      expect((await noKey.forTenant({ id: tenant["parvaz-sabz"]!, smsSender: "kavenegar" })).name).toBe("outbox");
      const blank = createSmsSenders({
        outbox: createOutboxSender(database.handle.db, { clock }),
        recorder: createSmsRecorder(database.handle.db),
        credentials: { get: async () => ({ apiKey: " ", sender: "10004346" }) },
        clock,
      });
      expect((await blank.forTenant({ id: tenant["parvaz-sabz"]!, smsSender: "kavenegar" })).name).toBe("outbox");
    });

    it("when the tenant chose the outbox, even with Kavenegar credentials stored", async () => {
      const calls = kavenegar.calls.length;
      const sender = await senders.forTenant({ id: tenant["parvaz-sabz"]!, smsSender: "outbox" });
      expect(sender.name).toBe("outbox");
      expect((await sender.send(loginCode)).ok).toBe(true);
      expect(kavenegar.calls).toHaveLength(calls);
    });
  });

  it("never logged a sign-in code", () => {
    expect(everyWarning.length).toBeGreaterThan(0);
    expect(JSON.stringify(everyWarning)).not.toContain(CODE);
  });
});
