/**
 * What `gateway`, `sms` and `recaptcha` share: the tenant's secrets as the core reads them, and
 * their one write, `updateSecrets` (core/back-office/secrets.ts), called with CLI_ACTOR so a change
 * at the command line is audited as `secrets.update` exactly like one on `/admin/secrets`.
 */
import { asc, eq } from "drizzle-orm";
import { createAuditLog } from "#adapters/db/audit-log.ts";
import { createCredentialStore, type CredentialStore } from "#adapters/db/credential-store.ts";
import { tenants } from "#adapters/db/schema.ts";
import { createTenantSecretsStore } from "#adapters/db/tenant-secrets.ts";
import { CLI_ACTOR } from "#core/back-office/audit.ts";
import {
  updateSecrets,
  type SecretsChange,
  type SecretsErrors,
  type SecretsUpdate,
  type StoredSecrets,
} from "#core/back-office/secrets.ts";
import { fail, printable, unknownTenant, withDatabase, type AdminContext } from "./shared.ts";

export interface TenantSecrets {
  id: string;
  slug: string;
  /** The state before the command, for its checks and messages; the write re-checks it in its transaction. */
  stored: StoredSecrets;
  /** For reading (and showing) stored credentials; writes go through `update`. */
  credentials: CredentialStore;
  keySet: boolean;
  /** The audited write shared with the screen and the admin API. */
  update: (change: SecretsChange) => Promise<SecretsUpdate>;
}

/** Opens the database, finds the tenant and runs `work`; an unknown tenant or a database error exits 1. */
export async function withTenantSecrets(
  context: AdminContext,
  slug: string,
  action: string,
  work: (tenant: TenantSecrets) => Promise<number>,
): Promise<number> {
  const key = context.credentialsKey?.();
  return withDatabase(context, action, async ({ db }) => {
    // Built first so a malformed CREDENTIALS_KEY is reported before anything else.
    const secrets = createTenantSecretsStore(db, { key });
    const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
    if (!tenant) {
      const known = await db.select({ slug: tenants.slug }).from(tenants).orderBy(asc(tenants.slug));
      return unknownTenant(
        context,
        slug,
        known.map((row) => row.slug),
      );
    }
    const deps = { secrets, audit: createAuditLog(db), clock: { now: () => new Date() } };
    return work({
      id: tenant.id,
      slug,
      stored: await secrets.read(tenant.id),
      credentials: createCredentialStore(db, { key }),
      keySet: secrets.keySet,
      update: (change) => updateSecrets(deps, CLI_ACTOR, { tenantId: tenant.id, change }),
    });
  });
}

/**
 * A change the core refused although the command's own checks passed: the state moved between
 * them (another operator, the screen). Said field by field with the core's codes; exit code 1.
 */
export function refusedChange(context: AdminContext, slug: string, errors: SecretsErrors): number {
  const reasons = Object.entries(errors).map(([field, code]) => `  ${field}: ${code}`);
  return fail(context, [`Nothing was changed for tenant ${printable(slug)}: the change was refused.`, ...reasons].join("\n"));
}
