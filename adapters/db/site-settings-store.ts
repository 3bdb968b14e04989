import { eq, sql } from "drizzle-orm";
import type { LogoFieldStore } from "#core/back-office/brand.ts";
import { tenantFieldsOf, type SiteSettingsStore } from "#core/back-office/site-settings.ts";
import type { Database } from "./client.ts";
import { tenants } from "./schema.ts";

/** The tenant's row moves on: the page cache drops its pages when this moves (ADR 0034), even if the clock says an earlier time. */
const movedOn = (now: Date) => sql`greatest(${now.toISOString()}::timestamptz, ${tenants.updatedAt} + interval '1 millisecond')`;

export function createSiteSettingsStore(db: Database): SiteSettingsStore & LogoFieldStore {
  return {
    async save(tenantId, settings, now) {
      await db
        .update(tenants)
        .set({
          ...tenantFieldsOf(settings),
          updatedAt: movedOn(now),
        })
        .where(eq(tenants.id, tenantId));
    },
    async setLogo(tenantId, field, url, now) {
      await db
        .update(tenants)
        .set({ [field]: url, updatedAt: movedOn(now) })
        .where(eq(tenants.id, tenantId));
    },
  };
}
