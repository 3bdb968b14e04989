import { can, type AdminAction } from "./roles.ts";
import type { StaffMember, StaffRepository } from "./staff.ts";

/**
 * Who may do what in the back-office, decided on the server for every request: the tenant comes
 * from the request's host (never from its body or query), the user from their session, and the
 * role from that tenant's staff table. A member of one tenant is nobody at another.
 */
export type StaffAccess =
  | { ok: true; member: StaffMember }
  /** SIGNED_OUT: no session (pages sign in, the API answers 401). NOT_STAFF, FORBIDDEN: 403. */
  | { ok: false; reason: "SIGNED_OUT" | "NOT_STAFF" | "FORBIDDEN"; member: StaffMember | null };

export async function staffAccess(
  staff: Pick<StaffRepository, "findByUser">,
  input: { tenantId: string; userId: string | null; action: AdminAction },
): Promise<StaffAccess> {
  if (input.userId === null) return { ok: false, reason: "SIGNED_OUT", member: null };
  const member = await staff.findByUser(input.tenantId, input.userId);
  if (!member) return { ok: false, reason: "NOT_STAFF", member: null };
  if (!can(member.role, input.action)) return { ok: false, reason: "FORBIDDEN", member };
  return { ok: true, member };
}
