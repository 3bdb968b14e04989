import type { Request } from "express";
import { decideLocale, isLocale, type Locale } from "#core/i18n/locales.ts";
import { readCookie } from "../net.ts";

/** The language of an API answer: `?lang=`, else the `language` header, else the locale cookie, else Persian. */
export function requestLocale(req: Request): Locale {
  const lang = Array.isArray(req.query.lang) ? req.query.lang[0] : req.query.lang;
  if (isLocale(lang)) return lang;
  const header = req.headers.language;
  return decideLocale({ pathname: null, cookie: typeof header === "string" ? header : readCookie(req.headers.cookie, "locale") }).locale;
}
