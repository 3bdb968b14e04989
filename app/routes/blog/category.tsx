import { loadBlogList } from "#app/blog/blog-page.server.ts";
import { BlogList, blogHeaders, blogListMeta } from "#app/components/blog/blog-list.tsx";
import type { Route } from "./+types/category";

/** `/blog/category/{name}`: the posts of one category; a category without posts is a 404. */
export function loader(args: Route.LoaderArgs) {
  return loadBlogList(args, args.params.category);
}

export const headers: Route.HeadersFunction = blogHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => blogListMeta(matches, loaderData);

export default function BlogCategoryPage({ loaderData }: Route.ComponentProps) {
  return <BlogList view={loaderData} />;
}
