import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "#adapters/db/client.ts";

export interface TestDatabase {
  name: "pglite" | "postgres";
  handle: DatabaseHandle;
  /** For PostgreSQL, the URL of this file's own database (for a server started by the test). */
  url: string | null;
  drop(): Promise<void>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

/** The engines integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: ("pglite" | "postgres")[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];

/**
 * The engine for tests of what pages and headers say, which read the database through repositories
 * that the repository tests already run on both engines (ADR 0026): PGlite, which every machine has
 * and `npm start` serves from. Races, locks and repositories keep ENGINES.
 */
export const PAGE_ENGINES: "pglite"[] = ["pglite"];

if (!postgresUrl && process.env.CI === "true") {
  throw new Error("TEST_DATABASE_URL must be set in CI: PostgreSQL tests may not be skipped there.");
}

/** The globalSetup's archive of a migrated PGlite folder, read once per worker (files share its modules). */
let archive: { file: string; data: Promise<Blob> } | undefined;
function migratedArchive(file: string): Promise<Blob> {
  if (archive?.file !== file) archive = { file, data: readFile(file).then((bytes) => new Blob([bytes])) };
  return archive.data;
}

/**
 * A fresh, migrated database for one test file. On PostgreSQL each call creates its own
 * database, so parallel files never share data or schema; it is dropped afterwards. Both start as
 * a copy of the run's migrated template when the integration globalSetup made one
 * (database-templates.ts); migrate() then only confirms there is nothing left to apply.
 */
export async function createTestDatabase(engine: "pglite" | "postgres"): Promise<TestDatabase> {
  if (engine === "pglite") {
    const template = inject("pgliteTemplate");
    const initialData = template ? await migratedArchive(template) : undefined;
    const handle = await openDatabase({ kind: "pglite", dataDir: null, ...(initialData ? { initialData } : {}) });
    await handle.migrate();
    return { name: "pglite", handle, url: null, drop: () => handle.close() };
  }
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const admin = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL at TEST_DATABASE_URL cannot be reached: ${(error as Error).message}`);
  }
  const dbName = `hamsafar_test_${randomBytes(6).toString("hex")}`;
  const template = inject("postgresTemplate");
  await admin.query(template ? `CREATE DATABASE ${dbName} TEMPLATE ${template}` : `CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${dbName}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 20 });
  await handle.migrate();
  return {
    name: "postgres",
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
