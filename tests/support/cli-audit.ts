/**
 * The audit check the CLI's secret-writing commands share (gateway, sms, recaptcha): a command
 * run once records exactly one `secrets.update` entry for its tenant, made via the CLI by no one
 * signed in, and no secret it was given appears anywhere in that entry.
 */
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "#adapters/db/client.ts";
import { auditEntries } from "#adapters/db/schema.ts";

interface CommandRun {
  code: number;
  stderr: string;
}

export type SecretsAuditEntry = typeof auditEntries.$inferSelect & { before: Record<string, unknown>; after: Record<string, unknown> };

/** The ids of the tenant's `secrets.update` entries, oldest first: unchanged by a command that records nothing. */
export async function secretsUpdateIds(db: Database, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: auditEntries.id })
    .from(auditEntries)
    .where(and(eq(auditEntries.tenantId, tenantId), eq(auditEntries.action, "secrets.update")))
    .orderBy(auditEntries.id);
  return rows.map((row) => String(row.id));
}

/** Runs `command` and answers the one `secrets.update` entry it recorded for `tenantId`, failing the test otherwise. */
export async function secretsUpdateRecordedBy(
  db: Database,
  tenantId: string,
  command: () => Promise<CommandRun>,
  secrets: readonly string[],
): Promise<SecretsAuditEntry> {
  const entries = async () =>
    db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tenantId, tenantId), eq(auditEntries.action, "secrets.update")));
  const before = new Set((await entries()).map((row) => row.id));
  const run = await command();
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const added = (await entries()).filter((row) => !before.has(row.id));
  expect(added).toHaveLength(1);
  const entry = added[0]!;
  expect(entry).toMatchObject({ via: "cli", actorUserId: null, actorMobile: null, actorRole: null, clientHash: null });
  expect(entry).toMatchObject({ subjectType: "tenant", subjectId: tenantId });
  for (const secret of secrets) expect(JSON.stringify(entry)).not.toContain(secret);
  return entry as SecretsAuditEntry;
}
