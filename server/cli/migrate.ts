/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the PGlite folder), then
 * writes the data that ships with the code: default content pages and reference places.
 */
import { openDatabase } from "#adapters/db/client.ts";
import { writeProductData } from "../database-adapters.ts";
import { createLogger, databaseTarget, loadEnvOrExit } from "../runtime.ts";

const env = loadEnvOrExit();
const log = createLogger(env.LOG_LEVEL);
const database = await openDatabase(databaseTarget(env));
try {
  await database.migrate();
  log.info({ database: database.kind }, "migrations applied");
  await writeProductData(database, log);
} finally {
  await database.close();
}
