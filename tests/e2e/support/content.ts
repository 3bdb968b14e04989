/**
 * The default content pages as the tests know them: read from the seed the server writes on
 * start, with the agency's name filled in the way a visitor reads it.
 */
import type { ContentSlug } from "#core/content/content-page.ts";
import { DEFAULT_CONTENT } from "#seed/content/index.ts";
import { TENANTS, type Locale } from "./messages.ts";

export function contentHeading(locale: Locale, slug: ContentSlug, tenant: keyof typeof TENANTS = "hamsafar"): string {
  return DEFAULT_CONTENT[slug][locale].h1.split("{name}").join(TENANTS[tenant].name[locale]);
}
