import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { isChargeState, type MobileCharge } from "#core/topup/charge.ts";
import { isChargeKind, isOperator } from "#core/topup/operators.ts";
import type { MobileChargeRepository } from "#core/topup/ports.ts";
import type { Database } from "./client.ts";
import { paymentOf } from "./payment-repository.ts";
import { mobileCharges, payments } from "./schema.ts";

type ChargeRow = typeof mobileCharges.$inferSelect;

function chargeOf(row: ChargeRow): MobileCharge {
  // The check constraints keep these columns to known values; the fallbacks only satisfy the types.
  return {
    ...row,
    operator: isOperator(row.operator) ? row.operator : "mci",
    kind: isChargeKind(row.kind) ? row.kind : "direct",
    status: isChargeState(row.status) ? row.status : "failed",
  };
}

/** Mobile top-ups (issue 23 §3) in `mobile_charges`; every change is a guarded update. */
export function createMobileChargeRepository(db: Database): MobileChargeRepository {
  return {
    async create(input) {
      const [row] = await db
        .insert(mobileCharges)
        .values({
          tenantId: input.tenantId,
          hashId: input.hashId,
          userId: input.userId,
          mobile: input.mobile,
          operator: input.operator,
          kind: input.kind,
          amount: input.amount,
          provider: input.provider,
          locale: input.locale,
          status: "awaiting_payment",
          createdAt: input.at,
          updatedAt: input.at,
        })
        .returning();
      return chargeOf(row!);
    },

    async findByHashId(tenantId, hashId) {
      const [row] = await db
        .select()
        .from(mobileCharges)
        .where(and(eq(mobileCharges.tenantId, tenantId), eq(mobileCharges.hashId, hashId)))
        .limit(1);
      return row ? chargeOf(row) : null;
    },

    async findById(tenantId, id) {
      const [row] = await db
        .select()
        .from(mobileCharges)
        .where(and(eq(mobileCharges.tenantId, tenantId), eq(mobileCharges.id, id)))
        .limit(1);
      return row ? chargeOf(row) : null;
    },

    async move(chargeId, from, to, at, details = {}) {
      const rows = await db
        .update(mobileCharges)
        .set({
          status: to,
          updatedAt: at,
          ...(details.failure !== undefined ? { failure: details.failure } : {}),
          ...(details.providerReference ? { providerReference: details.providerReference } : {}),
          ...(details.pin ? { pin: details.pin } : {}),
          ...(details.pinSerial ? { pinSerial: details.pinSerial } : {}),
          ...(details.deliveredAt ? { deliveredAt: details.deliveredAt } : {}),
        })
        .where(and(eq(mobileCharges.id, chargeId), inArray(mobileCharges.status, [...from])))
        .returning({ id: mobileCharges.id });
      return rows.length === 1;
    },

    async paymentOf(chargeId) {
      const [row] = await db.select().from(payments).where(eq(payments.chargeId, chargeId)).orderBy(asc(payments.createdAt)).limit(1);
      return row ? paymentOf(row) : null;
    },

    async paidUndelivered(before, limit) {
      const rows = await db
        .select()
        .from(mobileCharges)
        .where(and(eq(mobileCharges.status, "paid"), lte(mobileCharges.updatedAt, before)))
        .orderBy(asc(mobileCharges.updatedAt))
        .limit(limit);
      return rows.map(chargeOf);
    },
  };
}
