import type { MetaDescriptor } from "react-router";
import { translatedMeta } from "#app/route-meta.ts";
import adminStyles from "#app/styles/admin.css?url";
import type { MessageKey } from "#core/i18n/messages.ts";

/**
 * The head every back-office route shares: its stylesheet, a translated title and `noindex`
 * (staff screens are never for search engines). A route exports these as its own:
 *   export { headers } from "#app/search/page-headers.ts";
 *   export const links = adminLinks;
 *   export const meta = adminMeta("admin.audit.title");
 */
export function adminLinks() {
  return [{ rel: "stylesheet", href: adminStyles }];
}

export function adminMeta(title: MessageKey) {
  return ({ matches }: { matches: Parameters<typeof translatedMeta>[0] }): MetaDescriptor[] => [
    ...translatedMeta(matches, title),
    { name: "robots", content: "noindex, nofollow" },
  ];
}
