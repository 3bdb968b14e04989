import { and, asc, eq, sql } from "drizzle-orm";
import type { ContentEditorStore } from "#core/content/edit-content-page.ts";
import { CONTENT_SLUGS, type ContentSlug } from "#core/content/content-page.ts";
import { isLocale } from "#core/i18n/locales.ts";
import type { Database } from "./client.ts";
import { createContentRepository } from "./content-repository.ts";
import { contentPages, tenants } from "./schema.ts";

/**
 * A tenant's own content pages, written from the back-office. Every write also moves the tenant's
 * `updated_at`, part of the stamp every process watches (ADR 0034), so its cached pages drop: a
 * revert deletes a row, which need not move `max(content_pages.updated_at)`.
 */
export function createContentEditorStore(db: Database): ContentEditorStore {
  const touched = async (tenantId: string, now: Date) => {
    await db
      .update(tenants)
      .set({ updatedAt: sql`greatest(${now.toISOString()}::timestamptz, ${tenants.updatedAt} + interval '1 millisecond')` })
      .where(eq(tenants.id, tenantId));
  };
  return {
    ...createContentRepository(db),
    async overrides(tenantId) {
      const rows = await db
        .select({ slug: contentPages.slug, locale: contentPages.locale, updatedAt: contentPages.updatedAt })
        .from(contentPages)
        .where(eq(contentPages.tenantId, tenantId))
        .orderBy(asc(contentPages.slug), asc(contentPages.locale));
      return rows.flatMap((row) =>
        isLocale(row.locale) && (CONTENT_SLUGS as readonly string[]).includes(row.slug)
          ? [{ slug: row.slug as ContentSlug, locale: row.locale, updatedAt: row.updatedAt }]
          : [],
      );
    },

    async save({ tenantId, slug, locale, content, now }) {
      const values = { ...content, updatedAt: now };
      const [row] = await db
        .insert(contentPages)
        .values({ tenantId, slug, locale, ...values })
        .onConflictDoUpdate({ target: [contentPages.tenantId, contentPages.slug, contentPages.locale], set: values })
        .returning();
      await touched(tenantId, now);
      return {
        slug,
        locale,
        tenantId,
        title: row!.title,
        description: row!.description,
        h1: row!.h1,
        h2: row!.h2,
        blocks: row!.blocks,
        questions: row!.questions,
        schema: row!.schema,
        dontCache: row!.dontCache,
        updatedAt: row!.updatedAt,
      };
    },

    async remove({ tenantId, slug, locale }) {
      const removed = await db
        .delete(contentPages)
        .where(and(eq(contentPages.tenantId, tenantId), eq(contentPages.slug, slug), eq(contentPages.locale, locale)))
        .returning({ id: contentPages.id });
      if (removed.length > 0) await touched(tenantId, new Date());
      return removed.length > 0;
    },
  };
}
