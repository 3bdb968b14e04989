import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantDomains, tenants } from "#adapters/db/schema.ts";
import { countTenants, seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createTenantRepository } from "#adapters/db/tenant-repository.ts";
import { resolveSite } from "#core/tenants/resolve-site.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

describe.each(ENGINES)("tenants on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("finds each demo tenant by each of its hosts", async () => {
    const repository = createTenantRepository(database.handle.db);
    for (const seed of DEMO_TENANTS) {
      for (const host of seed.domains) {
        const tenant = await repository.findByHost(host);
        expect(tenant?.slug, host).toBe(seed.tenant.slug);
      }
    }
    expect(await repository.findByHost("unknown.example")).toBeNull();
  });

  it("reads back every configuration field as written", async () => {
    const repository = createTenantRepository(database.handle.db);
    const tenant = await repository.findByHost("theme2.localhost");
    const seed = DEMO_TENANTS.find((s) => s.tenant.slug === "parvaz-sabz")!.tenant;
    expect(tenant).toMatchObject({ ...seed, id: expect.any(String) });
  });

  it("resolves hosts with ports and case through the core use case", async () => {
    const repository = createTenantRepository(database.handle.db);
    const byHost = await resolveSite("THEME3.localhost:3000", { tenants: repository, unknownHost: "reject" });
    expect(byHost.ok && byHost.tenant.slug).toBe("safar-nur");
    const rejected = await resolveSite("elsewhere.example", { tenants: repository, unknownHost: "reject" });
    expect(rejected).toEqual({ ok: false, error: "UNKNOWN_HOST" });
    const defaulted = await resolveSite("elsewhere.example", { tenants: repository, unknownHost: "default" });
    expect(defaulted.ok && defaulted.matchedBy).toBe("default");
    expect(defaulted.ok && defaulted.tenant.slug).toBe("hamsafar");
  });

  it("seeding again changes nothing and keeps one default", async () => {
    await seedTenants(database.handle.db, DEMO_TENANTS);
    expect(await countTenants(database.handle.db)).toBe(DEMO_TENANTS.length);
    const defaults = await database.handle.db.select().from(tenants).where(eq(tenants.isDefault, true));
    expect(defaults.map((row) => row.slug)).toEqual(["hamsafar"]);
  });

  it("the database refuses a second default tenant and a host owned twice", async () => {
    const db = database.handle.db;
    const second = { ...DEMO_TENANTS[1]!.tenant, slug: "second-default", isDefault: true };
    await expect(db.insert(tenants).values(second)).rejects.toThrow();
    const otherId = await tenantIdBySlug(db, "safar-nur");
    await expect(db.insert(tenantDomains).values({ host: "theme2.localhost", tenantId: otherId! })).rejects.toThrow();
    await expect(db.insert(tenantDomains).values({ host: "UPPER.example", tenantId: otherId! })).rejects.toThrow();
  });

  it("a suspended tenant is not served", async () => {
    const db = database.handle.db;
    await db.update(tenants).set({ status: "suspended" }).where(eq(tenants.slug, "safar-nur"));
    try {
      expect(await createTenantRepository(db).findByHost("theme3.localhost")).toBeNull();
    } finally {
      await db.update(tenants).set({ status: "active" }).where(eq(tenants.slug, "safar-nur"));
    }
  });
});
