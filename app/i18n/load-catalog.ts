import type { Locale } from "#core/i18n/locales.ts";
import { hasCatalog, provideCatalog, type Catalog } from "#core/i18n/messages.ts";

// One chunk per language: a page downloads only its own, and only when it needs more than the
// messages it was sent with (page-messages.ts).
const LOADERS: Record<Locale, () => Promise<{ default: Catalog }>> = {
  fa: () => import("#core/i18n/fa.json"),
  en: () => import("#core/i18n/en.json"),
  ar: () => import("#core/i18n/ar.json"),
};

const LOADING = new Map<Locale, Promise<void>>();

/** Makes a language's whole catalog available in the browser; one download however often it is asked for. */
export function loadCatalog(locale: Locale): Promise<void> {
  if (hasCatalog(locale)) return Promise.resolve();
  let loading = LOADING.get(locale);
  if (!loading) {
    loading = LOADERS[locale]().then(
      (module) => provideCatalog(locale, module.default),
      (error: unknown) => {
        // A later need may try again (a network that came back).
        LOADING.delete(locale);
        throw error;
      },
    );
    LOADING.set(locale, loading);
  }
  return loading;
}
