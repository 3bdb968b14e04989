import type { Locale } from "../i18n/locales.ts";

/**
 * A blog post (issue 25 §2): one tenant's article in one language. Versions of the same article
 * in other languages share a `translationKey`. The body is kept as Markdown (what the editor
 * wrote) and as the sanitised HTML rendered from it when it was saved; pages read only the HTML.
 */
export const POST_STATUSES = ["draft", "scheduled", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export interface RelatedLink {
  label: string;
  /** One of our own paths, e.g. /tour/kish or /en/flight/THR-KIH. */
  path: string;
}

/** An uploaded cover: its stored widths in WebP and AVIF, and the same widths in the upload's own format as a fallback. */
export interface CoverImage {
  id: string;
  width: number;
  height: number;
  widths: number[];
  fallback: "jpg" | "png" | "webp";
}

/** The address of one stored file of a cover. */
export function coverUrl(id: string, width: number, format: string): string {
  return `/blog-images/${id}/${width}.${format}`;
}

export interface BlogPost {
  id: string;
  tenantId: string;
  locale: Locale;
  slug: string;
  title: string;
  summary: string;
  cover: CoverImage | null;
  coverAlt: string;
  bodyMarkdown: string;
  bodyHtml: string;
  categories: string[];
  tags: string[];
  authorName: string;
  status: PostStatus;
  /** When a published post went public, or when a scheduled one will; null for a draft never published. */
  publishedAt: Date | null;
  relatedLinks: RelatedLink[];
  translationKey: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A post is public once published, or once its scheduled time has come (read from the clock; no job flips it). */
export function isPostVisible(post: Pick<BlogPost, "status" | "publishedAt">, now: Date): boolean {
  if (post.status === "draft" || post.publishedAt === null) return false;
  return post.publishedAt.getTime() <= now.getTime();
}

/** Posts on one list page. */
export const POSTS_PER_PAGE = 10;
/** The deepest list page anyone may ask for; beyond it the answer is a 404, not a slow query. */
export const MAX_LIST_PAGE = 1000;

/** The path of a post, a category or the list, in a language, under the tenant's blog path. */
export function blogPath(locale: Locale, rest = ""): string {
  const prefix = locale === "fa" ? "" : `/${locale}`;
  return `${prefix}/blog${rest === "" ? "" : `/${rest}`}`;
}

export function postPath(locale: Locale, slug: string): string {
  return blogPath(locale, encodeURIComponent(slug));
}

export function categoryPath(locale: Locale, category: string): string {
  return blogPath(locale, `category/${encodeURIComponent(category)}`);
}

/**
 * Where the header's and footer's blog link goes: the tenant's `blogUrl` (spec §1, default /blog),
 * in the page's language when it is one of our paths; an agency's blog elsewhere (an http(s) URL)
 * as it is. Anything else falls back to our own blog.
 */
export function blogLinkOf(blogUrl: string | null | undefined, locale: Locale): { href: string; external: boolean } {
  const url = (blogUrl ?? "").trim();
  if (/^https?:\/\/[^\s]+$/i.test(url)) return { href: url, external: true };
  const own = url.startsWith("/") && !url.startsWith("//") && !url.includes("\\") ? url : "/blog";
  return { href: locale === "fa" ? own : `/${locale}${own === "/" ? "" : own}`, external: false };
}

/** A category's name as read: its slug with hyphens as spaces. */
export function categoryLabel(category: string): string {
  return category.replace(/-/g, " ");
}
