import { eq, sql } from "drizzle-orm";
import type { SiteSettingsStore } from "#core/back-office/site-settings.ts";
import type { Database } from "./client.ts";
import { tenants } from "./schema.ts";

export function createSiteSettingsStore(db: Database): SiteSettingsStore {
  return {
    async save(tenantId, settings, now) {
      await db
        .update(tenants)
        .set({
          nameCompany: settings.name,
          sloganSite: settings.slogan,
          theme: settings.theme,
          colors: settings.colors,
          telCompany: settings.phones,
          telSupportCmp: settings.supportPhone,
          emailCompany: settings.emails,
          addressCompany: settings.address,
          social: settings.social,
          servicesActive: settings.servicesActive,
          optionActive: settings.optionActive,
          firstPageModal: settings.firstPageModal,
          banner: settings.banner,
          // The page cache drops a tenant's pages when this moves (ADR 0034): it always moves, even
          // if the clock says an earlier time than the last change.
          updatedAt: sql`greatest(${now.toISOString()}::timestamptz, ${tenants.updatedAt} + interval '1 millisecond')`,
        })
        .where(eq(tenants.id, tenantId));
    },
  };
}
