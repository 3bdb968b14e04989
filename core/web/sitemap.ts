import { xmlEscape } from "../blog/feed.ts";
import { localizePath, type Locale } from "../i18n/locales.ts";

/**
 * One indexable page in each of its languages: `paths` gives its address per language (a blog
 * post's slug differs by language; most pages share one path under each prefix).
 */
export interface SitemapPage {
  paths: Partial<Record<Locale, string>>;
  lastmod?: Date;
}

/** A page with the same path in every given language (/flight, /en/flight, /ar/flight). */
export function samePathIn(locales: readonly Locale[], path: string, lastmod?: Date): SitemapPage {
  return { paths: Object.fromEntries(locales.map((locale) => [locale, localizePath(locale, path)])), ...(lastmod ? { lastmod } : {}) };
}

/** The sitemaps.org XML: one <url> per page and language, each naming its versions in the other languages (hreflang). */
export function sitemapXml(origin: string, pages: readonly SitemapPage[]): string {
  const absolute = (path: string) => new URL(path, origin).toString();
  const urls: string[] = [];
  for (const page of pages) {
    const versions = Object.entries(page.paths) as [Locale, string][];
    const alternates =
      versions.length > 1
        ? versions
            .map(([locale, path]) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${xmlEscape(absolute(path))}"/>`)
            .join("")
        : "";
    for (const [, path] of versions) {
      const lastmod = page.lastmod ? `<lastmod>${page.lastmod.toISOString()}</lastmod>` : "";
      urls.push(`<url><loc>${xmlEscape(absolute(path))}</loc>${lastmod}${alternates}</url>`);
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
