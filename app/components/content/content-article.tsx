import type { ReactNode } from "react";
import type { ContentBlock, ContentQuestion, ContentSlug } from "#core/content/content-page.ts";
import type { ContentSource } from "#core/content/get-content-page.ts";
import { serializeJsonLd, type JsonLd } from "#core/content/json-ld.ts";
import { directionOf, type Locale } from "#core/i18n/locales.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

/** What a content route's loader hands its page: the stored text with the agency's name written in. */
export interface ContentPageView {
  slug: ContentSlug;
  /** The language the text is written in; Persian when it stands in for a missing language. */
  locale: Locale;
  source: ContentSource;
  title: string;
  description: string;
  h1: string;
  h2: string | null;
  blocks: ContentBlock[];
  questions: ContentQuestion[];
  jsonLd: JsonLd[];
  dontCache: boolean;
}

/** Numbered steps count in the text's own digits: ۱، ۲ in Persian, ١، ٢ in Arabic. */
const STEP_NUMBERS: Record<Locale, string> = {
  fa: "list-[persian]",
  ar: "list-[arabic-indic]",
  en: "list-decimal",
};

function Block({ block, headingLevel, locale }: { block: ContentBlock; headingLevel: 2 | 3; locale: Locale }) {
  switch (block.kind) {
    case "paragraph":
      return <p className="my-4">{block.text}</p>;
    case "heading":
      return headingLevel === 2 ? (
        <h2 className="mt-8 mb-3 text-xl font-bold text-gray-900">{block.text}</h2>
      ) : (
        <h3 className="mt-8 mb-3 text-lg font-bold text-gray-900">{block.text}</h3>
      );
    case "list":
      return (
        <ul className="my-4 list-disc space-y-2 ps-6 marker:text-brand">
          {block.items.map((item, index) => (
            <li key={index} className="ps-1">
              {item}
            </li>
          ))}
        </ul>
      );
    case "steps":
      return (
        <ol className={`my-4 space-y-2 ps-6 marker:font-bold marker:text-brand ${STEP_NUMBERS[locale]}`}>
          {block.items.map((item, index) => (
            <li key={index} className="ps-1">
              {item}
            </li>
          ))}
        </ol>
      );
  }
}

function Questions({ questions, headingLevel }: { questions: ContentQuestion[]; headingLevel: 2 | 3 }) {
  const { t } = useI18n();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="content-questions" className="mt-10">
      <Heading id="content-questions" className={`mb-4 font-bold text-gray-900 ${headingLevel === 2 ? "text-xl" : "text-lg"}`}>
        {t("content.questions")}
      </Heading>
      <div className="space-y-3">
        {questions.map((entry, index) => (
          <details key={index} className="group rounded-lg border border-black/10 bg-white/60 open:border-brand/40 open:bg-white">
            <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-lg px-4 py-3 font-bold text-gray-900 [&::-webkit-details-marker]:hidden">
              <span>{entry.question}</span>
              <span aria-hidden="true" className="shrink-0 text-xl leading-7 text-brand transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="px-4 pb-4 text-gray-700">{entry.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

/**
 * A content page: h1, the optional h2, its blocks, whatever the route adds (the contact page's
 * phones and addresses), the questions as an open-on-demand list, and its JSON-LD. Every text is
 * plain text rendered as React elements; nothing stored is ever read as HTML.
 */
export function ContentArticle({ page, children }: { page: ContentPageView; children?: ReactNode }) {
  const { t, locale } = useI18n();
  // A Persian page standing in for another language says so, and marks its text as Persian.
  const standIn = page.locale !== locale;
  const headingLevel = page.h2 ? 3 : 2;
  return (
    <>
      {standIn ? (
        <p role="note" className="mb-4 max-w-3xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          {t("content.persianOnly")}
        </p>
      ) : null}
      <article
        lang={standIn ? page.locale : undefined}
        dir={standIn ? directionOf(page.locale) : undefined}
        className="max-w-3xl text-start text-base leading-8 text-gray-800"
      >
        <header className="mb-6">
          <h1 className="text-2xl leading-10 font-bold text-gray-900 sm:text-3xl sm:leading-[3rem]">{page.h1}</h1>
          {page.h2 ? <h2 className="mt-2 text-lg leading-8 font-normal text-gray-600">{page.h2}</h2> : null}
        </header>
        {page.blocks.map((block, index) => (
          <Block key={index} block={block} headingLevel={headingLevel} locale={page.locale} />
        ))}
        {children}
        {page.questions.length > 0 ? <Questions questions={page.questions} headingLevel={headingLevel} /> : null}
      </article>
      {page.jsonLd.map((object, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(object) }} />
      ))}
      {/* Spec §2: a page that must not be cached carries the hidden marker, as the root does. */}
      {page.dontCache ? (
        <span hidden data-not-cacheable="">
          {t("cache.notCacheable")}
        </span>
      ) : null}
    </>
  );
}
