import { getTableColumns, sql, type InferInsertModel, type SQL } from "drizzle-orm";
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

/** The rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

/**
 * `insert into <table> (…) select … from jsonb_to_recordset(<rows as JSON>)`: the rows travel as one
 * parameter. A multi-row VALUES binds a parameter per cell, which PGlite binds and parses slowly
 * (90 days of domestic flights: 20 s that way, 9 s this way). The columns are those of the first
 * row, by their field names; the others take their defaults. The caller may append an ON CONFLICT
 * and a RETURNING clause.
 */
export function insertFromJson<T extends PgTable>(table: T, rows: readonly Partial<InferInsertModel<T>>[]): SQL {
  const columns = getTableColumns(table);
  const fields = Object.keys(rows[0] ?? {}).filter((field) => field in columns);
  if (fields.length === 0) throw new Error("insertFromJson needs rows with at least one column");
  const names = fields.map((field) => columns[field]!.name);
  const record = fields.map((field) => `"${columns[field]!.name}" ${columns[field]!.getSQLType()}`).join(", ");
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(fields.map((field, index): [string, unknown] => [names[index]!, (row as Record<string, unknown>)[field] ?? null])),
    ),
  );
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  return sql`insert into ${table} (${list}) select ${list} from jsonb_to_recordset(${json}::jsonb) as r(${sql.raw(record)})`;
}

/**
 * Inserts rows by their stable `key`, leaving alone those already there (seats sold stay sold):
 * the id of each row inserted now, by its key.
 */
export async function insertNewByKey<T extends PgTable>(
  tx: Pick<Database, "execute">,
  table: T,
  rows: readonly (Partial<InferInsertModel<T>> & { key: string })[],
): Promise<Map<string, string>> {
  const created = rowsOf<{ id: string; key: string }>(
    await tx.execute(sql`${insertFromJson(table, rows)} on conflict (key) do nothing returning id, key`),
  );
  return new Map(created.map((row) => [row.key, row.id]));
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
