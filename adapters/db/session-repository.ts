import { and, eq, gt, isNull, lt, or } from "drizzle-orm";

import type { Session, SessionKind } from "#core/accounts/account.ts";
import type { SessionRepository } from "#core/accounts/ports.ts";
import { accountFromRow, isUuid } from "./account-repository.ts";
import type { Database } from "./client.ts";
import { sessions, users } from "./schema.ts";

type SessionRow = typeof sessions.$inferSelect;

/** How long a signed-out session is kept (for support questions such as "was I signed in?"). */
const ENDED_KEPT_MS = 30 * 24 * 3600_000;

function sessionFromRow(row: SessionRow): Session {
  return {
    id: row.id,
    tenantId: row.tenantId,
    userId: row.userId,
    kind: row.kind as SessionKind,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

/**
 * Sessions in `sessions`, found by the SHA-256 of their token (the token itself is never stored).
 * A session ends by `revoked_at` rather than by deletion, so "signed out" and "never existed" stay
 * distinguishable in the data; the expiry is in the row, so no job is needed to end one.
 */
export function createSessionRepository(db: Database): SessionRepository {
  return {
    async create(input) {
      const [row] = await db
        .insert(sessions)
        .values({
          tenantId: input.tenantId,
          userId: input.userId,
          tokenHash: input.tokenHash,
          kind: input.kind,
          userAgent: input.userAgent,
          createdAt: input.createdAt,
          expiresAt: input.expiresAt,
        })
        .returning();
      // The account's ended sessions go as a new one starts, so the table holds live sessions and a
      // little history, without a job of its own.
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, input.userId),
            or(lt(sessions.expiresAt, input.createdAt), lt(sessions.revokedAt, new Date(input.createdAt.getTime() - ENDED_KEPT_MS))),
          ),
        );
      return sessionFromRow(row!);
    },

    async findLive(tenantId, tokenHash, now) {
      // Both rows must be this tenant's: a cookie from one agency's domain opens nothing at another.
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            eq(sessions.tenantId, tenantId),
            eq(users.tenantId, tenantId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          ),
        )
        .limit(1);
      return row ? { session: sessionFromRow(row.session), account: accountFromRow(row.user) } : null;
    },

    async revoke(sessionId, now) {
      if (!isUuid(sessionId)) return;
      // The first sign-out's time is kept: a repeat changes nothing.
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeAll(tenantId, userId, now) {
      if (!isUuid(userId)) return 0;
      // Only live sessions count: an expired one had ended already.
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .returning({ id: sessions.id });
      return rows.length;
    },
  };
}
