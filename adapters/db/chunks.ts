/** Splits rows into batches of `size`, for multi-row INSERTs within PostgreSQL's parameter limit. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}
