import { AccountLink, CompanyLinks, FollowLink, ContactList, SiteLogo, SocialLinks } from "#app/components/site/site-pieces.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { ChromeProps, Theme } from "../theme-types.ts";
import { Languages, Rights, ServiceMenu, SupportLine, navServices } from "../shared.tsx";
import { ServiceLinkItems } from "#app/components/layout/service-links.tsx";

/**
 * Theme 2: a coloured header with a contact strip above it and the menu beside the logo on wide
 * screens; pill-shaped links; a dark four-column footer.
 */
function Header({ site, compact }: ChromeProps) {
  return (
    <header className="site-header bg-header shadow-sm">
      <div className="bg-black/15 text-sm">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 px-4">
          <div className="flex items-center gap-4 py-1">
            <SupportLine site={site} />
            {site.emails[0] && !compact ? (
              <a href={`mailto:${site.emails[0]}`} className="hidden text-inherit no-underline md:inline">
                <bdi dir="ltr">{site.emails[0]}</bdi>
              </a>
            ) : null}
          </div>
          {compact ? null : (
            <div className="flex items-center gap-2">
              <SocialLinks site={site} size={16} className="hidden md:flex" />
              <Languages site={site} />
              <AccountLink />
            </div>
          )}
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 lg:flex-row lg:items-center lg:gap-8">
        <SiteLogo site={site} src={site.logoHeader} size={44} className="text-xl" />
        {/* White text on a lighter pill of the header's colour falls under 4.5:1 (3.6 on the demo green):
            the hovered and current pills darken it instead. */}
        {compact ? null : (
          <ServiceMenu
            site={site}
            className="text-sm"
            linkClassName="inline-block min-h-11 rounded-full px-4 py-2.5 text-inherit no-underline hover:bg-black/10 aria-[current=page]:bg-black/20 aria-[current=page]:font-bold"
          />
        )}
      </div>
    </header>
  );
}

function Footer({ site, compact }: ChromeProps) {
  const { t } = useI18n();
  if (compact) {
    return (
      <footer className="site-footer mt-10 bg-footer px-4 py-5 text-center text-sm">
        <SupportLine site={site} />
        <FollowLink className="mt-1 block text-inherit" />
        <Rights site={site} className="mt-1 text-xs opacity-90" />
      </footer>
    );
  }
  return (
    <footer className="site-footer mt-10 bg-footer">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="sr-only">
            {site.name}
          </h2>
          <SiteLogo site={site} src={site.logoFooter} size={48} className="mb-3 text-xl" />
          {site.slogan ? <p className="mb-3 text-sm opacity-90">{site.slogan}</p> : null}
          <SocialLinks site={site} className="-ms-3" />
        </section>
        <section aria-labelledby="footer-services">
          <h2 id="footer-services" className="mb-3 font-bold">
            {t("nav.services")}
          </h2>
          <ul className="space-y-1 text-sm">
            <ServiceLinkItems services={navServices(site)} linkClassName="hover:underline" />
          </ul>
        </section>
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="mb-3 font-bold">
            {t("nav.company")}
          </h2>
          <CompanyLinks className="space-y-1 text-sm" linkClassName="hover:underline" />
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 font-bold">
            {t("footer.contact")}
          </h2>
          <ContactList site={site} className="space-y-2 text-sm" />
        </section>
      </div>
      <Rights site={site} className="border-t border-white/15 py-4 text-center text-xs opacity-90" />
    </footer>
  );
}

export const theme2: Theme = { Header, Footer };
