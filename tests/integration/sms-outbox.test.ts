/**
 * The SMS outbox (issues 8 and 9) on each database engine: the outbox sender's checks and what it
 * stores, and the development pages that show it (/dev/sms, /dev/sms.json), enabled and not.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsMessages } from "#adapters/db/schema.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { MAX_SMS_TEXT_LENGTH, createOutboxSender, type OutboxSender } from "#adapters/sms/outbox/outbox-sender.ts";
import type { SmsSender } from "#core/ports.ts";
import { DEV_SMS_LIMIT, devSmsRoutes, tehranTime } from "#server/dev-sms-routes.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

const MINUTE = 60_000;

async function listen(router: express.Router): Promise<{ base: string; close(): Promise<void> }> {
  const app = express();
  app.use(router);
  const server: Server = await new Promise((resolve) => {
    const started = app.listen(0, "127.0.0.1", () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

describe.each(ENGINES)("SMS outbox on %s", (engine) => {
  let database: TestDatabase;
  let now = new Date("2025-03-01T08:00:00Z");
  const clock = { now: () => now };
  const tick = (minutes = 1) => {
    now = new Date(now.getTime() + minutes * MINUTE);
  };
  let outbox: OutboxSender;
  let enabled: Awaited<ReturnType<typeof listen>>;
  let disabled: Awaited<ReturnType<typeof listen>>;

  const rowOf = async (id: string) => (await database.handle.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0];
  const rowsFor = (mobile: string) => database.handle.db.select().from(smsMessages).where(eq(smsMessages.mobile, mobile));
  const sent = async (input: Parameters<OutboxSender["send"]>[0], on: SmsSender = outbox) => {
    const result = await on.send(input);
    if (!result.ok) throw new Error(`send failed: ${result.error}`);
    return result.messageId;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    outbox = createOutboxSender(database.handle.db, { clock });
    enabled = await listen(devSmsRoutes({ enabled: true, outbox }));
    disabled = await listen(devSmsRoutes({ enabled: false, outbox }));
  });
  afterAll(async () => {
    await enabled?.close();
    await disabled?.close();
    await database?.drop();
  });

  it("stores a message as sent by the outbox and lists it newest first", async () => {
    expect(outbox.name).toBe("outbox");
    const mobile = "09120000001";
    const first = await sent({ mobile, text: "کد تأیید شما: ۱۲۳۴" });
    tick();
    const second = await sent({ mobile, text: "بلیت شما صادر شد." });
    tick();
    const third = await sent({ mobile, text: "سفر خوش!" });
    expect(new Set([first, second, third]).size).toBe(3);

    expect(await rowOf(second)).toEqual({
      id: second,
      tenantId: null,
      mobile,
      text: "بلیت شما صادر شد.",
      template: null,
      tokens: null,
      sender: "outbox",
      status: "stored",
      providerId: null,
      error: null,
      createdAt: new Date("2025-03-01T08:01:00Z"),
    });

    const listed = await outbox.list({ mobile, limit: 10 });
    expect(listed.map((message) => message.text)).toEqual(["سفر خوش!", "بلیت شما صادر شد.", "کد تأیید شما: ۱۲۳۴"]);
    expect(listed.map((message) => message.createdAt.toISOString())).toEqual([
      "2025-03-01T08:02:00.000Z",
      "2025-03-01T08:01:00.000Z",
      "2025-03-01T08:00:00.000Z",
    ]);
    expect(listed[0]).toMatchObject({ id: third, mobile, template: null });
    expect((await outbox.list({ mobile, limit: 2 })).map((message) => message.id)).toEqual([third, second]);

    // Without a mobile, every number's messages, newest first.
    tick();
    const other = await sent({ mobile: "09120000002", text: "پیام دیگر" });
    expect((await outbox.list({ limit: 2 })).map((message) => message.id)).toEqual([other, third]);
    expect((await outbox.list({ mobile, limit: 10 })).map((message) => message.id)).not.toContain(other);
  });

  it("refuses an invalid mobile and stores nothing", async () => {
    for (const mobile of ["", "12345", "0912000000", "091200000001", "02188776655", "09a20000001", "not a number"]) {
      expect(await outbox.send({ mobile, text: "سلام" }), mobile).toEqual({ ok: false, error: "INVALID_MOBILE" });
    }
    expect(await rowsFor("")).toHaveLength(0);
    expect(await outbox.list({ mobile: "12345", limit: 10 })).toEqual([]);
  });

  it("refuses empty text and text over 1,000 characters, counting characters rather than UTF-16 units", async () => {
    const mobile = "09120000003";
    expect(await outbox.send({ mobile, text: "" })).toEqual({ ok: false, error: "EMPTY_TEXT" });
    expect(await outbox.send({ mobile, text: "  \n " })).toEqual({ ok: false, error: "EMPTY_TEXT" });
    expect(await outbox.send({ mobile, text: "ب".repeat(MAX_SMS_TEXT_LENGTH + 1) })).toEqual({ ok: false, error: "TOO_LONG" });
    expect(await rowsFor(mobile)).toHaveLength(0);

    expect(MAX_SMS_TEXT_LENGTH).toBe(1000);
    const longest = await sent({ mobile, text: "ب".repeat(1000) });
    expect((await rowOf(longest))?.text).toHaveLength(1000);
    const emoji = await sent({ mobile, text: "✈️🧳".repeat(333) });
    expect((await rowOf(emoji))?.text).toBe("✈️🧳".repeat(333));
    expect(await rowsFor(mobile)).toHaveLength(2);
  });

  it("normalises a mobile written in Persian digits or with the country code", async () => {
    const persian = await sent({ mobile: "۰۹۱۲۰۰۰۰۰۰۴", text: "ارقام فارسی" });
    tick();
    const international = await sent({ mobile: "+98 912 000 0004", text: "با پیش‌شماره" });
    expect((await rowOf(persian))?.mobile).toBe("09120000004");
    expect((await rowOf(international))?.mobile).toBe("09120000004");
    expect((await outbox.list({ mobile: "٠٩١٢٠٠٠٠٠٠٤", limit: 10 })).map((message) => message.id)).toEqual([international, persian]);
  });

  it("stores a template's name and tokens with a readable text", async () => {
    const mobile = "09120000005";
    const bare = await sent({ mobile, text: "", template: { name: "ticket-issued", tokens: ["HMS-1404-0042", "تهران", "مشهد"] } });
    expect(await rowOf(bare)).toMatchObject({
      template: "ticket-issued",
      tokens: ["HMS-1404-0042", "تهران", "مشهد"],
      text: "[ticket-issued] HMS-1404-0042 | تهران | مشهد",
      status: "stored",
    });

    const worded = await sent({
      mobile,
      text: "بلیت HMS-1404-0042 صادر شد.",
      template: { name: "ticket-issued", tokens: ["HMS-1404-0042"] },
    });
    expect(await rowOf(worded)).toMatchObject({
      template: "ticket-issued",
      tokens: ["HMS-1404-0042"],
      text: "بلیت HMS-1404-0042 صادر شد.",
    });
    expect((await outbox.list({ mobile, limit: 1 }))[0]).toMatchObject({ template: "ticket-issued" });

    for (const template of [
      { name: " ", tokens: [] },
      { name: "x", tokens: [1] },
      { name: "x", tokens: Array.from({ length: 11 }, () => "t") },
    ]) {
      expect(
        await outbox.send({ mobile, text: "", template: template as { name: string; tokens: string[] } }),
        JSON.stringify(template),
      ).toEqual({ ok: false, error: "INVALID_TEMPLATE" });
    }
    expect(await outbox.send({ mobile, text: "", template: { name: "long", tokens: ["x".repeat(1000)] } })).toEqual({
      ok: false,
      error: "TOO_LONG",
    });
    expect(await rowsFor(mobile)).toHaveLength(2);
  });

  it("stores the tenant of the factory, or the one given with the message", async () => {
    const first = (await tenantIdBySlug(database.handle.db, DEMO_TENANTS[0]!.tenant.slug))!;
    const second = (await tenantIdBySlug(database.handle.db, DEMO_TENANTS[1]!.tenant.slug))!;
    expect(first).not.toBe(second);
    const tenantOutbox = createOutboxSender(database.handle.db, { clock, tenantId: first });
    const mobile = "09120000006";
    const byFactory = await sent({ mobile, text: "از کارخانه" }, tenantOutbox);
    const byCall = await sent({ mobile, text: "از پیام", tenantId: second }, tenantOutbox);
    const none = await sent({ mobile, text: "بی‌مستأجر", tenantId: null }, tenantOutbox);
    const given = await sent({ mobile, text: "با مستأجر", tenantId: second });
    expect((await rowOf(byFactory))?.tenantId).toBe(first);
    expect((await rowOf(byCall))?.tenantId).toBe(second);
    expect((await rowOf(none))?.tenantId).toBeNull();
    expect((await rowOf(given))?.tenantId).toBe(second);
  });

  it("answers 404 on both paths when the development tools are off, without telling why", async () => {
    for (const path of ["/dev/sms", "/dev/sms.json", "/dev/sms.json?mobile=09120000001"]) {
      const res = await fetch(`${disabled.base}${path}`);
      const body = await res.text();
      expect(res.status, path).toBe(404);
      expect(body).not.toContain("09120000001");
      expect(body).not.toMatch(/پیامک|outbox/i);
    }
  });

  it("lists a number's messages as JSON, newest first, with a normalised mobile", async () => {
    const mobile = "09120000007";
    await sent({ mobile, text: "اولی" });
    tick();
    await sent({ mobile, text: "دومی" });
    await sent({ mobile: "09120000008", text: "شمارهٔ دیگر" });

    const res = await fetch(`${enabled.base}/dev/sms.json?mobile=${encodeURIComponent("۰۹۱۲ ۰۰۰ ۰۰۰۷")}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toMatch(/noindex/);
    const minuteAgo = new Date(now.getTime() - MINUTE).toISOString();
    expect(await res.json()).toEqual({
      messages: [
        { mobile, text: "دومی", createdAt: now.toISOString() },
        { mobile, text: "اولی", createdAt: minuteAgo },
      ],
    });

    for (const bad of ["12345", "abc", "0".repeat(200)]) {
      const answer = await fetch(`${enabled.base}/dev/sms.json?mobile=${bad}`);
      expect(answer.status, bad).toBe(200);
      expect(await answer.json()).toEqual({ messages: [] });
    }
    const repeated = await fetch(`${enabled.base}/dev/sms.json?mobile=${mobile}&mobile=${mobile}`);
    expect(await repeated.json()).toEqual({ messages: [] });

    const all = (await (await fetch(`${enabled.base}/dev/sms.json`)).json()) as {
      messages: { mobile: string; text: string; createdAt: string }[];
    };
    expect(all.messages.length).toBeGreaterThan(2);
    expect(all.messages.length).toBeLessThanOrEqual(DEV_SMS_LIMIT);
    expect(all.messages.map((message) => Object.keys(message).sort().join())).toEqual(all.messages.map(() => "createdAt,mobile,text"));
    const times = all.messages.map((message) => message.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("shows the outbox as a Persian page with Tehran times, escaping every message", async () => {
    const mobile = "09120000009";
    now = new Date("2025-03-01T08:00:00Z");
    await sent({ mobile, text: `<script>alert("x")</script> & "quotes" 'too'` });

    const res = await fetch(`${enabled.base}/dev/sms?mobile=${mobile}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await res.text();
    // Its one inline style is allowed by this request's nonce; no script at all.
    const nonce = /<style nonce="([^"]+)">/.exec(html)?.[1];
    expect(res.headers.get("content-security-policy")).toContain(`style-src 'nonce-${nonce}'`);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'none'");
    expect(html).toContain(`<html lang="fa" dir="rtl">`);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot; &#39;too&#39;");
    expect(html).toContain(mobile);
    // 08:00 UTC is 11:30 in Tehran (UTC+3:30, no daylight saving since 2022).
    expect(tehranTime(now)).toContain("۱۱:۳۰");
    expect(html).toContain(tehranTime(now));
    expect(html).toContain(`datetime="2025-03-01T08:00:00.000Z"`);
    expect(html).toMatch(/<form method="get" action="\/dev\/sms"[^>]*>/);
    expect(html).toContain(`name="mobile"`);
    expect(html).toContain(`value="${mobile}"`);
    // Only that number's messages.
    expect(html).not.toContain("09120000007");

    const unfiltered = await (await fetch(`${enabled.base}/dev/sms`)).text();
    expect(unfiltered).toContain("09120000007");
    expect(unfiltered).toContain(mobile);
    expect(unfiltered).not.toContain("<script");

    const invalid = await fetch(`${enabled.base}/dev/sms?mobile=${encodeURIComponent(`"><script>x</script>`)}`);
    expect(invalid.status).toBe(200);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).not.toContain("<script");
    expect(invalidHtml).toContain(`value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"`);
    expect(invalidHtml).not.toContain(mobile);
  });
});
