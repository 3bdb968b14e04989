import { getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { RefundWindowRule } from "#core/flights/flight.ts";
import type { Database } from "./client.ts";
import type { hotelRefundRules, tourRefundRules } from "./schema.ts";

/** Splits rows into batches of `size`, for multi-row INSERTs within PostgreSQL's parameter limit. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/** `excluded.<column>` for every column but the key's: an upsert that rewrites what changed. */
export function excludedAll(table: PgTable, ...key: string[]) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([field]) => !key.includes(field))
      .map(([field, column]) => [field, sql.raw(`excluded.${column.name}`)]),
  );
}

/** A cancellation rule as the hotel and tour seeds write it: refund windows and a policy text in three languages. */
export interface SeededRefundRule {
  id: string;
  refundable: boolean;
  windows: RefundWindowRule[];
  afterDeparturePercent: number;
  policy: { fa: string; en: string; ar: string };
}

/** Writes a supplier's cancellation rules, rewriting changed ones: hotels and tours keep theirs in tables of one shape. */
export async function upsertRefundRules(
  tx: Pick<Database, "insert">,
  table: typeof hotelRefundRules | typeof tourRefundRules,
  rules: readonly SeededRefundRule[],
): Promise<void> {
  await tx
    .insert(table)
    .values(
      rules.map((rule) => ({
        id: rule.id,
        refundable: rule.refundable,
        windows: rule.windows,
        afterDeparturePercent: rule.afterDeparturePercent,
        policy: rule.policy,
      })),
    )
    .onConflictDoUpdate({ target: table.id, set: excludedAll(table, "id") });
}
