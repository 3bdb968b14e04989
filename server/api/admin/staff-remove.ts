import { z } from "zod";
import { removeStaff } from "#core/back-office/staff.ts";
import { defineRoute, noContent } from "../route.ts";
import { ADMIN_TAG, apiActor } from "./shared.ts";
import { STAFF_CHANGE_REFUSALS } from "./staff-put.ts";

/** `DELETE /api/v1/admin/staff/{userId}`: ends a membership (not the account); recorded in the audit log. */
export const adminStaffRemoveRoute = defineRoute({
  operationId: "adminStaffRemove",
  method: "delete",
  path: "/api/v1/admin/staff/{userId}",
  summary: "Remove a staff member",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "staff.write",
  params: z.object({ userId: z.uuid() }),
  responses: {
    204: { description: "Removed." },
    404: { description: "NOT_FOUND: no such member at this tenant.", codes: ["NOT_FOUND"] },
    422: { description: "VALIDATION_FAILED: the last owner cannot be removed.", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, params, staff, signedIn, req, problem, field }) {
    const result = await removeStaff(
      { staff: deps.backOffice.staff, accounts: deps.auth.accounts, audit: deps.backOffice.audit, clock: deps.clock },
      apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret }),
      { tenantId: tenant.id, userId: params.userId },
    );
    if (result.ok) return noContent();
    if (result.error === "NOT_STAFF") return problem(404, "NOT_FOUND", "api.error.NOT_FOUND");
    const refusal = STAFF_CHANGE_REFUSALS[result.error];
    return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [field(refusal.field, result.error, refusal.key)]);
  },
});
