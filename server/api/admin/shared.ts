import type { Request } from "express";
import { z } from "zod";
import type { Actor } from "#core/back-office/audit.ts";
import { ADMIN_ACTIONS, BACK_OFFICE_ROLES } from "#core/back-office/roles.ts";
import type { StaffMember } from "#core/back-office/staff.ts";
import { clientIpHash, type SignedIn } from "../../auth.ts";

/**
 * What the back-office's API routes share (issue 25; ADR 0036). A route declares `admin: "<action>"`
 * with `auth: "required"`: the front door checks the role before the handler runs and hands it `staff`.
 */

export const ADMIN_TAG = "admin";

/** Who acts, for the audit log: the staff member of this request, via the API. */
export function apiActor(input: { staff: StaffMember | null; signedIn: SignedIn; req: Request; ipHashSecret: string }): Actor {
  if (!input.staff)
    throw new Error("apiActor on a route without `admin`: the front door checks the role only where a route names its action");
  return {
    userId: input.staff.userId,
    mobile: input.signedIn.account.mobile,
    role: input.staff.role,
    via: "api",
    clientHash: clientIpHash(input.req, input.ipHashSecret),
  };
}

/** A mobile with its middle hidden: staff lists and the log never show a whole number. */
export function maskedMobile(mobile: string): string {
  return `${mobile.slice(0, 4)}***${mobile.slice(-4)}`;
}

export const roleSchema = z.enum(BACK_OFFICE_ROLES);

export const staffMemberSchema = z.object({
  userId: z.string(),
  mobile: z.string().describe("The member's mobile with its middle hidden, e.g. 0912***4567."),
  role: roleSchema,
  addedAt: z.string().describe("ISO 8601."),
});

export function apiStaffMember(member: StaffMember): z.output<typeof staffMemberSchema> {
  return { userId: member.userId, mobile: maskedMobile(member.mobile), role: member.role, addedAt: member.addedAt.toISOString() };
}

export const adminActionSchema = z.enum(ADMIN_ACTIONS);
