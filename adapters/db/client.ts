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
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), "migrations");

export type DatabaseTarget = { kind: "postgres"; url: string; poolSize?: number } | { kind: "pglite"; dataDir: string | null };

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
    client = await PGlite.create();
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
