/**
 * `npm run db:seed`: writes the demo tenants (by slug, so it can run again safely) and the
 * product's default content pages (never an agency's own pages).
 */
import { openDatabase } from "#adapters/db/client.ts";
import { seedDefaultContent } from "#adapters/db/seed-content.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { createLogger, databaseTarget, loadEnvOrExit } from "../runtime.ts";

const env = loadEnvOrExit();
const log = createLogger(env.LOG_LEVEL);
const database = await openDatabase(databaseTarget(env));
try {
  await seedTenants(database.db, DEMO_TENANTS);
  log.info({ tenants: DEMO_TENANTS.map((t) => t.tenant.slug) }, "demo tenants seeded");
  const content = await seedDefaultContent(database.db);
  log.info(content, "default content pages written");
} finally {
  await database.close();
}
