import type { ContentBlock, ContentQuestion } from "#core/content/content-page.ts";
import type { Locale } from "#core/i18n/locales.ts";

/**
 * One default content page in one language. `{name}` stands for the agency's name and is
 * replaced, in the page's language, when the page is shown.
 */
export interface ContentSeedText {
  /** The document title (the site's name is added after it) and the meta description. */
  title: string;
  description: string;
  h1: string;
  h2: string | null;
  blocks: ContentBlock[];
  questions?: ContentQuestion[];
  dontCache?: boolean;
}

/** A page in every language the storefront speaks. */
export type ContentSeed = Record<Locale, ContentSeedText>;

export const p = (text: string): ContentBlock => ({ kind: "paragraph", text });
export const h = (text: string): ContentBlock => ({ kind: "heading", text });
export const list = (...items: string[]): ContentBlock => ({ kind: "list", items });
export const steps = (...items: string[]): ContentBlock => ({ kind: "steps", items });
export const q = (question: string, answer: string): ContentQuestion => ({ question, answer });
