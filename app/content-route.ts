import type { MetaDescriptor } from "react-router";
import type { RouteHandle } from "./layouts/layout-names.ts";
import type { ContentPageView } from "./components/content/content-article.tsx";
import { pageMeta } from "./page-meta.ts";
import { rootDataOf } from "./route-meta.ts";

/** Content pages use the index layout: the text beside a menu of the other content pages. */
export const CONTENT_HANDLE: RouteHandle = { layout: "index" };

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** Title and description of a content page come from its stored head info. */
export function contentMeta(matches: readonly MatchLike[], page: ContentPageView | undefined): MetaDescriptor[] {
  if (!page) return [];
  return pageMeta(rootDataOf(matches), page.title, page.description);
}

/**
 * A content route's headers: the root's (caching, Vary), with the page's own on top, so a page
 * flagged dontCache answers `Cache-Control: no-store`.
 */
export function contentHeaders({ parentHeaders, loaderHeaders }: { parentHeaders: Headers; loaderHeaders: Headers }): Headers {
  const merged = new Headers(parentHeaders);
  for (const [key, value] of loaderHeaders) merged.set(key, value);
  return merged;
}
