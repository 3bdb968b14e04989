import { data } from "react-router";
import { ContentPage } from "#app/components/content-page.tsx";
import { CONTENT_PAGE_SLUGS, type ContentPageSlug } from "#app/route-table.ts";
import { rootDataOf, translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/pages";

function isSlug(value: string | undefined): value is ContentPageSlug {
  return (CONTENT_PAGE_SLUGS as readonly (string | undefined)[]).includes(value);
}

export function loader({ params }: Route.LoaderArgs) {
  // Route validation: only the six pages of spec §2 exist under /pages.
  if (!isSlug(params.slug)) throw data(null, { status: 404 });
  return { slug: params.slug };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData ? translatedMeta(matches, `page.${loaderData.slug}.title`, `page.${loaderData.slug}.intro`) : [];

export default function Pages({ loaderData, matches }: Route.ComponentProps) {
  const { slug } = loaderData;
  return <ContentPage title={`page.${slug}.title`} intro={`page.${slug}.intro`} name={rootDataOf(matches)?.site.name ?? ""} />;
}
