import { z } from "zod";
import { coverUrl, postPath, type BlogPost } from "#core/blog/post.ts";
import { listPosts, parsePage, readPost } from "#core/blog/read-posts.ts";
import { isLocale, type Locale } from "#core/i18n/locales.ts";
import { apiSchemas } from "../openapi.ts";
import { defineRoute, json } from "../route.ts";

/** Lists change when a post is published; the same for everyone of a host, so shared caches may keep them a minute. */
const SHARED = "public, max-age=60, s-maxage=60";

const coverSchema = z
  .object({
    width: z.number().int(),
    height: z.number().int(),
    fallback: z.string().describe("Path of the smallest file in the upload's own format."),
    sources: z
      .array(z.object({ type: z.enum(["image/avif", "image/webp", "image/jpeg", "image/png"]), srcset: z.string() }).strict())
      .describe("srcset per format, best first, as a <picture> takes them."),
    alt: z.string(),
  })
  .strict()
  .nullable();

const summarySchema = z
  .object({
    slug: z.string(),
    lang: z.enum(["fa", "en", "ar"]),
    path: z.string().describe("The post's page on this storefront."),
    title: z.string(),
    summary: z.string(),
    authorName: z.string(),
    publishedAt: z.string().describe("ISO 8601."),
    categories: z.array(z.string()),
    tags: z.array(z.string()),
    cover: coverSchema,
  })
  .strict();
summarySchema.register(apiSchemas, { id: "BlogPostSummary" });

const postSchema = summarySchema
  .extend({
    updatedAt: z.string(),
    bodyHtml: z.string().describe("Sanitised HTML rendered from the post's Markdown when it was saved."),
    relatedLinks: z
      .array(z.object({ label: z.string(), path: z.string() }).strict())
      .describe("Our own pages the post leads to (tours, flights…)."),
    translations: z.array(z.object({ lang: z.enum(["fa", "en", "ar"]), slug: z.string(), path: z.string() }).strict()),
  })
  .strict();
postSchema.register(apiSchemas, { id: "BlogPost" });

const MIME = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", png: "image/png" } as const;

function presentCover(post: BlogPost): z.output<typeof coverSchema> {
  const cover = post.cover;
  if (!cover) return null;
  const srcset = (format: string) => cover.widths.map((width) => `${coverUrl(cover.id, width, format)} ${width}w`).join(", ");
  const formats = cover.fallback === "webp" ? (["avif", "webp"] as const) : (["avif", "webp", cover.fallback] as const);
  return {
    width: cover.width,
    height: cover.height,
    fallback: coverUrl(cover.id, cover.widths[0] ?? cover.width, cover.fallback),
    sources: formats.map((format) => ({ type: MIME[format], srcset: srcset(format) })),
    alt: post.coverAlt,
  };
}

function presentSummary(post: BlogPost): z.output<typeof summarySchema> {
  return {
    slug: post.slug,
    lang: post.locale,
    path: postPath(post.locale, post.slug),
    title: post.title,
    summary: post.summary,
    authorName: post.authorName,
    publishedAt: post.publishedAt?.toISOString() ?? "",
    categories: post.categories,
    tags: post.tags,
    cover: presentCover(post),
  };
}

/** `lang` of the query when given (any of the tenant's languages), else the request's language. */
function langOf(value: string | undefined, fallback: Locale, tenantLocales: readonly Locale[]): Locale | null {
  if (value === undefined || value === "") return fallback;
  return isLocale(value) && tenantLocales.includes(value) ? value : null;
}

/**
 * `GET /api/v1/blog/posts`: the agency's published posts in a language, newest first, ten a page,
 * optionally of one category, with the language's categories. A page past the last is a 404.
 */
