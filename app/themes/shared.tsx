import { LanguageSwitcher } from "#app/components/layout/language-switcher.tsx";
import { BlogLinkItem, ServiceLinkItems } from "#app/components/layout/service-links.tsx";
import { NAV_SERVICES } from "#app/components/layout/service-nav.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { SiteView } from "#app/root-data.ts";

export function navServices(site: SiteView) {
  return NAV_SERVICES.filter((service) => site.services.includes(service));
}

/** The service menu; on narrow screens it scrolls sideways instead of wrapping. */
export function ServiceMenu({ site, className = "", linkClassName }: { site: SiteView; className?: string; linkClassName: string }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t("site.mainMenu")} className={`overflow-x-auto ${className}`}>
      <ul className="flex gap-1 whitespace-nowrap">
        <ServiceLinkItems services={navServices(site)} linkClassName={linkClassName} />
        <BlogLinkItem blog={site.blog} linkClassName={linkClassName} />
      </ul>
    </nav>
  );
}

export function Languages({ site }: { site: SiteView }) {
  return site.multiLanguage ? <LanguageSwitcher locales={site.locales} /> : null;
}

export function SupportLine({ site, className = "" }: { site: SiteView; className?: string }) {
  const { t, digits } = useI18n();
  if (!site.supportPhone) return null;
  return (
    <a href={`tel:${site.supportPhone}`} className={`text-inherit no-underline ${className}`}>
      {t("site.support")}: <bdi dir="ltr">{digits(site.supportPhone)}</bdi>
    </a>
  );
}

export function Rights({ site, className = "" }: { site: SiteView; className?: string }) {
  const { t } = useI18n();
  return <p className={className}>{t("footer.rights", { name: site.name })}</p>;
}
