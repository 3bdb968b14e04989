import { AccountLink, CompanyLinks, FollowLink, ContactList, SiteLogo, SocialLinks } from "#app/components/site/site-pieces.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { ChromeProps, Theme } from "../theme-types.ts";
import { Languages, Rights, ServiceMenu, SupportLine } from "../shared.tsx";

/**
 * Theme 3: a dark header with the logo and slogan centred and an underlined menu below; a footer
 * that opens with the logo and large social buttons.
 */
function Header({ site, compact }: ChromeProps) {
  return (
    <header className="site-header bg-header">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 pt-2 text-sm">
        <div className="flex items-center gap-4">
          <SupportLine site={site} />
          {site.emails[0] && !compact ? (
            <a href={`mailto:${site.emails[0]}`} className="hidden text-inherit no-underline md:inline">
              <bdi dir="ltr">{site.emails[0]}</bdi>
            </a>
          ) : null}
        </div>
        {compact ? null : (
          <div className="flex items-center gap-1">
            <Languages site={site} />
            <AccountLink labelClassName="sr-only sm:not-sr-only" />
          </div>
        )}
      </div>
      <div className="mx-auto flex max-w-6xl flex-col items-center px-4 pb-2 text-center">
        <SiteLogo site={site} src={site.logoHeader} size={52} className="flex-col text-xl" />
        {site.slogan && !compact ? <p className="mt-1 text-sm opacity-90">{site.slogan}</p> : null}
      </div>
      {compact ? null : (
        <ServiceMenu
          site={site}
          className="border-t border-white/15 text-sm [&>ul]:mx-auto [&>ul]:w-max [&>ul]:max-w-full [&>ul]:px-4"
          linkClassName="inline-block min-h-11 border-b-2 border-transparent px-3 py-2.5 text-inherit no-underline hover:border-white/60 aria-[current=page]:border-white aria-[current=page]:font-bold"
        />
      )}
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
      <div className="mx-auto max-w-6xl px-4 py-10">
        <div className="mb-8 flex flex-col items-center gap-3 border-b border-white/15 pb-8 text-center">
          <SiteLogo site={site} src={site.logoFooter} size={56} className="flex-col text-xl" />
          <h2 className="sr-only">{t("footer.social")}</h2>
          <SocialLinks site={site} size={24} className="justify-center [&_a]:border [&_a]:border-white/30" />
        </div>
        <div className="grid gap-8 sm:grid-cols-2">
          <section aria-labelledby="footer-company">
            <h2 id="footer-company" className="mb-3 font-bold">
              {t("nav.company")}
            </h2>
            <CompanyLinks className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm" linkClassName="hover:underline" />
          </section>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="mb-3 font-bold">
              {t("footer.contact")}
            </h2>
            <ContactList site={site} className="space-y-2 text-sm" />
          </section>
        </div>
      </div>
      <Rights site={site} className="border-t border-white/15 py-4 text-center text-xs opacity-90" />
    </footer>
  );
}

export const theme3: Theme = { Header, Footer };
