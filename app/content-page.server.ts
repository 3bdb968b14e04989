import { data, type AppLoadContext } from "react-router";
import type { ContentSlug } from "#core/content/content-page.ts";
import { getContentPage, withAgencyName } from "#core/content/get-content-page.ts";
import { pageJsonLd } from "#core/content/json-ld.ts";
import { localized } from "#core/tenants/site-config.ts";
import type { ContentPageView } from "./components/content/content-article.tsx";

/** The page's own address, without query or fragment: what its JSON-LD names as its url. */
function pageUrl(requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${url.origin}${url.pathname}`;
}

/**
 * The loader of every content route: the tenant's page, or the default, in the request's
 * language (Persian when nothing else exists), with the agency's name written in. A page flagged
 * dontCache is answered with `Cache-Control: no-store` (the route's `headers` passes it on).
 */
export async function loadContentPage({ context, request }: { context: AppLoadContext; request: Request }, slug: ContentSlug) {
  const locale = context.locale.locale;
  let result: Awaited<ReturnType<typeof getContentPage>>;
  try {
    // The fallback configuration is not a tenant row and owns no pages.
    result = await getContentPage(
      { tenantId: context.configLoaded ? context.tenant.id : null, slug, locale },
      { content: context.content },
    );
  } catch (error) {
    context.log.error({ err: error, slug }, "content page could not be loaded");
    throw data(null, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
  if (!result.ok) throw data(null, { status: 404 });

  // The name goes in the language the text is written in, which is Persian for a stand-in page.
  const page = withAgencyName(result.page, localized(context.tenant.nameCompany, result.page.locale) ?? "");
  const view: ContentPageView = {
    slug,
    locale: page.locale,
    source: result.source,
    title: page.title,
    description: page.description,
    h1: page.h1,
    h2: page.h2,
    blocks: page.blocks,
    questions: page.questions,
    jsonLd: pageJsonLd(page, pageUrl(request.url)),
    dontCache: page.dontCache,
  };
  return data(view, page.dontCache ? { headers: { "Cache-Control": "no-store" } } : undefined);
}
