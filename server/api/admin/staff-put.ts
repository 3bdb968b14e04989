import { z } from "zod";
import { STAFF_ROLES } from "#core/back-office/roles.ts";
import { addStaff, type StaffChangeError } from "#core/back-office/staff.ts";
import type { MessageKey } from "../i18n.ts";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG, apiActor, apiStaffMember, staffMemberSchema } from "./shared.ts";

/** Each refusal of a staff change: the field it is about and its message. */
export const STAFF_CHANGE_REFUSALS: Record<StaffChangeError, { field: string; key: MessageKey }> = {
  MOBILE_INVALID: { field: "mobile", key: "admin.field.mobileInvalid" },
  ROLE_INVALID: { field: "role", key: "admin.staff.roleInvalid" },
  ROLE_NOT_GRANTABLE: { field: "role", key: "admin.staff.roleInvalid" },
  NOT_STAFF: { field: "mobile", key: "admin.staff.notStaff" },
  LAST_OWNER: { field: "role", key: "admin.staff.lastOwner" },
};

/** `PUT /api/v1/admin/staff`: adds a member by mobile, or changes their role; recorded in the audit log. */
export const adminStaffPutRoute = defineRoute({
  operationId: "adminStaffPut",
  method: "put",
  path: "/api/v1/admin/staff",
  summary: "Add a staff member or change their role",
  description: "The account of the mobile opens now if the person never signed in. The last owner cannot be made anything else.",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "staff.write",
  body: z.object({ mobile: z.string().max(20), role: z.enum(STAFF_ROLES) }).strict(),
  responses: {
    200: { description: "The member as stored.", schema: staffMemberSchema },
    422: { description: "VALIDATION_FAILED: the mobile is not one, or the change would leave no owner.", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, body, staff, signedIn, req, problem, field }) {
    const result = await addStaff(
      { staff: deps.backOffice.staff, accounts: deps.auth.accounts, audit: deps.backOffice.audit, clock: deps.clock },
      apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret }),
      { tenantId: tenant.id, mobile: body.mobile, role: body.role },
    );
    if (!result.ok) {
      const refusal = STAFF_CHANGE_REFUSALS[result.error];
      return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [field(refusal.field, result.error, refusal.key)]);
    }
    return json(apiStaffMember(result.member));
  },
});
