/**
 * A tenant's sign-in settings, edited next to their credentials (`npm run admin -- sms` and
 * `recaptcha`, issue 9): who carries its text messages, how many sign-in codes it may send a day,
 * and its reCAPTCHA site key. Each edit is one transaction with the tenant's row locked, so the
 * column and the credentials it relies on change together.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "./client.ts";
import { createCredentialStore, type CredentialStore, type CredentialStoreOptions } from "./credential-store.ts";
import { tenantCredentials, tenants } from "./schema.ts";

export interface TenantSmsSettingsRow {
  id: string;
  slug: string;
  smsSender: string;
  smsDailyBudget: number | null;
  recaptchaV3SiteKey: string | null;
}

/** The columns an edit may change. */
export type TenantSmsChanges = Partial<Pick<TenantSmsSettingsRow, "smsSender" | "smsDailyBudget" | "recaptchaV3SiteKey">>;

/** The credential store, plus taking a kind away (the store itself only writes and reads). */
export interface EditableCredentials extends CredentialStore {
  /** True when a row was there to remove. */
  remove(tenantId: string, kind: string): Promise<boolean>;
}

export interface TenantSmsSettings {
  tenantBySlug(slug: string): Promise<TenantSmsSettingsRow | null>;
  /** Every tenant's slug, for the message about an unknown one. */
  tenantSlugs(): Promise<string[]>;
  /**
   * One transaction, the tenant's row locked: `work` sees the current settings and the credentials
   * inside the transaction, and returns the changes (or null to leave them) with its own result;
   * work that reads no credentials may answer at once.
   */
  edit<T>(
    tenantId: string,
    work: (
      current: TenantSmsSettingsRow,
      credentials: EditableCredentials,
    ) => Promise<{ changes: TenantSmsChanges | null; result: T }> | { changes: TenantSmsChanges | null; result: T },
  ): Promise<T>;
}

const COLUMNS = {
  id: tenants.id,
  slug: tenants.slug,
  smsSender: tenants.smsSender,
  smsDailyBudget: tenants.smsDailyBudget,
  recaptchaV3SiteKey: tenants.recaptchaV3SiteKey,
};

export function createTenantSmsSettings(db: Database, credentials: CredentialStoreOptions): TenantSmsSettings {
  // Checks the key at once, as the store inside each transaction would.
  createCredentialStore(db, credentials);
  return {
    async tenantBySlug(slug) {
      const [row] = await db.select(COLUMNS).from(tenants).where(eq(tenants.slug, slug));
      return row ?? null;
    },

    async tenantSlugs() {
      const rows = await db.select({ slug: tenants.slug }).from(tenants).orderBy(asc(tenants.slug));
      return rows.map((row) => row.slug);
    },

    async edit(tenantId, work) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select(COLUMNS).from(tenants).where(eq(tenants.id, tenantId)).for("update");
        if (!row) throw new Error("The tenant no longer exists");
        const store = createCredentialStore(tx, credentials);
        const editable: EditableCredentials = {
          ...store,
          async remove(id, kind) {
            const removed = await tx
              .delete(tenantCredentials)
              .where(and(eq(tenantCredentials.tenantId, id), eq(tenantCredentials.kind, kind)))
              .returning({ id: tenantCredentials.id });
            return removed.length > 0;
          },
        };
        const { changes, result } = await work(row, editable);
        if (changes && Object.keys(changes).length > 0)
          await tx
            .update(tenants)
            .set({ ...changes, updatedAt: new Date() })
            .where(eq(tenants.id, tenantId));
        return result;
      });
    },
  };
}
