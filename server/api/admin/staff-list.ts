import { z } from "zod";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG, apiStaffMember, staffMemberSchema } from "./shared.ts";

/** `GET /api/v1/admin/staff`: the host's tenant's staff, owners first. */
export const adminStaffListRoute = defineRoute({
  operationId: "adminStaffList",
  method: "get",
  path: "/api/v1/admin/staff",
  summary: "The tenant's back-office staff",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "staff.read",
  responses: {
    200: { description: "Owners first, then by when they were added.", schema: z.object({ staff: z.array(staffMemberSchema) }) },
  },
  async handler({ deps, tenant }) {
    return json({ staff: (await deps.backOffice.staff.list(tenant.id)).map(apiStaffMember) });
  },
});
