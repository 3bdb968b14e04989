import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { CompanyLinks } from "#app/components/site/site-pieces.tsx";
import { href } from "#app/links.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { isLocale } from "#core/i18n/locales.ts";
import { serviceOfPath } from "#core/services/service-ids.ts";
import type { SiteView } from "#app/root-data.ts";
import { THEME_COMPONENTS } from "#app/themes/index.ts";
import type { LayoutName } from "./layout-names.ts";

/** The band that opens a service's pages: a breadcrumb on the service's own tint. */
const SERVICE_BANDS: Partial<Record<LayoutName, { label: MessageKey; tint: string }>> = {
  flight: { label: "nav.flight", tint: "layout-band-flight" },
  outFlight: { label: "nav.internationalflight", tint: "layout-band-outflight" },
  train: { label: "nav.train", tint: "layout-band-train" },
  hotel: { label: "nav.hotel", tint: "layout-band-hotel" },
  insurance: { label: "nav.insurance", tint: "layout-band-insurance" },
};

/** The path without its language prefix, as the service table reads it. */
function pathWithoutLocale(pathname: string): string {
  const [, first = "", ...rest] = pathname.split("/");
  return isLocale(first) ? `/${rest.join("/")}` : pathname;
}

function ServiceBand({ layout }: { layout: LayoutName }) {
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  const band = SERVICE_BANDS[layout];
  if (!band) return null;
  // Hotels abroad share the hotel layout; their band names their own service.
  const label = layout === "hotel" && serviceOfPath(pathWithoutLocale(pathname)) === "intHotel" ? "nav.intHotel" : band.label;
  return (
    <div className={`layout-band ${band.tint}`}>
      <nav aria-label={t("site.breadcrumb")} className="mx-auto max-w-6xl px-4 py-3 text-sm">
        <ol className="flex items-center gap-2">
          <li>
            <Link to={href(locale, "home")}>{t("nav.home")}</Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page">{t(label)}</li>
        </ol>
      </nav>
    </div>
  );
}

/**
 * Puts a page inside its layout (spec §2): the active theme's header and footer around a body
 * shaped for the kind of page. Unknown layout names have already become "default".
 */
export function PageFrame({ layout, site, children }: { layout: LayoutName; site: SiteView; children: ReactNode }) {
  const { t } = useI18n();
  const { Header, Footer } = THEME_COMPONENTS[site.theme];
  const compact = layout === "factor";
  let body: ReactNode;
  switch (layout) {
    case "home":
      body = <div className="layout-home">{children}</div>;
      break;
    case "front":
      body = <div className="w-full">{children}</div>;
      break;
    case "index":
      body = (
        <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-6 lg:grid-cols-[14rem_1fr]">
          <nav aria-label={t("nav.company")} className="order-last lg:order-first">
            <CompanyLinks
              className="flex flex-wrap gap-2 text-sm lg:flex-col lg:gap-1"
              linkClassName="inline-block rounded px-2 py-1.5 no-underline hover:bg-black/5 aria-[current=page]:bg-black/5 aria-[current=page]:font-bold"
            />
          </nav>
          <div className="min-w-0">{children}</div>
        </div>
      );
      break;
    case "factor":
      body = <div className="mx-auto w-full max-w-3xl px-4 py-6 print:max-w-none print:p-0">{children}</div>;
      break;
    case "default":
    case "flight":
    case "outFlight":
    case "train":
    case "hotel":
    case "insurance":
      body = (
        <>
          <ServiceBand layout={layout} />
          <div className="mx-auto w-full max-w-6xl px-4 py-6">{children}</div>
        </>
      );
  }
  return (
    <div className="flex min-h-screen flex-col" data-layout={layout}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-black"
      >
        {t("site.skipToContent")}
      </a>
      <div className="print:hidden">
        <Header site={site} compact={compact} />
      </div>
      <main id="main" className="flex flex-1 flex-col">
        {body}
      </main>
      <div className="print:hidden">
        <Footer site={site} compact={compact} />
      </div>
    </div>
  );
}
