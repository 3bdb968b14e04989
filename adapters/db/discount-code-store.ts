import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { DiscountKind } from "#core/booking/discount.ts";
import type { DiscountCodeStore, NewDiscountCode, StoredDiscountCode } from "#core/booking/discount-codes.ts";
import type { ServiceId } from "#core/services/service-ids.ts";
import type { Database } from "./client.ts";
import { discountCodes, tenants } from "./schema.ts";

// The store's port and its rows are the core's (core/booking/discount-codes.ts).
export type { DiscountCodeStore, NewDiscountCode, StoredDiscountCode };

function toStored(row: typeof discountCodes.$inferSelect): StoredDiscountCode {
  return { ...row, kind: row.kind as DiscountKind, services: row.services as ServiceId[] };
}

export function createDiscountCodeStore(db: Database): DiscountCodeStore {
  async function find(tenantId: string, code: string): Promise<StoredDiscountCode | null> {
    const [row] = await db
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.tenantId, tenantId), eq(discountCodes.code, code)));
    return row ? toStored(row) : null;
  }

  return {
    async tenantIdBySlug(slug) {
      const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
      return row?.id ?? null;
    },

    async tenantSlugs() {
      const rows = await db.select({ slug: tenants.slug }).from(tenants).orderBy(asc(tenants.slug));
      return rows.map((row) => row.slug);
    },

    async create(code) {
      const [row] = await db
        .insert(discountCodes)
        .values(code)
        .onConflictDoNothing({ target: [discountCodes.tenantId, discountCodes.code] })
        .returning();
      return row ? { ok: true, code: toStored(row) } : { ok: false, error: "CODE_TAKEN" };
    },

    find,

    async list({ tenantId, now, includeEnded }) {
      const live = includeEnded ? undefined : and(eq(discountCodes.active, true), gt(discountCodes.validUntil, now));
      const rows = await db
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.tenantId, tenantId), live))
        .orderBy(desc(discountCodes.createdAt), asc(discountCodes.code));
      return rows.map(toStored);
    },

    async disable(tenantId, code) {
      const [row] = await db
        .update(discountCodes)
        .set({ active: false })
        .where(and(eq(discountCodes.tenantId, tenantId), eq(discountCodes.code, code), eq(discountCodes.active, true)))
        .returning({ id: discountCodes.id });
      if (row) return "disabled";
      return (await find(tenantId, code)) ? "already-disabled" : "not-found";
    },
  };
}
