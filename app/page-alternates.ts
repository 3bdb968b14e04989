import { useMatches } from "react-router";
import { localizePath, type Locale } from "#core/i18n/locales.ts";

/**
 * A page whose versions in other languages live at other paths (a blog post's slug differs by
 * language) names them in its loader data as `alternates`; `alternatesFallback` (a path without a
 * locale prefix) is where the language switcher goes for a language the page has no version in.
 * Every other page has the same path under each prefix, and this answers null.
 */
export interface PageAlternates {
  paths: Partial<Record<Locale, string>>;
  fallback: string | null;
}

export function pageAlternates(loaderData: unknown): PageAlternates | null {
  if (typeof loaderData !== "object" || loaderData === null || !("alternates" in loaderData)) return null;
  const { alternates, alternatesFallback } = loaderData as { alternates: unknown; alternatesFallback?: unknown };
  if (typeof alternates !== "object" || alternates === null) return null;
  return {
    paths: alternates,
    fallback: typeof alternatesFallback === "string" ? alternatesFallback : null,
  };
}

/** The alternates of the deepest route of the page being shown. */
export function usePageAlternates(): PageAlternates | null {
  return pageAlternates(useMatches().at(-1)?.loaderData);
}

/** Where a page is in another language: its own version there, else the fallback in that language, else the same path. */
export function pathIn(locale: Locale, rest: string, own: PageAlternates | null): string {
  if (!own) return localizePath(locale, rest);
  return own.paths[locale] ?? localizePath(locale, own.fallback ?? rest);
}
