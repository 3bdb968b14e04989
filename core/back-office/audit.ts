import type { Clock } from "#core/ports.ts";
import type { BackOfficeRole } from "./roles.ts";

/**
 * The audit log (issue 25 §1; ADR 0036): every back-office write, from a screen, the admin API or
 * the command line, says who did what to which subject, what it was before and after, and when.
 * Writes go through `audited`, which takes the change's before and after from the write itself,
 * so a use case cannot change something without saying what it changed.
 */

export type AuditVia = "web" | "api" | "cli";

/** Who acts: a signed-in staff member (web, API) or an operator at the command line. */
export interface Actor {
  /** The staff member's user id; null at the command line, which has no account. */
  userId: string | null;
  /** Their mobile; only its masked form is ever stored. */
  mobile: string | null;
  role: BackOfficeRole | null;
  via: AuditVia;
  /** A keyed hash of the client's address (web and API); null at the command line. */
  clientHash: string | null;
}

export const CLI_ACTOR: Actor = { userId: null, mobile: null, role: null, via: "cli", clientHash: null };

export interface AuditSubject {
  /** What kind of thing changed: "tenant", "staff", "gateway", "booking", "refund"… */
  type: string;
  id: string;
}

export interface AuditEntry {
  id: string;
  tenantId: string;
  actorUserId: string | null;
  actorMobile: string | null;
  actorRole: BackOfficeRole | null;
  via: AuditVia;
  clientHash: string | null;
  /** `<area>.<verb>`: "staff.add", "settings.update", "refund.markPaid"… */
  action: string;
  subject: AuditSubject;
  before: unknown;
  after: unknown;
  at: Date;
}

export type NewAuditEntry = Omit<AuditEntry, "id">;

export interface AuditFilter {
  actorUserId?: string;
  /** The acting staff member by their (whole, normalised) mobile at this tenant. */
  actorMobile?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  /** Entries at or after this instant. */
  from?: Date;
  /** Entries before this instant. */
  to?: Date;
  limit: number;
  offset: number;
}

export interface AuditLog {
  record(entry: NewAuditEntry): Promise<void>;
  /** Newest first, within one tenant, with how many match in all. */
  list(tenantId: string, filter: AuditFilter): Promise<{ entries: AuditEntry[]; total: number }>;
}

/** Keys whose values are secrets wherever they appear: recorded as "set" (or null), never as text. */
const SECRET_KEY = /secret|password|passwd|token|api[-_]?key|private|credential|merchant[-_]?id|pin$/i;

export const SECRET_SET = "set";

/**
 * A copy of `value` safe to keep: every field named like a secret (or listed in `secretFields`)
 * becomes "set" when it had a value and null when it had none. Plain JSON only (dates as text).
 */
export function redactSecrets(value: unknown, secretFields: readonly string[] = []): unknown {
  const listed = new Set(secretFields);
  const walk = (node: unknown): unknown => {
    if (node instanceof Date) return node.toISOString();
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    const copy: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(node as Record<string, unknown>)) {
      if (listed.has(key) || SECRET_KEY.test(key)) copy[key] = field === null || field === undefined || field === "" ? null : SECRET_SET;
      else if (field !== undefined) copy[key] = walk(field);
    }
    return copy;
  };
  return walk(value ?? null);
}

/** `0912***4567`: who acted, recognisable by colleagues, not a number to be copied off the log. */
export function maskMobileForRecord(mobile: string | null): string | null {
  if (!mobile) return null;
  return mobile.length < 8 ? "***" : `${mobile.slice(0, 4)}***${mobile.slice(-4)}`;
}

export interface AuditedChange<T> {
  /** What the use case answers its caller. */
  result: T;
  before: unknown;
  after: unknown;
  /** Subject ids known only after the write (a new row): overrides the subject's id. */
  subjectId?: string;
}

/**
 * Runs one back-office write and records it. `write` returns its result with the subject's state
 * before and after, or null when nothing changed (a refusal), in which case nothing is recorded.
 * The record follows the write; a failure to record is thrown to the caller, so an operator sees
 * that the log did not take it (ADR 0036 explains why the two are not one transaction).
 */
export async function audited<T>(
  deps: { audit: AuditLog; clock: Clock },
  change: { tenantId: string; actor: Actor; action: string; subject: AuditSubject; secretFields?: readonly string[] },
  write: () => Promise<AuditedChange<T> | null>,
): Promise<T | null> {
  const outcome = await write();
  if (outcome === null) return null;
  await deps.audit.record({
    tenantId: change.tenantId,
    actorUserId: change.actor.userId,
    actorMobile: maskMobileForRecord(change.actor.mobile),
    actorRole: change.actor.role,
    via: change.actor.via,
    clientHash: change.actor.clientHash,
    action: change.action,
    subject: { type: change.subject.type, id: outcome.subjectId ?? change.subject.id },
    before: redactSecrets(outcome.before, change.secretFields),
    after: redactSecrets(outcome.after, change.secretFields),
    at: deps.clock.now(),
  });
  return outcome.result;
}
