/**
 * The storefront's message catalogs, read as data so tests name the text a visitor should see.
 * Placeholders are filled here with plain string replacement, independently of the app's own
 * translate(): a test that expects "۵۰۲" writes those digits itself.
 */
import ar from "../../../core/i18n/ar.json";
import en from "../../../core/i18n/en.json";
import fa from "../../../core/i18n/fa.json";

export type Locale = "fa" | "en" | "ar";
type Persian = typeof fa;
/** A plain message: one text. */
export type MessageKey = { [K in keyof Persian]: Persian[K] extends string ? K : never }[keyof Persian];
/** A counted message: one text per CLDR plural category of the language. */
export type PluralKey = Exclude<keyof Persian, MessageKey>;
export type PluralCategory = "zero" | "one" | "two" | "few" | "many" | "other";

export const LOCALES: readonly Locale[] = ["fa", "en", "ar"];
const CATALOGS: Record<Locale, Record<string, string | Partial<Record<PluralCategory, string>>>> = { fa, en, ar };

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

export function msg(locale: Locale, key: MessageKey, params: Record<string, string> = {}): string {
  const template = CATALOGS[locale][key];
  if (typeof template !== "string") throw new Error(`no message ${key} in ${locale}`);
  return fill(template, params);
}

/** A counted message in the plural category the test names ("two" for Arabic 2, "few" for 3–10…). */
export function plural(locale: Locale, key: PluralKey, category: PluralCategory, params: Record<string, string> = {}): string {
  const forms = CATALOGS[locale][key];
  const template = typeof forms === "object" ? forms[category] : undefined;
  if (template === undefined) throw new Error(`no ${category} form of ${key} in ${locale}`);
  return fill(template, params);
}

/** The path of a page in a language: fa has no prefix, en and ar do ("/" stays "/en"). */
export function localized(locale: Locale, path: string): string {
  if (locale === "fa") return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

export const PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹";
export const ARABIC_INDIC_DIGITS = "٠١٢٣٤٥٦٧٨٩";

export function persianDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => PERSIAN_DIGITS[Number(digit)]!);
}

export function arabicIndicDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => ARABIC_INDIC_DIGITS[Number(digit)]!);
}

/** The tenants of seed/demo-tenants.ts as the tests know them. */
export const TENANTS = {
  hamsafar: { host: "localhost", slug: "hamsafar", name: { fa: "همسفر", en: "Hamsafar", ar: "همسفر" }, phone: "02191001234" },
  parvazSabz: {
    host: "theme2.localhost",
    slug: "parvaz-sabz",
    name: { fa: "پرواز سبز", en: "Parvaz Sabz", ar: "برواز سبز" },
    phone: "07132001122",
  },
  safarNur: { host: "theme3.localhost", slug: "safar-nur", name: { fa: "سفر نور", en: "Safar Nur", ar: "سفر نور" }, phone: "05138004455" },
} as const;
