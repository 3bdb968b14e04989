import { ContentArticle } from "#app/components/content/content-article.tsx";
import { loadContentPage } from "#app/content-page.server.ts";
import { CONTENT_HANDLE, contentHeaders, contentMeta } from "#app/content-route.ts";
import type { Route } from "./+types/about-us";

export function loader(args: Route.LoaderArgs) {
  return loadContentPage(args, "aboutus");
}

export const handle = CONTENT_HANDLE;

export const headers: Route.HeadersFunction = contentHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => contentMeta(matches, loaderData);

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  return <ContentArticle page={loaderData} />;
}
