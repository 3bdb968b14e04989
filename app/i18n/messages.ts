import { INTL_TAG, type Locale } from "#core/i18n/locales.ts";
import type fa from "./fa.json";

export type MessageKey = keyof typeof fa;
export type Catalog = Record<MessageKey, string>;

/**
 * The catalogs this process has. The server has all three (`catalogs.ts`); a browser loads only
 * its page's language (`load-catalog.ts`), so no page carries the other two.
 */
const LOADED: Partial<Record<Locale, Catalog>> = {};

export function provideCatalog(locale: Locale, catalog: Catalog): void {
  LOADED[locale] = catalog;
}

export function hasCatalog(locale: Locale): boolean {
  return LOADED[locale] !== undefined;
}

export type Params = Record<string, string | number>;

const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();

/** Formats a number in the locale's digits and grouping (Persian digits in fa, Arabic-Indic in ar). */
export function formatNumber(locale: Locale, value: number, options?: Intl.NumberFormatOptions): string {
  // Building a formatter costs far more than using one, and a page formats many numbers.
  const key = options ? `${locale}|${JSON.stringify(options)}` : locale;
  let formatter = NUMBER_FORMATS.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_TAG[locale], options);
    NUMBER_FORMATS.set(key, formatter);
  }
  return formatter.format(value);
}

/** Writes the locale's digits into a string of Latin digits (phone numbers, codes). */
export function localizeDigits(locale: Locale, text: string): string {
  if (locale === "en") return text;
  const zero = locale === "fa" ? 0x06f0 : 0x0660;
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(zero + Number(digit)));
}

/**
 * A message in a language. With a numeric `count` other than one, the key's `.other` form is used
 * when the catalog has one ("1 adult", "2 adults"); Persian needs none, its noun stays singular.
 */
export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  const plural = typeof params?.count === "number" && params.count !== 1 ? (`${key}.other` as MessageKey) : null;
  const catalog = LOADED[locale];
  const template = (plural && catalog?.[plural]) || catalog?.[key] || LOADED.fa?.[key] || key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? formatNumber(locale, value, { useGrouping: false }) : value;
  });
}
