/**
 * Spec §4 GDS-pro hosts (ADR 0030). A host flagged GDS-pro starts dark: the agency sells through
 * its GDS tools and staff while the public storefront is prepared, and no storefront page or
 * service answers. Switching `showComponentsForGdsPro` on brings back the routes and services the
 * tenant had saved, unchanged, because hiding never rewrites them.
 */
import { splitLocalePath } from "../i18n/locales.ts";
import { componentsHidden, type Tenant } from "./site-config.ts";

/**
 * What a dark host still answers: the tenant diagnostics pages (NOTES.md: nothing secret, noindex),
 * the configuration call that tells a client the components are hidden, and the router's own
 * requests for those pages. Locale-free paths.
 */
const SHOWN_WHILE_HIDDEN = new Set(["/test", "/testLang", "/main/getConfigItems/nuxt", "/__manifest"]);

/** Whether a request path is refused on this tenant because its components are hidden. */
export function hiddenByGdsPro(tenant: Pick<Tenant, "gdsPro" | "showComponentsForGdsPro">, pathname: string): boolean {
  if (!componentsHidden(tenant)) return false;
  const document = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  const { rest } = splitLocalePath(document);
  return !SHOWN_WHILE_HIDDEN.has(rest.length > 1 ? rest.replace(/\/+$/, "") : rest);
}
