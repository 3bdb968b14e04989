import { and, eq, gt, lte } from "drizzle-orm";
import { PREVIEW_TTL_MS, type PreviewStore } from "#core/back-office/brand.ts";
import type { Database } from "./client.ts";
import { settingsPreviews } from "./schema.ts";

/**
 * Unsaved settings for previews (ADR 0037), shared by every web process: the owner's "preview"
 * may reach one process and the iframe another. Expired rows go as new previews are kept.
 */
export function createSettingsPreviewStore(db: Database): PreviewStore {
  return {
    async put({ tenantId, digest, settings, expiresAt }) {
      // A new preview expires a lifetime from now: whatever expired before now goes.
      await db.delete(settingsPreviews).where(lte(settingsPreviews.expiresAt, new Date(expiresAt.getTime() - PREVIEW_TTL_MS)));
      await db
        .insert(settingsPreviews)
        .values({ tenantId, digest, settings, expiresAt })
        .onConflictDoUpdate({ target: [settingsPreviews.tenantId, settingsPreviews.digest], set: { settings, expiresAt } });
    },
    async get(tenantId, digest, now) {
      const [row] = await db
        .select({ settings: settingsPreviews.settings })
        .from(settingsPreviews)
        .where(and(eq(settingsPreviews.tenantId, tenantId), eq(settingsPreviews.digest, digest), gt(settingsPreviews.expiresAt, now)))
        .limit(1);
      return row?.settings ?? null;
    },
  };
}
