import { useLocation } from "react-router";
import { splitLocalePath, type Locale } from "#core/i18n/locales.ts";
import { pathIn, usePageAlternates } from "#app/page-alternates.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

/** Links to the same page in each of the site's languages, keeping the query string. */
export function LanguageSwitcher({ locales }: { locales: Locale[] }) {
  const { t, locale: current } = useI18n();
  const location = useLocation();
  const { rest } = splitLocalePath(location.pathname);
  // A blog post's versions have their own slugs; a language without one goes to that language's blog.
  const own = usePageAlternates();
  if (locales.length < 2) return null;
  return (
    <nav aria-label={t("lang.label")}>
      <ul className="flex items-center gap-1 text-sm">
        {locales.map((locale) => (
          <li key={locale}>
            <a
              href={pathIn(locale, rest, own) + (own ? "" : location.search)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? "true" : undefined}
              className={`inline-block min-h-11 rounded px-2 py-2.5 leading-6 no-underline ${locale === current ? "bg-black/5 font-bold text-inherit" : "text-inherit hover:bg-black/5"}`}
            >
              {t(`lang.${locale}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
