/**
 * Official invoices from payment to acceptance (issue 23 §1; docs/decisions/0028): a sweep makes
 * the invoice of every paid booking that needs one (and the corrective of every refund of an
 * invoiced booking), then each invoice due is filed with the tenant's registry or asked about,
 * one step per run, with backoff between tries. Every step is claimed in the database first, so
 * two workers never file the same invoice twice, and the sweep's writes are keyed by unique
 * indexes, so running it again or concurrently makes nothing twice.
 */
import type { BookingRepository } from "../booking/ports.ts";
import type { PaymentRepository } from "../payments/ports.ts";
import type { Clock } from "../ports.ts";
import type { RefundRepository } from "../refunds/refund-booking.ts";
import { FILING_CLAIM_MINUTES, MAX_FILING_ATTEMPTS, nextAttemptAfter, nextInquiryAt, OVERDUE_AFTER_HOURS } from "./backoff.ts";
import { correctiveInvoiceBody, needsOfficialInvoice, originalInvoiceBody, type TaxInvoice, type TaxProfile } from "./invoice.ts";
import type { RegistryError, TaxInvoiceListing, TaxInvoiceRepository, TaxRegistry, TaxSeller } from "./ports.ts";

export interface TaxFilingDeps {
  invoices: TaxInvoiceRepository;
  bookings: Pick<BookingRepository, "findById">;
  payments: Pick<PaymentRepository, "verifiedOf">;
  refunds: Pick<RefundRepository, "findByBooking">;
  /** The registry a tenant files with (its profile names it); null when it cannot be built now (no usable credentials). */
  registryFor(seller: TaxSeller & { profile: TaxProfile }): Promise<TaxRegistry | null>;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
}

/** How many invoices one run makes and files at most: the next minute's run takes the rest. */
const BATCH = 50;
/** How far back the sweep looks for bookings and refunds without their invoice: the legal 12 days and a margin. */
export const SWEEP_DAYS = 14;
const HOUR_MS = 3_600_000;

type SellerWithProfile = TaxSeller & { profile: TaxProfile };

async function sellerOf(deps: Pick<TaxFilingDeps, "invoices">, tenantId: string): Promise<SellerWithProfile | null> {
  const seller = await deps.invoices.seller(tenantId);
  return seller?.profile ? { ...seller, profile: seller.profile } : null;
}

/** The booking's original invoice: made now if it needs one and has none; null when it needs none (yet). */
export async function ensureOriginalInvoice(
  input: { tenantId: string; bookingId: string; paidAt?: Date | null },
  deps: Pick<TaxFilingDeps, "invoices" | "bookings" | "payments" | "clock">,
): Promise<TaxInvoice | null> {
  const existing = (await deps.invoices.forBooking(input.bookingId)).find((invoice) => invoice.kind === "original");
  if (existing) return existing;
  const seller = await sellerOf(deps, input.tenantId);
  const booking = await deps.bookings.findById(input.tenantId, input.bookingId);
  if (!seller || !booking || !needsOfficialInvoice(booking, seller.profile)) return null;
  // A sale paid some other way than a payment row says (none found) is still invoiced, without its payment section.
  const payment = await deps.payments.verifiedOf(booking.id);
  const paidAt = input.paidAt ?? payment?.updatedAt ?? deps.clock.now();
  const issuedAt = deps.clock.now();
  return deps.invoices.create(input.tenantId, booking.id, { kind: "original" }, (serial) => {
    const body = originalInvoiceBody({
      booking,
      seller: { name: seller.name, profile: seller.profile },
      payment,
      paidAt,
      serial,
      issuedAt,
    });
    return { kind: "original", refersTo: null, refundId: null, taxId: body.header.taxId, body, paidAt, issuedAt };
  });
}

/** The corrective invoice of a booking's refund, made now when the booking's original exists; null otherwise. */
export async function ensureCorrectiveInvoice(
  input: { tenantId: string; bookingId: string },
  deps: Pick<TaxFilingDeps, "invoices" | "refunds" | "clock">,
): Promise<TaxInvoice | null> {
  const invoices = await deps.invoices.forBooking(input.bookingId);
  const original = invoices.find((invoice) => invoice.kind === "original");
  const refund = await deps.refunds.findByBooking(input.bookingId);
  if (!original || !refund) return null;
  const existing = invoices.find((invoice) => invoice.refundId === refund.id);
  if (existing) return existing;
  const seller = await sellerOf(deps, input.tenantId);
  if (!seller) return null;
  const issuedAt = deps.clock.now();
  return deps.invoices.create(input.tenantId, input.bookingId, { kind: "corrective", refundId: refund.id }, (serial) => {
    const body = correctiveInvoiceBody({
      original: original.body,
      seller: { name: seller.name, profile: seller.profile },
      refund: { reference: refund.reference, penalty: refund.penalty, amount: refund.amount },
      serial,
      issuedAt,
    });
    // The 72 hours of a corrective count from the refund.
    return {
      kind: "corrective",
      refersTo: original.id,
      refundId: refund.id,
      taxId: body.header.taxId,
      body,
      paidAt: refund.createdAt,
      issuedAt,
    };
  });
}

