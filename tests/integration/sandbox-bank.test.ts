import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxBankPayments } from "#adapters/db/schema.ts";
import { createSandboxBank, type SandboxBankDesk } from "#adapters/payments/sandbox/sandbox-bank.ts";
import type { PaymentGateway } from "#core/payments/ports.ts";
import { sandboxBankRoutes } from "#server/sandbox-bank-routes.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

const CALLBACK = "https://shop.example/payments/sandbox/callback?payment=p_1";
const AMOUNT = 12_500_000;
const MINUTE = 60_000;

/** The hidden fields of the return form, unescaped. */
function hiddenFields(html: string): Record<string, string> {
  const unescape = (text: string) =>
    text.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1]!, unescape(match[2]!)]),
  );
}

const formAction = (html: string) => /<form id="back" method="post" action="([^"]+)">/.exec(html)?.[1]?.replaceAll("&amp;", "&");

describe.each(ENGINES)("sandbox bank on %s", (engine) => {
  let database: TestDatabase;
  let now = new Date("2025-03-01T08:00:00Z");
  const clock = { now: () => now };
  let gateway: PaymentGateway;
  let bank: SandboxBankDesk;

  const rowOf = async (token: string) =>
    (await database.handle.db.select().from(sandboxBankPayments).where(eq(sandboxBankPayments.token, token)))[0];
  const requested = async (input: Partial<Parameters<PaymentGateway["request"]>[0]> = {}, on = gateway) => {
    const result = await on.request({
      orderId: "HMS-1404-0042",
      amountRials: AMOUNT,
      callbackUrl: CALLBACK,
      description: "بلیت تهران به مشهد",
      ...input,
    });
    if (!result.ok) throw new Error(`request failed: ${result.error} ${result.message ?? ""}`);
    return result;
  };
  const paid = async (amountRials = AMOUNT) => {
    const { token } = await requested({ amountRials });
    const outcome = await bank.act(token, "pay");
    if (!outcome) throw new Error("pay failed");
    return { token, outcome };
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ gateway, bank } = createSandboxBank(database.handle.db, { clock }));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("records a request in its ledger and sends the buyer to its page on the shop's origin", async () => {
    const result = await requested();
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(result.redirect).toEqual({ method: "GET", url: `https://shop.example/sandbox-bank/${result.token}` });
    expect(await rowOf(result.token)).toMatchObject({
      merchant: "shop.example",
      orderId: "HMS-1404-0042",
      amountRials: AMOUNT,
      callbackUrl: CALLBACK,
      description: "بلیت تهران به مشهد",
      status: "created",
      referenceId: null,
      paidAt: null,
      verifyBy: null,
      createdAt: now,
    });
    expect((await requested()).token).not.toBe(result.token);
    expect(gateway.name).toBe("sandbox");
    expect(gateway.verifyDeadlineMinutes).toBe(20);

    const named = createSandboxBank(database.handle.db, { clock, merchant: "آژانس پرواز سبز" });
    const own = await requested({}, named.gateway);
    expect((await rowOf(own.token))?.merchant).toBe("آژانس پرواز سبز");
  });

  it("refuses amounts that are not positive whole rials and callbacks that are not absolute http(s) URLs, storing nothing", async () => {
    const before = (await database.handle.db.select().from(sandboxBankPayments)).length;
    for (const input of [
      { amountRials: 0 },
      { amountRials: -10 },
      { amountRials: 1000.5 },
      { amountRials: Number.NaN },
      { callbackUrl: "/payments/callback" },
      { callbackUrl: "javascript:alert(1)" },
      { callbackUrl: "ftp://shop.example/cb" },
      { orderId: "" },
      { orderId: "HMS\n1" },
    ]) {
      const result = await gateway.request({ orderId: "HMS-1", amountRials: AMOUNT, callbackUrl: CALLBACK, description: "x", ...input });
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, error: "REJECTED" });
    }
    expect((await database.handle.db.select().from(sandboxBankPayments)).length).toBe(before);
  });

  it("pays, then verifies once and answers a second verify as already verified", async () => {
    const { token, outcome } = await paid();
    const row = await rowOf(token);
    expect(row).toMatchObject({ status: "paid", paidAt: now, verifyBy: new Date(now.getTime() + 20 * MINUTE) });
    expect(row?.referenceId).toMatch(/^[1-9]\d{11}$/);
    expect(row?.maskedPan).toMatch(/^603799\*{6}\d{4}$/);
    expect(outcome).toEqual({
      callbackUrl: CALLBACK,
      fields: { token, status: "OK", orderId: "HMS-1404-0042", referenceId: row?.referenceId },
    });

    const first = await gateway.verify({ token, amountRials: AMOUNT });
    expect(first).toEqual({ ok: true, referenceId: row?.referenceId, maskedPan: row?.maskedPan, alreadyVerified: false });
    expect((await rowOf(token))?.status).toBe("verified");
    const again = await gateway.verify({ token, amountRials: AMOUNT });
    expect(again).toEqual({ ok: true, referenceId: row?.referenceId, maskedPan: row?.maskedPan, alreadyVerified: true });
  });

  it("verifies a payment exactly once under 40 concurrent verifies", async () => {
    const { token } = await paid();
    const results = await Promise.all(Array.from({ length: 40 }, () => gateway.verify({ token, amountRials: AMOUNT })));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.filter((result) => result.ok && !result.alreadyVerified)).toHaveLength(1);
    expect(new Set(results.map((result) => result.ok && result.referenceId)).size).toBe(1);
  });

  it("refuses a verify for another amount and leaves the payment unverified", async () => {
    const { token } = await paid();
    expect(await gateway.verify({ token, amountRials: AMOUNT - 10 })).toMatchObject({ ok: false, error: "AMOUNT_MISMATCH" });
    expect(await gateway.verify({ token, amountRials: AMOUNT / 10 })).toMatchObject({ ok: false, error: "AMOUNT_MISMATCH" });
    expect((await rowOf(token))?.status).toBe("paid");
    expect(await gateway.verify({ token, amountRials: AMOUNT })).toMatchObject({ ok: true, alreadyVerified: false });
  });

  it("answers NOT_PAID for a cancelled or unpaid payment and UNKNOWN_TOKEN for a token it never issued", async () => {
    const { token } = await requested();
    expect(await gateway.verify({ token, amountRials: AMOUNT })).toMatchObject({ ok: false, error: "NOT_PAID" });
    expect(await bank.act(token, "cancel")).toEqual({ callbackUrl: CALLBACK, fields: { token, status: "NOK", orderId: "HMS-1404-0042" } });
    expect(await gateway.verify({ token, amountRials: AMOUNT })).toMatchObject({ ok: false, error: "NOT_PAID" });
    expect(await rowOf(token)).toMatchObject({ status: "cancelled", referenceId: null, paidAt: null });

    expect(await gateway.verify({ token: "A".repeat(32), amountRials: AMOUNT })).toEqual({ ok: false, error: "UNKNOWN_TOKEN" });
    expect(await gateway.verify({ token: "not a token\u0000", amountRials: AMOUNT })).toEqual({ ok: false, error: "UNKNOWN_TOKEN" });
    expect(await bank.act("A".repeat(32), "pay")).toBeNull();
    expect(await bank.show("A".repeat(32))).toBeNull();
  });

  it("counts only the first action: a cancel after pay, or a double click, keeps one payment", async () => {
    const { token, outcome } = await paid();
    expect(await bank.act(token, "cancel")).toEqual(outcome);
    expect(await bank.act(token, "pay")).toEqual(outcome);
    expect((await rowOf(token))?.status).toBe("paid");

    const { token: clicked } = await requested();
    const answers = await Promise.all([
      bank.act(clicked, "pay"),
      bank.act(clicked, "pay"),
      bank.act(clicked, "cancel"),
      bank.act(clicked, "pay"),
    ]);
    const row = await rowOf(clicked);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]?.fields.status).toBe(row?.status === "paid" ? "OK" : "NOK");
    expect(answers[0]?.fields.referenceId).toBe(row?.referenceId ?? undefined);
  });

  it("reverses a payment verified too late, and still verifies one at its deadline", async () => {
    const start = now;
    try {
      const { token: late } = await paid();
      const { token: onTime } = await paid();
      now = new Date(start.getTime() + 20 * MINUTE);
      expect(await gateway.verify({ token: onTime, amountRials: AMOUNT })).toMatchObject({ ok: true, alreadyVerified: false });
      now = new Date(start.getTime() + 20 * MINUTE + 1000);
      expect(await gateway.verify({ token: late, amountRials: AMOUNT })).toMatchObject({ ok: false, error: "REVERSED" });
      expect((await rowOf(late))?.status).toBe("reversed");
      expect(await gateway.verify({ token: late, amountRials: AMOUNT })).toMatchObject({ ok: false, error: "REVERSED" });
      // A verified payment is settled: the deadline no longer applies.
      expect(await gateway.verify({ token: onTime, amountRials: AMOUNT })).toMatchObject({ ok: true, alreadyVerified: true });
    } finally {
      now = start;
    }
  });

  it("sweeps paid payments past their deadline, and only those", async () => {
    await database.handle.db.delete(sandboxBankPayments);
    const start = now;
    try {
      const { token: overdue } = await paid();
      const { token: settled } = await paid();
      await gateway.verify({ token: settled, amountRials: AMOUNT });
      const { token: waiting } = await requested();
      now = new Date(start.getTime() + 10 * MINUTE);
      const { token: fresh } = await paid();

      expect(await bank.reverseOverdue(new Date(start.getTime() + 20 * MINUTE))).toBe(0);
      now = new Date(start.getTime() + 21 * MINUTE);
      expect(await bank.reverseOverdue()).toBe(1);
      expect((await rowOf(overdue))?.status).toBe("reversed");
      expect((await rowOf(settled))?.status).toBe("verified");
      expect((await rowOf(waiting))?.status).toBe("created");
      expect((await rowOf(fresh))?.status).toBe("paid");
      expect(await bank.reverseOverdue()).toBe(0);
      expect(await gateway.verify({ token: overdue, amountRials: AMOUNT })).toMatchObject({ ok: false, error: "REVERSED" });
      expect(await bank.reverseOverdue(new Date(start.getTime() + 31 * MINUTE))).toBe(1);
      expect((await rowOf(fresh))?.status).toBe("reversed");
    } finally {
      now = start;
    }
  });

  it("reverses a verified or paid payment for its own amount only, once", async () => {
    const { token } = await paid();
    await gateway.verify({ token, amountRials: AMOUNT });
    expect(await gateway.reverse({ token, amountRials: AMOUNT + 10 })).toMatchObject({ ok: false, error: "AMOUNT_MISMATCH" });
    expect((await rowOf(token))?.status).toBe("verified");
    expect(await gateway.reverse({ token, amountRials: AMOUNT })).toEqual({ ok: true });
    expect((await rowOf(token))?.status).toBe("reversed");
    expect(await gateway.verify({ token, amountRials: AMOUNT })).toMatchObject({ ok: false, error: "REVERSED" });
    expect(await gateway.reverse({ token, amountRials: AMOUNT })).toMatchObject({ ok: false, error: "NOT_PAID" });

    const { token: unverified } = await paid();
    expect(await gateway.reverse({ token: unverified, amountRials: AMOUNT })).toEqual({ ok: true });
    expect(await gateway.verify({ token: unverified, amountRials: AMOUNT })).toMatchObject({ ok: false, error: "REVERSED" });

    const { token: open } = await requested();
    expect(await gateway.reverse({ token: open, amountRials: AMOUNT })).toMatchObject({ ok: false, error: "NOT_PAID" });
    expect((await rowOf(open))?.status).toBe("created");
    expect(await gateway.reverse({ token: "B".repeat(32), amountRials: AMOUNT })).toEqual({ ok: false, error: "UNKNOWN_TOKEN" });
  });

  it("reads its callback from the POST body, the query as a fallback", () => {
    const token = "abcDEF0123456789_-abcDEF01234567";
    expect(gateway.readCallback({ query: {}, body: { token, status: "OK", orderId: "HMS-1" } })).toEqual({ token, succeeded: true });
    expect(gateway.readCallback({ query: {}, body: { token, status: "NOK" } })).toEqual({ token, succeeded: false });
    expect(gateway.readCallback({ query: {}, body: { token } })).toEqual({ token, succeeded: false });
    expect(gateway.readCallback({ query: { token, status: "OK" }, body: {} })).toEqual({ token, succeeded: true });
    expect(gateway.readCallback({ query: { token: "C".repeat(32), status: "OK" }, body: { token, status: "NOK" } })).toEqual({
      token,
      succeeded: false,
    });
    expect(gateway.readCallback({ query: { Authority: "A00000000000000000000000000217885160", Status: "OK" }, body: {} })).toBeNull();
    expect(gateway.readCallback({ query: {}, body: { token: "short", status: "OK" } })).toBeNull();
    expect(gateway.readCallback({ query: {}, body: { token: `${token}x`, status: "OK" } })).toBeNull();
  });

  describe("its pages", () => {
    let server: Server;
    let base: string;
    let callback: string;

    beforeAll(async () => {
      const app = express();
      app.use(sandboxBankRoutes({ bank }));
      server = await new Promise<Server>((resolve) => {
        const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
      });
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      callback = `${base}/payments/sandbox/callback?payment=p_1&lang=fa`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
    });

    const post = (url: string, body: string, type = "application/x-www-form-urlencoded") =>
      fetch(url, { method: "POST", headers: { "Content-Type": type }, body });

    it("shows merchant, order and amount with pay and cancel buttons, escaped, on a self-contained page", async () => {
      const named = createSandboxBank(database.handle.db, { clock, merchant: `Shop <b>"&"</b>` });
      const { redirect } = await requested(
        { callbackUrl: callback, description: "<script>alert(1)</script>", orderId: "HMS-<i>7" },
        named.gateway,
      );
      expect(redirect.url.startsWith(`${base}/sandbox-bank/`)).toBe(true);
      const response = await fetch(redirect.url);
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-robots-tag")).toMatch(/noindex/);
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(html).toContain('<html lang="fa" dir="rtl">');
      expect(html).toContain("درگاه پرداخت آزمایشی");
      expect(html).toContain("no real money moves");
      expect(html).toContain("۱۲٬۵۰۰٬۰۰۰ ریال");
      expect(html).toContain("۱٬۲۵۰٬۰۰۰ تومان");
      expect(html).toContain("Shop &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt;");
      expect(html).toContain("HMS-&lt;i&gt;7");
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(html).not.toContain("<script>alert(1)");
      expect(html).not.toContain("<b>");
      expect(html).toMatch(
        /<form method="post">[\s\S]*<button type="submit" name="action" value="pay"[^>]*>پرداخت<\/button>[\s\S]*<button type="submit" name="action" value="cancel"[^>]*>انصراف<\/button>/,
      );
      // The card number is for show: a field without a name is never submitted.
      expect(html).toMatch(/<label for="card-number">/);
      expect(html).toMatch(/<input id="card-number"(?![^>]*\bname=)[^>]*>/);
      expect(html).not.toMatch(/<script/);
      // Self-contained: no resource but an empty icon (so the browser does not ask for /favicon.ico).
      expect(html.match(/(src|href)="[^"]*"/g)).toEqual(['href="data:,"']);
      // The inline style carries the nonce the CSP allows; no script may run.
      const nonce = /<style nonce="([^"]+)">/.exec(html)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(response.headers.get("content-security-policy")).toContain(`style-src 'nonce-${nonce}'`);
      expect(response.headers.get("content-security-policy")).toContain("script-src 'none'");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    });

    it("pays on POST and sends the browser to the callback with an auto-submitting form the gateway can read", async () => {
      const { token, redirect } = await requested({ callbackUrl: callback });
      const response = await post(redirect.url, "action=pay");
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const row = await rowOf(token);
      expect(row?.status).toBe("paid");
      expect(formAction(html)).toBe(callback);
      expect(html).toContain(`action="${callback.replaceAll("&", "&amp;")}"`);
      expect(hiddenFields(html)).toEqual({ token, status: "OK", orderId: "HMS-1404-0042", referenceId: row?.referenceId });
      expect(html).toContain("بازگشت به سایت پذیرنده");
      const [, nonce, script] = /<script nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(html) ?? [];
      expect(script).toContain('getElementById("back").submit()');
      expect(html.match(/<script\b/g)).toHaveLength(1);
      const csp = response.headers.get("content-security-policy")!;
      expect(csp).toContain(`script-src 'nonce-${nonce}'`);
      expect(html).toContain(`<style nonce="${nonce}">`);
      expect(csp).toContain(`form-action 'self' ${base}`);

      const read = gateway.readCallback({ query: {}, body: hiddenFields(html) });
      expect(read).toEqual({ token, succeeded: true });
      expect(await gateway.verify({ token, amountRials: AMOUNT })).toMatchObject({
        ok: true,
        referenceId: row?.referenceId,
        alreadyVerified: false,
      });

      // Back on the page after paying: it says so and offers the recorded outcome again, no pay button.
      const again = await fetch(redirect.url);
      const done = await again.text();
      expect(again.status).toBe(200);
      expect(done).toContain("قبلاً انجام شده");
      expect(done).not.toContain('value="pay"');
      expect(formAction(done)).toBe(callback);
      expect(hiddenFields(done)).toEqual({ token, status: "OK", orderId: "HMS-1404-0042", referenceId: row?.referenceId });
      // A second POST (a double click, another tab) does not pay again.
      const second = await post(redirect.url, "action=cancel");
      expect(hiddenFields(await second.text())).toEqual({ token, status: "OK", orderId: "HMS-1404-0042", referenceId: row?.referenceId });
      expect((await rowOf(token))?.status).toBe("verified");
    });

    it("cancels on POST and sends NOK to the callback", async () => {
      const { token, redirect } = await requested({ callbackUrl: callback });
      const response = await post(redirect.url, "action=cancel");
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(hiddenFields(html)).toEqual({ token, status: "NOK", orderId: "HMS-1404-0042" });
      expect(gateway.readCallback({ query: {}, body: hiddenFields(html) })).toEqual({ token, succeeded: false });
      expect((await rowOf(token))?.status).toBe("cancelled");
    });

    it("answers 404 for an unknown token and 400 or 413 for anything but the bank's own form, never 500", async () => {
      const { token, redirect } = await requested({ callbackUrl: callback });
      for (const path of [
        `/sandbox-bank/${"D".repeat(32)}`,
        "/sandbox-bank/short",
        "/sandbox-bank/%00",
        `/sandbox-bank/${"E".repeat(31)}%3C`,
      ]) {
        const response = await fetch(`${base}${path}`);
        expect(response.status, path).toBe(404);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(await response.text()).toContain("پرداخت پیدا نشد");
      }
      expect((await post(`${base}/sandbox-bank/${"D".repeat(32)}`, "action=pay")).status).toBe(404);

      for (const [body, type] of [
        ["action=refund", undefined],
        ["", undefined],
        ["action=pay&action=pay", undefined],
        ["action=PAY", undefined],
        ['{"action":"pay"}', "application/json"],
        ["action=pay", "text/plain"],
        ["action=%E0%A4%A", undefined],
      ] as const) {
        const response = await post(redirect.url, body, type);
        expect(response.status, `${type ?? "form"} ${body}`).toBe(400);
        expect(await response.text()).toContain("درخواست نامعتبر");
      }
      expect((await post(redirect.url, `action=pay&pad=${"x".repeat(4096)}`)).status).toBe(413);
      expect((await rowOf(token))?.status).toBe("created");
    });
  });
});
