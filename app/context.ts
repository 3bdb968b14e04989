import type { LocaleDecision } from "#core/i18n/locales.ts";
import type { ContentRepository } from "#core/ports.ts";
import type { Tenant } from "#core/tenants/site-config.ts";

/**
 * What the server hands every loader and action. The app never opens a database or picks an
 * adapter itself; it gets them here (ARCHITECTURE.md §1).
 */
export interface RequestContext {
  requestId: string;
  tenant: Tenant;
  /** False when the tenant configuration could not be loaded: the page is then not cacheable. */
  configLoaded: boolean;
  locale: LocaleDecision;
  /** The Accept-Language header's best supported locale, shown on /testLang. */
  acceptLanguage: { header: string | null; best: string | null };
  environment: "development" | "production" | "test";
  buildVersion: string;
  startedAt: string;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Content pages (about us, FAQ, rules, /pages/*): the tenant's own text or the product default. */
  content: ContentRepository;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
