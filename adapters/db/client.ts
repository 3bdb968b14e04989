import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  readonly kind: "pglite" | "postgres";
  readonly db: Database;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Raw SQL for clients that bring their own (the pg-boss job queue). With values it runs one
   * statement with parameters; without, the text may hold several statements (pg-boss's
   * migrations and locked maintenance commands), and the rows of the last one are returned.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), "migrations");

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number }
  | {
      kind: "pglite";
      dataDir: string | null;
      /** In memory (dataDir null) only: start from this dump of a data folder (PGlite's dumpDataDir) instead of an empty database. */
      initialData?: Blob;
    };

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when dataDir is null). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, connectionTimeoutMillis: 5_000 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    let poolClosed = false;
    return {
      kind: "postgres",
      db,
      migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      executeSql: async (text, values) => {
        // node-postgres answers a multi-statement text with one result per statement. A failed
        // statement inside an explicit BEGIN does not poison the pool: the client is discarded.
        const result = (await pool.query(text, values)) as
          pg.QueryResult<Record<string, unknown>> | pg.QueryResult<Record<string, unknown>>[];
        return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
      },
      close: async () => {
        if (poolClosed) return;
        poolClosed = true;
        await pool.end();
      },
    };
  }
  let client: PGlite;
  if (target.dataDir) {
    const dataDir = resolve(target.dataDir, "pglite");
    // PGlite does not create parent folders itself.
    mkdirSync(dirname(dataDir), { recursive: true });
    client = await PGlite.create(dataDir);
  } else {
    client = await PGlite.create(target.initialData ? { loadDataDir: target.initialData } : {});
  }
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Database;
  let closed = false;
  return {
    kind: "pglite",
    db,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      if (closed) throw new Error("database closed");
      await db.execute(sql`select 1`);
    },
    executeSql: async (text, values) => {
      if (closed) throw new Error("database closed");
      // PGlite's query() runs one statement with parameters (extended protocol); exec() runs
      // several without (simple protocol).
      if (values && values.length > 0) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      // One connection serves the whole process, so a multi-statement text that fails after its
      // own BEGIN must not leave the session in an aborted transaction. Inside transaction() the
      // text's BEGIN/COMMIT only warn, and a failure is rolled back before the next query runs.
      const results = await client.transaction((tx) => tx.exec(text));
      return { rows: results.at(-1)?.rows ?? [] };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

export function pgliteDataDir(dataDir: string): string {
  return join(resolve(dataDir), "pglite");
}
