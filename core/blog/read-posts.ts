import type { Locale } from "../i18n/locales.ts";
import { MAX_LIST_PAGE, POSTS_PER_PAGE, isPostVisible, type BlogPost } from "./post.ts";
import type { BlogPostRepository } from "./ports.ts";
import { isValidSlug, LIMITS } from "./rules.ts";

/**
 * What visitors read (pages, the API, the feed, the sitemap): only posts visible at `now`, of
 * one tenant and language. Invalid input is a value the caller turns into a 404 or a problem.
 */
export type ListError = "PAGE_INVALID" | "CATEGORY_INVALID";

/** A page number from a query (`?page=`), any digit set; absent is 1. */
export function parsePage(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return 1;
  const latin = value.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  if (!/^[0-9]{1,4}$/.test(latin)) return null;
  const page = Number(latin);
  return page >= 1 && page <= MAX_LIST_PAGE ? page : null;
}

export async function listPosts(
  posts: BlogPostRepository,
  input: { tenantId: string; locale: Locale; now: Date; page: number; category?: string },
): Promise<
  | { ok: true; posts: BlogPost[]; total: number; page: number; pages: number; categories: { name: string; count: number }[] }
  | { ok: false; error: ListError }
> {
  if (input.category !== undefined && !isValidSlug(input.category, LIMITS.label)) return { ok: false, error: "CATEGORY_INVALID" };
  const [found, categories] = await Promise.all([
    posts.listVisible({
      tenantId: input.tenantId,
      locale: input.locale,
      now: input.now,
      ...(input.category !== undefined ? { category: input.category } : {}),
      offset: (input.page - 1) * POSTS_PER_PAGE,
      limit: POSTS_PER_PAGE,
    }),
    posts.categories(input.tenantId, input.locale, input.now),
  ]);
  const pages = Math.max(1, Math.ceil(found.total / POSTS_PER_PAGE));
  // Page 1 exists even when empty (the blog has no posts yet); later pages exist only with posts.
  if (input.page > pages) return { ok: false, error: "PAGE_INVALID" };
  return { ok: true, posts: found.posts, total: found.total, page: input.page, pages, categories };
}

/** A visible post by its slug, with the addresses of its versions in other languages. */
export async function readPost(
  posts: BlogPostRepository,
  input: { tenantId: string; locale: Locale; slug: string; now: Date },
): Promise<{ post: BlogPost; translations: { locale: Locale; slug: string }[] } | null> {
  const slug = input.slug.normalize("NFC");
  if (!isValidSlug(slug)) return null;
  const post = await posts.bySlug(input.tenantId, input.locale, slug);
  if (!post || !isPostVisible(post, input.now)) return null;
  const translations = post.translationKey ? await posts.translations(input.tenantId, post.translationKey, input.now) : [];
  return { post, translations: translations.filter((entry) => entry.locale !== post.locale) };
}
