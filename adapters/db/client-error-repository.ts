import { and, desc, eq, type SQL } from "drizzle-orm";
import type { ClientErrorReport, ClientErrorRepository } from "#core/client-errors/ports.ts";
import type { Database } from "./client.ts";
import { clientErrorReports, tenants } from "./schema.ts";

/** A stored report as operators list it: with its id, time and the tenant's slug. */
export interface ListedClientErrorReport extends ClientErrorReport {
  id: string;
  createdAt: Date;
  tenantSlug: string | null;
}

export const MAX_LISTED_REPORTS = 1000;

export interface ClientErrorReportStore extends ClientErrorRepository {
  /** Newest first; by tenant id or slug when given. */
  list(input: { tenantId?: string; tenantSlug?: string; limit: number }): Promise<ListedClientErrorReport[]>;
}

export function createClientErrorRepository(db: Database): ClientErrorReportStore {
  return {
    async add(report) {
      const rows = await db.insert(clientErrorReports).values(report).returning({ id: clientErrorReports.id });
      const id = rows[0]?.id;
      if (!id) throw new Error("client error report was not stored");
      return { id };
    },

    async list({ tenantId, tenantSlug, limit }) {
      const conditions: SQL[] = [];
      if (tenantId !== undefined) conditions.push(eq(clientErrorReports.tenantId, tenantId));
      if (tenantSlug !== undefined) conditions.push(eq(tenants.slug, tenantSlug));
      const rows = await db
        .select({ report: clientErrorReports, tenantSlug: tenants.slug })
        .from(clientErrorReports)
        .leftJoin(tenants, eq(tenants.id, clientErrorReports.tenantId))
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(clientErrorReports.createdAt), desc(clientErrorReports.id))
        .limit(Math.max(1, Math.min(MAX_LISTED_REPORTS, Math.trunc(limit))));
      return rows.map(({ report, tenantSlug: slug }) => ({ ...report, tenantSlug: slug }));
    },
  };
}
