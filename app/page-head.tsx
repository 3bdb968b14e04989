import { useLocation } from "react-router";
import { usePageAlternates } from "./page-alternates.ts";
import { LOCALES, localizePath, splitLocalePath, type Locale } from "#core/i18n/locales.ts";
import type { RootData } from "./root-data.ts";
import faCss from "./styles/locale-fa.css?url";
import enCss from "./styles/locale-en.css?url";
import arCss from "./styles/locale-ar.css?url";

const LOCALE_STYLESHEETS: Record<Locale, string> = { fa: faCss, en: enCss, ar: arCss };
const OG_LOCALE: Record<Locale, string> = { fa: "fa_IR", en: "en_US", ar: "ar_AR" };

/**
 * The head that comes from the site rather than the page (spec §2, issue 3): the locale's
 * stylesheet, favicon, theme colour, canonical and language alternates, and the agency's social
 * and business contact tags.
 */
export function SiteHead({ root }: { root: RootData }) {
  const { site, locale, origin } = root;
  const { pathname } = useLocation();
  const { rest } = splitLocalePath(pathname);
  const absolute = (path: string) => new URL(path, origin).toString();
  const image = site.socialImage ?? site.logoHeader;
  // A page whose versions in other languages live at other paths (a blog post's slug differs by
  // language) names them in its loader data; every other page has the same path under each prefix.
  const own = usePageAlternates()?.paths ?? null;
  const canonical = own?.[locale] ?? localizePath(locale, rest);
  const alternates = own
    ? LOCALES.filter((other) => own[other] !== undefined && site.locales.includes(other)).map((other) => [other, own[other]!] as const)
    : site.locales.length > 1
      ? LOCALES.filter((other) => site.locales.includes(other)).map((other) => [other, localizePath(other, rest)] as const)
      : [];
  const fallback = own ? own.fa : localizePath("fa", rest);
  return (
    <>
      {/* A stylesheet resource, written first in <head> with the root's (early-stylesheets.tsx); it
          stays after a switch of language, harmless as each language's rules name their lang. */}
      <link rel="stylesheet" href={LOCALE_STYLESHEETS[locale]} precedence="default" />
      {site.favIcon ? <link rel="icon" href={site.favIcon} /> : null}
      <meta name="theme-color" content={site.colors.button} />
      {site.googleSiteVerification ? <meta name="google-site-verification" content={site.googleSiteVerification} /> : null}
      <link rel="canonical" href={absolute(canonical)} />
      {alternates.length > 1
        ? alternates.map(([other, path]) => <link key={other} rel="alternate" hrefLang={other} href={absolute(path)} />)
        : null}
      {fallback && (!own || alternates.length > 1) ? <link rel="alternate" hrefLang="x-default" href={absolute(fallback)} /> : null}
      <meta property="og:site_name" content={site.name} />
      {/* A page that describes itself (a blog post is an article) says its own og:type. */}
      {own ? null : <meta property="og:type" content="website" />}
      <meta property="og:locale" content={OG_LOCALE[locale]} />
      <meta property="og:url" content={absolute(canonical)} />
      {image && !own ? (
        <>
          <meta property="og:image" content={absolute(image)} />
          <meta property="og:image:width" content="200" />
          <meta property="og:image:height" content="100" />
          <meta property="og:image:alt" content={site.name} />
          <meta name="twitter:card" content="summary" />
        </>
      ) : null}
      {site.logoHeader ? <meta property="og:logo" content={absolute(site.logoHeader)} /> : null}
      {site.address ? <meta property="business:contact_data:street_address" content={site.address} /> : null}
      {site.phones[0] ? <meta property="business:contact_data:phone_number" content={site.phones[0]} /> : null}
      {site.emails[0] ? <meta property="business:contact_data:email" content={site.emails[0]} /> : null}
      <meta property="business:contact_data:website" content={origin} />
    </>
  );
}
