import { eq, sql } from "drizzle-orm";
import type { TenantSeed } from "#seed/demo-tenants.ts";
import type { Database } from "./client.ts";
import { tenantDomains, tenants } from "./schema.ts";

/** Inserts or updates tenants by slug and points their domains at them. Safe to run again. */
export async function seedTenants(db: Database, seeds: readonly TenantSeed[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { tenant, domains } of seeds) {
      const values = { ...tenant, updatedAt: new Date() };
      if (tenant.isDefault) {
        // Moving the default flag: clear it first so the one-default index is never violated.
        await tx
          .update(tenants)
          .set({ isDefault: false })
          .where(sql`${tenants.isDefault} and ${tenants.slug} <> ${tenant.slug}`);
      }
      const [row] = await tx
        .insert(tenants)
        .values(values)
        .onConflictDoUpdate({ target: tenants.slug, set: values })
        .returning({ id: tenants.id });
      if (!row) throw new Error(`tenant ${tenant.slug} was not written`);
      for (const [index, host] of domains.entries()) {
        await tx
          .insert(tenantDomains)
          .values({ host, tenantId: row.id, isPrimary: index === 0 })
          .onConflictDoUpdate({ target: tenantDomains.host, set: { tenantId: row.id, isPrimary: index === 0 } });
      }
    }
  });
}

export async function countTenants(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tenants);
  return row?.n ?? 0;
}

export async function tenantIdBySlug(db: Database, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
  return row?.id ?? null;
}
