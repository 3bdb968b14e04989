import { LOCALES, isLocale, type Locale } from "../i18n/locales.ts";
import { POST_STATUSES, type PostStatus, type RelatedLink } from "./post.ts";

/**
 * The rules of a post's fields. Every refusal names its field with a code; the back-office and the
 * CLI show the code's message beside the field (core/i18n: blog.error.<CODE>).
 */
export const BLOG_FIELD_ERRORS = [
  "REQUIRED",
  "TOO_LONG",
  "SLUG_INVALID",
  "SLUG_RESERVED",
  "SLUG_TAKEN",
  "LOCALE_INVALID",
  "CATEGORY_INVALID",
  "TAG_INVALID",
  "TOO_MANY",
  "LINK_LABEL_INVALID",
  "LINK_PATH_INVALID",
  "DATE_INVALID",
  "STATUS_INVALID",
  "NOT_SCHEDULABLE",
] as const;
export type BlogFieldError = (typeof BLOG_FIELD_ERRORS)[number];
export type BlogFieldErrors = Partial<Record<string, BlogFieldError>>;

export const LIMITS = {
  title: 160,
  slug: 120,
  summary: 400,
  coverAlt: 200,
  body: 100_000,
  author: 100,
  categories: 8,
  tags: 20,
  label: 60,
  links: 10,
  linkLabel: 100,
  linkPath: 300,
  translationKey: 100,
} as const;

/**
 * Words that are pages of the blog itself, never a post: /blog/category/…, /blog/rss.xml,
 * /blog/page/… are taken by the blog.
 */
const RESERVED_SLUGS = new Set(["category", "rss.xml", "page", "tag", "feed"]);

/**
 * A slug (and a category or tag name) is letters of any script, their combining marks, digits and
 * single hyphens between them: readable Persian and Arabic URLs are allowed, while nothing in it
 * needs escaping in HTML or can change the meaning of a path (no slash, dot, space or percent).
 * Persian spelling needs the zero-width non-joiner inside a word (جزیره‌ها), so it may stand
 * between two letters, never at a word's edge.
 */
const SLUG = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:\u200c[\p{L}\p{M}\p{N}]+)*(?:-[\p{L}\p{M}\p{N}]+(?:\u200c[\p{L}\p{M}\p{N}]+)*)*$/u;

export function isValidSlug(value: string, max: number = LIMITS.slug): boolean {
  return value.length > 0 && value.length <= max && SLUG.test(value);
}

/**
 * A slug from a title: lower case, Persian/Arabic letter forms kept, zero-width non-joiners,
 * spaces and punctuation become single hyphens. May still be empty (a title of symbols only).
 */
export function slugify(title: string): string {
  return (
    title
      .normalize("NFC")
      .toLowerCase()
      // A non-joiner stays inside a word; anywhere else it is a separator like the rest.
      .replace(/\u200c+/g, "\u200c")
      .replace(/(^|[^\p{L}\p{M}\p{N}])\u200c|\u200c(?=[^\p{L}\p{M}\p{N}]|$)/gu, "$1")
      .replace(/[^\p{L}\p{M}\p{N}\u200c]+/gu, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, LIMITS.slug)
      .replace(/-+$/, "")
  );
}

/**
 * The first path segments a related link may lead to: our own service and content pages. Anything
 * else (another site, a protocol, a path we do not serve) is refused when the post is saved.
 */
const LINKABLE_SECTIONS = new Set([
  "flight",
  "flightRtrip",
  "internationalflight",
  "train",
  "bus",
  "hotel",
  "outHotel",
  "internationalhotel",
  "tour",
  "internationaltour",
  "insurance",
  "blog",
  "contact",
  "faq",
  "rules",
  "pages",
  "chargemobile",
  "follow",
]);

/** Characters an own path may hold: letters of any script, digits and the URL's own separators. */
const PATH_CHARS = /^[\p{L}\p{M}\p{N}\-._~/%?=&]*$/u;

/** True for a path of this storefront: /tour/kish, /en/flight/THR-KIH, /blog/… (no host, no scheme, no "..", no backslash). */
export function isOwnPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.length > LIMITS.linkPath) return false;
  if (!PATH_CHARS.test(path) || path.includes("..")) return false;
  const [pathname = ""] = path.split("?");
  // An escaped slash or backslash (%2F, %5C) could turn into a separator further down: refused; any other escape must decode.
  if (/%(2f|5c)/i.test(pathname)) return false;
  try {
    decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const segments = pathname.split("/").filter(Boolean);
  const first = segments[0] && (LOCALES as readonly string[]).includes(segments[0]) && segments[0] !== "fa" ? segments[1] : segments[0];
  return first !== undefined && LINKABLE_SECTIONS.has(first);
}

export interface PostFields {
  locale: Locale;
  slug: string;
  title: string;
  summary: string;
  coverAlt: string;
  bodyMarkdown: string;
  categories: string[];
  tags: string[];
  authorName: string;
  relatedLinks: RelatedLink[];
  translationKey: string | null;
}

/** What a caller sends to create or change a post: anything, checked field by field. */
export type PostFieldsInput = Partial<Record<keyof PostFields, unknown>>;

