import { getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

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
