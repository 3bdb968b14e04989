import type { Request } from "express";
import { z } from "zod";
import {
  publishPostAudited,
  savePost,
  unpublishPostAudited,
  uploadCoverAudited,
  type BlogAdminDeps,
  type BlogAdminResult,
} from "#core/blog/admin-posts.ts";
import { POST_STATUSES, coverUrl, isPostVisible, postPath, type BlogPost } from "#core/blog/post.ts";
import type { BlogPorts } from "#core/blog/ports.ts";
import { LIMITS } from "#core/blog/rules.ts";
import { MAX_COVER_BYTES } from "#core/blog/write-posts.ts";
import { LOCALES, isLocale } from "#core/i18n/locales.ts";
import type { ApiDeps } from "../deps.ts";
import type { MessageKey } from "../i18n.ts";
import { apiSchemas } from "../openapi.ts";
import { defineRoute, json, type RouteContext } from "../route.ts";
import { ADMIN_TAG, apiActor } from "./shared.ts";

/**
 * The blog's admin endpoints (issue 25): the editor's screens as JSON, on the same audited use
 * cases (core/blog/admin-posts.ts) as the screens and the CLI. Every write drops the cached pages
 * that show posts, so /blog, its feeds and the sitemap show the change at once.
 */

const PAGE_SIZE = 20;

const adminPostSchema = z
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

function presentPost(post: BlogPost, now: Date): z.output<typeof adminPostSchema> {
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

const idParams = z.object({ id: z.uuid().describe("The post's id.") });

const postBody = z
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

function blogPorts(deps: ApiDeps): BlogPorts {
  // The blog is part of every deployment with a database; a server without one has no admin routes to reach.
  if (!deps.blog) throw new Error("blog admin routes need the blog's ports");
  return deps.blog;
}

function writeDeps(deps: ApiDeps): BlogAdminDeps & Pick<BlogPorts, "images" | "processor"> {
  return { ...blogPorts(deps), audit: deps.backOffice.audit, clock: deps.clock, newId: () => crypto.randomUUID() };
}

const WRITE_RESPONSES = {
  200: { description: "The post as stored.", schema: adminPostSchema },
  404: { description: "NOT_FOUND: this tenant has no post of that id.", codes: ["NOT_FOUND"] },
  422: {
    description: "VALIDATION_FAILED: each refused field with its code (blog.error codes: REQUIRED, SLUG_TAKEN, LINK_PATH_INVALID…).",
    codes: ["VALIDATION_FAILED"],
  },
} as const;

type Ctx = Pick<RouteContext<unknown, unknown, unknown, "required">, "problem" | "field" | "now">;

/** A use case's answer as the API's: the post, or its refusal field by field in the request's language. */
function reply(result: BlogAdminResult, { problem, field, now }: Ctx) {
  if (result.ok) return json(presentPost(result.post, now));
  if (result.error === "NOT_FOUND") return problem(404, "NOT_FOUND", "blog.api.POST_NOT_FOUND");
  return problem(
    422,
    "VALIDATION_FAILED",
    "api.error.VALIDATION_FAILED",
    Object.entries(result.fields).map(([name, code]) => field(name, code ?? "INVALID", `blog.error.${code}` as MessageKey)),
  );
}

function publishAtOf(text: string | undefined): Date | "DATE_INVALID" | null {
  if (text === undefined || text.trim() === "") return null;
  // An instant must say its offset: a bare "2026-12-01T09:00" could be Tehran's or UTC's.
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(text.trim())) return "DATE_INVALID";
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? "DATE_INVALID" : at;
}

