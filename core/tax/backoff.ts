/**
 * When a filing is tried again (docs/decisions/0028-official-invoices.md): soon after the first
 * failures, which are mostly a registry briefly away, then less often, and hourly from the sixth
 * on. The 72-hour promise leaves room for many tries; the 60-hour alarm tells an operator in time.
 */
export const FILING_BACKOFF_MINUTES = [1, 2, 5, 15, 30] as const;
export const FILING_BACKOFF_CEILING_MINUTES = 60;
/** After this many submissions without an acceptance, an invoice is failed: an operator must look. */
export const MAX_FILING_ATTEMPTS = 72;
/** Hours after payment by which an invoice not yet accepted is overdue (the promise is 72). */
export const OVERDUE_AFTER_HOURS = 60;
/** How long a worker holds an invoice it is filing; a crashed worker's claim lapses after it. */
export const FILING_CLAIM_MINUTES = 2;

/** Minutes to wait after the `attempt`-th try (1 for the first). */
export function backoffMinutes(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) return FILING_BACKOFF_MINUTES[0];
  return FILING_BACKOFF_MINUTES[attempt - 1] ?? FILING_BACKOFF_CEILING_MINUTES;
}

export function nextAttemptAfter(attempt: number, now: Date): Date {
  return new Date(now.getTime() + backoffMinutes(attempt) * 60_000);
}

/**
 * When a submitted invoice's verdict is asked for again: half the time it has waited so far, from
 * one minute to an hour, so a verdict that comes quickly is read quickly and one that takes days
 * costs a call an hour.
 */
export function nextInquiryAt(submittedAt: Date, now: Date): Date {
  const waited = (now.getTime() - submittedAt.getTime()) / 60_000;
  const minutes = Math.min(FILING_BACKOFF_CEILING_MINUTES, Math.max(FILING_BACKOFF_MINUTES[0], Math.round(waited / 2)));
  return new Date(now.getTime() + minutes * 60_000);
}
