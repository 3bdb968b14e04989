import { data } from "react-router";
import { ContentArticle } from "#app/components/content/content-article.tsx";
import { loadContentPage } from "#app/content-page.server.ts";
import { CONTENT_HANDLE, contentHeaders, contentMeta } from "#app/content-route.ts";
import { CONTENT_PAGE_SLUGS, type ContentPageSlug } from "#app/route-table.ts";
import type { Route } from "./+types/pages";

function isSlug(value: string | undefined): value is ContentPageSlug {
  return (CONTENT_PAGE_SLUGS as readonly (string | undefined)[]).includes(value);
}

export function loader(args: Route.LoaderArgs) {
  // Route validation: only the six pages of spec §2 exist under /pages.
  if (!isSlug(args.params.slug)) throw data(null, { status: 404 });
  return loadContentPage(args, args.params.slug);
}

export const handle = CONTENT_HANDLE;

export const headers: Route.HeadersFunction = contentHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => contentMeta(matches, loaderData);

export default function Pages({ loaderData }: Route.ComponentProps) {
  return <ContentArticle page={loaderData} />;
}
