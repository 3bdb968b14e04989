import type { Locale } from "#core/i18n/locales.ts";
import ar from "./ar.json";
import en from "./en.json";
import fa from "./fa.json";
import { provideCatalog, type Catalog } from "./messages.ts";

/**
 * All three catalogs, for the server (entry.server, static pages) and tests. Every catalog must
 * have fa's keys; the type checker and a unit test both hold them to it. Browser code must not
 * import this module: it loads one language through load-catalog.ts.
 */
export const CATALOGS: Record<Locale, Catalog> = { fa, en: en satisfies Catalog, ar: ar satisfies Catalog };

for (const [locale, catalog] of Object.entries(CATALOGS)) provideCatalog(locale as Locale, catalog);
