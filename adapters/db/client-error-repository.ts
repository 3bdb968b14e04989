import { and, count, desc, eq, gte, ilike, or, type SQL } from "drizzle-orm";
import { MAX_LISTED_REPORTS, type ClientErrorFilter, type ClientErrorReader } from "#core/client-errors/listing.ts";
import type { ClientErrorReport, ClientErrorRepository } from "#core/client-errors/ports.ts";
import type { Database } from "./client.ts";
import { clientErrorReports, tenants } from "./schema.ts";

/** A stored report as operators list it: with its id, time and the tenant's slug. */
export interface ListedClientErrorReport extends ClientErrorReport {
  id: string;
  createdAt: Date;
  tenantSlug: string | null;
}

export { MAX_LISTED_REPORTS };

export interface ClientErrorReportStore extends ClientErrorRepository, ClientErrorReader {
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

    async search(filter, page) {
      const where = and(...searchConditions(filter));
      const [rows, [counted]] = await Promise.all([
        db
          .select({ report: clientErrorReports, tenantSlug: tenants.slug })
          .from(clientErrorReports)
          .leftJoin(tenants, eq(tenants.id, clientErrorReports.tenantId))
          .where(where)
          .orderBy(desc(clientErrorReports.createdAt), desc(clientErrorReports.id))
          .limit(Math.max(1, Math.min(MAX_LISTED_REPORTS, Math.trunc(page.limit))))
          .offset(Math.max(0, Math.trunc(page.offset))),
        db.select({ total: count() }).from(clientErrorReports).where(where),
      ]);
      return {
        // The sender's address hash stays in the database: operators never need it.
        rows: rows.map(({ report: { ipHash: _ipHash, ...report }, tenantSlug: slug }) => ({ ...report, tenantSlug: slug })),
        total: counted?.total ?? 0,
      };
    },

    async categories(tenantId) {
      const rows = await db
        .selectDistinct({ category: clientErrorReports.category })
        .from(clientErrorReports)
        .where(eq(clientErrorReports.tenantId, tenantId))
        .orderBy(clientErrorReports.category)
        .limit(100);
      return rows.map((row) => row.category);
    },
  };
}

/** `%` and `_` typed by an operator are looked for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function searchConditions(filter: ClientErrorFilter): SQL[] {
  const conditions: SQL[] = [eq(clientErrorReports.tenantId, filter.tenantId)];
  if (filter.category !== undefined) conditions.push(eq(clientErrorReports.category, filter.category));
  if (filter.since !== undefined) conditions.push(gte(clientErrorReports.createdAt, filter.since));
  if (filter.text !== undefined) {
    const pattern = likePattern(filter.text);
    conditions.push(
      or(ilike(clientErrorReports.title, pattern), ilike(clientErrorReports.text, pattern), ilike(clientErrorReports.pageUrl, pattern))!,
    );
  }
  return conditions;
}
