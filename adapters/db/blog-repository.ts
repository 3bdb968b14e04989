import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNotNull, lte, or, sql } from "drizzle-orm";
import { isLocale, type Locale } from "#core/i18n/locales.ts";
import type { BlogPost } from "#core/blog/post.ts";
import { IMAGE_FORMATS, type BlogImageStore, type BlogPostRepository } from "#core/blog/ports.ts";
import { isPostStatus } from "#core/blog/rules.ts";
import type { Database } from "./client.ts";
import { blogImages, blogPosts } from "./schema.ts";

type PostRow = typeof blogPosts.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toPost(row: PostRow): BlogPost | null {
  // A row written by hand with a language or status we do not serve is not shown.
  if (!isLocale(row.locale) || !isPostStatus(row.status)) return null;
  return {
    id: row.id,
    tenantId: row.tenantId,
    locale: row.locale,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    cover: row.cover ?? null,
    coverAlt: row.coverAlt,
    bodyMarkdown: row.bodyMarkdown,
    bodyHtml: row.bodyHtml,
    categories: row.categories,
    tags: row.tags,
    authorName: row.authorName,
    status: row.status,
    publishedAt: row.publishedAt,
    relatedLinks: Array.isArray(row.relatedLinks) ? row.relatedLinks : [],
    translationKey: row.translationKey,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const posts = (rows: PostRow[]) => rows.map(toPost).filter((post): post is BlogPost => post !== null);

function values(post: BlogPost) {
  return {
    id: post.id,
    tenantId: post.tenantId,
    locale: post.locale,
    slug: post.slug,
    title: post.title,
    summary: post.summary,
    cover: post.cover,
    coverAlt: post.coverAlt,
    bodyMarkdown: post.bodyMarkdown,
    bodyHtml: post.bodyHtml,
    categories: post.categories,
    tags: post.tags,
    authorName: post.authorName,
    status: post.status,
    publishedAt: post.publishedAt,
    relatedLinks: post.relatedLinks,
    translationKey: post.translationKey,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
  };
}

/** Public at `now`: published or scheduled, and its time has come. */
const visibleAt = (now: Date) =>
  and(
    or(eq(blogPosts.status, "published"), eq(blogPosts.status, "scheduled")),
    isNotNull(blogPosts.publishedAt),
    lte(blogPosts.publishedAt, now),
  );

/** The unique violation of the slug key, as both drivers report it (SQLSTATE 23505). */
function isSlugTaken(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;
  return code === "23505";
}

export function createBlogPostRepository(db: Database): BlogPostRepository {
  return {
    async byId(tenantId, id) {
      if (!UUID.test(tenantId) || !UUID.test(id)) return null;
      const rows = await db
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.id, id)))
        .limit(1);
      return rows[0] ? toPost(rows[0]) : null;
    },
    async bySlug(tenantId, locale, slug) {
      if (!UUID.test(tenantId)) return null;
      const rows = await db
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.locale, locale), eq(blogPosts.slug, slug)))
        .limit(1);
      return rows[0] ? toPost(rows[0]) : null;
    },
    async listVisible({ tenantId, locale, now, category, offset, limit }) {
      if (!UUID.test(tenantId)) return { posts: [], total: 0 };
      const where = and(
        eq(blogPosts.tenantId, tenantId),
        eq(blogPosts.locale, locale),
        visibleAt(now),
        category !== undefined ? sql`${blogPosts.categories} @> array[${category}]::text[]` : undefined,
      );
      const [rows, counted] = await Promise.all([
        db.select().from(blogPosts).where(where).orderBy(desc(blogPosts.publishedAt), asc(blogPosts.id)).offset(offset).limit(limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(blogPosts)
          .where(where),
      ]);
      return { posts: posts(rows), total: counted[0]?.total ?? 0 };
    },
    async categories(tenantId, locale, now) {
      if (!UUID.test(tenantId)) return [];
      const name = sql<string>`unnest(${blogPosts.categories})`;
      const rows = await db
        .select({ name, count: sql<number>`count(*)::int` })
        .from(blogPosts)
        .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.locale, locale), visibleAt(now)))
        .groupBy(sql`1`)
        .orderBy(sql`2 desc`, sql`1`);
      return rows;
    },
    async translations(tenantId, translationKey, now) {
      if (!UUID.test(tenantId)) return [];
      const rows = await db
        .select({ locale: blogPosts.locale, slug: blogPosts.slug })
        .from(blogPosts)
        .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.translationKey, translationKey), visibleAt(now)));
      return rows.filter((row): row is { locale: Locale; slug: string } => isLocale(row.locale));
    },
    async allVisible(tenantId, now) {
      if (!UUID.test(tenantId)) return [];
      return posts(
        await db
          .select()
          .from(blogPosts)
          .where(and(eq(blogPosts.tenantId, tenantId), visibleAt(now)))
          .orderBy(desc(blogPosts.publishedAt)),
      );
    },
    async listAll(tenantId, locale) {
      if (!UUID.test(tenantId)) return [];
      return posts(
        await db
          .select()
          .from(blogPosts)
          .where(and(eq(blogPosts.tenantId, tenantId), locale ? eq(blogPosts.locale, locale) : undefined))
          .orderBy(desc(blogPosts.updatedAt)),
      );
    },
    async insert(post) {
      try {
        await db.insert(blogPosts).values(values(post));
        return true;
      } catch (error) {
        if (isSlugTaken(error)) return false;
        throw error;
      }
    },
    async update(post) {
      try {
        await db
          .update(blogPosts)
          .set(values(post))
          .where(and(eq(blogPosts.tenantId, post.tenantId), eq(blogPosts.id, post.id)));
        return true;
      } catch (error) {
        if (isSlugTaken(error)) return false;
        throw error;
      }
    },
    async delete(tenantId, id) {
      if (!UUID.test(tenantId) || !UUID.test(id)) return false;
      const rows = await db
        .delete(blogPosts)
        .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.id, id)))
        .returning({ id: blogPosts.id });
      return rows.length > 0;
    },
  };
}

export function createBlogImageStore(db: Database): BlogImageStore {
  return {
    async save({ tenantId, width, height, variants, createdAt }) {
      const id = randomUUID();
      await db.insert(blogImages).values(
        variants.map((variant) => ({
          id,
          tenantId,
          width: variant.width,
          format: variant.format,
          bytes: variant.bytes,
          originalWidth: width,
          originalHeight: height,
          createdAt,
        })),
      );
      return id;
    },
    async variant({ tenantId, id, width, format }) {
      if (!UUID.test(tenantId) || !UUID.test(id) || !(IMAGE_FORMATS as readonly string[]).includes(format)) return null;
      const rows = await db
        .select({ bytes: blogImages.bytes })
        .from(blogImages)
        .where(and(eq(blogImages.tenantId, tenantId), eq(blogImages.id, id), eq(blogImages.width, width), eq(blogImages.format, format)))
        .limit(1);
      return rows[0]?.bytes ?? null;
    },
  };
}
