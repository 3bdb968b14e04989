import { AccountLink, CompanyLinks, FollowLink, EmailLinks, PhoneLinks, SiteLogo, SocialLinks } from "#app/components/site/site-pieces.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { ChromeProps, Theme } from "../theme-types.ts";
import { Languages, Rights, ServiceMenu, SupportLine } from "../shared.tsx";

/** Theme 1, the default: a light header with the menu under the logo, a light three-column footer. */
function Header({ site, compact }: ChromeProps) {
  return (
    <header className="site-header border-b border-black/10 bg-header">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2">
        <SiteLogo site={site} src={site.logoHeader} className="text-lg" />
        <div className="flex items-center gap-3">
          <SupportLine site={site} className="hidden text-sm sm:inline" />
          {compact ? null : <SocialLinks site={site} size={16} className="hidden xl:flex" />}
          {compact ? null : <Languages site={site} />}
          {compact ? null : <AccountLink className="text-sm" />}
        </div>
      </div>
      {compact ? null : (
        <ServiceMenu
          site={site}
          className="mx-auto max-w-6xl px-4 pb-1 text-sm"
          linkClassName="inline-block min-h-11 rounded px-3 py-2.5 text-inherit no-underline hover:bg-black/5 aria-[current=page]:font-bold aria-[current=page]:text-brand"
        />
      )}
    </header>
  );
}

function Footer({ site, compact }: ChromeProps) {
  const { t } = useI18n();
  if (compact) {
    return (
      <footer className="site-footer mt-8 border-t border-black/10 bg-footer px-4 py-4 text-center text-sm">
        <SupportLine site={site} />
        <FollowLink className="mt-1 block" />
        <Rights site={site} className="mt-1 text-xs" />
      </footer>
    );
  }
  return (
    <footer className="site-footer mt-8 border-t border-black/10 bg-footer">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="mb-2">
            <SiteLogo site={site} src={site.logoFooter} size={32} />
          </h2>
          {site.slogan ? <p className="mb-2 text-sm">{site.slogan}</p> : null}
          <CompanyLinks className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" />
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-2 font-bold">
            {t("footer.contact")}
          </h2>
          <dl className="space-y-1 text-sm">
            {site.phones.length > 0 ? (
              <div>
                <dt className="inline">{t("footer.phone")}: </dt>
                <dd className="inline">
                  <PhoneLinks phones={site.phones} />
                </dd>
              </div>
            ) : null}
            {site.emails.length > 0 ? (
              <div>
                <dt className="inline">{t("footer.email")}: </dt>
                <dd className="inline">
                  <EmailLinks emails={site.emails} />
                </dd>
              </div>
            ) : null}
            {site.address ? (
              <div>
                <dt className="inline">{t("footer.address")}: </dt>
                <dd className="inline">{site.address}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="mb-2 font-bold">
            {t("footer.social")}
          </h2>
          <SocialLinks site={site} className="-ms-3" />
        </section>
      </div>
      <Rights site={site} className="border-t border-black/10 py-3 text-center text-xs" />
    </footer>
  );
}

export const theme1: Theme = { Header, Footer };
