import type { Clock } from "#core/ports.ts";
import { runTaxFiling, type TaxFilingDeps } from "#core/tax/file-invoices.ts";
import type { databaseAdapters } from "./database-adapters.ts";

const SYSTEM_CLOCK: Clock = { now: () => new Date() };

type TaxAdapters = Pick<ReturnType<typeof databaseAdapters>, "taxInvoices" | "taxRegistries" | "bookings" | "payments" | "refunds">;

/** What official invoices' use cases need, over the process's adapters (the worker's job and the admin commands share it). */
export function taxFilingDeps(
  adapters: TaxAdapters,
  clock: Clock = SYSTEM_CLOCK,
  log?: { warn(obj: object, msg: string): void },
): TaxFilingDeps {
  return {
    invoices: adapters.taxInvoices,
    bookings: adapters.bookings,
    payments: adapters.payments,
    refunds: adapters.refunds,
    registryFor: (seller) => adapters.taxRegistries.registryFor(seller),
    clock,
    ...(log ? { log } : {}),
  };
}

/**
 * The filing the worker runs each minute (issue 23 §1): invoices made for paid bookings (and
 * correctives for refunds), filed, asked about, retried with backoff; a warning for each invoice
 * that has just passed 60 hours unaccepted. Safe on two workers at once: each step is claimed.
 */
export function taxFilingJob(adapters: TaxAdapters, clock: Clock = SYSTEM_CLOCK, log?: { warn(obj: object, msg: string): void }) {
  return () => runTaxFiling(taxFilingDeps(adapters, clock, log));
}
