import { z } from "zod";
import { ADMIN_ACTIONS, can } from "#core/back-office/roles.ts";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG, adminActionSchema, maskedMobile, roleSchema } from "./shared.ts";

const staffSelfSchema = z.object({
  tenant: z.object({ id: z.string(), slug: z.string() }),
  mobile: z.string(),
  role: roleSchema,
  actions: z.array(adminActionSchema).describe("Every action the role allows; the server checks each request again."),
});

/** `GET /api/v1/admin/me`: the caller's staff role at this host's tenant and what it allows. */
export const adminMeRoute = defineRoute({
  operationId: "adminMe",
  method: "get",
  path: "/api/v1/admin/me",
  summary: "The caller's back-office role",
  description: "403 FORBIDDEN when the signed-in account is not on the staff of the host's tenant.",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "dashboard.read",
  responses: { 200: { description: "The role and the actions it allows.", schema: staffSelfSchema } },
  handler({ staff, tenant }) {
    const member = staff!;
    return json({
      tenant: { id: tenant.id, slug: tenant.slug },
      mobile: maskedMobile(member.mobile),
      role: member.role,
      actions: ADMIN_ACTIONS.filter((action) => can(member.role, action)),
    });
  },
});
