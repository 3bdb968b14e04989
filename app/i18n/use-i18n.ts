import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_LOCALE, directionOf, type Locale } from "#core/i18n/locales.ts";
import {
  formatNumber,
  localizeDigits,
  messagesVersion,
  noteMessages,
  onMessagesArrived,
  translate,
  type MessageArgs,
  type MessageKey,
} from "#core/i18n/messages.ts";
import type { RootData } from "#app/root-data.ts";

export interface I18n {
  locale: Locale;
  dir: "rtl" | "ltr";
  /** A message; a counted one (a plural key) must be given its `count`. */
  t: <K extends MessageKey>(key: K, ...args: MessageArgs<K>) => string;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  digits: (text: string) => string;
  /** Declares messages shown only once the page is hydrated, so the page is sent them with its HTML. */
  later: (...keys: MessageKey[]) => void;
}

export function i18nFor(locale: Locale): I18n {
  return {
    locale,
    dir: directionOf(locale),
    t: (key, ...args) => translate(locale, key, ...args),
    number: (value, options) => formatNumber(locale, value, options),
    digits: (text) => localizeDigits(locale, text),
    later: (...keys) => noteMessages(locale, keys),
  };
}

/** The page's language, from the root loader; Persian when the root has no data (hard errors). */
export function useI18n(): I18n {
  const root = useRouteLoaderData<RootData>("root");
  // A message the browser lacked shows empty until its language arrives; then this renders again.
  // The same snapshot on both sides: hydration does not render twice for messages already there.
  useSyncExternalStore(onMessagesArrived, messagesVersion, messagesVersion);
  return i18nFor(root?.locale ?? DEFAULT_LOCALE);
}
