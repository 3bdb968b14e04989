import type { StoredContentPage } from "./ports.ts";

export type JsonLd = Record<string, unknown>;

const SCHEMA_CONTEXT = "https://schema.org";

/** schema.org FAQPage for the page's questions, or null when it has none. */
export function faqJsonLd(page: Pick<StoredContentPage, "questions" | "locale">, url: string): JsonLd | null {
  const questions = page.questions.filter((entry) => entry.question.trim() !== "" && entry.answer.trim() !== "");
  if (questions.length === 0) return null;
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "FAQPage",
    url,
    inLanguage: page.locale,
    mainEntity: questions.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

/**
 * Every JSON-LD object of a content page: its own schema (given a context, address and language
 * when it names none) and the FAQPage built from its questions.
 */
export function pageJsonLd(page: Pick<StoredContentPage, "questions" | "locale" | "schema">, url: string): JsonLd[] {
  const objects: JsonLd[] = [];
  if (page.schema && Object.keys(page.schema).length > 0) {
    objects.push({ "@context": SCHEMA_CONTEXT, url, inLanguage: page.locale, ...page.schema });
  }
  const faq = faqJsonLd(page, url);
  if (faq) objects.push(faq);
  return objects;
}

/**
 * JSON for the inside of a `<script>` element. `<`, `>` and `&` become \u escapes, so no text
 * can close the element or open a comment; the JSON means exactly the same.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
