import { z } from "zod";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import { SMS_LOG_PAGE_SIZE, smsLog, smsLogFilterOf } from "#core/back-office/sms-log.ts";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG } from "./shared.ts";

const querySchema = z
  .object({
    mobile: z.string().max(20).optional().describe("The recipient's whole mobile."),
    from: z.iso.date().optional().describe("First day (Tehran), YYYY-MM-DD."),
    to: z.iso.date().optional().describe("Last day (Tehran), YYYY-MM-DD, included."),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();

const messageSchema = z.object({
  id: z.string(),
  at: z.string().describe("ISO 8601."),
  mobile: z.string().describe("Masked, e.g. 0912***4567."),
  text: z.string().describe("One-time codes and link tokens replaced by ••••••."),
  template: z.string().nullable(),
  sender: z.string(),
  status: z.string(),
});

/** `GET /api/v1/admin/sms`: the host's tenant's text messages, newest first, masked. */
export const adminSmsLogRoute = defineRoute({
  operationId: "adminSmsLog",
  method: "get",
  path: "/api/v1/admin/sms",
  summary: "The SMS log, filtered by number and dates; codes and numbers masked",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "smsLog.read",
  query: querySchema,
  responses: {
    200: {
      description: "One page of messages, newest first.",
      schema: z.object({ messages: z.array(messageSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
    },
  },
  async handler({ deps, tenant, query, problem, field }) {
    const mobile = query.mobile ? normalizeMobile(query.mobile) : undefined;
    if (mobile === null)
      return problem(400, "INVALID_PARAMETERS", "api.error.INVALID_PARAMETERS", [field("mobile", "INVALID", "admin.field.mobileInvalid")]);
    const { entries, total } = await smsLog(deps.operations.smsLog, tenant.id, smsLogFilterOf({ ...query, mobile }));
    return json({
      messages: entries.map((entry) => ({
        id: entry.id,
        at: entry.createdAt.toISOString(),
        mobile: entry.mobile,
        text: entry.text,
        template: entry.template,
        sender: entry.sender,
        status: entry.status,
      })),
      total,
      page: query.page,
      pageSize: SMS_LOG_PAGE_SIZE,
    });
  },
});
