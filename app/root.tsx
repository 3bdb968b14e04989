import type { CSSProperties, ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { DEFAULT_LOCALE, directionOf } from "#core/i18n/locales.ts";
import { readableTextOn } from "#core/tenants/colors.ts";
import type { Route } from "./+types/root";
import "./app.css";
import vazirmatn from "./assets/fonts/vazirmatn-subset.woff2?url";
import { ClientShell } from "./client/client-behaviour.tsx";
import { errorHeadline } from "./components/errors/error-headline.ts";
import { ErrorPage } from "./components/errors/error-page.tsx";
import { loadCatalog } from "./i18n/load-catalog.ts";
import { translate } from "#core/i18n/messages.ts";
import { useI18n } from "./i18n/use-i18n.ts";
import { layoutOfMatches, type LayoutName } from "./layouts/layout-names.ts";
import { PageFrame } from "./layouts/page-frame.tsx";
import { CspNonceMeta } from "./csp-nonce.tsx";
import { EarlyStylesheets } from "./early-stylesheets.tsx";
import { SiteHead } from "./page-head.tsx";
import { pageMeta } from "./page-meta.ts";
import { siteView, type RootData } from "./root-data.ts";

export function loader({ context, request }: Route.LoaderArgs) {
  const body: RootData = {
    locale: context.locale.locale,
    origin: new URL(request.url).origin,
    site: siteView(context),
    configLoaded: context.configLoaded,
  };
  // Pages built from the fallback configuration must not be cached anywhere (spec §8). Others
  // differ by host (the tenant); the language is in the path.
  const cacheControl = context.configLoaded ? "public, max-age=0, s-maxage=60, stale-while-revalidate=300" : "no-store";
  return data(body, { headers: { "Cache-Control": cacheControl, Vary: "Host, Accept-Encoding" } });
}

/** The one font every page draws with, fetched with the style sheet instead of after it. */
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: vazirmatn, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/** Navigating into another language loads that language's messages before the page renders. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const body = await serverLoader();
  await loadCatalog(body.locale);
  return body;
}

export function headers({ loaderHeaders, parentHeaders, errorHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  for (const [key, value] of loaderHeaders) merged.set(key, value);
  if (errorHeaders) for (const [key, value] of errorHeaders) merged.set(key, value);
  return merged;
}

/** The title of pages that have none of their own: error pages, by status. */
export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  const locale = loaderData?.locale ?? DEFAULT_LOCALE;
  const status = isRouteErrorResponse(error) ? error.status : error ? 500 : null;
  if (status === null) return pageMeta(loaderData ?? undefined, loaderData?.site.name ?? "");
  return pageMeta(loaderData ?? undefined, translate(locale, errorHeadline(status).title));
};

function tenantStyle(site: RootData["site"]): CSSProperties {
  return {
    "--tenant-button": site.colors.button,
    "--tenant-link": site.colors.link,
    "--tenant-background": site.colors.background,
    "--tenant-header": site.colors.header,
    "--tenant-footer": site.colors.footer,
    "--tenant-button-text": readableTextOn(site.colors.button),
    "--tenant-header-text": readableTextOn(site.colors.header),
    "--tenant-footer-text": readableTextOn(site.colors.footer),
  } as CSSProperties;
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const locale = root?.locale ?? DEFAULT_LOCALE;
  const site = root?.site;
  // Draws <Meta /> again when the language's messages arrive after a navigation rendered without them.
  useI18n();
  return (
    <html lang={locale} dir={directionOf(locale)} data-theme={site?.theme ?? "theme-1"} style={site ? tenantStyle(site) : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <CspNonceMeta />
        <EarlyStylesheets />
        {root ? <SiteHead root={root} /> : null}
        <Meta />
        {/* Stylesheets come from our own origin and need no nonce. An empty one (not the
            router's) keeps the development-only critical <style> hydrating without a mismatch:
            browsers hide a nonce attribute's value, so the client can only match "". */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen bg-page antialiased">
        <ClientShell>{children}</ClientShell>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Frame({ layout, children }: { layout: LayoutName; children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const { t } = useI18n();
  if (!root) return <main id="main">{children}</main>;
  return (
    <>
      <PageFrame layout={layout} site={root.site}>
        {children}
      </PageFrame>
      {/* Spec §2: a page built without its configuration carries a hidden marker. */}
      {!root.configLoaded ? (
        <span hidden data-not-cacheable="">
          {t("cache.notCacheable")}
        </span>
      ) : null}
    </>
  );
}

export default function App() {
  const layout = layoutOfMatches(useMatches());
  return (
    <Frame layout={layout}>
      <Outlet />
    </Frame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Frame layout="default">
      <ErrorPage status={status} />
    </Frame>
  );
}
