import { isNull, sql } from "drizzle-orm";
import { defaultContentRows, type DefaultContentRow } from "#seed/content/index.ts";
import type { Database } from "./client.ts";
import { contentPages } from "./schema.ts";

/** Columns the seed owns; a default row that already says all of this is left alone. */
const SEEDED_COLUMNS = ["title", "description", "h1", "h2", "blocks", "questions", "schema", "dontCache"] as const;

/**
 * Writes the product's default content pages (rows with tenant_id NULL): new ones are added,
 * changed ones updated, unchanged ones untouched (their updated_at stays). A tenant's own rows
 * are never read or written here. Safe to run on every start and every release.
 */
export async function seedDefaultContent(
  db: Database,
  rows: readonly DefaultContentRow[] = defaultContentRows(),
): Promise<{ pages: number; written: number }> {
  if (rows.length === 0) return { pages: 0, written: 0 };
  const now = new Date();
  const values = rows.map((row) => ({ ...row, tenantId: null, updatedAt: now }));
  const set = Object.fromEntries(SEEDED_COLUMNS.map((key) => [key, sql.raw(`excluded.${contentPages[key].name}`)]));
  const changed = sql.join(
    SEEDED_COLUMNS.map((key) => sql`${contentPages[key]} is distinct from ${sql.raw(`excluded.${contentPages[key].name}`)}`),
    sql` or `,
  );
  const written = await db
    .insert(contentPages)
    .values(values)
    .onConflictDoUpdate({
      // The unique key treats NULLs as equal, so a default row conflicts with its earlier self.
      target: [contentPages.tenantId, contentPages.slug, contentPages.locale],
      set: { ...set, updatedAt: now },
      setWhere: sql`${isNull(contentPages.tenantId)} and (${changed})`,
    })
    .returning({ slug: contentPages.slug });
  return { pages: rows.length, written: written.length };
}
