/**
 * The product's default content pages, in every language. They belong to the product, not to
 * an agency: `seedDefaultContent` writes them again on every run, and an agency that wants its
 * own text adds a row of its own for the same slug and language instead of editing these.
 */
import type { ContentSlug } from "#core/content/content-page.ts";
import { LOCALES, type Locale } from "#core/i18n/locales.ts";
import type { StoredContentPage } from "#core/content/ports.ts";
import { aboutus } from "./aboutus.ts";
import { contact } from "./contact.ts";
import { cooperation } from "./cooperation.ts";
import { faq } from "./faq.ts";
import { flightinformation } from "./flightinformation.ts";
import { hostrate } from "./hostrate.ts";
import { jobs } from "./jobs.ts";
import { refund } from "./refund.ts";
import { rules } from "./rules.ts";
import { sheba } from "./sheba.ts";
import { tips } from "./tips.ts";
import type { ContentSeed } from "./types.ts";

export const DEFAULT_CONTENT: Record<ContentSlug, ContentSeed> = {
  contact,
  aboutus,
  faq,
  tips,
  rules,
  cooperation,
  flightinformation,
  hostrate,
  jobs,
  refund,
  sheba,
};

/**
 * The schema.org type each page describes itself as. The FAQ page has none of its own: its
 * FAQPage is built from its questions when it is shown.
 */
const SCHEMA_TYPE: Record<ContentSlug, string | null> = {
  contact: "ContactPage",
  aboutus: "AboutPage",
  faq: null,
  tips: "WebPage",
  rules: "WebPage",
  cooperation: "WebPage",
  flightinformation: "WebPage",
  hostrate: "WebPage",
  jobs: "WebPage",
  refund: "WebPage",
  sheba: "WebPage",
};

/** Pages about the agency itself say so to search engines; `{name}` is filled in when shown. */
const ABOUT_THE_AGENCY = new Set<ContentSlug>(["contact", "aboutus"]);

export type DefaultContentRow = Omit<StoredContentPage, "updatedAt" | "tenantId">;

/** One row per page and language, ready to be written with tenant_id NULL. */
export function defaultContentRows(): DefaultContentRow[] {
  return (Object.keys(DEFAULT_CONTENT) as ContentSlug[]).flatMap((slug) =>
    LOCALES.map((locale: Locale) => {
      const text = DEFAULT_CONTENT[slug][locale];
      const type = SCHEMA_TYPE[slug];
      const schema: Record<string, unknown> | null =
        type === null
          ? null
          : {
              "@type": type,
              name: text.h1,
              description: text.description,
              ...(ABOUT_THE_AGENCY.has(slug) ? { about: { "@type": "TravelAgency", name: "{name}" } } : {}),
            };
      return {
        slug,
        locale,
        title: text.title,
        description: text.description,
        h1: text.h1,
        h2: text.h2,
        blocks: text.blocks,
        questions: text.questions ?? [],
        schema,
        dontCache: text.dontCache ?? false,
      };
    }),
  );
}
