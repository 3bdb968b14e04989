import { and, count, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import type { AuditEntry, AuditLog, AuditVia } from "#core/back-office/audit.ts";
import { isBackOfficeRole } from "#core/back-office/roles.ts";
import type { Database } from "./client.ts";
import { auditEntries, users } from "./schema.ts";

export const MAX_AUDIT_PAGE = 200;

function toEntry(row: typeof auditEntries.$inferSelect): AuditEntry {
  return {
    id: row.id,
    tenantId: row.tenantId,
    actorUserId: row.actorUserId,
    actorMobile: row.actorMobile,
    actorRole: isBackOfficeRole(row.actorRole) ? row.actorRole : null,
    via: row.via as AuditVia,
    clientHash: row.clientHash,
    action: row.action,
    subject: { type: row.subjectType, id: row.subjectId },
    before: row.before,
    after: row.after,
    at: row.at,
  };
}

export function createAuditLog(db: Database): AuditLog {
  return {
    async record(entry) {
      await db.insert(auditEntries).values({
        tenantId: entry.tenantId,
        actorUserId: entry.actorUserId,
        actorMobile: entry.actorMobile,
        actorRole: entry.actorRole,
        via: entry.via,
        clientHash: entry.clientHash,
        action: entry.action,
        subjectType: entry.subject.type,
        subjectId: entry.subject.id,
        before: entry.before ?? null,
        after: entry.after ?? null,
        at: entry.at,
      });
    },

    async list(tenantId, filter) {
      const conditions: SQL[] = [eq(auditEntries.tenantId, tenantId)];
      if (filter.actorUserId) conditions.push(eq(auditEntries.actorUserId, filter.actorUserId));
      if (filter.actorMobile)
        conditions.push(
          inArray(
            auditEntries.actorUserId,
            db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.tenantId, tenantId), eq(users.mobile, filter.actorMobile))),
          ),
        );
      if (filter.action) conditions.push(eq(auditEntries.action, filter.action));
      if (filter.subjectType) conditions.push(eq(auditEntries.subjectType, filter.subjectType));
      if (filter.subjectId) conditions.push(eq(auditEntries.subjectId, filter.subjectId));
      if (filter.from) conditions.push(gte(auditEntries.at, filter.from));
      if (filter.to) conditions.push(lt(auditEntries.at, filter.to));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditEntries)
          .where(where)
          .orderBy(desc(auditEntries.at), desc(auditEntries.id))
          .limit(Math.max(1, Math.min(MAX_AUDIT_PAGE, Math.trunc(filter.limit))))
          .offset(Math.max(0, Math.trunc(filter.offset))),
        db.select({ total: count() }).from(auditEntries).where(where),
      ]);
      return { entries: rows.map(toEntry), total: total?.total ?? 0 };
    },
  };
}
