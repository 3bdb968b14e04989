/**
 * `npm run db:seed`: writes the demo tenants (by slug, so it can run again safely) and the
 * data that ships with the code (default content pages, reference places; never an agency's own pages).
 */
import { openDatabase } from "#adapters/db/client.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { seedDemoMagazine, writeProductData } from "../database-adapters.ts";
import { createLogger, databaseTarget, loadEnvOrExit } from "../runtime.ts";

const env = loadEnvOrExit();
const log = createLogger(env.LOG_LEVEL);
const database = await openDatabase(databaseTarget(env));
try {
  await seedTenants(database.db, DEMO_TENANTS);
  log.info({ tenants: DEMO_TENANTS.map((t) => t.tenant.slug) }, "demo tenants seeded");
  await writeProductData(database, log);
  await seedDemoMagazine(database, DEMO_TENANTS, log);
} finally {
  await database.close();
}
