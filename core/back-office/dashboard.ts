import { tehranDayStart } from "#core/accounts/otp.ts";
import { OVERDUE_AFTER_HOURS } from "#core/tax/backoff.ts";

/** The dashboard's figures for one tenant (issue 25 §1): what needs an operator's eye today. */
export interface DashboardFigures {
  /** Bookings opened today (Tehran's day), whatever became of them. */
  bookingsToday: number;
  /** Integer tomans verified today for bookings (cards and wallets). */
  revenueToday: number;
  /** Card refunds the agency still owes: their number and integer tomans. */
  refundsDue: { count: number; amount: number };
  /** Official invoices not accepted by the registry 60 hours after the payment (the promise is 72). */
  overdueInvoices: number;
  /**
   * Background jobs failed in the last day. Jobs are the deployment's, not a tenant's (they sweep
   * every tenant), so this is a count with the queues' names, never any tenant's data.
   */
  failedJobs: { count: number; queues: string[] };
}

export interface DashboardSource {
  figures(input: { tenantId: string; dayStart: Date; now: Date; invoicesPaidBefore: Date; jobsSince: Date }): Promise<DashboardFigures>;
}

export function dashboardFigures(source: DashboardSource, tenantId: string, now: Date): Promise<DashboardFigures> {
  return source.figures({
    tenantId,
    dayStart: tehranDayStart(now),
    now,
    invoicesPaidBefore: new Date(now.getTime() - OVERDUE_AFTER_HOURS * 3600_000),
    jobsSince: new Date(now.getTime() - 24 * 3600_000),
  });
}
