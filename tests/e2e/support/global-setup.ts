/**
 * Vitest globalSetup of the "e2e" project: one production server for all test files (see
 * tests/support/server-process.ts), its address handed to them (see provided-context.d.ts).
 * Its data folder is prepared first with the back-office staff the tests use (support/staff.ts).
 */
import { mkdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createAccountRepository } from "#adapters/db/account-repository.ts";
import { createAuditLog } from "#adapters/db/audit-log.ts";
import { openDatabase } from "#adapters/db/client.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createStaffRepository } from "#adapters/db/staff-repository.ts";
import { CLI_ACTOR } from "#core/back-office/audit.ts";
import { addStaff } from "#core/back-office/staff.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { signedInStaff } from "../../support/back-office.ts";
import { startServerProcess } from "../../support/server-process.ts";
import { ARTIFACTS_DIR } from "./paths.ts";
import { BRAND_OWNER_MOBILE, BRAND_TENANT, EDITOR_MOBILE } from "./staff.ts";

/** The demo tenants, an agency for the brand journey, and the staff: the owner's session cookies answered. */
async function prepareFolder(dataDir: string): Promise<string> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.migrate();
    const [template] = DEMO_TENANTS;
    await seedTenants(database.db, [
      ...DEMO_TENANTS,
      { domains: [BRAND_TENANT.host], tenant: { ...template!.tenant, slug: BRAND_TENANT.slug, isDefault: false } },
    ]);
    const now = new Date();
    // The editor goes through the staff use case, as `npm run admin -- staff add` does.
    const added = await addStaff(
      {
        staff: createStaffRepository(database.db),
        accounts: createAccountRepository(database.db),
        audit: createAuditLog(database.db),
        clock: { now: () => now },
      },
      CLI_ACTOR,
      { tenantId: (await tenantIdBySlug(database.db, "hamsafar"))!, mobile: EDITOR_MOBILE, role: "editor" },
    );
    if (!added.ok) throw new Error(`the e2e editor could not be added: ${added.error}`);
    // The session lasts an hour from now, whatever day the suite runs.
    const owner = await signedInStaff(database.db, {
      tenantId: (await tenantIdBySlug(database.db, BRAND_TENANT.slug))!,
      host: BRAND_TENANT.host,
      mobile: BRAND_OWNER_MOBILE,
      role: "owner",
      now,
    });
    return owner.cookie;
  } finally {
    await database.close();
  }
}

export default async function setup({ provide }: TestProject) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), "hamsafar-e2e-"));
  const brandOwnerCookie = await prepareFolder(dataDir);
  // DEV_TOOLS: the sign-in tests read their SMS codes from the outbox at /dev/sms.json.
  const server = await startServerProcess({ DEV_TOOLS: "1", DATA_DIR: dataDir });
  provide("baseURL", server.baseURL);
  provide("port", server.port);
  provide("brandOwnerCookie", brandOwnerCookie);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
