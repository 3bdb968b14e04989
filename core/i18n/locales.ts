/** The storefront's languages. Persian is the default and has no URL prefix. */
export const LOCALES = ["fa", "en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "fa";
/** Locales that appear as the first path segment; fa is served without one. */
export const PREFIXED_LOCALES = ["en", "ar"] as const satisfies readonly Locale[];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): "rtl" | "ltr" {
  return locale === "en" ? "ltr" : "rtl";
}

/** BCP 47 tags used for Intl formatting: Persian digits in fa, Arabic-Indic in ar, Latin in en. */
export const INTL_TAG: Record<Locale, string> = {
  fa: "fa-IR-u-nu-arabext-ca-persian",
  en: "en-US-u-nu-latn",
  ar: "ar-u-nu-arab",
};

export type LocaleSource = "path" | "cookie" | "default";

export interface LocaleDecision {
  locale: Locale;
  source: LocaleSource;
  /** The locale the path asks for (null for an unprefixed, Persian path). */
  pathLocale: Locale | null;
  /** The locale cookie as sent, if any. */
  cookie: string | null;
  /** The raw cookie value when the cookie holds something we do not know. */
  rejectedCookie: string | null;
}

/**
 * Splits a pathname into its locale and the rest. `/en/flight` → en + `/flight`;
 * `/flight` → fa + `/flight`. `/fa/...` is reported separately so the server can redirect it.
 */
export function splitLocalePath(pathname: string): { prefix: Locale | null; rest: string } {
  const match = /^\/(fa|en|ar)(?=\/|$)/.exec(pathname);
  if (!match) return { prefix: null, rest: pathname || "/" };
  const rest = pathname.slice(match[0].length);
  return { prefix: match[1] as Locale, rest: rest === "" ? "/" : rest };
}

/**
 * Decides the page language. The path always wins for pages (URLs are the source of truth, so
 * shared links and crawlers see one language per URL). The cookie decides only for requests
 * whose path carries no page language, such as API calls.
 */
export function decideLocale(input: { pathname: string | null; cookie: string | undefined }): LocaleDecision {
  const cookie = input.cookie === undefined || input.cookie === "" ? null : input.cookie;
  const rejectedCookie = cookie !== null && !isLocale(cookie) ? cookie : null;
  if (input.pathname !== null) {
    const { prefix } = splitLocalePath(input.pathname);
    return { locale: prefix ?? DEFAULT_LOCALE, source: prefix ? "path" : "default", pathLocale: prefix, cookie, rejectedCookie };
  }
  if (isLocale(cookie)) return { locale: cookie, source: "cookie", pathLocale: null, cookie, rejectedCookie };
  return { locale: DEFAULT_LOCALE, source: "default", pathLocale: null, cookie, rejectedCookie };
}

/** Prefixes a locale-free path for the given locale: ("en", "/flight") → "/en/flight". */
export function localizePath(locale: Locale, path: string): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === "/" ? `/${locale}` : `/${locale}${clean}`;
}

/** Parses a language tag list (Accept-Language) into the best supported locale, if any. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.toLowerCase().split("-")[0] ?? "", weight: Number.isFinite(weight) ? weight : 0 };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  for (const entry of ranked) if (isLocale(entry.base)) return entry.base;
  return null;
}
