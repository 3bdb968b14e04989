import { z } from "zod";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG } from "./shared.ts";
import { PAGE_SIZE, adminPostSchema, blogPorts, presentPost } from "./blog-shared.ts";
import { POST_STATUSES } from "#core/blog/post.ts";
import { LIMITS } from "#core/blog/rules.ts";
import { LOCALES, isLocale } from "#core/i18n/locales.ts";
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
