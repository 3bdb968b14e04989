/**
 * The back-office's foundation over HTTP (issue 25; ADR 0036), on each database engine: who may
 * open /admin and the admin API at which tenant, by role; the staff use cases from the API, the
 * staff screen and the command line, each written to the audit log with before and after; the
 * audit log's filters; and that none of it is cached or indexed.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, staffMembers, tenants } from "#adapters/db/schema.ts";
import { newSessionToken } from "#core/accounts/session-token.ts";
import type { BackOfficeRole } from "#core/back-office/roles.ts";
import { runAdmin } from "#server/cli/admin/commands.ts";
import { HOST_A, HOST_B, backOfficeClient, seedBackOfficeTenants, signedInStaff, type Problem } from "../support/back-office.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { startTestServer } from "../support/server.ts";

const NOW = new Date("2026-11-26T09:00:00Z");

let counter = 0;
const freshMobile = () => `0935${String(4_000_000 + ++counter).padStart(7, "0")}`;

describe.each(ENGINES)("the back-office on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantIds = new Map<string, string>();
  const clock = { now: () => NOW };

  const { api, page, form } = backOfficeClient(() => server.port);

  const visitor = (host: string, role: BackOfficeRole | null) =>
    signedInStaff(database.handle.db, { tenantId: tenantIds.get(host)!, host, mobile: freshMobile(), role, now: NOW });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    tenantIds = await seedBackOfficeTenants(database.handle.db);
    server = await startTestServer(database.handle, {}, { clock });
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("sends a visitor who is not signed in to sign in and back, and answers the API 401", async () => {
    const answer = await page("/admin/audit?action=staff.add", null);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`/login?next=${encodeURIComponent("/admin/audit?action=staff.add")}`);
    expect((await page("/en/admin", null)).headers.location).toBe(`/en/login?next=${encodeURIComponent("/en/admin")}`);
    const refused = await api("/api/v1/admin/dashboard", null);
    expect(refused.status).toBe(401);
    expect((JSON.parse(refused.body) as Problem).error.code).toBe("UNAUTHORIZED");
  });

  it("answers a signed-in traveller without a staff role 403, in the page's language, never cached or indexed", async () => {
    const traveller = await visitor(HOST_A, null);
    const persian = await page("/admin", traveller);
    expect(persian.status).toBe(403);
    expect(persian.body).toContain("دسترسی به این بخش ندارید");
    expect(persian.headers["cache-control"]).toBe("no-store");
    expect(persian.headers["x-robots-tag"]).toBe("noindex");
    const english = await page("/en/admin/staff", traveller);
    expect(english.status).toBe(403);
    expect(english.body).toContain("You do not have access to this page");
    const refused = await api("/api/v1/admin/me", traveller, { lang: "en" });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({ error: { code: "FORBIDDEN", message: "Your back-office role does not allow this." } });
  });

  it("never lets a tenant's staff reach another tenant: its session is nobody at the other host", async () => {
    const ownerA = await visitor(HOST_A, "owner");
    await visitor(HOST_B, "owner");
    const atB = { ...ownerA, host: HOST_B };
    for (const path of ["/api/v1/admin/me", "/api/v1/admin/dashboard", "/api/v1/admin/audit", "/api/v1/admin/staff"])
      expect((await api(path, atB)).status, path).toBe(401);
    const write = await api("/api/v1/admin/staff", atB, { method: "PUT", body: { mobile: freshMobile(), role: "owner" } });
    expect(write.status).toBe(401);
    // The page sends the stranger to sign in at B; nothing of B is shown.
    expect((await page("/admin/staff", atB)).status).toBe(302);
    // A's owner lists only A's staff.
    const listed = JSON.parse((await api("/api/v1/admin/staff", ownerA)).body) as { staff: { userId: string }[] };
    const bIds = await database.handle.db
      .select({ userId: staffMembers.userId })
      .from(staffMembers)
      .where(eq(staffMembers.tenantId, tenantIds.get(HOST_B)!));
    expect(listed.staff.some((member) => bIds.some((row) => row.userId === member.userId))).toBe(false);
    // Removing a member of B by id from A's host finds nobody.
    expect((await api(`/api/v1/admin/staff/${bIds[0]!.userId}`, ownerA, { method: "DELETE" })).status).toBe(404);
    expect(await database.handle.db.select().from(staffMembers).where(eq(staffMembers.userId, bIds[0]!.userId))).toHaveLength(1);
  });

  it("gives each role its screens and endpoints and no others", async () => {
    const editor = await visitor(HOST_A, "editor");
    const support = await visitor(HOST_A, "support");
    const operator = await visitor(HOST_A, "operator");
    expect((await api("/api/v1/admin/staff", editor)).status).toBe(403);
    expect((await api("/api/v1/admin/audit", editor)).status).toBe(403);
    expect((await page("/admin/audit", editor)).status).toBe(403);
    expect((await page("/admin", editor)).status).toBe(200);
    expect((await api("/api/v1/admin/staff", operator)).status).toBe(403);
    // Support reads everything and writes nothing.
    expect((await api("/api/v1/admin/staff", support)).status).toBe(200);
    expect((await api("/api/v1/admin/audit", support)).status).toBe(200);
    const write = await api("/api/v1/admin/staff", support, { method: "PUT", body: { mobile: freshMobile(), role: "owner" } });
    expect(write.status).toBe(403);
    const posted = await form("/admin/staff", support, { csrf: support.csrf, intent: "add", mobile: freshMobile(), role: "owner" });
    expect(posted.status).toBe(403);
    const me = JSON.parse((await api("/api/v1/admin/me", support)).body) as { role: string; actions: string[] };
    expect(me.role).toBe("support");
    expect(me.actions).not.toContain("secrets.read");
    expect(me.actions.every((action) => action.endsWith(".read"))).toBe(true);
    // The navigation shows only what the role may open.
    const dashboard = await page("/en/admin", editor);
    expect(dashboard.body).not.toContain('href="/en/admin/audit"');
    expect((await page("/en/admin", support)).body).toContain('href="/en/admin/audit"');
  });

  it("records each staff change with who, how, before and after, and filters the log", async () => {
    const owner = await visitor(HOST_A, "owner");
    const newcomer = freshMobile();
    const added = await api("/api/v1/admin/staff", owner, { method: "PUT", body: { mobile: newcomer, role: "operator" } });
    expect(added.status).toBe(200);
    const member = JSON.parse(added.body) as { userId: string; mobile: string; role: string };
    expect(member.mobile).toBe(`${newcomer.slice(0, 4)}***${newcomer.slice(-4)}`);
    const changed = await api("/api/v1/admin/staff", owner, { method: "PUT", body: { mobile: newcomer, role: "editor" } });
    expect((JSON.parse(changed.body) as { role: string }).role).toBe("editor");
    expect((await api(`/api/v1/admin/staff/${member.userId}`, owner, { method: "DELETE" })).status).toBe(204);

    const entries = await database.handle.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tenantId, tenantIds.get(HOST_A)!), eq(auditEntries.subjectId, member.userId)));
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ["staff.add", null, { userId: member.userId, mobile: member.mobile, role: "operator" }],
      [
        "staff.changeRole",
        { userId: member.userId, mobile: member.mobile, role: "operator" },
        { userId: member.userId, mobile: member.mobile, role: "editor" },
      ],
      ["staff.remove", { userId: member.userId, mobile: member.mobile, role: "editor" }, null],
    ]);
    for (const entry of entries) {
      expect(entry.actorUserId).toBe(owner.userId);
      expect(entry.actorMobile).toBe(`${owner.mobile.slice(0, 4)}***${owner.mobile.slice(-4)}`);
      expect(entry.actorRole).toBe("owner");
      expect(entry.via).toBe("api");
      expect(entry.clientHash).toMatch(/\S/);
      expect(entry.at.toISOString()).toBe(NOW.toISOString());
    }

    const filtered = JSON.parse((await api(`/api/v1/admin/audit?subjectId=${member.userId}&action=staff.remove`, owner)).body) as {
      entries: { action: string; actor: { via: string } }[];
      total: number;
    };
    expect(filtered.total).toBe(1);
    expect(filtered.entries[0]).toMatchObject({ action: "staff.remove", actor: { via: "api" } });
    const byActor = JSON.parse((await api(`/api/v1/admin/audit?actor=${owner.mobile}`, owner)).body) as { total: number };
    expect(byActor.total).toBe(3);
    const laterDays = JSON.parse((await api("/api/v1/admin/audit?from=2026-11-27", owner)).body) as { total: number };
    expect(laterDays.total).toBe(0);
    const badActor = await api("/api/v1/admin/audit?actor=12", owner);
    expect(badActor.status).toBe(400);
    expect((JSON.parse(badActor.body) as Problem).error.fields?.[0]?.field).toBe("actor");

    // The screen shows the same entries, and a refused filter says why on its field.
    const screen = await page(`/en/admin/audit?subjectId=${member.userId}&from=tomorrow`, owner);
    expect(screen.status).toBe(200);
    expect(screen.body).toContain('data-action="staff.remove"');
    expect(screen.body).toMatch(/id="audit-from-error"[^>]*>Write the date as/);
  });

  it("keeps the last owner, and lets an owner manage staff from the screen behind its CSRF token", async () => {
    const db = database.handle.db;
    const tenantB = tenantIds.get(HOST_B)!;
    await db.delete(staffMembers).where(eq(staffMembers.tenantId, tenantB));
    const owner = await visitor(HOST_B, "owner");
    const lastOwner = await api(`/api/v1/admin/staff`, owner, { method: "PUT", body: { mobile: owner.mobile, role: "support" } });
    expect(lastOwner.status).toBe(422);
    expect((JSON.parse(lastOwner.body) as Problem).error.fields?.[0]).toMatchObject({ field: "role", code: "LAST_OWNER" });

    const newcomer = freshMobile();
    const forged = await form("/admin/staff", owner, { csrf: newSessionToken(), intent: "add", mobile: newcomer, role: "support" });
    expect(forged.status).toBe(403);
    const bad = await form("/en/admin/staff", owner, { csrf: owner.csrf, intent: "add", mobile: "12345", role: "support" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/id="staff-mobile-error"[^>]*>This is not a valid mobile number/);
    const saved = await form("/admin/staff", owner, { csrf: owner.csrf, intent: "add", mobile: newcomer, role: "support" });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe("/admin/staff?notice=added");
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tenantId, tenantB), eq(auditEntries.action, "staff.add")));
    expect(entry).toMatchObject({ via: "web", actorUserId: owner.userId, after: expect.objectContaining({ role: "support" }) as unknown });
    // Cookie-authenticated API writes need the CSRF header.
    const noHeader = await api("/api/v1/admin/staff", owner, { method: "PUT", body: { mobile: newcomer, role: "editor" }, cookie: true });
    expect(noHeader.status).toBe(403);
    expect((JSON.parse(noHeader.body) as Problem).error.code).toBe("CSRF");
  });

  it("adds, lists and removes staff at the command line, recorded as the command line", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const context = {
      io: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) },
      openDatabase: () => Promise.resolve({ ...database.handle, close: () => Promise.resolve() }),
    };
    const mobile = freshMobile();
    expect(await runAdmin(["staff", "add", "--tenant", HOST_B, "--mobile", mobile, "--role", "owner"], context)).toBe(0);
    expect(out.join("")).toContain(`${mobile} is owner of parvaz-sabz`);
    expect(await runAdmin(["staff", "list", "--tenant", "parvaz-sabz"], context)).toBe(0);
    expect(out.join("")).toContain(mobile);
    expect(await runAdmin(["staff", "add", "--tenant", "nowhere", "--mobile", mobile, "--role", "owner"], context)).toBe(1);
    expect(err.join("")).toContain("Unknown tenant");
    expect(await runAdmin(["staff", "remove", "--tenant", tenantIds.get(HOST_B)!, "--mobile", mobile], context)).toBe(0);
    const entries = await database.handle.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tenantId, tenantIds.get(HOST_B)!), eq(auditEntries.via, "cli")));
    expect(entries.map((entry) => [entry.action, entry.actorUserId, entry.actorMobile])).toEqual([
      ["staff.add", null, null],
      ["staff.remove", null, null],
    ]);
  });

  it("shows the dashboard's figures of the host's tenant", async () => {
    const operator = await visitor(HOST_A, "operator");
    const figures = JSON.parse((await api("/api/v1/admin/dashboard", operator)).body) as Record<string, unknown>;
    expect(figures).toEqual({
      bookingsToday: 0,
      revenueToday: 0,
      refundsDue: { count: 0, amount: 0 },
      overdueInvoices: 0,
      failedJobs: { count: 0, queues: [] },
    });
    const screen = await page("/en/admin", operator);
    expect(screen.status).toBe(200);
    expect(screen.body).toContain("Bookings today");
  });

  it("lets an owner save the white-label settings, each field checked, the change logged and the tenant's pages refreshed", async () => {
    const db = database.handle.db;
    const tenantB = tenantIds.get(HOST_B)!;
    const owner = await visitor(HOST_B, "owner");
    const support = await visitor(HOST_B, "support");
    const editor = await visitor(HOST_B, "editor");
    expect((await page("/admin/settings", editor)).status).toBe(403);
    const shown = await page("/en/admin/settings", support);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('name="colors.button"');
    const fields = {
      csrf: owner.csrf,
      "name.fa": "پرواز سبز نو",
      "name.en": "Parvaz Sabz New",
      theme: "theme-3",
      "colors.button": "#aa3300",
      "colors.link": "#0077DB",
      "colors.background": "#FFFFFF",
      "colors.header": "#FFFFFF",
      "colors.footer": "#FFFFFF",
      phones: "021-8888 0000\n+98 21 8888 0001",
      emails: "info@example.com",
      "social.instagram": "https://instagram.com/parvaz",
      servicesActive: "flight",
      optionActive: "wallet",
    };
    expect((await form("/admin/settings", support, fields)).status).toBe(403);

    const refused = await form("/en/admin/settings", owner, {
      ...fields,
      "colors.button": "red",
      phones: "call us",
      "social.instagram": "http://x",
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatch(/id="settings-colors-button-error"[^>]*>Write the colour as #RRGGBB/);
    expect(refused.body).toMatch(/id="settings-phones-error"[^>]*>This is not a phone number/);
    expect(refused.body).toMatch(/id="settings-social-instagram-error"[^>]*>Write the full address/);

    const [before] = await db.select({ updatedAt: tenants.updatedAt }).from(tenants).where(eq(tenants.id, tenantB));
    const saved = await form("/admin/settings", owner, fields);
    expect(saved.status).toBe(303);
    const [after] = await db.select().from(tenants).where(eq(tenants.id, tenantB));
    expect(after).toMatchObject({
      theme: "theme-3",
      nameCompany: { fa: "پرواز سبز نو", en: "Parvaz Sabz New" },
      telCompany: ["021-8888 0000", "+98 21 8888 0001"],
      servicesActive: ["flight"],
      optionActive: ["wallet"],
    });
    expect(after!.colors.button).toBe("#AA3300");
    expect(after!.updatedAt.getTime()).not.toBe(before!.updatedAt.getTime());
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tenantId, tenantB), eq(auditEntries.action, "settings.update")));
    expect(entry).toMatchObject({ via: "web", subjectType: "tenant", subjectId: tenantB, actorUserId: owner.userId });
    expect((entry!.before as { theme: string }).theme).toBe("theme-2");
    expect((entry!.after as { theme: string }).theme).toBe("theme-3");
  });
});