export const listBlogPostsRoute = defineRoute({
  operationId: "listBlogPosts",
  method: "get",
  path: "/api/v1/blog/posts",
  summary: "Published blog posts of a language, newest first",
  tags: ["blog"],
  auth: "none",
  service: "blog",
  cache: SHARED,
  query: z.object({
    lang: z.string().optional().describe("fa, en or ar (one of the agency's languages); the request's language when absent."),
    category: z.string().optional().describe("A category's name, as `categories` lists them."),
    page: z.string().optional().describe("1 or more (any digit set), default 1."),
  }),
  responses: {
    200: {
      description: "A page of posts and the language's categories with their counts.",
      schema: z
        .object({
          posts: z.array(summarySchema),
          page: z.number().int(),
          pages: z.number().int(),
          total: z.number().int(),
          categories: z.array(z.object({ name: z.string(), count: z.number().int() }).strict()),
        })
        .strict(),
    },
    404: { description: "This agency has no blog, or no such page of posts.", codes: ["SERVICE_UNAVAILABLE", "PAGE_INVALID"] },
    422: { description: "A parameter the list cannot take.", codes: ["LANG_INVALID", "PAGE_INVALID", "CATEGORY_INVALID"] },
  },
  async handler({ query, deps, tenant, locale, now, problem, field }) {
    if (!deps.blogPosts) return problem(404, "SERVICE_UNAVAILABLE", "api.error.SERVICE_UNAVAILABLE");
    const lang = langOf(query.lang, locale, tenant.locales);
    if (!lang) return problem(422, "LANG_INVALID", "blog.api.LANG_INVALID", [field("lang", "LANG_INVALID", "blog.api.LANG_INVALID")]);
    const page = parsePage(query.page);
    if (page === null)
      return problem(422, "PAGE_INVALID", "blog.api.PAGE_INVALID", [field("page", "PAGE_INVALID", "blog.api.PAGE_INVALID")]);
    const category = query.category === undefined || query.category === "" ? undefined : query.category.normalize("NFC");
    const listed = await listPosts(deps.blogPosts, {
      tenantId: tenant.id,
      locale: lang,
      now,
      page,
      ...(category !== undefined ? { category } : {}),
    });
    if (!listed.ok) {
      if (listed.error === "CATEGORY_INVALID")
        return problem(422, "CATEGORY_INVALID", "blog.api.CATEGORY_INVALID", [
          field("category", "CATEGORY_INVALID", "blog.api.CATEGORY_INVALID"),
        ]);
      return problem(404, "PAGE_INVALID", "blog.api.PAGE_INVALID");
    }
    return json({
      posts: listed.posts.map(presentSummary),
      page: listed.page,
      pages: listed.pages,
      total: listed.total,
      categories: listed.categories,
    });
  },
});

/** `GET /api/v1/blog/posts/{slug}`: one published post with its body (sanitised HTML) and its versions in other languages. */
export const readBlogPostRoute = defineRoute({
  operationId: "readBlogPost",
  method: "get",
  path: "/api/v1/blog/posts/{slug}",
  summary: "A published blog post",
  tags: ["blog"],
  auth: "none",
  service: "blog",
  cache: SHARED,
  params: z.object({ slug: z.string().max(200).describe("The post's slug in that language (Persian slugs percent-encoded).") }),
  query: z.object({ lang: z.string().optional().describe("fa, en or ar; the request's language when absent.") }),
  responses: {
    200: { description: "The post.", schema: postSchema },
    404: { description: "No published post by that slug in that language, or no blog.", codes: ["POST_NOT_FOUND", "SERVICE_UNAVAILABLE"] },
    422: { description: "A language the agency does not publish in.", codes: ["LANG_INVALID"] },
  },
  async handler({ params, query, deps, tenant, locale, now, problem, field }) {
    if (!deps.blogPosts) return problem(404, "SERVICE_UNAVAILABLE", "api.error.SERVICE_UNAVAILABLE");
    const lang = langOf(query.lang, locale, tenant.locales);
    if (!lang) return problem(422, "LANG_INVALID", "blog.api.LANG_INVALID", [field("lang", "LANG_INVALID", "blog.api.LANG_INVALID")]);
    const found = await readPost(deps.blogPosts, { tenantId: tenant.id, locale: lang, slug: params.slug, now });
    if (!found) return problem(404, "POST_NOT_FOUND", "blog.api.POST_NOT_FOUND");
    const { post, translations } = found;
    return json({
      ...presentSummary(post),
      updatedAt: post.updatedAt.toISOString(),
      bodyHtml: post.bodyHtml,
      relatedLinks: post.relatedLinks,
      translations: translations
        .filter((entry) => tenant.locales.includes(entry.locale))
        .map((entry) => ({ lang: entry.locale, slug: entry.slug, path: postPath(entry.locale, entry.slug) })),
    });
  },
});
