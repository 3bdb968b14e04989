import { defineRoute } from "../route.ts";
import { ADMIN_TAG, apiActor } from "./shared.ts";
import { SAVE_DESCRIPTION, WRITE_RESPONSES, fieldsOf, postBody, publishAtOf, reply, writeDeps } from "./blog-shared.ts";
import { savePost } from "#core/blog/admin-posts.ts";
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
