import type { Request } from "express";
import { DEFAULT_LOCALE, isLocale, localeFromAcceptLanguage, type Locale } from "#core/i18n/locales.ts";
import { readCookie } from "../../net.ts";

/**
 * The language of the sign-in SMS: `?lang`, then the `language` header and the locale cookie (as
 * every API answer), then the phone's Accept-Language, then Persian.
 */
export function smsLocale(req: Request): Locale {
  const lang = Array.isArray(req.query.lang) ? req.query.lang[0] : req.query.lang;
  if (isLocale(lang)) return lang;
  if (isLocale(req.headers.language)) return req.headers.language;
  const cookie = readCookie(req.headers.cookie, "locale");
  if (isLocale(cookie)) return cookie;
  const accept = req.headers["accept-language"];
  return localeFromAcceptLanguage(typeof accept === "string" ? accept.slice(0, 256) : undefined) ?? DEFAULT_LOCALE;
}
