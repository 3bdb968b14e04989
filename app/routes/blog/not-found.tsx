import { blogNotFound } from "#app/blog/blog-page.server.ts";
import type { Route } from "./+types/not-found";

/** Any other path under /blog (`/blog/a/b`): the not-found page in the page's language, inside the site's frame. */
export function loader({ context }: Route.LoaderArgs) {
  blogNotFound(context);
}

export default function BlogNotFound() {
  return null;
}
