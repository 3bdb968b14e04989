import { and, eq, isNull, or } from "drizzle-orm";
import { CONTENT_SLUGS, type ContentSlug } from "#core/content/content-page.ts";
import { isLocale } from "#core/i18n/locales.ts";
import type { ContentRepository, StoredContentPage } from "#core/content/ports.ts";
import type { Database } from "./client.ts";
import { contentPages } from "./schema.ts";

type ContentRow = typeof contentPages.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toPage(row: ContentRow): StoredContentPage | null {
  // The columns are plain text; a row written by hand with a slug or language we do not serve is ignored.
  if (!isLocale(row.locale) || !(CONTENT_SLUGS as readonly string[]).includes(row.slug)) return null;
  return {
    slug: row.slug as ContentSlug,
    locale: row.locale,
    tenantId: row.tenantId,
    title: row.title,
    description: row.description,
    h1: row.h1,
    h2: row.h2,
    blocks: Array.isArray(row.blocks) ? row.blocks : [],
    questions: Array.isArray(row.questions) ? row.questions : [],
    schema: row.schema,
    dontCache: row.dontCache,
    updatedAt: row.updatedAt,
  };
}

export function createContentRepository(db: Database): ContentRepository {
  return {
    async find({ tenantId, slug, locale }) {
      // A tenant id that is not a UUID (the fallback site's) can own no row, and must not reach
      // the uuid column, where PostgreSQL would reject the query instead of finding nothing.
      const ownerId = tenantId !== null && UUID.test(tenantId) ? tenantId : null;
      const owners =
        ownerId === null ? isNull(contentPages.tenantId) : or(isNull(contentPages.tenantId), eq(contentPages.tenantId, ownerId));
      const rows = await db
        .select()
        .from(contentPages)
        .where(and(eq(contentPages.slug, slug), eq(contentPages.locale, locale), owners))
        .limit(2);
      const own = rows.find((row) => ownerId !== null && row.tenantId === ownerId);
      const fallback = rows.find((row) => row.tenantId === null);
      return { own: own ? toPage(own) : null, fallback: fallback ? toPage(fallback) : null };
    },
  };
}
