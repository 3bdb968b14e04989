import { z } from "zod";
import { publishPostAudited, unpublishPostAudited, type BlogAdminDeps, type BlogAdminResult } from "#core/blog/admin-posts.ts";
import { POST_STATUSES, coverUrl, isPostVisible, postPath, type BlogPost } from "#core/blog/post.ts";
import type { BlogPorts } from "#core/blog/ports.ts";
import { LIMITS } from "#core/blog/rules.ts";
import { LOCALES } from "#core/i18n/locales.ts";
import type { ApiDeps } from "../deps.ts";
import type { MessageKey } from "../i18n.ts";
import { apiSchemas } from "../openapi.ts";
import { defineRoute, json, type RouteContext } from "../route.ts";
import { ADMIN_TAG, apiActor } from "./shared.ts";

/**
 * What the blog's admin endpoints share (issue 25; one route per file beside this one): the
 * editor's screens as JSON, on the same audited use cases (core/blog/admin-posts.ts) as the
 * screens and the CLI. Every write drops the cached pages that show posts, so /blog, its feeds and
 * the sitemap show the change at once.
 */

export const PAGE_SIZE = 20;

export const adminPostSchema = z
  .object({
    id: z.string(),
    lang: z.enum(LOCALES),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    bodyMarkdown: z.string(),
    bodyHtml: z.string().describe("Sanitised HTML rendered from the Markdown when it was saved: what the public page shows."),
    categories: z.array(z.string()),
    tags: z.array(z.string()),
    authorName: z.string(),
    status: z.enum(POST_STATUSES),
    publishedAt: z.string().nullable().describe("ISO 8601: when it went (or goes) public; null for a draft never published."),
    relatedLinks: z.array(z.object({ label: z.string(), path: z.string() }).strict()),
    translationKey: z.string().nullable(),
    cover: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).strict().nullable(),
    coverAlt: z.string(),
    publicPath: z
      .string()
      .nullable()
      .describe("The public page while the post is on the site; null for a draft or a post still scheduled."),
    updatedAt: z.string(),
  })
  .strict();
adminPostSchema.register(apiSchemas, { id: "AdminBlogPost" });

export function presentPost(post: BlogPost, now: Date): z.output<typeof adminPostSchema> {
  const cover = post.cover;
  return {
    id: post.id,
    lang: post.locale,
    slug: post.slug,
    title: post.title,
    summary: post.summary,
    bodyMarkdown: post.bodyMarkdown,
    bodyHtml: post.bodyHtml,
    categories: post.categories,
    tags: post.tags,
    authorName: post.authorName,
    status: post.status,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    relatedLinks: post.relatedLinks,
    translationKey: post.translationKey,
    cover: cover
      ? { url: coverUrl(cover.id, cover.widths[0] ?? cover.width, cover.fallback), width: cover.width, height: cover.height }
      : null,
    coverAlt: post.coverAlt,
    publicPath: isPostVisible(post, now) ? postPath(post.locale, post.slug) : null,
    updatedAt: post.updatedAt.toISOString(),
  };
}

export const idParams = z.object({ id: z.uuid().describe("The post's id.") });

export const postBody = z
  .object({
    lang: z.string().max(4),
    title: z.string().max(LIMITS.title * 2),
    slug: z
      .string()
      .max(LIMITS.slug * 2)
      .optional()
      .describe("Made from the title when absent or empty."),
    summary: z.string().max(LIMITS.summary * 2),
    bodyMarkdown: z
      .string()
      .max(LIMITS.body + 1)
      .describe("Markdown; raw HTML is not rendered."),
    categories: z
      .array(z.string().max(LIMITS.label * 2))
      .max(LIMITS.categories * 2)
      .optional(),
    tags: z
      .array(z.string().max(LIMITS.label * 2))
      .max(LIMITS.tags * 2)
      .optional(),
    authorName: z.string().max(LIMITS.author * 2),
    coverAlt: z
      .string()
      .max(LIMITS.coverAlt * 2)
      .optional(),
    relatedLinks: z
      .array(z.object({ label: z.string().max(LIMITS.linkLabel * 2), path: z.string().max(LIMITS.linkPath * 2) }).strict())
      .max(LIMITS.links * 2)
      .optional()
      .describe("Our own pages only, e.g. /tour/kish."),
    translationKey: z
      .string()
      .max(LIMITS.translationKey * 2)
      .nullable()
      .optional(),
    status: z.string().max(20).describe("draft, scheduled or published."),
    publishAt: z.string().max(40).optional().describe("ISO 8601 with its offset; required (and in the future) when status is scheduled."),
  })
  .strict();

