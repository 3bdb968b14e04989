import type { PreviewStore } from "#core/back-office/brand.ts";
import type { SiteSettings } from "#core/back-office/site-settings.ts";

/** At most this many previews are kept; beyond it the oldest go first. */
const MAX_PREVIEWS = 500;

/**
 * Unsaved settings for previews, in this process's memory for their few minutes (ADR 0037): they
 * are worth nothing after that, and a restart only makes the owner press "preview" again.
 */
export function createMemoryPreviewStore(): PreviewStore {
  const kept = new Map<string, { settings: SiteSettings; expiresAt: Date }>();
  return {
    put({ tenantId, digest, settings, expiresAt }) {
      const key = `${tenantId}:${digest}`;
      kept.delete(key);
      kept.set(key, { settings: structuredClone(settings), expiresAt });
      while (kept.size > MAX_PREVIEWS) kept.delete(kept.keys().next().value as string);
      return Promise.resolve();
    },
    get(tenantId, digest, now) {
      const key = `${tenantId}:${digest}`;
      const hit = kept.get(key);
      if (!hit) return Promise.resolve(null);
      if (hit.expiresAt.getTime() <= now.getTime()) {
        kept.delete(key);
        return Promise.resolve(null);
      }
      return Promise.resolve(structuredClone(hit.settings));
    },
  };
}
