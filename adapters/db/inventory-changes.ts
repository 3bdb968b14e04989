import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { contentPages, inventoryChanges, tenants } from "./schema.ts";

/** What changed: the house inventories rolled or were written, a day's fare history was recorded, or a blog post was written. */
export type InventoryScope = "inventory" | "fare-history" | "blog";

/** Records a change that shared pages (route landings) show; one statement, safe from any process. */
export async function markInventoryChanged(db: Database, scope: InventoryScope): Promise<void> {
  await db
    .insert(inventoryChanges)
    .values({ scope })
    .onConflictDoUpdate({ target: inventoryChanges.scope, set: { version: sql`${inventoryChanges.version} + 1`, changedAt: sql`now()` } });
}

/**
 * A stamp that moves whenever what shared pages show may have changed: any scope's version, and
 * the last write to a tenant (its site configuration, hosts, services) or a content page. The
 * last two tables are small; each write to them already sets `updated_at`.
 */
export async function sharedPagesVersion(db: Database): Promise<string> {
  const [inventory, site, pages] = await Promise.all([
    db.select({ value: sql<string>`coalesce(sum(${inventoryChanges.version}), 0)::text` }).from(inventoryChanges),
    db.select({ value: sql<string | null>`max(${tenants.updatedAt})::text` }).from(tenants),
    db.select({ value: sql<string | null>`max(${contentPages.updatedAt})::text` }).from(contentPages),
  ]);
  return [inventory, site, pages].map((rows) => rows[0]?.value ?? "").join("|");
}