function fieldsOf(body: z.output<typeof postBody>) {
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

/** `GET /api/v1/admin/blog/posts`: every post of the host's tenant, whatever its status. */
export const adminBlogListRoute = defineRoute({
  operationId: "adminBlogPosts",
  method: "get",
  path: "/api/v1/admin/blog/posts",
  summary: "The tenant's blog posts in every language and status, newest change first",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "blog.read",
  query: z
    .object({
      lang: z.enum(LOCALES).optional(),
      status: z.enum(POST_STATUSES).optional(),
      category: z.string().max(LIMITS.label).optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
    })
    .strict(),
  responses: {
    200: {
      description: "One page of posts.",
      schema: z.object({ posts: z.array(adminPostSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
    },
  },
  async handler({ deps, tenant, query, now }) {
    const all = await blogPorts(deps).posts.listAll(tenant.id, query.lang && isLocale(query.lang) ? query.lang : undefined);
    const matching = all.filter(
      (post) => (!query.status || post.status === query.status) && (!query.category || post.categories.includes(query.category)),
    );
    return json({
      posts: matching.slice((query.page - 1) * PAGE_SIZE, query.page * PAGE_SIZE).map((post) => presentPost(post, now)),
      total: matching.length,
      page: query.page,
      pageSize: PAGE_SIZE,
    });
  },
});

/** `GET /api/v1/admin/blog/posts/{id}`: one post with its Markdown. */
export const adminBlogReadRoute = defineRoute({
  operationId: "adminBlogPost",
  method: "get",
  path: "/api/v1/admin/blog/posts/{id}",
  summary: "One blog post of the tenant, whatever its status",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "blog.read",
  params: idParams,
  responses: {
    200: { description: "The post.", schema: adminPostSchema },
    404: { description: "NOT_FOUND: this tenant has no post of that id.", codes: ["NOT_FOUND"] },
  },
  async handler({ deps, tenant, params, now, problem }) {
    const post = await blogPorts(deps).posts.byId(tenant.id, params.id);
    return post ? json(presentPost(post, now)) : problem(404, "NOT_FOUND", "blog.api.POST_NOT_FOUND");
  },
});

const SAVE_DESCRIPTION =
  "Every field is checked before anything is written; the status is draft, published (now) or scheduled (publishAt, in the future). Recorded in the audit log with the post before and after.";

/** `POST /api/v1/admin/blog/posts`: a new post. */
export const adminBlogCreateRoute = defineRoute({
  operationId: "adminBlogCreate",
  method: "post",
  path: "/api/v1/admin/blog/posts",
  summary: "Write a new blog post",
  description: SAVE_DESCRIPTION,
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "blog.write",
  body: postBody,
  bodyLimitBytes: 256 * 1024,
  responses: WRITE_RESPONSES,
  async handler(context) {
    const { deps, tenant, body, staff, signedIn, req } = context;
    const result = await savePost(writeDeps(deps), apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret }), {
      tenantId: tenant.id,
      id: null,
      fields: fieldsOf(body),
      status: body.status,
      publishAt: publishAtOf(body.publishAt),
    });
    return reply(result, context);
  },
});

/** `PUT /api/v1/admin/blog/posts/{id}`: every field of a post. */
export const adminBlogUpdateRoute = defineRoute({
  operationId: "adminBlogUpdate",
  method: "put",
  path: "/api/v1/admin/blog/posts/{id}",
  summary: "Change every field of a blog post",
  description: SAVE_DESCRIPTION,
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "blog.write",
  params: idParams,
  body: postBody,
  bodyLimitBytes: 256 * 1024,
  responses: WRITE_RESPONSES,
  async handler(context) {
    const { deps, tenant, params, body, staff, signedIn, req } = context;
    const result = await savePost(writeDeps(deps), apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret }), {
      tenantId: tenant.id,
      id: params.id,
      fields: fieldsOf(body),
      status: body.status,
      publishAt: publishAtOf(body.publishAt),
    });
    return reply(result, context);
  },
});

function statusRoute(kind: "publish" | "unpublish") {
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

export const adminBlogPublishRoute = statusRoute("publish");
export const adminBlogUnpublishRoute = statusRoute("unpublish");

export const COVER_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** The request's bytes up to `limit`; null past it (the rest is read and dropped so the connection stays usable). */
async function rawBody(req: Request, limit: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  return size > limit ? null : new Uint8Array(Buffer.concat(chunks));
}

/** `POST /api/v1/admin/blog/posts/{id}/cover`: the image itself as the body. */
export const adminBlogCoverRoute = defineRoute({
  operationId: "adminBlogCover",
  method: "post",
  path: "/api/v1/admin/blog/posts/{id}/cover",
  summary: "Upload a blog post's cover image",
  description: `The body is the image file itself (Content-Type image/jpeg, image/png or image/webp; at most ${MAX_COVER_BYTES} bytes), not multipart. Its type is read from its first bytes, not trusted from the header. It is resized and stored in WebP, AVIF and its own format. A refusal names the field "cover": IMAGE_REQUIRED, IMAGE_TOO_LARGE, IMAGE_TYPE, IMAGE_UNREADABLE or IMAGE_TOO_SMALL. Audited.`,
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "blog.write",
  params: idParams,
  rawBody: { types: COVER_TYPES, limitBytes: MAX_COVER_BYTES },
  responses: WRITE_RESPONSES,
  async handler(context) {
    const { deps, tenant, params, staff, signedIn, req, problem, field } = context;
    const bytes = await rawBody(req, MAX_COVER_BYTES);
    if (bytes === null)
      return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [
        field("cover", "IMAGE_TOO_LARGE", "blog.error.IMAGE_TOO_LARGE"),
      ]);
    const result = await uploadCoverAudited(writeDeps(deps), apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret }), {
      tenantId: tenant.id,
      id: params.id,
      bytes,
    });
    return reply(result, context);
  },
});
