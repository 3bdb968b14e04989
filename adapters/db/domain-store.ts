import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { DomainStore } from "#core/back-office/brand.ts";
import type { Database } from "./client.ts";
import { tenantDomains } from "./schema.ts";

export function createDomainStore(db: Database): DomainStore {
  return {
    async list(tenantId) {
      return db
        .select({ host: tenantDomains.host, isPrimary: tenantDomains.isPrimary, createdAt: tenantDomains.createdAt })
        .from(tenantDomains)
        .where(eq(tenantDomains.tenantId, tenantId))
        .orderBy(sql`${tenantDomains.isPrimary} desc`, asc(tenantDomains.createdAt), asc(tenantDomains.host));
    },
    async ownerOf(host) {
      const rows = await db.select({ tenantId: tenantDomains.tenantId }).from(tenantDomains).where(eq(tenantDomains.host, host)).limit(1);
      return rows[0]?.tenantId ?? null;
    },
    async add(tenantId, host, now) {
      return db.transaction(async (tx) => {
        const primary = await tx
          .select({ host: tenantDomains.host })
          .from(tenantDomains)
          .where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.isPrimary, true)))
          .limit(1);
        // The host is the primary key: a host another tenant holds is not inserted.
        const inserted = await tx
          .insert(tenantDomains)
          .values({ host, tenantId, isPrimary: primary.length === 0, createdAt: now })
          .onConflictDoNothing({ target: tenantDomains.host })
          .returning({ host: tenantDomains.host });
        return inserted.length === 1;
      });
    },
    async remove(tenantId, host) {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(tenantDomains)
          .where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.host, host)))
          .returning({ isPrimary: tenantDomains.isPrimary });
        if (removed.length === 0) return false;
        if (removed[0]?.isPrimary) {
          // The tenant keeps a primary host (the address its e-mails and SMS links use): the oldest left.
          const next = await tx
            .select({ host: tenantDomains.host })
            .from(tenantDomains)
            .where(and(eq(tenantDomains.tenantId, tenantId), ne(tenantDomains.host, host)))
            .orderBy(asc(tenantDomains.createdAt), asc(tenantDomains.host))
            .limit(1);
          if (next[0]) await tx.update(tenantDomains).set({ isPrimary: true }).where(eq(tenantDomains.host, next[0].host));
        }
        return true;
      });
    },
  };
}
