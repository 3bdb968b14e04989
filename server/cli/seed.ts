/** `npm run db:seed`: writes the demo tenants (by slug, so it can run again safely). */
import { openDatabase } from "#adapters/db/client.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { createLogger, databaseTarget, loadEnvOrExit } from "../runtime.ts";

const env = loadEnvOrExit();
const log = createLogger(env.LOG_LEVEL);
const database = await openDatabase(databaseTarget(env));
try {
  await seedTenants(database.db, DEMO_TENANTS);
  log.info({ tenants: DEMO_TENANTS.map((t) => t.tenant.slug) }, "demo tenants seeded");
} finally {
  await database.close();
}
