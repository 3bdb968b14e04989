import { defineRoute } from "../route.ts";
import { ADMIN_TAG, apiActor } from "./shared.ts";
import { SAVE_DESCRIPTION, WRITE_RESPONSES, fieldsOf, idParams, postBody, publishAtOf, reply, writeDeps } from "./blog-shared.ts";
import { savePost } from "#core/blog/admin-posts.ts";
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
