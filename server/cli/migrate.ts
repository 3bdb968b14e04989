/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the PGlite folder), then
 * writes the product's default content pages, which belong to the release like the schema does.
 */
import { openDatabase } from "#adapters/db/client.ts";
import { seedDefaultContent } from "#adapters/db/seed-content.ts";
import { createLogger, databaseTarget, loadEnvOrExit } from "../runtime.ts";

const env = loadEnvOrExit();
const log = createLogger(env.LOG_LEVEL);
const database = await openDatabase(databaseTarget(env));
try {
  await database.migrate();
  log.info({ database: database.kind }, "migrations applied");
  const content = await seedDefaultContent(database.db);
  log.info(content, "default content pages written");
} finally {
  await database.close();
}