type Checked<T> = { ok: true; value: T } | { ok: false; error: BlogFieldError };

function text(value: unknown, max: number, required: boolean): Checked<string> {
  if (value === undefined || value === null) return required ? { ok: false, error: "REQUIRED" } : { ok: true, value: "" };
  if (typeof value !== "string") return { ok: false, error: "REQUIRED" };
  const trimmed = value.trim();
  if (required && trimmed === "") return { ok: false, error: "REQUIRED" };
  if (trimmed.length > max) return { ok: false, error: "TOO_LONG" };
  return { ok: true, value: trimmed };
}

function labels(value: unknown, max: number, error: BlogFieldError): Checked<string[]> {
  if (value === undefined || value === null) return { ok: true, value: [] };
  if (!Array.isArray(value)) return { ok: false, error };
  if (value.length > max) return { ok: false, error: "TOO_MANY" };
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== "string") return { ok: false, error };
    const name = slugify(item);
    if (!isValidSlug(name, LIMITS.label)) return { ok: false, error };
    if (!out.includes(name)) out.push(name);
  }
  return { ok: true, value: out };
}

function links(value: unknown, errors: BlogFieldErrors): RelatedLink[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.relatedLinks = "LINK_PATH_INVALID";
    return [];
  }
  if (value.length > LIMITS.links) {
    errors.relatedLinks = "TOO_MANY";
    return [];
  }
  const out: RelatedLink[] = [];
  value.forEach((item: unknown, index) => {
    const entry = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
    const label = text(entry.label, LIMITS.linkLabel, true);
    if (!label.ok) errors[`relatedLinks.${index}.label`] = "LINK_LABEL_INVALID";
    const path = typeof entry.path === "string" ? entry.path.trim() : "";
    if (!isOwnPath(path)) errors[`relatedLinks.${index}.path`] = "LINK_PATH_INVALID";
    if (label.ok && isOwnPath(path)) out.push({ label: label.value, path });
  });
  return out;
}

/**
 * Checks every field of a post and gives them back cleaned (trimmed, labels as slugs), or every
 * refusal by field. The slug defaults to one made from the title.
 */
export function checkPostFields(input: PostFieldsInput): { ok: true; fields: PostFields } | { ok: false; errors: BlogFieldErrors } {
  const errors: BlogFieldErrors = {};
  const locale = isLocale(input.locale) ? input.locale : null;
  if (!locale) errors.locale = "LOCALE_INVALID";
  const title = text(input.title, LIMITS.title, true);
  if (!title.ok) errors.title = title.error;
  const rawSlug = typeof input.slug === "string" && input.slug.trim() !== "" ? input.slug.trim().normalize("NFC") : null;
  const slug = rawSlug ?? (title.ok ? slugify(title.value) : "");
  if (rawSlug !== null && !isValidSlug(rawSlug)) errors.slug = rawSlug.length > LIMITS.slug ? "TOO_LONG" : "SLUG_INVALID";
  else if (rawSlug === null && title.ok && !isValidSlug(slug)) errors.slug = "REQUIRED";
  else if (RESERVED_SLUGS.has(slug)) errors.slug = "SLUG_RESERVED";
  const summary = text(input.summary, LIMITS.summary, true);
  if (!summary.ok) errors.summary = summary.error;
  const coverAlt = text(input.coverAlt, LIMITS.coverAlt, false);
  if (!coverAlt.ok) errors.coverAlt = coverAlt.error;
  const body = text(input.bodyMarkdown, LIMITS.body, true);
  if (!body.ok) errors.bodyMarkdown = body.error;
  const author = text(input.authorName, LIMITS.author, true);
  if (!author.ok) errors.authorName = author.error;
  const categories = labels(input.categories, LIMITS.categories, "CATEGORY_INVALID");
  if (!categories.ok) errors.categories = categories.error;
  const tags = labels(input.tags, LIMITS.tags, "TAG_INVALID");
  if (!tags.ok) errors.tags = tags.error;
  const relatedLinks = links(input.relatedLinks, errors);
  let translationKey: string | null = null;
  if (input.translationKey !== undefined && input.translationKey !== null && input.translationKey !== "") {
    if (typeof input.translationKey !== "string" || !isValidSlug(input.translationKey.trim(), LIMITS.translationKey))
      errors.translationKey = "SLUG_INVALID";
    else translationKey = input.translationKey.trim();
  }
  if (Object.keys(errors).length > 0 || !locale || !title.ok || !summary.ok || !body.ok || !author.ok || !categories.ok || !tags.ok)
    return { ok: false, errors };
  return {
    ok: true,
    fields: {
      locale,
      slug,
      title: title.value,
      summary: summary.value,
      coverAlt: coverAlt.ok ? coverAlt.value : "",
      bodyMarkdown: body.value,
      categories: categories.value,
      tags: tags.value,
      authorName: author.value,
      relatedLinks,
      translationKey,
    },
  };
}

export function isPostStatus(value: unknown): value is PostStatus {
  return typeof value === "string" && (POST_STATUSES as readonly string[]).includes(value);
}
