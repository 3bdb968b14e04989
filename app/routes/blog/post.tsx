import { loadBlogPost } from "#app/blog/blog-page.server.ts";
import { blogHeaders } from "#app/components/blog/blog-list.tsx";
import { BlogArticle, blogPostMeta } from "#app/components/blog/blog-article.tsx";
import type { Route } from "./+types/post";

/** `/blog/{slug}`: one visible post in this language. */
export function loader(args: Route.LoaderArgs) {
  return loadBlogPost(args, args.params.slug);
}

export const headers: Route.HeadersFunction = blogHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => blogPostMeta(matches, loaderData);

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  return <BlogArticle post={loaderData} />;
}
