import type { AccountRepository } from "#core/accounts/ports.ts";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import type { Clock } from "#core/ports.ts";
import { audited, type Actor, type AuditLog } from "./audit.ts";
import { isBackOfficeRole, type BackOfficeRole } from "./roles.ts";

/** A member of a tenant's staff: one of its users (signed in by mobile and SMS code) with a role. */
export interface StaffMember {
  tenantId: string;
  userId: string;
  mobile: string;
  role: BackOfficeRole;
  addedAt: Date;
}

export interface StaffRepository {
  findByUser(tenantId: string, userId: string): Promise<StaffMember | null>;
  /** Owners first, then by when they were added. */
  list(tenantId: string): Promise<StaffMember[]>;
  /** Gives the user this role (adding them or changing theirs); answers the membership before and after. */
  put(input: {
    tenantId: string;
    userId: string;
    role: BackOfficeRole;
    now: Date;
  }): Promise<{ before: StaffMember | null; after: StaffMember }>;
  /** Ends the membership; answers it as it was, or null when there was none. */
  remove(tenantId: string, userId: string): Promise<StaffMember | null>;
}

export interface StaffDeps {
  staff: StaffRepository;
  accounts: Pick<AccountRepository, "findOrCreate">;
  audit: AuditLog;
  clock: Clock;
}

export type StaffChangeError = "MOBILE_INVALID" | "ROLE_INVALID" | "ROLE_NOT_GRANTABLE" | "NOT_STAFF" | "LAST_OWNER";

export type StaffChange = { ok: true; member: StaffMember } | { ok: false; error: StaffChangeError };

/** What the log keeps of a membership: the number masked like the actor's. */
function recordOf(member: StaffMember | null) {
  return member && { userId: member.userId, mobile: `${member.mobile.slice(0, 4)}***${member.mobile.slice(-4)}`, role: member.role };
}

/**
 * Roles the actor may hand out or take away. "platform" only at the command line (ADR 0036):
 * the platform host's own owners cannot make or unmake platform operators from a screen.
 */
function mayGrant(actor: Actor, role: BackOfficeRole): boolean {
  return role !== "platform" || actor.via === "cli";
}

/** Adds a staff member by mobile (their account opens now if they never signed in) or changes their role. */
export async function addStaff(
  deps: StaffDeps,
  actor: Actor,
  input: { tenantId: string; mobile: string; role: string },
): Promise<StaffChange> {
  const mobile = normalizeMobile(input.mobile);
  if (!mobile) return { ok: false, error: "MOBILE_INVALID" };
  if (!isBackOfficeRole(input.role)) return { ok: false, error: "ROLE_INVALID" };
  const role = input.role;
  if (!mayGrant(actor, role)) return { ok: false, error: "ROLE_NOT_GRANTABLE" };
  const now = deps.clock.now();
  const { account } = await deps.accounts.findOrCreate({ tenantId: input.tenantId, mobile, now });
  const current = await deps.staff.findByUser(input.tenantId, account.id);
  if (current && !mayGrant(actor, current.role)) return { ok: false, error: "ROLE_NOT_GRANTABLE" };
  if (current?.role === "owner" && role !== "owner" && (await ownerCount(deps, input.tenantId)) <= 1)
    return { ok: false, error: "LAST_OWNER" };
  const member = await audited(
    deps,
    { tenantId: input.tenantId, actor, action: current ? "staff.changeRole" : "staff.add", subject: { type: "staff", id: account.id } },
    async () => {
      const { before, after } = await deps.staff.put({ tenantId: input.tenantId, userId: account.id, role, now });
      return { result: after, before: recordOf(before), after: recordOf(after) };
    },
  );
  return { ok: true, member: member! };
}

/** Removes a staff member by mobile or user id; the last owner stays (someone must be able to manage staff). */
export async function removeStaff(
  deps: StaffDeps,
  actor: Actor,
  input: { tenantId: string } & ({ mobile: string } | { userId: string }),
): Promise<StaffChange> {
  let mobile: string | null = null;
  if ("mobile" in input) {
    mobile = normalizeMobile(input.mobile);
    if (!mobile) return { ok: false, error: "MOBILE_INVALID" };
  }
  const member = (await deps.staff.list(input.tenantId)).find((candidate) =>
    "userId" in input ? candidate.userId === input.userId : candidate.mobile === mobile,
  );
  if (!member) return { ok: false, error: "NOT_STAFF" };
  if (!mayGrant(actor, member.role)) return { ok: false, error: "ROLE_NOT_GRANTABLE" };
  if (member.role === "owner" && (await ownerCount(deps, input.tenantId)) <= 1) return { ok: false, error: "LAST_OWNER" };
  const removed = await audited(
    deps,
    { tenantId: input.tenantId, actor, action: "staff.remove", subject: { type: "staff", id: member.userId } },
    async () => {
      const gone = await deps.staff.remove(input.tenantId, member.userId);
      return gone && { result: gone, before: recordOf(gone), after: null };
    },
  );
  return removed ? { ok: true, member: removed } : { ok: false, error: "NOT_STAFF" };
}

async function ownerCount(deps: Pick<StaffDeps, "staff">, tenantId: string): Promise<number> {
  return (await deps.staff.list(tenantId)).filter((member) => member.role === "owner").length;
}
