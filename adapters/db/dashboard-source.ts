import { and, count, eq, gte, lt, ne, sql, sum } from "drizzle-orm";
import type { DashboardSource } from "#core/back-office/dashboard.ts";
import { rowsOf } from "./chunks.ts";
import type { Database } from "./client.ts";
import { bookings, payments, refunds, taxInvoices } from "./schema.ts";

/** The back-office dashboard's figures, each one query scoped by the tenant (pg-boss's jobs excepted: they are the deployment's). */
export function createDashboardSource(db: Database): DashboardSource {
  return {
    async figures({ tenantId, dayStart, now, invoicesPaidBefore, jobsSince }) {
      const [[opened], [revenue], [due], [overdue], jobs] = await Promise.all([
        db
          .select({ count: count() })
          .from(bookings)
          .where(and(eq(bookings.tenantId, tenantId), gte(bookings.createdAt, dayStart), lt(bookings.createdAt, now))),
        // A verified payment is not changed again, so its last change is when the money came.
        db
          .select({ amount: sum(payments.amount) })
          .from(payments)
          .where(
            and(
              eq(payments.tenantId, tenantId),
              eq(payments.purpose, "booking"),
              eq(payments.status, "verified"),
              gte(payments.updatedAt, dayStart),
            ),
          ),
        db
          .select({ count: count(), amount: sum(refunds.amount) })
          .from(refunds)
          .where(and(eq(refunds.tenantId, tenantId), eq(refunds.destination, "card"), eq(refunds.status, "requested"))),
        db
          .select({ count: count() })
          .from(taxInvoices)
          .where(and(eq(taxInvoices.tenantId, tenantId), ne(taxInvoices.status, "accepted"), lt(taxInvoices.paidAt, invoicesPaidBefore))),
        failedJobs(db, jobsSince),
      ]);
      return {
        bookingsToday: opened?.count ?? 0,
        revenueToday: Number(revenue?.amount ?? 0),
        refundsDue: { count: due?.count ?? 0, amount: Number(due?.amount ?? 0) },
        overdueInvoices: overdue?.count ?? 0,
        failedJobs: jobs,
      };
    },
  };
}

/** pg-boss's failed jobs since an instant; none where the worker never created its schema (a test database). */
async function failedJobs(db: Database, since: Date): Promise<{ count: number; queues: string[] }> {
  const [present] = rowsOf<{ table: string | null }>(await db.execute(sql`select to_regclass('pgboss.job')::text as "table"`));
  if (!present?.table) return { count: 0, queues: [] };
  const rows = rowsOf<{ name: string; failed: number | string }>(
    await db.execute(
      sql`select name, count(*) as failed from pgboss.job where state = 'failed' and completed_on >= ${since.toISOString()} group by name order by name`,
    ),
  );
  return { count: rows.reduce((total, row) => total + Number(row.failed), 0), queues: rows.map((row) => row.name) };
}
