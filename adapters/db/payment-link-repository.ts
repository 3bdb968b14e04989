import { and, count, eq, gte } from "drizzle-orm";
import type { PaymentLink, PaymentLinkRepository } from "#core/payment-links/payment-link.ts";
import type { Database } from "./client.ts";
import { paymentLinks } from "./schema.ts";

type LinkRow = typeof paymentLinks.$inferSelect;

const linkOf = (row: LinkRow): PaymentLink => ({
  id: row.id,
  tenantId: row.tenantId,
  bookingId: row.bookingId,
  mobile: row.mobile,
  expiresAt: row.expiresAt,
  paidAt: row.paidAt,
  createdAt: row.createdAt,
});

/** Payment links (issue 23 §2): only the token's hash is stored; the booking's payment marks them paid (payment-repository.ts). */
export function createPaymentLinkRepository(db: Database): PaymentLinkRepository {
  return {
    async create(input) {
      const [row] = await db
        .insert(paymentLinks)
        .values({
          tenantId: input.tenantId,
          bookingId: input.bookingId,
          tokenHash: input.tokenHash,
          mobile: input.mobile,
          expiresAt: input.expiresAt,
          createdAt: input.at,
        })
        .returning();
      return linkOf(row!);
    },
    async countForBooking(bookingId) {
      const [row] = await db.select({ n: count() }).from(paymentLinks).where(eq(paymentLinks.bookingId, bookingId));
      return Number(row?.n ?? 0);
    },
    async countForTenantSince(tenantId, since) {
      const [row] = await db
        .select({ n: count() })
        .from(paymentLinks)
        .where(and(eq(paymentLinks.tenantId, tenantId), gte(paymentLinks.createdAt, since)));
      return Number(row?.n ?? 0);
    },
    async findByTokenHash(tenantId, tokenHash) {
      const [row] = await db
        .select()
        .from(paymentLinks)
        .where(and(eq(paymentLinks.tenantId, tenantId), eq(paymentLinks.tokenHash, tokenHash)));
      return row ? linkOf(row) : null;
    },
  };
}
