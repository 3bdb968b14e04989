import { INTL_TAG, type Locale } from "#core/i18n/locales.ts";
import type fa from "./fa.json";

type Persian = typeof fa;

/** Every message the storefront has: the keys of the Persian catalog, which the others must match. */
export type MessageKey = keyof Persian;

/** A CLDR plural category: English and Persian use one/other, Arabic all six. */
export type PluralCategory = Intl.LDMLPluralRule;

/** A counted message: one text per plural category of the language; `other` is always there. */
export type PluralForms = { [C in PluralCategory]?: string } & { other: string };

/** Messages whose text depends on a number: in the catalogs, objects keyed by plural category. */
export type PluralKey = { [K in MessageKey]: Persian[K] extends string ? never : K }[MessageKey];

/** One language's messages: a string for a plain message, the plural forms for a counted one. */
export type Catalog = { [K in MessageKey]: Persian[K] extends string ? string : PluralForms };

/**
 * The catalogs this process has. The server has all three (`catalogs.ts`); a browser starts with
 * only the messages its page rendered (sent with the HTML, see app/i18n/page-messages.ts) and
 * loads its language's whole catalog when it needs more (`load-catalog.ts`).
 */
const LOADED: Partial<Record<Locale, Catalog>> = {};

/** A message as a catalog holds it: a text, or the plural forms of a counted one. */
export type MessageEntry = string | PluralForms;

/** Some messages of a language: those a page rendered on the server. */
export type SomeMessages = Partial<Record<MessageKey, MessageEntry>>;

const PAGE_MESSAGES: Partial<Record<Locale, SomeMessages>> = {};

/**
 * Who watches lookups. The server records which messages a page used (to send exactly those
 * with its HTML); the browser is told of a message it lacks (to fetch the language and render
 * again) and answers with the text to show meanwhile.
 */
export interface MessageObserver {
  used?: (locale: Locale, key: MessageKey) => void;
  missing?: (locale: Locale, key: MessageKey) => MessageEntry | undefined;
}

let observer: MessageObserver = {};

export function observeMessages(next: MessageObserver): void {
  observer = next;
}

let version = 0;
const LISTENERS = new Set<() => void>();

/** Bumped whenever messages arrive, so a UI can render again what it drew without them. */
export function messagesVersion(): number {
  return version;
}

export function onMessagesArrived(listener: () => void): () => void {
  LISTENERS.add(listener);
  return () => LISTENERS.delete(listener);
}

let notifying = false;

function messagesArrived(): void {
  version += 1;
  // Listeners hear of it after the current task: messages may arrive while a UI renders.
  if (notifying) return;
  notifying = true;
  queueMicrotask(() => {
    notifying = false;
    for (const listener of LISTENERS) listener();
  });
}

export function provideCatalog(locale: Locale, catalog: Catalog): void {
  LOADED[locale] = catalog;
  messagesArrived();
}

export function hasCatalog(locale: Locale): boolean {
  return LOADED[locale] !== undefined;
}

/**
 * Messages a UI will show without rendering them now (a button that appears once the page is
 * hydrated): the server sends them with the page, as if rendered.
 */
export function noteMessages(locale: Locale, keys: readonly MessageKey[]): void {
  for (const key of keys) observer.used?.(locale, key);
}

/** Adds messages a page was sent with; the whole catalog, once loaded, takes precedence. */
export function providePageMessages(locale: Locale, messages: SomeMessages): void {
  PAGE_MESSAGES[locale] = { ...PAGE_MESSAGES[locale], ...messages };
  messagesArrived();
}

/** A message's entry as this process has it: its language's, else Persian's (the complete one). */
export function messageEntry(locale: Locale, key: MessageKey): MessageEntry | undefined {
  return LOADED[locale]?.[key] ?? PAGE_MESSAGES[locale]?.[key] ?? LOADED.fa?.[key];
}

export type Params = Record<string, string | number>;

/** The parameters a counted message needs: `count` picks the plural form. */
export type CountParams = Params & { count: number };

/** translate()'s parameters for a key: a counted message cannot be asked for without its count. */
export type MessageArgs<K extends MessageKey> = K extends PluralKey ? [params: CountParams] : [params?: Params];

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

const PLURAL_RULES = new Map<Locale, Intl.PluralRules>();

/** The plural category of a count in a language, by the language's own CLDR rules (Arabic: 0, 1, 2, 3–10, 11–99, 100+). */
/**
 * A code read left to right (a masked card number, a grouped card number) in the page's digits.
 * Arabic-Indic digits are "Arabic numbers" to the bidi algorithm: the stars or spaces between two
 * groups of them would join a right-to-left run and the groups would swap places, so in Arabic
 * each stretch of other characters is held by left-to-right marks.
 */
export function leftToRightCode(locale: Locale, text: string): string {
  const localized = localizeDigits(locale, text);
  return locale === "ar" ? localized.replace(/[^\u0660-\u0669]+/g, (between) => `\u200E${between}\u200E`) : localized;
}

export function pluralCategory(locale: Locale, count: number): PluralCategory {
  let rules = PLURAL_RULES.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    PLURAL_RULES.set(locale, rules);
  }
  return rules.select(count);
}

function template(locale: Locale, key: MessageKey, params: Params | undefined): string {
  observer.used?.(locale, key);
  const entry = messageEntry(locale, key) ?? observer.missing?.(locale, key);
  if (entry === undefined) return key;
  if (typeof entry === "string") return entry;
  const count = params?.count;
  return (typeof count === "number" ? entry[pluralCategory(locale, count)] : undefined) ?? entry.other;
}

/**
 * A message in a language. A counted message (plural forms in the catalog) takes the form of the
 * category `count` falls in for that language: "1 adult" / "2 adults", مقعدان / ٣ مقاعد / ١١ مقعدًا.
 */
export function translate<K extends MessageKey>(locale: Locale, key: K, ...[params]: MessageArgs<K>): string {
  const text = template(locale, key, params);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? formatNumber(locale, value, { useGrouping: false }) : value;
  });
}
