import { describe, expect, it } from "vitest";
import type { ContentBlock } from "#core/content/content-page.ts";
import { CONTENT_SLUGS } from "#core/content/content-page.ts";
import { LOCALES, type Locale } from "#core/i18n/locales.ts";
import { DEFAULT_CONTENT, defaultContentRows } from "#seed/content/index.ts";
import type { ContentSeedText } from "#seed/content/types.ts";

/** Every string a visitor reads on a page, head info included. */
function textsOf(page: ContentSeedText): string[] {
  const blocks = page.blocks.flatMap((block) => (block.kind === "paragraph" || block.kind === "heading" ? [block.text] : block.items));
  const questions = (page.questions ?? []).flatMap((entry) => [entry.question, entry.answer]);
  return [page.title, page.description, page.h1, page.h2 ?? "", ...blocks, ...questions].filter((text) => text !== "");
}

/** Latin tokens that stay Latin in Persian and Arabic text: the Sheba prefix and the card code's name. */
const LATIN_TOKENS = /\b(IR|CVV2)\b/g;

const shape = (block: ContentBlock) =>
  block.kind === "paragraph" || block.kind === "heading" ? block.kind : `${block.kind}:${block.items.length}`;

const pages = CONTENT_SLUGS.flatMap((slug) => LOCALES.map((locale) => ({ slug, locale, page: DEFAULT_CONTENT[slug][locale] })));

describe("the default content pages", () => {
  it.each(pages)("$slug/$locale has head info, an h1 and 3 to 8 blocks", ({ page }) => {
    expect(page.title.trim()).not.toBe("");
    expect(page.description.trim().length).toBeGreaterThan(40);
    expect(page.description.length).toBeLessThanOrEqual(200);
    expect(page.h1.trim()).not.toBe("");
    expect(page.blocks.length).toBeGreaterThanOrEqual(3);
    expect(page.blocks.length).toBeLessThanOrEqual(8);
    for (const text of textsOf(page)) expect(text).toBe(text.trim());
  });

  it.each(CONTENT_SLUGS)("%s says the same things in every language: same blocks, list lengths and questions", (slug) => {
    const [fa, en, ar] = LOCALES.map((locale) => DEFAULT_CONTENT[slug][locale]);
    expect(en!.blocks.map(shape)).toEqual(fa!.blocks.map(shape));
    expect(ar!.blocks.map(shape)).toEqual(fa!.blocks.map(shape));
    expect((en!.questions ?? []).length).toBe((fa!.questions ?? []).length);
    expect((ar!.questions ?? []).length).toBe((fa!.questions ?? []).length);
    expect(en!.h2 === null).toBe(fa!.h2 === null);
    expect(ar!.h2 === null).toBe(fa!.h2 === null);
  });

  it("uses no placeholder but {name}", () => {
    for (const { slug, locale, page } of pages) {
      for (const text of textsOf(page)) expect(text.replace(/\{name\}/g, ""), `${slug}/${locale}`).not.toMatch(/[{}]/);
    }
  });

  it("writes digits and letters of each language: Persian digits in fa, Arabic-Indic in ar, Latin in en", () => {
    const rules: Record<Locale, { forbidden: RegExp }> = {
      fa: { forbidden: /[0-9\u0660-\u0669A-Za-z]/ },
      ar: { forbidden: /[0-9\u06F0-\u06F9A-Za-z]/ },
      en: { forbidden: /[\u0600-\u06FF]/ },
    };
    for (const { slug, locale, page } of pages) {
      for (const text of textsOf(page)) {
        let rest = text.replace(/\{name\}/g, "");
        if (locale !== "en") rest = rest.replace(LATIN_TOKENS, "");
        expect(rest, `${slug}/${locale}: ${text}`).not.toMatch(rules[locale].forbidden);
      }
    }
  });

  it("answers at least eight real questions on the FAQ in every language", () => {
    for (const locale of LOCALES) {
      const questions = DEFAULT_CONTENT.faq[locale].questions ?? [];
      expect(questions.length, locale).toBeGreaterThanOrEqual(8);
      for (const entry of questions) expect(entry.answer.length).toBeGreaterThan(60);
    }
  });

  it("states the bus and train refund penalties of the domain facts", () => {
    const refund = (locale: Locale) => textsOf(DEFAULT_CONTENT.refund[locale]).join("\n");
    for (const fact of ["10% penalty", "30% penalty", "50% penalty", "12:00 noon", "three hours", "two hours", "no refund"])
      expect(refund("en")).toContain(fact);
    for (const fact of ["۱۰ درصد", "۳۰ درصد", "۵۰ درصد", "ساعت ۱۲ ظهر"]) expect(refund("fa")).toContain(fact);
    for (const fact of ["١٠٪", "٣٠٪", "٥٠٪", "الساعة ١٢ ظهرًا"]) expect(refund("ar")).toContain(fact);
  });

  it("describes a Sheba number as IR and 24 digits", () => {
    expect(textsOf(DEFAULT_CONTENT.sheba.en).join(" ")).toContain("IR followed by 24 digits");
    expect(textsOf(DEFAULT_CONTENT.sheba.fa).join(" ")).toContain("۲۴ رقم");
    expect(textsOf(DEFAULT_CONTENT.sheba.ar).join(" ")).toContain("٢٤ رقمًا");
  });

  it("become one row per page and language, each with its schema except the FAQ", () => {
    const rows = defaultContentRows();
    expect(rows).toHaveLength(CONTENT_SLUGS.length * LOCALES.length);
    expect(new Set(rows.map((row) => `${row.slug}/${row.locale}`)).size).toBe(rows.length);
    for (const row of rows) {
      if (row.slug === "faq") expect(row.schema).toBeNull();
      else expect(row.schema).toMatchObject({ "@type": expect.any(String), name: row.h1, description: row.description });
    }
  });
});
