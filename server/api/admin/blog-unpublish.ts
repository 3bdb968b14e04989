import { statusRoute } from "./blog-shared.ts";

/** `POST /api/v1/admin/blog/posts/{id}/unpublish`. */
export const adminBlogUnpublishRoute = statusRoute("unpublish");
