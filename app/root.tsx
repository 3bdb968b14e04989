import type { CSSProperties, ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { DEFAULT_LOCALE, directionOf } from "#core/i18n/locales.ts";
import { readableTextOn } from "#core/tenants/colors.ts";
import type { Route } from "./+types/root";
import "./app.css";
import { errorHeadline } from "./components/errors/error-headline.ts";
import { ErrorPage } from "./components/errors/error-page.tsx";
import { SiteFooter } from "./components/layout/site-footer.tsx";
import { SiteHeader } from "./components/layout/site-header.tsx";
import { translate } from "./i18n/messages.ts";
import { useI18n } from "./i18n/use-i18n.ts";
import { pageMeta } from "./page-meta.ts";
import { siteView, type RootData } from "./root-data.ts";

export function loader({ context }: Route.LoaderArgs) {
  const body: RootData = { locale: context.locale.locale, site: siteView(context), configLoaded: context.configLoaded };
  // Pages built from the fallback configuration must not be cached anywhere (spec §8).
  const cacheControl = context.configLoaded ? "public, max-age=0, s-maxage=60, stale-while-revalidate=300" : "no-store";
  return data(body, { headers: { "Cache-Control": cacheControl, Vary: "Host, Accept-Encoding" } });
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
  const root = useRouteLoaderData("root") as RootData | undefined;
  const locale = root?.locale ?? DEFAULT_LOCALE;
  const site = root?.site;
  return (
    <html lang={locale} dir={directionOf(locale)} data-theme={site?.theme ?? "theme-1"} style={site ? tenantStyle(site) : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {site?.favIcon ? <link rel="icon" href={site.favIcon} /> : null}
        {site ? <meta name="theme-color" content={site.colors.button} /> : null}
        {site?.googleSiteVerification ? <meta name="google-site-verification" content={site.googleSiteVerification} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-page antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const { t } = useI18n();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t("site.skipToContent")}
      </a>
      {root ? <SiteHeader site={root.site} /> : null}
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {children}
      </main>
      {root ? <SiteFooter site={root.site} /> : null}
      {/* Spec §2: a page built without its configuration carries a hidden marker. */}
      {root && !root.configLoaded ? (
        <span hidden data-not-cacheable="">
          {t("cache.notCacheable")}
        </span>
      ) : null}
    </div>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Shell>
      <ErrorPage status={status} />
    </Shell>
  );
}