export function blogPorts(deps: ApiDeps): BlogPorts {
  // The blog is part of every deployment with a database; a server without one has no admin routes to reach.
  if (!deps.blog) throw new Error("blog admin routes need the blog's ports");
  return deps.blog;
}

export function writeDeps(deps: ApiDeps): BlogAdminDeps & Pick<BlogPorts, "images" | "processor"> {
  return { ...blogPorts(deps), audit: deps.backOffice.audit, clock: deps.clock, newId: () => crypto.randomUUID() };
}

export const WRITE_RESPONSES = {
  200: { description: "The post as stored.", schema: adminPostSchema },
  404: { description: "NOT_FOUND: this tenant has no post of that id.", codes: ["NOT_FOUND"] },
  422: {
    description: "VALIDATION_FAILED: each refused field with its code (blog.error codes: REQUIRED, SLUG_TAKEN, LINK_PATH_INVALID…).",
    codes: ["VALIDATION_FAILED"],
  },
} as const;

export type Ctx = Pick<RouteContext<unknown, unknown, unknown, "required">, "problem" | "field" | "now">;

/** A use case's answer as the API's: the post, or its refusal field by field in the request's language. */
export function reply(result: BlogAdminResult, { problem, field, now }: Ctx) {
  if (result.ok) return json(presentPost(result.post, now));
  if (result.error === "NOT_FOUND") return problem(404, "NOT_FOUND", "blog.api.POST_NOT_FOUND");
  return problem(
    422,
    "VALIDATION_FAILED",
    "api.error.VALIDATION_FAILED",
    Object.entries(result.fields).map(([name, code]) => field(name, code ?? "INVALID", `blog.error.${code}` as MessageKey)),
  );
}

export function publishAtOf(text: string | undefined): Date | "DATE_INVALID" | null {
  if (text === undefined || text.trim() === "") return null;
  // An instant must say its offset: a bare "2026-12-01T09:00" could be Tehran's or UTC's.
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(text.trim())) return "DATE_INVALID";
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? "DATE_INVALID" : at;
}

export function fieldsOf(body: z.output<typeof postBody>) {
  return {
    locale: body.lang,
    title: body.title,
    slug: body.slug,
    summary: body.summary,
    bodyMarkdown: body.bodyMarkdown,
    categories: body.categories,
    tags: body.tags,
    authorName: body.authorName,
    coverAlt: body.coverAlt,
    relatedLinks: body.relatedLinks,
    translationKey: body.translationKey,
  };
}

export const SAVE_DESCRIPTION =
  "Every field is checked before anything is written; the status is draft, published (now) or scheduled (publishAt, in the future). Recorded in the audit log with the post before and after.";

export function statusRoute(kind: "publish" | "unpublish") {
  const run = kind === "publish" ? publishPostAudited : unpublishPostAudited;
  return defineRoute({
    operationId: kind === "publish" ? "adminBlogPublish" : "adminBlogUnpublish",
    method: "post",
    path: `/api/v1/admin/blog/posts/{id}/${kind}`,
    summary: kind === "publish" ? "Publish a blog post now" : "Take a blog post off the site (back to a draft)",
    description:
      kind === "publish"
        ? "A post published before keeps its first date; a scheduled one is brought forward to now. Audited."
        : "Its first publication date is kept for when it returns. Audited.",
    tags: [ADMIN_TAG],
    auth: "required",
    admin: "blog.write",
    params: idParams,
    responses: { 200: WRITE_RESPONSES[200], 404: WRITE_RESPONSES[404] },
    async handler(context) {
      const { deps, tenant, params, staff, signedIn, req } = context;
      const result = await run(writeDeps(deps), apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret }), {
        tenantId: tenant.id,
        id: params.id,
      });
      return reply(result, context);
    },
  });
}
