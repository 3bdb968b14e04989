/**
 * The back-office's commerce screens and their API (issue 25): discount codes, credit limits and
 * client error reports, on each database engine. Who may read and write them by role, that one
 * tenant's staff never see another's, that each refused field is named, that every write leaves an
 * audit entry with before and after, and that a code created here is the one checkout applies.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClientErrorRepository } from "#adapters/db/client-error-repository.ts";
import { createDiscountCodeStore } from "#adapters/db/discount-code-store.ts";
import { auditEntries } from "#adapters/db/schema.ts";
import type { BackOfficeRole } from "#core/back-office/roles.ts";
import { applyDiscount } from "#core/booking/discount.ts";
import { HOST_A, HOST_B, backOfficeClient, seedBackOfficeTenants, signedInStaff, type Problem } from "../support/back-office.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { startTestServer } from "../support/server.ts";

/** 08:00 in Tehran: the server and the checks share this instant. */
const NOW = new Date("2026-03-10T08:00:00+03:30");

let counter = 0;
const freshMobile = () => `0937${String(6_000_000 + ++counter).padStart(7, "0")}`;
let codeCounter = 0;
const freshCode = (prefix: string) => `${prefix}${++codeCounter}`;

describe.each(ENGINES)("the back-office commerce screens on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantIds = new Map<string, string>();
  const clock = { now: () => NOW };
  const { api, page, form } = backOfficeClient(() => server.port);

  const visitor = (host: string, role: BackOfficeRole | null) =>
    signedInStaff(database.handle.db, { tenantId: tenantIds.get(host)!, host, mobile: freshMobile(), role, now: NOW });

  const auditOf = (host: string, action: string, subjectId: string) =>
    database.handle.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tenantId, tenantIds.get(host)!), eq(auditEntries.action, action), eq(auditEntries.subjectId, subjectId)));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    tenantIds = await seedBackOfficeTenants(database.handle.db);
    server = await startTestServer(database.handle, {}, { clock });
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("answers 401 without a session, 403 to an editor, and lets support read but never write", async () => {
    const paths = ["/api/v1/admin/discounts", "/api/v1/admin/credit?mobile=09120000000", "/api/v1/admin/client-errors"];
    for (const path of paths) expect((await api(path, null)).status, path).toBe(401);
    const editor = await visitor(HOST_A, "editor");
    for (const path of paths) expect((await api(path, editor)).status, path).toBe(403);
    for (const screen of ["/admin/discounts", "/admin/credit", "/en/admin/client-errors"])
      expect((await page(screen, editor)).status, screen).toBe(403);

    const support = await visitor(HOST_A, "support");
    expect((await api("/api/v1/admin/discounts", support)).status).toBe(200);
    expect((await api("/api/v1/admin/client-errors", support)).status).toBe(200);
    const screen = await page("/en/admin/discounts", support);
    expect(screen.status).toBe(200);
    // No create form and no disable links for a role that only reads.
    expect(screen.body).not.toContain('name="intent"');
    const code = freshCode("SUPPORT");
    const refused = await api("/api/v1/admin/discounts", support, { method: "POST", body: { code, percent: 10, until: "2026-04-01" } });
    expect(refused.status).toBe(403);
    const posted = await form("/admin/discounts", support, {
      csrf: support.csrf,
      intent: "create",
      code,
      kind: "percent",
      percent: "10",
      until: "2026-04-01",
    });
    expect(posted.status).toBe(403);
    const credit = await api("/api/v1/admin/credit", support, {
      method: "PUT",
      body: { mobile: support.mobile, limit: 1000, reason: "x" },
    });
    expect(credit.status).toBe(403);
    expect(await createDiscountCodeStore(database.handle.db).find(tenantIds.get(HOST_A)!, code)).toBeNull();
  });

  it("creates a code through the API, audited, that checkout's rule applies; disabled, it is refused", async () => {
    const operator = await visitor(HOST_A, "operator");
    const code = freshCode("NOROOZ");
    const created = await api("/api/v1/admin/discounts", operator, {
      method: "POST",
      body: { code: code.toLowerCase(), percent: "۱۰", max: "200,000", until: "2026-04-01", services: ["flight"], maxUsesPerMobile: 1 },
    });
    expect(created.status, created.body).toBe(201);
    const body = JSON.parse(created.body) as { code: { code: string; status: string; maxDiscount: number; createdBy: string } };
    expect(body.code).toMatchObject({ code, status: "active", maxDiscount: 200_000 });
    expect(body.code.createdBy).toContain("(operator)");

    const [entry, ...more] = await auditOf(HOST_A, "discount.create", code);
    expect(more).toHaveLength(0);
    expect(entry!.before).toBeNull();
    expect(entry!.after).toMatchObject({ code, kind: "percent", amount: 10, maxDiscount: 200_000, active: true });
    expect(entry!.via).toBe("api");

    const store = createDiscountCodeStore(database.handle.db);
    const stored = await store.find(tenantIds.get(HOST_A)!, code);
    expect(applyDiscount(stored, { service: "flight", total: 1_000_000, now: NOW, mobileUses: 0 })).toEqual({
      ok: true,
      discount: 100_000,
    });
    expect(applyDiscount(stored, { service: "flight", total: 5_000_000, now: NOW, mobileUses: 0 })).toEqual({
      ok: true,
      discount: 200_000,
    });
    expect(applyDiscount(stored, { service: "train", total: 1_000_000, now: NOW, mobileUses: 0 }).ok).toBe(false);

    const again = await api("/api/v1/admin/discounts", operator, { method: "POST", body: { code, amount: 1000, until: "2026-04-01" } });
    expect(again.status).toBe(409);
    expect((JSON.parse(again.body) as Problem).error.code).toBe("CODE_TAKEN");

    const disabled = await api(`/api/v1/admin/discounts/${code}/disable`, operator, { method: "POST" });
    expect(disabled.status).toBe(200);
    expect(JSON.parse(disabled.body)).toMatchObject({ changed: true, code: { status: "disabled" } });
    const [disabling] = await auditOf(HOST_A, "discount.disable", code);
    expect(disabling!.before).toMatchObject({ active: true });
    expect(disabling!.after).toMatchObject({ active: false });
    const after = await store.find(tenantIds.get(HOST_A)!, code);
    expect(applyDiscount(after, { service: "flight", total: 1_000_000, now: NOW, mobileUses: 0 })).toEqual({
      ok: false,
      error: "DISCOUNT_INVALID",
    });

    // Disabling again changes nothing and records nothing more.
    const twice = await api(`/api/v1/admin/discounts/${code}/disable`, operator, { method: "POST" });
    expect(JSON.parse(twice.body)).toMatchObject({ changed: false });
    expect(await auditOf(HOST_A, "discount.disable", code)).toHaveLength(1);
  });

  it("names each refused field of a new code, in the request's language", async () => {
    const operator = await visitor(HOST_A, "operator");
    const refused = await api("/api/v1/admin/discounts", operator, {
      method: "POST",
      lang: "en",
      body: { code: "x!", percent: 120, until: "2026-03-01", from: "2026-02-01", services: ["blog"], note: "n".repeat(501) },
    });
    expect(refused.status).toBe(422);
    const problem = JSON.parse(refused.body) as Problem;
    const fields = Object.fromEntries(problem.error.fields!.map((field) => [field.field, field]));
    expect(Object.keys(fields).sort()).toEqual(["code", "note", "percent", "services", "until"]);
    expect(fields.percent!.code).toBe("OUT_OF_RANGE");
    expect(fields.until!.code).toBe("PASSED");
    expect(fields.percent!.message).toBe("Write a whole percent from 1 to 100.");

    const both = await api("/api/v1/admin/discounts", operator, {
      method: "POST",
      body: { code: "GOODCODE1", amount: 5000, max: 10, until: "2026-04-01" },
    });
    expect((JSON.parse(both.body) as Problem).error.fields!.map((field) => [field.field, field.code])).toEqual([
      ["max", "MAX_WITH_AMOUNT"],
    ]);
  });

  it("creates and disables codes from the screen, refusing fields on the field in fa and en", async () => {
    const operator = await visitor(HOST_A, "operator");
    const code = freshCode("WEB");
    const refusedEn = await form("/en/admin/discounts", operator, {
      csrf: operator.csrf,
      intent: "create",
      code,
      kind: "fixed",
      amount: "zero",
      until: "",
    });
    expect(refusedEn.status).toBe(400);
    expect(refusedEn.body).toMatch(/id="discount-amount"[^>]*aria-invalid="true"/);
    expect(refusedEn.body).toContain("Write whole tomans from 1 to");
    expect(refusedEn.body).toContain("Write the last day the code is valid.");
    const refusedFa = await form("/admin/discounts", operator, {
      csrf: operator.csrf,
      intent: "create",
      code,
      kind: "percent",
      percent: "0",
      until: "1405/01/15",
    });
    expect(refusedFa.status).toBe(400);
    expect(refusedFa.body).toContain("درصدی صحیح از ۱ تا ۱۰۰ بنویسید.");
    expect(refusedFa.body).toMatch(/id="discount-percent"[^>]*aria-invalid="true"/);

    // A day typed in the page's calendar (Persian in fa): the end of 15 Farvardin 1405 is 2026-04-04 24:00 Tehran.
    const created = await form("/admin/discounts", operator, {
      csrf: operator.csrf,
      intent: "create",
      code,
      kind: "fixed",
      amount: "۵۰٬۰۰۰",
      minTotal: "1,000,000",
      until: "1405/01/15",
      maxUses: "100",
      note: "<b>first booking</b>",
    });
    expect(created.status, created.body.slice(0, 400)).toBe(303);
    const stored = await createDiscountCodeStore(database.handle.db).find(tenantIds.get(HOST_A)!, code);
    expect(stored).toMatchObject({ kind: "fixed", amount: 50_000, minTotal: 1_000_000, maxUses: 100 });
    expect(stored!.validUntil.toISOString()).toBe("2026-04-04T20:30:00.000Z");
    const [entry] = await auditOf(HOST_A, "discount.create", code);
    expect(entry!.via).toBe("web");

    const listed = await page("/en/admin/discounts", operator);
    expect(listed.body).toContain(code);
    expect(listed.body).toContain("&lt;b&gt;first booking&lt;/b&gt;");
    const confirm = await page(`/en/admin/discounts?confirm=${code}`, operator);
    expect(confirm.body).toContain('role="alertdialog"');
    const disabled = await form("/en/admin/discounts", operator, { csrf: operator.csrf, intent: "disable", code });
    expect(disabled.status).toBe(303);
    expect((await createDiscountCodeStore(database.handle.db).find(tenantIds.get(HOST_A)!, code))!.active).toBe(false);
  });

  it("shows another tenant's staff nothing of this tenant's codes, credit or reports", async () => {
    const operatorA = await visitor(HOST_A, "operator");
    const operatorB = await visitor(HOST_B, "operator");
    const code = freshCode("ONLYA");
    expect(
      (await api("/api/v1/admin/discounts", operatorA, { method: "POST", body: { code, amount: 1000, until: "2026-04-01" } })).status,
    ).toBe(201);
    const listedB = JSON.parse((await api("/api/v1/admin/discounts?status=all", operatorB)).body) as { codes: { code: string }[] };
    expect(listedB.codes.map((entry) => entry.code)).not.toContain(code);
    expect((await page("/admin/discounts?status=all", operatorB)).body).not.toContain(code);
    expect((await api(`/api/v1/admin/discounts/${code}/disable`, operatorB, { method: "POST" })).status).toBe(404);
    // A session of tenant A is no session at tenant B's host.
    expect((await api("/api/v1/admin/discounts", { ...operatorA, host: HOST_B })).status).toBe(401);

    const traveller = await visitor(HOST_A, null);
    const seen = await api(`/api/v1/admin/credit?mobile=${traveller.mobile}`, operatorB);
    expect(seen.status).toBe(404);
    expect(
      (await api("/api/v1/admin/credit", operatorB, { method: "PUT", body: { mobile: traveller.mobile, limit: 5000, reason: "x" } }))
        .status,
    ).toBe(404);
  });

  it("sets a traveller's credit limit with a reason, audited, and refuses bad fields on the field", async () => {
    const operator = await visitor(HOST_A, "operator");
    const traveller = await visitor(HOST_A, null);
    const before = JSON.parse((await api(`/api/v1/admin/credit?mobile=${traveller.mobile}`, operator)).body) as {
      wallet: { opened: boolean; creditLimit: number };
    };
    expect(before.wallet).toMatchObject({ opened: false, creditLimit: 0 });

    const refused = await api("/api/v1/admin/credit", operator, {
      method: "PUT",
      body: { mobile: traveller.mobile, limit: "lots", reason: " " },
    });
    expect(refused.status).toBe(422);
    expect((JSON.parse(refused.body) as Problem).error.fields!.map((field) => field.field).sort()).toEqual(["limit", "reason"]);

    const set = await api("/api/v1/admin/credit", operator, {
      method: "PUT",
      body: { mobile: traveller.mobile, limit: "5,000,000", reason: "contract 17" },
    });
    expect(set.status, set.body).toBe(200);
    const wallet = JSON.parse(set.body) as {
      changed: boolean;
      wallet: { mobile: string; creditLimit: number; available: number; history: unknown[] };
    };
    expect(wallet).toMatchObject({ changed: true, wallet: { creditLimit: 5_000_000, available: 5_000_000 } });
    expect(wallet.wallet.mobile).not.toBe(traveller.mobile);
    const entries = await database.handle.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.tenantId, tenantIds.get(HOST_A)!),
          eq(auditEntries.action, "credit.set"),
          eq(auditEntries.actorUserId, operator.userId),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toMatchObject({ creditLimit: 0 });
    expect(entries[0]!.after).toMatchObject({ creditLimit: 5_000_000, reason: "contract 17" });
    expect(JSON.stringify(entries[0])).not.toContain(traveller.mobile);

    const same = await api("/api/v1/admin/credit", operator, {
      method: "PUT",
      body: { mobile: traveller.mobile, limit: 5_000_000, reason: "again" },
    });
    expect(JSON.parse(same.body)).toMatchObject({ changed: false });

    // The screen: the wallet found by mobile, then a refused limit said on its field, then a change.
    const screen = await page(`/en/admin/credit?mobile=${traveller.mobile}`, operator);
    expect(screen.body).toContain("contract 17");
    const badForm = await form(`/en/admin/credit?mobile=${traveller.mobile}`, operator, {
      csrf: operator.csrf,
      mobile: traveller.mobile,
      limit: "-5",
      reason: "r",
    });
    expect(badForm.status).toBe(400);
    expect(badForm.body).toMatch(/id="credit-limit"[^>]*aria-invalid="true"/);
    const goodForm = await form("/en/admin/credit", operator, {
      csrf: operator.csrf,
      mobile: traveller.mobile,
      limit: "0",
      reason: "contract ended",
    });
    expect(goodForm.status).toBe(303);
    const [latest] = await database.handle.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, "credit.set"), eq(auditEntries.via, "web"), eq(auditEntries.actorUserId, operator.userId)));
    expect(latest!.after).toMatchObject({ creditLimit: 0, reason: "contract ended" });
  });

  it("lists this tenant's client error reports, newest first and filtered, as text, without the address hash", async () => {
    const reports = createClientErrorRepository(database.handle.db);
    const base = {
      units: "web",
      text: "TypeError: x is undefined\nurl: https://localhost/flight",
      priority: 1,
      taskTime: null,
      userAgent: "Mozilla/5.0 <evil>",
    };
    await reports.add({
      ...base,
      tenantId: tenantIds.get(HOST_A)!,
      title: "<script>alert(1)</script>",
      category: "checkout",
      pageUrl: "https://localhost/flight?q=<x>",
      ipHash: "HASHA123",
    });
    await reports.add({
      ...base,
      tenantId: tenantIds.get(HOST_A)!,
      title: "search broke",
      category: "search",
      pageUrl: null,
      ipHash: "HASHA456",
    });
    await reports.add({
      ...base,
      tenantId: tenantIds.get(HOST_B)!,
      title: "tenant b only",
      category: "checkout",
      pageUrl: null,
      ipHash: "HASHB789",
    });
    const support = await visitor(HOST_A, "support");

    const all = JSON.parse((await api("/api/v1/admin/client-errors", support)).body) as { reports: { title: string }[]; total: number };
    expect(all.reports.map((report) => report.title).sort()).toEqual(["<script>alert(1)</script>", "search broke"]);
    const filtered = JSON.parse((await api("/api/v1/admin/client-errors?category=checkout&days=7&text=SCRIPT", support)).body) as {
      total: number;
    };
    expect(filtered.total).toBe(1);
    const bad = await api("/api/v1/admin/client-errors?days=400", support);
    expect(bad.status).toBe(422);
    expect((JSON.parse(bad.body) as Problem).error.fields![0]!.field).toBe("days");

    const screen = await page("/en/admin/client-errors?category=checkout", support);
    expect(screen.status).toBe(200);
    expect(screen.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(screen.body).not.toContain("<script>alert(1)");
    expect(screen.body).not.toContain("search broke");
    expect(screen.body).not.toContain("tenant b only");
    for (const hash of ["HASHA123", "HASHA456"]) expect(screen.body + JSON.stringify(all)).not.toContain(hash);
    const refusedDays = await page("/admin/client-errors?days=abc", support);
    expect(refusedDays.body).toMatch(/id="client-errors-days"[^>]*aria-invalid="true"/);
  });
});