const errorText = (errors: readonly RegistryError[]) =>
  errors
    .map((error) => `${error.code}: ${error.message}`)
    .join("; ")
    .slice(0, 500);

export type FilingStep = "submitted" | "accepted" | "refused" | "pending" | "retry" | "failed" | "skipped";

/**
 * One step of an invoice already claimed: a pending or refused one is submitted, a submitted one
 * is asked about. What happens next is written with the invoice's next attempt.
 */
async function stepClaimed(invoice: TaxInvoice, deps: TaxFilingDeps): Promise<FilingStep> {
  const now = () => deps.clock.now();
  const seller = await sellerOf(deps, invoice.tenantId);
  const registry = seller ? await deps.registryFor(seller) : null;
  if (!seller || !registry) {
    // No profile any more, or its credentials cannot be read: an operator must act; the alarm will tell.
    await deps.invoices.update(invoice.id, {
      attempts: invoice.attempts + 1,
      lastError: seller ? `no ${seller.profile.registry} registry for this tenant (credentials missing?)` : "the tenant has no tax profile",
      nextAttemptAt: nextAttemptAfter(invoice.attempts + 1, now()),
    });
    return "retry";
  }

  if (invoice.status === "submitted" && invoice.registryReference) {
    const answer = await registry.inquire(invoice.registryReference);
    if (!answer.ok) {
      await deps.invoices.update(invoice.id, {
        lastError: answer.message,
        nextAttemptAt: nextInquiryAt(invoice.submittedAt ?? now(), now()),
      });
      return "retry";
    }
    if (answer.status === "accepted") {
      await deps.invoices.update(invoice.id, { status: "accepted", acceptedAt: now(), lastError: null });
      return "accepted";
    }
    if (answer.status === "pending") {
      await deps.invoices.update(invoice.id, { nextAttemptAt: nextInquiryAt(invoice.submittedAt ?? now(), now()) });
      return "pending";
    }
    return refuse(invoice, answer.errors, deps);
  }

  const attempts = invoice.attempts + 1;
  const sent = await registry.submit({ taxId: invoice.taxId, body: invoice.body, profile: seller.profile });
  if (sent.ok) {
    await deps.invoices.update(invoice.id, {
      status: "submitted",
      attempts,
      registryReference: sent.reference,
      submittedAt: now(),
      // The verdict is asked for a minute later.
      nextAttemptAt: nextAttemptAfter(1, now()),
    });
    return "submitted";
  }
  if (sent.error === "UNAVAILABLE") {
    await deps.invoices.update(invoice.id, { attempts, lastError: sent.message, nextAttemptAt: nextAttemptAfter(attempts, now()) });
    return attempts >= MAX_FILING_ATTEMPTS ? fail(invoice.id, deps) : "retry";
  }
  return refuse({ ...invoice, attempts }, sent.errors, deps);
}

async function refuse(invoice: TaxInvoice, errors: readonly RegistryError[], deps: TaxFilingDeps): Promise<FilingStep> {
  await deps.invoices.update(invoice.id, {
    status: "refused",
    attempts: invoice.attempts,
    lastError: errorText(errors) || "refused",
    nextAttemptAt: nextAttemptAfter(invoice.attempts, deps.clock.now()),
  });
  deps.log?.warn({ invoice: invoice.id, taxId: invoice.taxId, errors }, "tax invoice refused by the registry; it will be filed again");
  return invoice.attempts >= MAX_FILING_ATTEMPTS ? fail(invoice.id, deps) : "refused";
}

async function fail(id: string, deps: TaxFilingDeps): Promise<FilingStep> {
  await deps.invoices.update(id, { status: "failed" });
  return "failed";
}

/** Claims an invoice (so no other worker files it now) and takes its next step; "skipped" when another worker has it. */
export async function fileInvoice(invoice: TaxInvoice, deps: TaxFilingDeps): Promise<FilingStep> {
  const now = deps.clock.now();
  if (!(await deps.invoices.claim(invoice.id, now, new Date(now.getTime() + FILING_CLAIM_MINUTES * 60_000)))) return "skipped";
  try {
    return await stepClaimed(invoice, deps);
  } catch (error) {
    // A fault (a bug, the database away): the claim lapses and a later run takes it up.
    deps.log?.warn({ err: error, invoice: invoice.id }, "tax invoice filing step failed");
    return "retry";
  }
}

export interface TaxFilingResult {
  made: number;
  corrective: number;
  submitted: number;
  accepted: number;
  refused: number;
  retried: number;
  failed: number;
  overdue: number;
}

