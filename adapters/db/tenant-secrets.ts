/**
 * The store behind the secrets screen, the admin API and the CLI's `gateway`, `sms` and
 * `recaptcha` commands (issue 25 §1): the tenant's columns that name its gateways, sender, budget
 * and reCAPTCHA site key, and its encrypted credentials of those kinds, read and written together
 * in one transaction with the tenant's row locked.
 */
import { and, eq, inArray } from "drizzle-orm";
import { SECRET_KINDS, type StoredSecrets, type TenantSecretsStore, type ZarinpalTerminal } from "#core/back-office/secrets.ts";
import { ZARINPAL_PRODUCTION_URL, ZARINPAL_SANDBOX_URL } from "../payments/zarinpal/zarinpal-gateway.ts";
import type { Database } from "./client.ts";
import { createCredentialStore, credentialsKeyBytes, decryptCredentials, type CredentialStoreOptions } from "./credential-store.ts";
import { tenantCredentials, tenants } from "./schema.ts";

export const ZARINPAL_URLS: Record<ZarinpalTerminal, string> = { production: ZARINPAL_PRODUCTION_URL, sandbox: ZARINPAL_SANDBOX_URL };

type Executor = Pick<Database, "select">;

async function readState(db: Executor, tenantId: string, key: Buffer | null, lock: boolean): Promise<StoredSecrets> {
  const columns = {
    paymentGateways: tenants.paymentGateways,
    smsSender: tenants.smsSender,
    smsDailyBudget: tenants.smsDailyBudget,
    recaptchaV3SiteKey: tenants.recaptchaV3SiteKey,
  };
  const query = db.select(columns).from(tenants).where(eq(tenants.id, tenantId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new Error("The tenant no longer exists");
  const stored = await db
    .select({ kind: tenantCredentials.kind, ciphertext: tenantCredentials.ciphertext, updatedAt: tenantCredentials.updatedAt })
    .from(tenantCredentials)
    .where(and(eq(tenantCredentials.tenantId, tenantId), inArray(tenantCredentials.kind, [...SECRET_KINDS])));
  const credentials: StoredSecrets["credentials"] = {};
  for (const credential of stored) {
    credentials[credential.kind] = {
      updatedAt: credential.updatedAt,
      fields: key ? decryptCredentials(key, tenantId, credential.kind, credential.ciphertext) : null,
    };
  }
  return { ...row, credentials };
}

export function createTenantSecretsStore(db: Database, options: CredentialStoreOptions): TenantSecretsStore {
  const key = options.key !== undefined && options.key.trim() !== "" ? credentialsKeyBytes(options.key) : null;
  // Checks the key at once, as the store inside each transaction would.
  createCredentialStore(db, options);
  return {
    keySet: key !== null,
    zarinpalUrls: ZARINPAL_URLS,
    read: (tenantId) => readState(db, tenantId, key, false),
    async edit(tenantId, work) {
      return db.transaction(async (tx) => {
        const { write, result } = work(await readState(tx, tenantId, key, true));
        if (!write) return result;
        const store = createCredentialStore(tx, options);
        for (const [kind, fields] of Object.entries(write.put)) await store.put(tenantId, kind, fields);
        if (write.remove.length > 0)
          await tx
            .delete(tenantCredentials)
            .where(and(eq(tenantCredentials.tenantId, tenantId), inArray(tenantCredentials.kind, write.remove)));
        if (Object.keys(write.tenant).length > 0)
          await tx
            .update(tenants)
            .set({ ...write.tenant, updatedAt: new Date() })
            .where(eq(tenants.id, tenantId));
        return result;
      });
    },
  };
}
