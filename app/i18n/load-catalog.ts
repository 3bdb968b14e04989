import type { Locale } from "#core/i18n/locales.ts";
import { hasCatalog, provideCatalog, type Catalog } from "#core/i18n/messages.ts";

// One chunk per language: a page downloads only its own.
const LOADERS: Record<Locale, () => Promise<{ default: Catalog }>> = {
  fa: () => import("#core/i18n/fa.json"),
  en: () => import("#core/i18n/en.json"),
  ar: () => import("#core/i18n/ar.json"),
};

/** Makes a language's messages available in the browser (before hydration, and before a page in another language renders). */
export async function loadCatalog(locale: Locale): Promise<void> {
  if (hasCatalog(locale)) return;
  const module = await LOADERS[locale]();
  provideCatalog(locale, module.default);
}
