import { statusRoute } from "./blog-shared.ts";

/** `POST /api/v1/admin/blog/posts/{id}/publish`. */
export const adminBlogPublishRoute = statusRoute("publish");
