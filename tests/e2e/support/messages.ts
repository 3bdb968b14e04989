/**
 * The storefront's message catalogs, read as data so tests name the text a visitor should see.
 * Placeholders are filled here with plain string replacement, independently of the app's own
 * translate(): a test that expects "۵۰۲" writes those digits itself.
 */
import ar from "../../../app/i18n/ar.json";
import en from "../../../app/i18n/en.json";
import fa from "../../../app/i18n/fa.json";

export type Locale = "fa" | "en" | "ar";
export type MessageKey = keyof typeof fa;

export const LOCALES: readonly Locale[] = ["fa", "en", "ar"];
const CATALOGS: Record<Locale, Record<MessageKey, string>> = { fa, en, ar };

export function msg(locale: Locale, key: MessageKey, params: Record<string, string> = {}): string {
  const template = CATALOGS[locale][key];
  if (template === undefined) throw new Error(`no message ${key} in ${locale}`);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
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
  parvazSabz: { host: "theme2.localhost", slug: "parvaz-sabz", name: { fa: "پرواز سبز", en: "Parvaz Sabz", ar: "برواز سبز" }, phone: "07132001122" },
  safarNur: { host: "theme3.localhost", slug: "safar-nur", name: { fa: "سفر نور", en: "Safar Nur", ar: "سفر نور" }, phone: "05138004455" },
} as const;
