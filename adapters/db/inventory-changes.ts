import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { inventoryChanges } from "./schema.ts";

/** What changed: the house inventories rolled or were written, or a day's fare history was recorded. */
export type InventoryScope = "inventory" | "fare-history";

/** Records a change that shared pages (route landings) show; one statement, safe from any process. */
export async function markInventoryChanged(db: Database, scope: InventoryScope): Promise<void> {
  await db
    .insert(inventoryChanges)
    .values({ scope })
    .onConflictDoUpdate({ target: inventoryChanges.scope, set: { version: sql`${inventoryChanges.version} + 1`, changedAt: sql`now()` } });
}

/** A number that moves whenever any scope changes: the sum of every scope's version. */
export async function inventoryVersion(db: Database): Promise<number> {
  const rows = await db.select({ total: sql<string>`coalesce(sum(${inventoryChanges.version}), 0)` }).from(inventoryChanges);
  return Number(rows[0]?.total ?? 0);
}
