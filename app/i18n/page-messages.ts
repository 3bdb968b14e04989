import { DEFAULT_LOCALE, isLocale, type Locale } from "#core/i18n/locales.ts";
import { messageEntry, observeMessages, providePageMessages, type SomeMessages } from "#core/i18n/messages.ts";
import { loadCatalog } from "./load-catalog.ts";

/** The JSON islands entry.server puts in the HTML (page-messages.server.ts). */
const ISLANDS = "script[data-page-messages]";

const READ = new WeakSet<Element>();

/** Takes in the islands not read yet (a streamed page adds some as it goes); true when there were any. */
export function readPageMessages(): boolean {
  let found = false;
  for (const island of document.querySelectorAll(ISLANDS)) {
    if (READ.has(island)) continue;
    READ.add(island);
    found = true;
    try {
      const messages = JSON.parse(island.textContent ?? "{}") as Partial<Record<string, SomeMessages>>;
      for (const [locale, entries] of Object.entries(messages)) if (isLocale(locale) && entries) providePageMessages(locale, entries);
    } catch (error) {
      console.warn("A block of page messages could not be read.", error);
    }
  }
  return found;
}

/** The page's language, from `<html lang>`. */
export function pageLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

function loadInBackground(locale: Locale): void {
  loadCatalog(locale).catch((error: unknown) => console.warn(`The ${locale} messages could not be loaded.`, error));
}

/**
 * From here on the browser handles a message it was not sent: a late island may hold it; if not,
 * the language's catalog is fetched and everything that renders through useI18n draws again.
 * Meanwhile the text is empty, never the message's key.
 */
export function handleMissingMessages(): void {
  observeMessages({
    missing(locale, key) {
      if (readPageMessages()) {
        const entry = messageEntry(locale, key);
        if (entry !== undefined) return entry;
      }
      // In development, say so: a message shown only after hydration belongs in `later(...)`.
      if (import.meta.env.DEV) console.warn(`The page was not sent the message ${key} (${locale}); loading the language.`);
      loadInBackground(locale);
      return "";
    },
  });
}

const INTENT_EVENTS = ["pointerdown", "keydown", "focusin"] as const;

/**
 * What a visitor does next (open a calendar, submit a form with an error, follow a link) usually
 * needs messages the page did not render: the language starts loading at the first sign of
 * intent rather than with the page, so first paint and hydration never wait for it.
 */
export function loadCatalogOnIntent(locale: Locale): void {
  const start = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, start, true);
    loadInBackground(locale);
  };
  for (const type of INTENT_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });
}
