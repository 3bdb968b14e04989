/**
 * The durable jobs (ARCHITECTURE.md §1): what each queue does, when it runs and how it retries.
 * Every job may run twice or on two workers at once and still be right: a sweep that finds
 * nothing to do does nothing, and every change it makes is guarded in the database.
 */
import type { DatabaseHandle } from "#adapters/db/client.ts";
import { rollFlightInventory, rollTourInventory } from "../database-adapters.ts";
import type { Logger } from "../logger.ts";

export const FLIGHT_INVENTORY_ROLL = "flight-inventory-roll";
export const BOOKING_HOLD_EXPIRY = "booking-hold-expiry";
export const PAYMENT_RECONCILIATION = "payment-reconciliation";
export const FARE_HISTORY = "fare-history";
export const WATCH_ALERTS = "watch-alerts";
export const AUTO_RESERVE = "auto-reserve";
export const DESIRED_PRICE_ORDERS = "desired-price-orders";
export const TAX_FILING = "tax-filing";

/** The work the jobs do, passed in by the composition root (runtime, worker entry, tests). */
export interface WorkerJobs {
  /** Bookings whose hold ran out become expired and give their seats back; orphan holds too. */
  expireHolds: () => Promise<{ expired: number }>;
  /** Payments without a verdict are verified before the bank's deadline; paid bookings get their tickets. */
  reconcilePayments?: () => Promise<unknown>;
  /** New days into the house flight and tour inventories; by default `rollFlightInventory` and `rollTourInventory` on the worker's database. */
  rollFlightInventory?: () => Promise<unknown>;
  /** Today's cheapest fare of every watched route and departure day into the fare history (issue 22 §4). */
  recordFareHistory?: () => Promise<unknown>;
  /** Notify-me alerts due now are checked, one search per route, day and party (issue 22 §1). */
  watchAlerts?: () => Promise<unknown>;
  /** Auto-reserve items (issue 22 §2): seats within the cap are held, paid from the wallet and issued. */
  autoReserve?: () => Promise<unknown>;
  /** Orders at a desired price (issue 22 §3): bought at or below the price, or expired and released. */
  desiredPriceOrders?: () => Promise<unknown>;
  /** Issue 23: official invoices made, filed with the tax registry, asked about and retried; overdue ones warned. */
  fileTaxInvoices?: () => Promise<unknown>;
}

/** A watcher's result is worth an info line when it bought, ended or sent something. */
const purchaseNotable = (result: unknown) => {
  const counts = result as { booked?: number; bought?: number; ended?: number; expired?: number; sms?: { sent?: number } } | undefined;
  return Boolean(counts?.booked || counts?.bought || counts?.ended || counts?.expired || counts?.sms?.sent);
};

export interface JobDefinition {
  /** The pg-boss queue; its jobs run one at a time across all workers (the "stately" policy). */
  queue: string;
  /** A cron line (pg-boss evaluates it once per minute across all workers, so it fires once). */
  cron?: string;
  /** The zone the cron line is read in. */
  tz?: string;
  /** Also queue one run when a worker starts (deduplicated against a run already waiting). */
  runAtStart?: boolean;
  /** A run taking longer counts as failed and is retried. */
  expireInSeconds: number;
  retryLimit: number;
  retryDelaySeconds?: number;
  /** The work; what it returns is stored as the job's output and logged. */
  run(): Promise<unknown>;
  /** Whether a result is worth an info line (a sweep that found nothing logs at debug). */
  notable?(result: unknown): boolean;
}

