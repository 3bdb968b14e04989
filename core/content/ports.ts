import type { ContentBlock, ContentQuestion, ContentSlug } from "./content-page.ts";
import type { Locale } from "../i18n/locales.ts";

export interface StoredContentPage {
  slug: ContentSlug;
  locale: Locale;
  /** null for the product's default text, the tenant's id for its own override. */
  tenantId: string | null;
  title: string;
  description: string;
  h1: string;
  h2: string | null;
  blocks: ContentBlock[];
  questions: ContentQuestion[];
  schema: Record<string, unknown> | null;
  dontCache: boolean;
  updatedAt: Date;
}

export interface ContentRepository {
  /** The tenant's own page and the default page for a slug and language (either may be missing). */
  find(input: {
    tenantId: string | null;
    slug: ContentSlug;
    locale: Locale;
  }): Promise<{ own: StoredContentPage | null; fallback: StoredContentPage | null }>;
}