/** The worker's run (each minute): the sweep, every due step, and a warning for each invoice that has just become overdue. */
export async function runTaxFiling(deps: TaxFilingDeps, options: { intervalMinutes?: number } = {}): Promise<TaxFilingResult> {
  const result: TaxFilingResult = { made: 0, corrective: 0, submitted: 0, accepted: 0, refused: 0, retried: 0, failed: 0, overdue: 0 };
  // The sweep looks back a bounded time, so its cost follows recent sales, not the whole history;
  // anything older is past the legal limit already and is the operator's (`admin invoices file`).
  const since = new Date(deps.clock.now().getTime() - SWEEP_DAYS * 24 * 60 * 60_000);
  for (const candidate of await deps.invoices.bookingsWithoutInvoice(BATCH, since)) {
    try {
      if (await ensureOriginalInvoice(candidate, deps)) result.made += 1;
    } catch (error) {
      deps.log?.warn({ err: error, booking: candidate.bookingId }, "official invoice could not be made");
    }
  }
  for (const candidate of await deps.invoices.refundsWithoutCorrective(BATCH, since)) {
    try {
      if (await ensureCorrectiveInvoice(candidate, deps)) result.corrective += 1;
    } catch (error) {
      deps.log?.warn({ err: error, booking: candidate.bookingId }, "corrective invoice could not be made");
    }
  }
  for (const invoice of await deps.invoices.due(deps.clock.now(), BATCH)) {
    const step = await fileInvoice(invoice, deps);
    if (step === "submitted") result.submitted += 1;
    else if (step === "accepted") result.accepted += 1;
    else if (step === "refused") result.refused += 1;
    else if (step === "failed") result.failed += 1;
    else if (step === "retry" || step === "pending") result.retried += 1;
  }
  // Each run looks at the payments that crossed the 60-hour line since the previous run (a minute).
  const now = deps.clock.now().getTime();
  const line = now - OVERDUE_AFTER_HOURS * HOUR_MS;
  const interval = (options.intervalMinutes ?? 1) * 60_000;
  for (const invoice of await deps.invoices.paidBetween(new Date(line - interval), new Date(line))) {
    result.overdue += 1;
    deps.log?.warn(overdueDetails(invoice, deps.clock.now()), "official invoice not accepted 60 hours after payment");
  }
  return result;
}

/** Hours since the payment, whole. */
export function hoursSincePayment(invoice: Pick<TaxInvoice, "paidAt">, now: Date): number {
  return Math.floor((now.getTime() - invoice.paidAt.getTime()) / HOUR_MS);
}

function overdueDetails(invoice: TaxInvoiceListing, now: Date) {
  return {
    tenant: invoice.tenantSlug,
    booking: invoice.bookingReference,
    taxId: invoice.taxId,
    status: invoice.status,
    attempts: invoice.attempts,
    lastError: invoice.lastError,
    hoursSincePayment: hoursSincePayment(invoice, now),
  };
}

export type FileNowResult =
  { ok: true; invoice: TaxInvoice; step: FilingStep } | { ok: false; error: "BOOKING_NOT_FOUND" | "NO_TAX_PROFILE" | "NOT_INVOICED" };

/**
 * An operator's "file it now" (`admin invoices file`): the booking's original is made if missing
 * and its next step taken at once; a refused or failed one is filed afresh, an accepted one left.
 */
export async function fileBookingNow(input: { tenantId: string; reference: string }, deps: TaxFilingDeps): Promise<FileNowResult> {
  const bookingId = await deps.invoices.bookingIdByReference(input.tenantId, input.reference);
  if (!bookingId) return { ok: false, error: "BOOKING_NOT_FOUND" };
  if (!(await sellerOf(deps, input.tenantId))) return { ok: false, error: "NO_TAX_PROFILE" };
  const made = await ensureOriginalInvoice({ tenantId: input.tenantId, bookingId }, deps);
  if (!made) return { ok: false, error: "NOT_INVOICED" };
  await ensureCorrectiveInvoice({ tenantId: input.tenantId, bookingId }, deps);
  let invoice = made;
  if (invoice.status === "accepted") {
    // The original is done; its corrective (if any) is what is left to file.
    const corrective = (await deps.invoices.forBooking(bookingId)).find((item) => item.kind === "corrective" && item.status !== "accepted");
    if (!corrective) return { ok: true, invoice, step: "accepted" };
    invoice = corrective;
  }
  const now = deps.clock.now();
  await deps.invoices.update(invoice.id, {
    nextAttemptAt: now,
    // A failed one starts afresh: filed again, with its count of tries from zero.
    ...(invoice.status === "failed" ? { status: "pending" as const, attempts: 0 } : {}),
  });
  const fresh = (await deps.invoices.findById(invoice.id)) ?? invoice;
  const step = await fileInvoice(fresh, deps);
  return { ok: true, invoice: (await deps.invoices.findById(invoice.id)) ?? fresh, step };
}
