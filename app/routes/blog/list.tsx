import { loadBlogList } from "#app/blog/blog-page.server.ts";
import { BlogList, blogHeaders, blogListMeta } from "#app/components/blog/blog-list.tsx";
import type { Route } from "./+types/list";

/** `/blog`: the tenant's posts in this language, newest first, ten a page, with the categories. */
export function loader(args: Route.LoaderArgs) {
  return loadBlogList(args);
}

export const headers: Route.HeadersFunction = blogHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => blogListMeta(matches, loaderData);

export default function BlogListPage({ loaderData }: Route.ComponentProps) {
  return <BlogList view={loaderData} />;
}
