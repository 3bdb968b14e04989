/**
 * Official invoices (issue 23 §1) in `tax_invoices`. Serials come from the tenant's own counter
 * (the largest so far, plus one) under a lock of the tenant's row, so they strictly increase and
 * the unique (tenant, serial) index is never the thing that saves us; one original per booking and
 * one corrective per refund are unique indexes too. A worker claims an invoice by moving its next
 * attempt forward with a conditional update: of two workers, one gets it.
 */
import { and, asc, eq, gt, gte, inArray, isNotNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { normalizeReference } from "#core/booking/booking.ts";
import type { TaxInvoice, TaxInvoiceBody, TaxInvoiceStatus } from "#core/tax/invoice.ts";
import type { TaxInvoiceListing, TaxInvoiceRepository } from "#core/tax/ports.ts";
import { isTaxProfile } from "#core/tax/tax-profile.ts";
import type { Database } from "./client.ts";
import { bookingEvents, bookings, refunds, taxInvoices, tenants } from "./schema.ts";

type Row = typeof taxInvoices.$inferSelect;

const OPEN_STATES: TaxInvoiceStatus[] = ["pending", "submitted", "refused"];
/** Bookings that were paid and kept their tickets, or were refunded afterwards (an unissued one's money went back: no sale). */
const INVOICED_BOOKING_STATES = ["issued", "refund_requested", "refunded"];

function invoiceOf(row: Row): TaxInvoice {
  return {
    id: row.id,
    tenantId: row.tenantId,
    bookingId: row.bookingId,
    kind: row.kind === "corrective" ? "corrective" : "original",
    refersTo: row.refersTo,
    refundId: row.refundId,
    type: row.invoiceType === 1 ? 1 : 2,
    taxId: row.taxId,
    serial: row.serial,
    body: row.body as unknown as TaxInvoiceBody,
    amount: row.amount,
    vat: row.vat,
    status: row.status as TaxInvoiceStatus,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt,
    registryReference: row.registryReference,
    lastError: row.lastError,
    paidAt: row.paidAt,
    issuedAt: row.issuedAt,
    submittedAt: row.submittedAt,
    acceptedAt: row.acceptedAt,
  };
}

export function createTaxInvoiceRepository(db: Database): TaxInvoiceRepository {
  async function listWhere(where: SQL | undefined, limit: number): Promise<TaxInvoiceListing[]> {
    const rows = await db
      .select({ invoice: taxInvoices, tenantSlug: tenants.slug, bookingReference: bookings.reference })
      .from(taxInvoices)
      .innerJoin(tenants, eq(tenants.id, taxInvoices.tenantId))
      .innerJoin(bookings, eq(bookings.id, taxInvoices.bookingId))
      .where(where)
      .orderBy(asc(taxInvoices.paidAt), asc(taxInvoices.serial))
      .limit(limit);
    return rows.map((row) => ({ ...invoiceOf(row.invoice), tenantSlug: row.tenantSlug, bookingReference: row.bookingReference }));
  }

  return {
    async seller(tenantId) {
      const [row] = await db
        .select({ id: tenants.id, slug: tenants.slug, name: tenants.nameCompany, profile: tenants.taxProfile })
        .from(tenants)
        .where(eq(tenants.id, tenantId));
      if (!row) return null;
      return { tenantId: row.id, slug: row.slug, name: row.name.fa, profile: isTaxProfile(row.profile) ? row.profile : null };
    },

    async bookingsWithoutInvoice(limit, since) {
      const paidAt = sql<Date | null>`(select min(${bookingEvents.at}) from ${bookingEvents} where ${bookingEvents.bookingId} = ${bookings.id} and ${bookingEvents.toStatus} = 'paid')`;
      const rows = await db
        .select({ tenantId: bookings.tenantId, bookingId: bookings.id, paidAt: paidAt.mapWith((value: string | Date | null) => value) })
        .from(bookings)
        .innerJoin(tenants, eq(tenants.id, bookings.tenantId))
        .where(
          and(
            isNotNull(tenants.taxProfile),
            sql`(${bookings.company} is not null or coalesce((${tenants.taxProfile}->>'invoiceEveryBooking')::boolean, false))`,
            inArray(bookings.status, INVOICED_BOOKING_STATES),
            gte(bookings.updatedAt, since),
            // A refunded booking counts only when its refund came after issue (not an unissued booking's money returned).
            sql`(${bookings.status} <> 'refunded' or exists (select 1 from ${refunds} where ${refunds.bookingId} = ${bookings.id}))`,
            sql`not exists (select 1 from ${taxInvoices} where ${taxInvoices.bookingId} = ${bookings.id} and ${taxInvoices.kind} = 'original')`,
          ),
        )
        .orderBy(asc(bookings.updatedAt))
        .limit(limit);
      return rows.map((row) => ({
        tenantId: row.tenantId,
        bookingId: row.bookingId,
        paidAt: row.paidAt ? new Date(row.paidAt) : null,
      }));
    },

    async refundsWithoutCorrective(limit, since) {
      return db
        .select({ tenantId: refunds.tenantId, bookingId: refunds.bookingId, refundId: refunds.id })
        .from(refunds)
        .where(
          and(
            gte(refunds.createdAt, since),
            sql`exists (select 1 from ${taxInvoices} where ${taxInvoices.bookingId} = ${refunds.bookingId} and ${taxInvoices.kind} = 'original')`,
            sql`not exists (select 1 from ${taxInvoices} where ${taxInvoices.refundId} = ${refunds.id})`,
          ),
        )
        .orderBy(asc(refunds.createdAt))
        .limit(limit);
    },

    async create(tenantId, bookingId, key, make) {
      return db.transaction(async (tx) => {
        // One writer of a tenant's invoices at a time: its serials strictly increase.
        await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for("update");
        const [existing] = await tx
          .select()
          .from(taxInvoices)
          .where(
            key.kind === "original"
              ? and(eq(taxInvoices.bookingId, bookingId), eq(taxInvoices.kind, "original"))
              : eq(taxInvoices.refundId, key.refundId),
          )
          .limit(1);
        if (existing) return invoiceOf(existing);
        const [last] = await tx
          .select({ serial: sql<number>`coalesce(max(${taxInvoices.serial}), 0)`.mapWith(Number) })
          .from(taxInvoices)
          .where(eq(taxInvoices.tenantId, tenantId));
        const made = make((last?.serial ?? 0) + 1);
        const [row] = await tx
          .insert(taxInvoices)
          .values({
            tenantId,
            bookingId,
            kind: made.kind,
            refersTo: made.refersTo,
            refundId: made.refundId,
            invoiceType: made.body.header.type,
            taxId: made.taxId,
            serial: made.body.header.serial,
            body: made.body as unknown as Record<string, unknown>,
            amount: made.body.totals.total,
            vat: made.body.totals.vat,
            status: "pending",
            nextAttemptAt: made.issuedAt,
            paidAt: made.paidAt,
            issuedAt: made.issuedAt,
            createdAt: made.issuedAt,
            updatedAt: made.issuedAt,
          })
          .returning();
        return invoiceOf(row!);
      });
    },

    async findById(id) {
      const [row] = await db.select().from(taxInvoices).where(eq(taxInvoices.id, id));
      return row ? invoiceOf(row) : null;
    },

    async forBooking(bookingId) {
      const rows = await db.select().from(taxInvoices).where(eq(taxInvoices.bookingId, bookingId)).orderBy(asc(taxInvoices.serial));
      return rows.map(invoiceOf);
    },

    async due(now, limit) {
      const rows = await db
        .select()
        .from(taxInvoices)
        .where(
          and(
            inArray(taxInvoices.status, OPEN_STATES),
            lte(taxInvoices.nextAttemptAt, now),
            // A corrective waits for its original's acceptance: the registry corrects only what it has.
            sql`(${taxInvoices.kind} = 'original' or exists (select 1 from ${taxInvoices} as original where original.id = ${taxInvoices.refersTo} and original.status = 'accepted'))`,
          ),
        )
        .orderBy(asc(taxInvoices.nextAttemptAt))
        .limit(limit);
      return rows.map(invoiceOf);
    },

    async claim(id, now, until) {
      const claimed = await db
        .update(taxInvoices)
        .set({ nextAttemptAt: until, updatedAt: now })
        .where(and(eq(taxInvoices.id, id), inArray(taxInvoices.status, OPEN_STATES), lte(taxInvoices.nextAttemptAt, now)))
        .returning({ id: taxInvoices.id });
      return claimed.length > 0;
    },

    async update(id, patch) {
      await db
        .update(taxInvoices)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(taxInvoices.id, id));
    },

    async list(filter) {
      const conditions: (SQL | undefined)[] = [];
      if (filter.tenantId) conditions.push(eq(taxInvoices.tenantId, filter.tenantId));
      if (filter.status) conditions.push(eq(taxInvoices.status, filter.status));
      if (filter.overdueAt) conditions.push(ne(taxInvoices.status, "accepted"), lte(taxInvoices.paidAt, filter.overdueAt));
      return listWhere(and(...conditions), filter.limit ?? 500);
    },

    async paidBetween(from, to) {
      return listWhere(and(ne(taxInvoices.status, "accepted"), gt(taxInvoices.paidAt, from), lte(taxInvoices.paidAt, to)), 500);
    },

    async bookingIdByReference(tenantId, reference) {
      const [row] = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.tenantId, tenantId), eq(bookings.reference, normalizeReference(reference))));
      return row?.id ?? null;
    },
  };
}
