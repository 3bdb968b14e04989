import { and, eq } from "drizzle-orm";
import type { CreditAccounts } from "#core/wallet/credit-limits.ts";
import type { Database } from "./client.ts";
import { users } from "./schema.ts";

/** The account a traveller opened at a tenant by signing in with a mobile (credit is granted to it). */
export function createCreditAccounts(db: Database): CreditAccounts {
  return {
    async userIdByMobile(tenantId, mobile) {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.mobile, mobile)));
      return user?.id ?? null;
    },
  };
}
