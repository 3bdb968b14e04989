import type { Locale } from "../i18n/locales.ts";
import type { ContentRepository, StoredContentPage } from "./ports.ts";
import type { ContentSlug } from "./content-page.ts";

/**
 * Where the text shown came from: the tenant's own row, the product default in the asked
 * language, or the Persian default standing in for a language nobody has written yet (the page
 * must then mark its content as Persian, since the document around it is in another language).
 */
export type ContentSource = "tenant" | "default" | "default-fa";

export type ContentPageResult = { ok: true; page: StoredContentPage; source: ContentSource } | { ok: false; error: "NOT_FOUND" };

export interface ContentPageQuery {
  /** null when the site runs on the fallback configuration and has no tenant row. */
  tenantId: string | null;
  slug: ContentSlug;
  locale: Locale;
}

/** A content page for a site and language: the tenant's override, else the default, else Persian. */
export async function getContentPage(query: ContentPageQuery, deps: { content: ContentRepository }): Promise<ContentPageResult> {
  const { own, fallback } = await deps.content.find(query);
  if (own) return { ok: true, page: own, source: "tenant" };
  if (fallback) return { ok: true, page: fallback, source: "default" };
  if (query.locale === "fa") return { ok: false, error: "NOT_FOUND" };
  const persian = await deps.content.find({ tenantId: null, slug: query.slug, locale: "fa" });
  if (persian.fallback) return { ok: true, page: persian.fallback, source: "default-fa" };
  return { ok: false, error: "NOT_FOUND" };
}

const NAME_PLACEHOLDER = /\{name\}/g;

function fill(text: string, name: string): string {
  // A function, so a `$` in the name is never read as a replacement pattern.
  return text.replace(NAME_PLACEHOLDER, () => name);
}

function fillDeep(value: unknown, name: string): unknown {
  if (typeof value === "string") return fill(value, name);
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, name));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fillDeep(inner, name)]));
  }
  return value;
}

/**
 * Writes the agency's name wherever the text says `{name}`: headings, blocks, questions, head
 * info and the strings of the extra schema. Default texts are shared by every agency and use
 * the placeholder instead of a name.
 */
export function withAgencyName(page: StoredContentPage, name: string): StoredContentPage {
  return {
    ...page,
    title: fill(page.title, name),
    description: fill(page.description, name),
    h1: fill(page.h1, name),
    h2: page.h2 === null ? null : fill(page.h2, name),
    blocks: page.blocks.map((block) =>
      block.kind === "paragraph" || block.kind === "heading"
        ? { ...block, text: fill(block.text, name) }
        : { ...block, items: block.items.map((item) => fill(item, name)) },
    ),
    questions: page.questions.map((entry) => ({ question: fill(entry.question, name), answer: fill(entry.answer, name) })),
    schema: page.schema === null ? null : (fillDeep(page.schema, name) as Record<string, unknown>),
  };
}
