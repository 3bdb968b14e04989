import { Link } from "react-router";
import { href } from "#app/links.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { SiteView } from "#app/root-data.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { ServiceLinkItems } from "./service-links.tsx";
import { NAV_SERVICES } from "./service-nav.ts";

export function SiteHeader({ site }: { site: SiteView }) {
  const { t, locale, digits } = useI18n();
  const services = NAV_SERVICES.filter((service) => site.services.includes(service));
  return (
    <header className="site-header border-b border-black/10 bg-header">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2">
        <Link to={href(locale, "home")} className="flex items-center gap-2 text-lg font-bold text-inherit no-underline">
          {site.logoHeader ? <img src={site.logoHeader} alt="" width={40} height={40} className="size-10" /> : null}
          <span>{site.name}</span>
        </Link>
        <div className="flex items-center gap-3">
          {site.supportPhone ? (
            <a href={`tel:${site.supportPhone}`} className="hidden text-sm text-inherit no-underline sm:inline">
              {t("site.support")}: <bdi dir="ltr">{digits(site.supportPhone)}</bdi>
            </a>
          ) : null}
          {site.multiLanguage ? <LanguageSwitcher locales={site.locales} /> : null}
        </div>
      </div>
      <nav aria-label={t("site.mainMenu")} className="mx-auto max-w-6xl overflow-x-auto px-4">
        <ul className="flex gap-1 pb-1 text-sm">
          <ServiceLinkItems services={services} linkClassName="inline-block min-h-11 whitespace-nowrap rounded px-3 py-2.5 text-inherit no-underline hover:bg-black/5" />
        </ul>
      </nav>
    </header>
  );
}
