import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { BookingChange } from "#core/booking/booking.ts";
import { isPaymentPurpose, isPaymentState, WALLET_GATEWAY, type Payment, type PaymentState } from "#core/payments/payment.ts";
import type { PaymentRepository } from "#core/payments/ports.ts";
import type { Database } from "./client.ts";
import { moveBookingState, uniqueViolation } from "./booking-changes.ts";
import { bookings, ledgerTransactions, paymentLinks, payments } from "./schema.ts";

type PaymentRow = typeof payments.$inferSelect;

export function paymentOf(row: PaymentRow): Payment {
  // The check constraints keep both columns to known values; "failed" and "booking" only satisfy the types.
  return {
    ...row,
    status: isPaymentState(row.status) ? row.status : "failed",
    purpose: isPaymentPurpose(row.purpose) ? row.purpose : "booking",
  };
}

export function createPaymentRepository(db: Database): PaymentRepository {
  return {
    async create(input) {
      const [row] = await db
        .insert(payments)
        .values({
          tenantId: input.tenantId,
          bookingId: input.bookingId,
          hashId: input.hashId,
          gateway: input.gateway,
          amount: input.amount,
          verifyBy: input.verifyBy,
          status: "created",
          purpose: input.purpose ?? "booking",
          userId: input.userId ?? null,
          walletAmount: input.walletAmount ?? 0,
          chargeId: input.chargeId ?? null,
          createdAt: input.at,
          updatedAt: input.at,
        })
        .returning();
      return paymentOf(row!);
    },

    async openWalletPayment(input) {
      try {
        const [row] = await db
          .insert(payments)
          .values({
            tenantId: input.tenantId,
            bookingId: input.bookingId,
            userId: input.userId,
            hashId: input.hashId,
            gateway: WALLET_GATEWAY,
            amount: input.amount,
            walletAmount: input.amount,
            // Nothing to wait for: it is settled by whoever opened it (or by reconciliation after a crash).
            status: "verifying",
            verifyBy: input.at,
            createdAt: input.at,
            updatedAt: input.at,
          })
          .returning();
        return paymentOf(row!);
      } catch (error) {
        // payments_one_open_wallet_payment: another click of the same booking is being settled.
        if (uniqueViolation(error) !== null) return null;
        throw error;
      }
    },

    async payerOf(bookingId) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "verified")))
        .limit(1);
      return row ? paymentOf(row) : null;
    },

    async openWithWalletPart(bookingId) {
      const rows = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.bookingId, bookingId),
            ne(payments.gateway, WALLET_GATEWAY),
            gt(payments.walletAmount, 0),
            inArray(payments.status, ["created", "pending"]),
          ),
        )
        .orderBy(asc(payments.createdAt));
      return rows.map(paymentOf);
    },

    async endedWithOpenWalletPart(limit) {
      return db
        .selectDistinct({ id: bookings.id, tenantId: bookings.tenantId })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(
          and(
            ne(payments.gateway, WALLET_GATEWAY),
            gt(payments.walletAmount, 0),
            inArray(payments.status, ["created", "pending"]),
            inArray(bookings.status, ["expired", "cancelled"]),
          ),
        )
        .limit(limit);
    },

    async ledgerKeyPosted(tenantId, key) {
      const [row] = await db
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.tenantId, tenantId), eq(ledgerTransactions.idempotencyKey, key)))
        .limit(1);
      return row !== undefined;
    },

    async findByHashId(tenantId, hashId) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.tenantId, tenantId), eq(payments.hashId, hashId)))
        .limit(1);
      return row ? paymentOf(row) : null;
    },

    async findById(tenantId, id) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.tenantId, tenantId), eq(payments.id, id)))
        .limit(1);
      return row ? paymentOf(row) : null;
    },

    async findByToken(gateway, token) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.gateway, gateway), eq(payments.token, token)))
        .limit(1);
      return row ? paymentOf(row) : null;
    },

    async setToken(paymentId, token, at) {
      const rows = await db
        .update(payments)
        .set({ token, status: "pending", updatedAt: at })
        .where(and(eq(payments.id, paymentId), eq(payments.status, "created")))
        .returning({ id: payments.id });
      return rows.length === 1;
    },

    async move(paymentId, from, to, at, details = {}) {
      const rows = await db
        .update(payments)
        .set({
          status: to,
          updatedAt: at,
          ...(details.failure !== undefined ? { failure: details.failure } : {}),
          ...(details.referenceId ? { referenceId: details.referenceId } : {}),
          ...(details.maskedPan ? { maskedPan: details.maskedPan } : {}),
        })
        .where(and(eq(payments.id, paymentId), inArray(payments.status, [...from])))
        .returning({ id: payments.id });
      return rows.length === 1;
    },

    async claimForVerify(paymentId, at, staleBefore) {
      const rows = await db
        .update(payments)
        .set({ status: "verifying", updatedAt: at })
        .where(
          and(
            eq(payments.id, paymentId),
            or(eq(payments.status, "pending"), and(eq(payments.status, "verifying"), lte(payments.updatedAt, staleBefore))),
          ),
        )
        .returning({ id: payments.id });
      return rows.length === 1;
    },

    async recordVerified(paymentId, details, bookingId, change: BookingChange) {
      try {
        return await db.transaction(async (tx) => {
          const [payment] = await tx
            .update(payments)
            .set({ status: "verified", referenceId: details.referenceId, maskedPan: details.maskedPan, updatedAt: details.at })
            .where(and(eq(payments.id, paymentId), eq(payments.status, "verifying")))
            .returning({ id: payments.id });
          if (!payment) return false;
          // The booking moved on: the payment stays unverified (rolled back) and its money goes back.
          if (!(await moveBookingState(tx, bookingId, change))) tx.rollback();
          // Issue 23: links sent for the booking stop working with the payment that paid it.
          await tx
            .update(paymentLinks)
            .set({ paidAt: details.at })
            .where(and(eq(paymentLinks.bookingId, bookingId), isNull(paymentLinks.paidAt)));
          return true;
        });
      } catch (error) {
        // Rolled back: the booking moved on, or another payment of it was verified first (unique index).
        if ((error as { name?: string })?.name === "TransactionRollbackError" || uniqueViolation(error) !== null) return false;
        throw error;
      }
    },

    async dueForReconciliation({ pendingBefore, verifyingBefore, limit }) {
      const rows = await db
        .select()
        .from(payments)
        .where(
          or(
            and(eq(payments.status, "pending"), lte(payments.createdAt, pendingBefore)),
            and(eq(payments.status, "verifying"), lte(payments.updatedAt, verifyingBefore)),
            // Money to return that the bank did not take back yet.
            and(eq(payments.status, "refund_due"), lte(payments.updatedAt, verifyingBefore)),
          ),
        )
        .orderBy(asc(payments.verifyBy))
        .limit(limit);
      return rows.map(paymentOf);
    },

    async verifiedOf(bookingId) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, bookingId), sql`${payments.status} in ('verified','reversed','refund_due')`))
        .limit(1);
      return row ? paymentOf(row) : null;
    },

    async listForBooking(bookingId) {
      const rows = await db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, bookingId))
        .orderBy(asc(payments.createdAt), asc(payments.id));
      return rows.map(paymentOf);
    },
  };
}

export type { PaymentState };
