import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { OtpChallenge } from "#core/accounts/otp.ts";
import type { PowChallenge } from "#core/accounts/proof-of-work.ts";
import type { SignInStore } from "#core/accounts/ports.ts";
import type { Database } from "./client.ts";
import { authFailures, otpChallenges, otpSends, powChallenges } from "./schema.ts";

/** Sends, failures, codes and challenges older than this are deleted; no counting window may be longer. */
export const SIGN_IN_RETENTION_SECONDS = 48 * 3600;
/** How often one process deletes old rows, at most. */
const PRUNE_INTERVAL_MS = 60_000;
/** What `newChallenge` hands out: anything else is no challenge of ours, and costs no query. */
const POW_ID = /^[A-Za-z0-9_-]{22}$/;

type OtpRow = typeof otpChallenges.$inferSelect;

function otpFromRow(row: OtpRow): OtpChallenge {
  return {
    mobile: row.mobile,
    tenantId: row.tenantId,
    codeHash: row.codeHash,
    salt: row.salt,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    wrongTries: row.wrongTries,
    usedAt: row.usedAt,
    lastSentAt: row.lastSentAt,
  };
}

/**
 * The sign-in counters and codes (issue 9) in the database, shared by every web process. Each
 * write that must not happen twice is one guarded statement: the row lock of an `INSERT … ON
 * CONFLICT DO UPDATE … WHERE` or an `UPDATE … WHERE` makes two requests at once take turns, and
 * the second finds the guard no longer true.
 *
 * The per-IP counts (sends and failures) span every tenant: one address hammering several agencies
 * of this install is one attacker, and the indexes on `ip_hash` carry no tenant either.
 */
