import { z } from "zod";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import { auditFilterOf, AUDIT_PAGE_SIZE } from "#core/back-office/audit-query.ts";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG, roleSchema } from "./shared.ts";

const querySchema = z
  .object({
    actor: z.string().max(20).optional().describe("The acting staff member's mobile."),
    action: z.string().max(60).optional().describe("e.g. staff.add, settings.update"),
    subjectType: z.string().max(40).optional(),
    subjectId: z.string().max(100).optional(),
    from: z.iso.date().optional().describe("First day (Tehran), YYYY-MM-DD."),
    to: z.iso.date().optional().describe("Last day (Tehran), YYYY-MM-DD, included."),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();

const entrySchema = z.object({
  id: z.string(),
  at: z.string().describe("ISO 8601."),
  actor: z.object({
    mobile: z.string().nullable().describe("Masked; null at the command line."),
    role: roleSchema.nullable(),
    via: z.enum(["web", "api", "cli"]),
  }),
  action: z.string(),
  subject: z.object({ type: z.string(), id: z.string() }),
  before: z.unknown().describe('The subject before the change (secrets only as "set"); null when it did not exist.'),
  after: z.unknown().describe("The subject after the change; null when it was removed."),
});

const pageSchema = z.object({ entries: z.array(entrySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** `GET /api/v1/admin/audit`: the host's tenant's audit log, newest first, filtered. */
export const adminAuditRoute = defineRoute({
  operationId: "adminAudit",
  method: "get",
  path: "/api/v1/admin/audit",
  summary: "The audit log, filtered by actor, action, subject and dates",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "audit.read",
  query: querySchema,
  responses: { 200: { description: "One page of entries, newest first.", schema: pageSchema } },
  async handler({ deps, tenant, query, problem, field }) {
    const actorMobile = query.actor ? normalizeMobile(query.actor) : undefined;
    if (actorMobile === null)
      return problem(400, "INVALID_PARAMETERS", "api.error.INVALID_PARAMETERS", [field("actor", "INVALID", "admin.field.mobileInvalid")]);
    const filter = auditFilterOf({ ...query, actorMobile });
    const { entries, total } = await deps.backOffice.audit.list(tenant.id, filter);
    return json({
      entries: entries.map((entry) => ({
        id: entry.id,
        at: entry.at.toISOString(),
        actor: { mobile: entry.actorMobile, role: entry.actorRole, via: entry.via },
        action: entry.action,
        subject: entry.subject,
        before: entry.before,
        after: entry.after,
      })),
      total,
      page: query.page,
      pageSize: AUDIT_PAGE_SIZE,
    });
  },
});
