import type { Locale } from "#core/i18n/locales.ts";
import { hasCatalog, provideCatalog, type Catalog } from "#core/i18n/messages.ts";
import arUrl from "#core/i18n/ar.json?url";
import enUrl from "#core/i18n/en.json?url";
import faUrl from "#core/i18n/fa.json?url";

// One file per language, fetched as data rather than imported as a module: a page downloads only
// its own, only when it needs more than the messages it was sent with (page-messages.ts), and a
// failed fetch (offline) is not a failed chunk, which would reload the page (client-behaviour.tsx).
const CATALOG_URLS: Record<Locale, string> = { fa: faUrl, en: enUrl, ar: arUrl };

const LOADING = new Map<Locale, Promise<void>>();

async function fetchCatalog(locale: Locale): Promise<Catalog> {
  const response = await fetch(CATALOG_URLS[locale]);
  if (!response.ok) throw new Error(`the ${locale} messages answered ${response.status}`);
  return (await response.json()) as Catalog;
}

/** Makes a language's whole catalog available in the browser; one download however often it is asked for. */
export function loadCatalog(locale: Locale): Promise<void> {
  if (hasCatalog(locale)) return Promise.resolve();
  let loading = LOADING.get(locale);
  if (!loading) {
    loading = fetchCatalog(locale).then(
      (catalog) => provideCatalog(locale, catalog),
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