export function createSignInStore(db: Database, options: { retentionSeconds?: number } = {}): SignInStore {
  const retentionSeconds = options.retentionSeconds ?? SIGN_IN_RETENTION_SECONDS;
  let lastPruneAt: number | null = null;

  /** Deletes old rows now and then, on the way of a write, so the tables stay small without a job. */
  async function pruneIfDue(nowMs: number): Promise<void> {
    if (lastPruneAt !== null && Math.abs(nowMs - lastPruneAt) < PRUNE_INTERVAL_MS) return;
    lastPruneAt = nowMs;
    const before = new Date(nowMs - retentionSeconds * 1000);
    try {
      // One statement for the four tables: PGlite has a single connection to share.
      await db.execute(sql`
        with sends as (delete from ${otpSends} where ${otpSends.createdAt} < ${before}),
             failures as (delete from ${authFailures} where ${authFailures.createdAt} < ${before}),
             proofs as (delete from ${powChallenges} where ${powChallenges.expiresAt} < ${before})
        delete from ${otpChallenges} where ${otpChallenges.lastSentAt} < ${before}`);
    } catch {
      // The write itself is done; a failed clean-up is simply tried again at the next interval.
    }
  }

  return {
    async current(tenantId, mobile) {
      const [row] = await db
        .select()
        .from(otpChallenges)
        .where(and(eq(otpChallenges.tenantId, tenantId), eq(otpChallenges.mobile, mobile)))
        .limit(1);
      return row ? otpFromRow(row) : null;
    },

    async counts(input) {
      for (const window of [input.numberWindowSeconds, input.ipWindowSeconds, input.failureWindowSeconds]) {
        // A longer window would count rows already pruned, and so count too few.
        if (!(window > 0 && window <= retentionSeconds))
          throw new RangeError(`sign-in counting windows must be between 1 and ${retentionSeconds} seconds`);
      }
      const nowMs = input.now.getTime();
      const numberSince = new Date(nowMs - input.numberWindowSeconds * 1000);
      const ipSince = new Date(nowMs - input.ipWindowSeconds * 1000);
      const failureSince = new Date(nowMs - input.failureWindowSeconds * 1000);
      const forNumber = sql`${otpSends.tenantId} = ${input.tenantId} and ${otpSends.mobile} = ${input.mobile} and ${otpSends.createdAt} > ${numberSince}`;
      const forIp = sql`${otpSends.ipHash} = ${input.ipHash} and ${otpSends.createdAt} > ${ipSince}`;
      // Scalar subqueries in one SELECT: one round trip, each answered from its own index.
      const [row] = await db
        .select({
          forNumber: sql<number>`(select count(*) from ${otpSends} where ${forNumber})`.mapWith(Number),
          oldestForNumber: sql<Date | null>`(select min(${otpSends.createdAt}) from ${otpSends} where ${forNumber})`.mapWith(
            otpSends.createdAt,
          ),
          forIp: sql<number>`(select count(*) from ${otpSends} where ${forIp})`.mapWith(Number),
          oldestForIp: sql<Date | null>`(select min(${otpSends.createdAt}) from ${otpSends} where ${forIp})`.mapWith(otpSends.createdAt),
          forTenantToday:
            sql<number>`(select count(*) from ${otpSends} where ${otpSends.tenantId} = ${input.tenantId} and ${otpSends.createdAt} >= ${input.tenantDayStart})`.mapWith(
              Number,
            ),
          failuresForIp:
            sql<number>`(select count(*) from ${authFailures} where ${authFailures.ipHash} = ${input.ipHash} and ${authFailures.createdAt} > ${failureSince})`.mapWith(
              Number,
            ),
        })
        .from(sql`(select 1) as one`);
      return {
        forNumber: row?.forNumber ?? 0,
        oldestForNumber: row?.oldestForNumber ?? null,
        forIp: row?.forIp ?? 0,
        oldestForIp: row?.oldestForIp ?? null,
        forTenantToday: row?.forTenantToday ?? 0,
        failuresForIp: row?.failuresForIp ?? 0,
      };
    },

    async recordSend(challenge, previous, ipHash) {
      const stored = await db.transaction(async (tx) => {
        const code = {
          codeHash: challenge.codeHash,
          salt: challenge.salt,
          createdAt: challenge.createdAt,
          expiresAt: challenge.expiresAt,
          wrongTries: challenge.wrongTries,
          usedAt: challenge.usedAt,
          lastSentAt: challenge.lastSentAt,
        };
        // No previous code: only an insert may win (`where false` turns the conflict into nothing).
        // A previous code: it is replaced only while it is still the one that was read; a code the
        // last read missed because it was pruned meanwhile is simply inserted.
        const [row] = await tx
          .insert(otpChallenges)
          .values({ tenantId: challenge.tenantId, mobile: challenge.mobile, ...code })
          .onConflictDoUpdate({
            target: [otpChallenges.tenantId, otpChallenges.mobile],
            set: code,
            setWhere: previous ? eq(otpChallenges.lastSentAt, previous.lastSentAt) : sql`false`,
          })
          .returning({ mobile: otpChallenges.mobile });
        if (!row) return false;
        // Counted with the code, together: a send that is counted is a code that is stored.
        await tx
          .insert(otpSends)
          .values({ tenantId: challenge.tenantId, mobile: challenge.mobile, ipHash, createdAt: challenge.lastSentAt });
        return true;
      });
      await pruneIfDue(challenge.lastSentAt.getTime());
      return stored;
    },

    async recordTry(previous, next) {
      // Guarded by everything a try reads: of two tries at once only one is stored, and the other
      // is tried again on the fresh state (sign-in.ts), so a code is used once and tries all count.
      const rows = await db
        .update(otpChallenges)
        .set({ wrongTries: next.wrongTries, usedAt: next.usedAt })
        .where(
          and(
            eq(otpChallenges.tenantId, previous.tenantId),
            eq(otpChallenges.mobile, previous.mobile),
            eq(otpChallenges.codeHash, previous.codeHash),
            eq(otpChallenges.wrongTries, previous.wrongTries),
            previous.usedAt ? eq(otpChallenges.usedAt, previous.usedAt) : isNull(otpChallenges.usedAt),
          ),
        )
        .returning({ mobile: otpChallenges.mobile });
      return rows.length > 0;
    },

    async recordFailure(tenantId, ipHash, at) {
      await db.insert(authFailures).values({ tenantId, ipHash, createdAt: at });
      await pruneIfDue(at.getTime());
    },

    async issueChallenge(tenantId, challenge: PowChallenge) {
      // No prune here: this write has no "now" of its own, and sends and failures prune often enough.
      await db.insert(powChallenges).values({
        id: challenge.id,
        tenantId,
        seed: challenge.seed,
        difficultyBits: challenge.difficultyBits,
        expiresAt: challenge.expiresAt,
      });
    },

    async findChallenge(tenantId, id) {
      if (!POW_ID.test(id)) return null;
      const [row] = await db
        .select()
        .from(powChallenges)
        .where(and(eq(powChallenges.id, id), eq(powChallenges.tenantId, tenantId)))
        .limit(1);
      return row ? { id: row.id, seed: row.seed, difficultyBits: row.difficultyBits, expiresAt: row.expiresAt } : null;
    },

    async consumeChallenge(tenantId, id, at) {
      if (!POW_ID.test(id)) return false;
      // One statement: of two requests bringing the same solution, the row lock lets one set used_at.
      // An expired challenge is as good as unknown, whatever the caller checked before.
      const rows = await db
        .update(powChallenges)
        .set({ usedAt: at })
        .where(
          and(
            eq(powChallenges.id, id),
            eq(powChallenges.tenantId, tenantId),
            isNull(powChallenges.usedAt),
            gt(powChallenges.expiresAt, at),
          ),
        )
        .returning({ id: powChallenges.id });
      return rows.length > 0;
    },
  };
}
