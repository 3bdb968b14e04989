import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG } from "./shared.ts";
import { adminPostSchema, blogPorts, idParams, presentPost } from "./blog-shared.ts";

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
