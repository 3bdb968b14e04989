import { and, eq, isNull, lt } from "drizzle-orm";
import type { Clock } from "#core/ports.ts";
import type { Database } from "./client.ts";
import { idempotencyKeys } from "./schema.ts";

/**
 * What a request with an Idempotency-Key finds when it starts: the key is new (`started`, and it is
 * now this request's), the first request with it has answered (`replay` that answer), is still
 * running (`in_progress`), or had another body (`reused`).
 */
export type IdempotencyBegin =
  { state: "started" } | { state: "replay"; statusCode: number; body: unknown } | { state: "in_progress" } | { state: "reused" };

/**
 * Idempotency keys of API writes, per tenant and scope ("bookings.create"), shared by every web
 * process through the database. Only the server uses it; the core never sees keys.
 */
export interface IdempotencyStore {
  /** Claims a key for a request whose body hashes to `requestHash`, or says what is there already. */
  begin(input: { tenantId: string; scope: string; key: string; requestHash: string }): Promise<IdempotencyBegin>;
  /** Stores the answer of the running request, so repeats get it. */
  finish(input: { tenantId: string; scope: string; key: string; statusCode: number; body: unknown }): Promise<void>;
  /** Gives the key back when the request failed without an answer worth repeating (a fault, a 5xx). */
  abandon(input: { tenantId: string; scope: string; key: string }): Promise<void>;
}

/** Keys are kept this long: a repeat a day later is a new request. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600_000;
/** A key still running after this long belongs to a process that died mid-request; a repeat takes it over. */
export const IDEMPOTENCY_STALE_MS = 5 * 60_000;
const PRUNE_INTERVAL_MS = 60_000;

/**
 * Rows of `idempotency_keys`. A key is claimed by `INSERT … ON CONFLICT DO NOTHING`: of two
 * simultaneous requests exactly one inserts, and the other reads the row the first wrote.
 */
export function createIdempotencyStore(
  db: Database,
  options: { clock?: Clock; retentionMs?: number; staleMs?: number } = {},
): IdempotencyStore {
  const clock = options.clock ?? { now: () => new Date() };
  const retentionMs = options.retentionMs ?? IDEMPOTENCY_RETENTION_MS;
  const staleMs = options.staleMs ?? IDEMPOTENCY_STALE_MS;
  let lastPruneAt: number | null = null;

  const keyOf = (input: { tenantId: string; scope: string; key: string }) =>
    and(eq(idempotencyKeys.tenantId, input.tenantId), eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key));

  /** Deletes keys past their retention now and then, on the way of a request, so no job is needed. */
  async function pruneIfDue(nowMs: number): Promise<void> {
    if (lastPruneAt !== null && Math.abs(nowMs - lastPruneAt) < PRUNE_INTERVAL_MS) return;
    lastPruneAt = nowMs;
    try {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(nowMs - retentionMs)));
    } catch {
      // Tried again at the next interval; old keys only take room.
    }
  }

  return {
    async begin(input) {
      const now = clock.now();
      await pruneIfDue(now.getTime());
      // A key given back or pruned between the insert and the read is simply claimed again.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const inserted = await db
          .insert(idempotencyKeys)
          .values({
            tenantId: input.tenantId,
            scope: input.scope,
            key: input.key,
            requestHash: input.requestHash,
            statusCode: null,
            response: null,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length > 0) return { state: "started" };

        const [row] = await db.select().from(idempotencyKeys).where(keyOf(input)).limit(1);
        if (!row) continue;
        const age = now.getTime() - row.createdAt.getTime();
        if (age >= retentionMs) {
          // Expired but not yet pruned: forget it and claim the key anew.
          await db.delete(idempotencyKeys).where(and(keyOf(input), eq(idempotencyKeys.createdAt, row.createdAt)));
          continue;
        }
        if (row.requestHash !== input.requestHash) return { state: "reused" };
        if (row.statusCode !== null) return { state: "replay", statusCode: row.statusCode, body: row.response };
        if (age >= staleMs) {
          // Its request never finished (the process died): the repeat takes the key over, once.
          const taken = await db
            .update(idempotencyKeys)
            .set({ createdAt: now })
            .where(and(keyOf(input), isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.createdAt, row.createdAt)))
            .returning({ key: idempotencyKeys.key });
          if (taken.length > 0) return { state: "started" };
        }
        return { state: "in_progress" };
      }
      return { state: "in_progress" };
    },

    async finish(input) {
      await db
        .update(idempotencyKeys)
        .set({ statusCode: input.statusCode, response: input.body })
        .where(and(keyOf(input), isNull(idempotencyKeys.statusCode)));
    },

    async abandon(input) {
      await db.delete(idempotencyKeys).where(and(keyOf(input), isNull(idempotencyKeys.statusCode)));
    },
  };
}
