/**
 * The platform operator's tenant picker (issue 25 §1; ADR 0036), over HTTP on each engine: only a
 * member with the `platform` role, and only on PLATFORM_ADMIN_HOST, may act on another tenant (a
 * cookie on the screens, a header on the API); every other role and host acts on the host's own
 * tenant whatever it sends, and an unknown tenant is refused, never taken for the host's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackOfficeRole } from "#core/back-office/roles.ts";
import { HOST_A, HOST_B, backOfficeClient, seedBackOfficeTenants, signedInStaff, type Problem } from "../support/back-office.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const NOW = new Date("2026-11-26T09:00:00Z");
/** A member of the other tenant's staff, so its staff screen names someone the platform host's does not have. */
const B_OWNER_MOBILE = "09351239876";
/** As the Persian staff screen writes it: Persian digits, the stars kept left to right. */
const B_OWNER_MASKED = "۰۹۳۵\u200E***\u200E۹۸۷۶";

let counter = 0;
const freshMobile = () => `0937${String(6_000_000 + ++counter).padStart(7, "0")}`;

describe.each(ENGINES)("the platform operator's tenant picker on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantIds = new Map<string, string>();
  const { api, page } = backOfficeClient(() => server.port);
  const visitor = (host: string, role: BackOfficeRole) =>
    signedInStaff(database.handle.db, { tenantId: tenantIds.get(host)!, host, mobile: freshMobile(), role, now: NOW });

  /** The picker's form post, as the shell sends it. */
  const pick = (member: Awaited<ReturnType<typeof visitor>>, tenant: string, next = "/admin/staff") =>
    rawRequest(server.port, {
      method: "POST",
      path: "/admin",
      host: member.host,
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: member.cookie, "sec-fetch-site": "same-origin" },
      body: new URLSearchParams({ csrf: member.csrf, intent: "tenant", tenant, next }).toString(),
    });
  const withPick = (member: Awaited<ReturnType<typeof visitor>>, slug: string) => ({
    ...member,
    cookie: `${member.cookie}; hs_admin_tenant=${slug}`,
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    tenantIds = await seedBackOfficeTenants(database.handle.db);
    await signedInStaff(database.handle.db, {
      tenantId: tenantIds.get(HOST_B)!,
      host: HOST_B,
      mobile: B_OWNER_MOBILE,
      role: "owner",
      now: NOW,
    });
    server = await startTestServer(database.handle, { PLATFORM_ADMIN_HOST: HOST_A }, { clock: { now: () => NOW } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("lets a platform operator on the platform host pick a tenant and work on it, the pick named on every screen", async () => {
    const operator = await visitor(HOST_A, "platform");
    const home = await page("/admin", operator);
    expect(home.status).toBe(200);
    expect(home.body).toContain('id="admin-tenant"');
    expect(home.body).toMatch(/<option value="parvaz-sabz"[^>]*>پرواز سبز<\/option>/);
    // Before any pick the host's own staff are shown.
    expect((await page("/admin/staff", operator)).body).not.toContain(B_OWNER_MASKED);

    const picked = await pick(operator, "parvaz-sabz");
    expect(picked.status).toBe(303);
    expect(picked.headers.location).toBe("/admin/staff");
    expect(String(picked.headers["set-cookie"])).toMatch(/^hs_admin_tenant=parvaz-sabz; Path=\/; HttpOnly; SameSite=Lax/);

    const staff = await page("/admin/staff", withPick(operator, "parvaz-sabz"));
    expect(staff.status).toBe(200);
    expect(staff.body).toContain(B_OWNER_MASKED);
    expect(staff.body).toMatch(/<option value="parvaz-sabz" selected="">/);

    // The API names the tenant by a header, answering for that tenant.
    const me = await api("/api/v1/admin/me", operator, { headers: { "x-admin-tenant": "parvaz-sabz" } });
    expect(me.status).toBe(200);
    expect((JSON.parse(me.body) as { tenant: { slug: string } }).tenant.slug).toBe("parvaz-sabz");
  });

  it("refuses an unknown tenant instead of acting on the host's", async () => {
    const operator = await visitor(HOST_A, "platform");
    expect((await pick(operator, "no-such-agency")).status).toBe(400);
    const refused = await api("/api/v1/admin/me", operator, { headers: { "x-admin-tenant": "no-such-agency" } });
    expect(refused.status).toBe(404);
    expect((JSON.parse(refused.body) as Problem).error.code).toBe("NOT_FOUND");
    // A picked tenant that went away leaves the host's own, named in the picker.
    const stale = await page("/admin/staff", withPick(operator, "no-such-agency"));
    expect(stale.status).toBe(200);
    expect(stale.body).toMatch(/<option value="hamsafar" selected="">/);
  });

  it("never lets an owner pick, nor a platform member away from the platform host", async () => {
    const owner = await visitor(HOST_A, "owner");
    expect((await page("/admin", owner)).body).not.toContain('id="admin-tenant"');
    expect((await pick(owner, "parvaz-sabz")).status).toBe(403);
    expect((await page("/admin/staff", withPick(owner, "parvaz-sabz"))).body).not.toContain(B_OWNER_MASKED);
    const ownerApi = await api("/api/v1/admin/me", owner, { headers: { "x-admin-tenant": "parvaz-sabz" } });
    expect(ownerApi.status).toBe(403);

    // `platform` at another tenant's host is only a membership of that tenant.
    const elsewhere = await visitor(HOST_B, "platform");
    expect((await page("/admin", elsewhere)).body).not.toContain('id="admin-tenant"');
    expect((await pick(elsewhere, "hamsafar")).status).toBe(403);
    const apiElsewhere = await api("/api/v1/admin/me", elsewhere, { headers: { "x-admin-tenant": "hamsafar" } });
    expect(apiElsewhere.status).toBe(403);
  });
});
