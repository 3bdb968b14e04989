import { and, asc, eq } from "drizzle-orm";
import { isLocale } from "#core/i18n/locales.ts";
import type { TenantDirectory } from "#core/back-office/platform.ts";
import type { TenantRepository } from "#core/tenants/ports.ts";
import { isServiceId } from "#core/services/service-ids.ts";
import { isTaxProfile } from "#core/tax/tax-profile.ts";
import { DEFAULT_COLORS, THEMES, type Tenant, type ThemeId } from "#core/tenants/site-config.ts";
import type { Database } from "./client.ts";
import { tenantDomains, tenants } from "./schema.ts";

type TenantRow = typeof tenants.$inferSelect;

function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    slug: row.slug,
    isDefault: row.isDefault,
    theme: (THEMES as readonly string[]).includes(row.theme) ? (row.theme as ThemeId) : "theme-1",
    locales: row.locales.filter(isLocale),
    multiLanguage: row.multiLanguage,
    servicesActive: row.servicesActive.filter(isServiceId),
    serviceInactive: row.serviceInactive.filter(isServiceId),
    optionActive: row.optionActive,
    nameCompany: row.nameCompany,
    nameDomain1: row.nameDomain1,
    sloganSite: row.sloganSite,
    addressCompany: row.addressCompany,
    telCompany: row.telCompany,
    telCompany2: row.telCompany2,
    telSupportCmp: row.telSupportCmp,
    emailCompany: row.emailCompany,
    social: row.social,
    favIcon: row.favIcon,
    logo: row.logo,
    logoHeader: row.logoHeader,
    logoFooter: row.logoFooter,
    socialImage: row.socialImage,
    colors: { ...DEFAULT_COLORS, ...row.colors },
    recaptchaV3SiteKey: row.recaptchaV3SiteKey,
    safarmarketUser: row.safarmarketUser,
    headerOfSite: row.headerOfSite,
    indexPage: row.indexPage,
    blogUrl: row.blogUrl,
    banner: row.banner,
    giftEnable: row.giftEnable,
    firstPageModal: row.firstPageModal,
    googleSiteVerification: row.googleSiteVerification,
    mapToken: row.mapToken,
    paymentGateways: row.paymentGateways,
    smsSender: row.smsSender,
    smsDailyBudget: row.smsDailyBudget,
    gdsPro: row.gdsPro,
    showComponentsForGdsPro: row.showComponentsForGdsPro,
    // Issue 23 §2: card-to-card payments.
    cardToCard: row.cardToCard ?? null,
    // Issue 23: official invoices; a profile the product cannot read files nothing.
    taxProfile: isTaxProfile(row.taxProfile) ? row.taxProfile : null,
  };
}

export function createTenantRepository(db: Database): TenantRepository {
  return {
    async findByHost(host) {
      const rows = await db
        .select({ tenant: tenants })
        .from(tenantDomains)
        .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
        .where(and(eq(tenantDomains.host, host), eq(tenants.status, "active")))
        .limit(1);
      const row = rows[0];
      return row ? toTenant(row.tenant) : null;
    },
    async findDefault() {
      const rows = await db
        .select()
        .from(tenants)
        .where(and(eq(tenants.isDefault, true), eq(tenants.status, "active")))
        .limit(1);
      const row = rows[0];
      return row ? toTenant(row) : null;
    },
  };
}

/** Every active tenant by its slug: the platform operator's picker (core/back-office/platform.ts). */
export function createTenantDirectory(db: Database): TenantDirectory {
  return {
    async list() {
      const rows = await db
        .select({ slug: tenants.slug, name: tenants.nameCompany })
        .from(tenants)
        .where(eq(tenants.status, "active"))
        .orderBy(asc(tenants.slug));
      return rows;
    },
    async findBySlug(slug) {
      const rows = await db
        .select()
        .from(tenants)
        .where(and(eq(tenants.slug, slug), eq(tenants.status, "active")))
        .limit(1);
      const row = rows[0];
      return row ? toTenant(row) : null;
    },
  };
}

/**
 * Keeps resolved tenants for a short time so a page view costs no query. Bounded in size and age:
 * an operator's change is visible everywhere within the TTL, whichever instance serves it, and at
 * once where `clear()` is called (the process that saved it, and every process's change watch).
 */
export function withTenantCache(
  inner: TenantRepository,
  options: { ttlMs: number; maxEntries?: number; now?: () => number },
): TenantRepository & { clear(): void } {
  const now = options.now ?? Date.now;
  const max = options.maxEntries ?? 1000;
  const byHost = new Map<string, { value: Tenant | null; at: number }>();
  let fallback: { value: Tenant | null; at: number } | null = null;
  if (options.ttlMs <= 0) return { findByHost: (host) => inner.findByHost(host), findDefault: () => inner.findDefault(), clear: () => {} };
  return {
    clear() {
      byHost.clear();
      fallback = null;
    },
    async findByHost(host) {
      const hit = byHost.get(host);
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
      const value = await inner.findByHost(host);
      if (byHost.size >= max) byHost.clear();
      byHost.set(host, { value, at: now() });
      return value;
    },
    async findDefault() {
      if (fallback && now() - fallback.at < options.ttlMs) return fallback.value;
      const value = await inner.findDefault();
      fallback = { value, at: now() };
      return value;
    },
  };
}