/** The jobs every worker runs. */
export function standardJobs(database: DatabaseHandle, log: Pick<Logger, "info">, jobs: WorkerJobs): JobDefinition[] {
  return [
    {
      queue: FLIGHT_INVENTORY_ROLL,
      // Shortly after each Tehran midnight a new day enters the sales window; every six hours
      // so a missed run (a deploy, a database blip) is made up the same day.
      cron: "5 */6 * * *",
      tz: "Asia/Tehran",
      runAtStart: true,
      expireInSeconds: 30 * 60,
      retryLimit: 3,
      retryDelaySeconds: 5 * 60,
      run:
        jobs.rollFlightInventory ??
        (async () => {
          await rollFlightInventory(database, new Date(), log);
          await rollTourInventory(database, new Date(), log);
        }),
      notable: () => true,
    },
    {
      queue: BOOKING_HOLD_EXPIRY,
      // Holds last minutes (spec: 15), so a sweep each minute gives seats back within a minute
      // of expiry. A failed sweep is not retried: the next minute's sweep is the retry.
      cron: "* * * * *",
      expireInSeconds: 5 * 60,
      retryLimit: 0,
      run: () => jobs.expireHolds(),
      notable: (result) => (result as { expired?: number } | undefined)?.expired !== 0,
    },
    ...(jobs.reconcilePayments
      ? [
          {
            queue: PAYMENT_RECONCILIATION,
            // Banks reverse unverified payments after 10–30 minutes: looking each minute leaves time to verify.
            cron: "* * * * *",
            expireInSeconds: 5 * 60,
            retryLimit: 0,
            run: jobs.reconcilePayments,
            notable: (result: unknown) => {
              const counts = result as { looked?: number; completed?: number; reversedBySandbox?: number } | undefined;
              return Boolean(counts?.looked || counts?.completed || counts?.reversedBySandbox);
            },
          } satisfies JobDefinition,
        ]
      : []),
    ...(jobs.recordFareHistory
      ? [
          {
            queue: FARE_HISTORY,
            // Once a Tehran day, after the midnight inventory roll has added the new day; at start
            // too, so a worker that was down at that hour still records the day (a second run keeps
            // each departure's lower fare, so nothing doubles).
            cron: "40 0 * * *",
            tz: "Asia/Tehran",
            runAtStart: true,
            expireInSeconds: 30 * 60,
            retryLimit: 3,
            retryDelaySeconds: 10 * 60,
            run: jobs.recordFareHistory,
            notable: () => true,
          } satisfies JobDefinition,
        ]
      : []),
    ...(jobs.watchAlerts
      ? [
          {
            queue: WATCH_ALERTS,
            // The shortest interval a traveller may choose is 30 minutes: each minute keeps every alert on time.
            cron: "* * * * *",
            expireInSeconds: 10 * 60,
            retryLimit: 0,
            run: jobs.watchAlerts,
            notable: (result: unknown) => {
              const counts = result as { fired?: number; ended?: number; deferred?: number; failedSearches?: number } | undefined;
              return Boolean(counts?.fired || counts?.ended || counts?.deferred || counts?.failedSearches);
            },
          } satisfies JobDefinition,
        ]
      : []),
    // Each minute: due items are looked at every five minutes, so a minute's sweep keeps them on time.
    // A failed run is not retried: the next minute's run is the retry, and every purchase is claimed.
    ...(jobs.autoReserve
      ? [
          {
            queue: AUTO_RESERVE,
            cron: "* * * * *",
            expireInSeconds: 5 * 60,
            retryLimit: 0,
            run: jobs.autoReserve,
            notable: purchaseNotable,
          },
        ]
      : []),
    ...(jobs.desiredPriceOrders
      ? [
          {
            queue: DESIRED_PRICE_ORDERS,
            cron: "* * * * *",
            expireInSeconds: 5 * 60,
            retryLimit: 0,
            run: jobs.desiredPriceOrders,
            notable: purchaseNotable,
          },
        ]
      : []),
    // Issue 23: each minute, so a filing's first tries follow the backoff (1, 2, 5… minutes); at
    // start too, so invoices left by a stopped worker move at once. The next run is the retry.
    ...(jobs.fileTaxInvoices
      ? [
          {
            queue: TAX_FILING,
            cron: "* * * * *",
            runAtStart: true,
            expireInSeconds: 10 * 60,
            retryLimit: 0,
            run: jobs.fileTaxInvoices,
            notable: (result: unknown) => Object.values((result ?? {}) as Record<string, number>).some((count) => count > 0),
          } satisfies JobDefinition,
        ]
      : []),
  ];
}
