/**
 * Vitest globalSetup of the "integration" project: migrates one database per engine once per run,
 * which every test file then copies (see databases.ts). Creating and migrating an in-memory PGlite
 * costs seconds (it runs initdb each time); loading an archive of a migrated folder costs a
 * fraction of that, and PostgreSQL's CREATE DATABASE … TEMPLATE skips the migrations the same way.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, pgliteDataDir } from "#adapters/db/client.ts";

export default async function setup({ provide }: TestProject) {
  const folder = await mkdtemp(join(tmpdir(), "hamsafar-template-"));
  const pglite = await openDatabase({ kind: "pglite", dataDir: folder });
  await pglite.migrate();
  await pglite.close();
  // Files load the migrated folder as one archive into an in-memory PGlite: copying the folder's
  // thousands of files and opening the copy took 1.3–1.7 s per database, loading the archive 0.6–0.8 s.
  const source = await PGlite.create(pgliteDataDir(folder));
  const archive = await source.dumpDataDir("none");
  await source.close();
  const archiveFile = join(folder, "migrated.tar");
  await writeFile(archiveFile, Buffer.from(await archive.arrayBuffer()));
  provide("pgliteTemplate", archiveFile);

  const postgresUrl = process.env.TEST_DATABASE_URL;
  // Unreachable PostgreSQL is reported by the files themselves (createTestDatabase), as before.
  const template = postgresUrl ? await createPostgresTemplate(postgresUrl).catch(() => null) : null;
  if (template) provide("postgresTemplate", template.name);

  return async () => {
    await rm(folder, { recursive: true, force: true });
    await template?.drop();
  };
}

async function createPostgresTemplate(postgresUrl: string) {
  const name = `hamsafar_template_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
  await handle.migrate();
  // A template may have no open connection while it is copied.
  await handle.close();
  return {
    name,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
