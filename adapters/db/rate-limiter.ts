import { lt, sql } from "drizzle-orm";
import type { RateLimiter } from "#core/ports.ts";
import type { Database } from "./client.ts";
import { rateLimits } from "./schema.ts";

/** Windows older than this are deleted; no limit may use a longer window. */
export const RATE_LIMIT_RETENTION_SECONDS = 24 * 3600;
/** How often one process deletes old windows, at most. */
export const RATE_LIMIT_PRUNE_INTERVAL_MS = 60_000;

/**
 * Fixed-window counters in `rate_limits`, shared by every web process. A hit is one statement,
 * `INSERT … ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
 * RETURNING hits`: the row lock makes concurrent hits count one after another, so exactly
 * `limit` of them are allowed whichever process serves them.
 */
export function createRateLimiter(db: Database, options: { retentionSeconds?: number; pruneIntervalMs?: number } = {}): RateLimiter {
  const retentionSeconds = options.retentionSeconds ?? RATE_LIMIT_RETENTION_SECONDS;
  const pruneIntervalMs = options.pruneIntervalMs ?? RATE_LIMIT_PRUNE_INTERVAL_MS;
  let lastPruneAt: number | null = null;

  /** Deletes ended windows now and then, on the way of a hit, so the table stays small without a job. */
  async function pruneIfDue(nowMs: number): Promise<void> {
    if (lastPruneAt !== null && Math.abs(nowMs - lastPruneAt) < pruneIntervalMs) return;
    lastPruneAt = nowMs;
    try {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(nowMs - retentionSeconds * 1000)));
    } catch {
      // The hit itself is counted; a failed clean-up is simply tried again at the next interval.
    }
  }

  return {
    async hit({ bucket, limit, windowSeconds, now }) {
      if (!Number.isInteger(windowSeconds) || windowSeconds <= 0 || windowSeconds > retentionSeconds) {
        throw new RangeError(`rate limit window must be a whole number of seconds between 1 and ${retentionSeconds}`);
      }
      const nowMs = now.getTime();
      const windowMs = windowSeconds * 1000;
      const windowStartMs = Math.floor(nowMs / windowMs) * windowMs;
      const rows = await db
        .insert(rateLimits)
        .values({ bucket, windowStart: new Date(windowStartMs), hits: 1 })
        .onConflictDoUpdate({ target: [rateLimits.bucket, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + 1` } })
        .returning({ hits: rateLimits.hits });
      const count = rows[0]?.hits;
      if (count === undefined) throw new Error("rate limit counter returned no row");
      await pruneIfDue(nowMs);
      const allowed = count <= limit;
      const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil((windowStartMs + windowMs - nowMs) / 1000));
      return { allowed, count, retryAfterSeconds };
    },
  };
}
