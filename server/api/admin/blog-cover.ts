import { defineRoute } from "../route.ts";
import { ADMIN_TAG, apiActor } from "./shared.ts";
import { WRITE_RESPONSES, idParams, reply, writeDeps } from "./blog-shared.ts";
import type { Request } from "express";
import { uploadCoverAudited } from "#core/blog/admin-posts.ts";
import { MAX_COVER_BYTES } from "#core/blog/write-posts.ts";
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
