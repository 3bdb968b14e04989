import { z } from "zod";
import { clientErrorFieldMessage } from "#core/back-office/commerce-messages.ts";
import { MAX_REPORT_SEARCH_LENGTH, REPORTS_PER_PAGE, listClientErrors, readClientErrorQuery } from "#core/client-errors/listing.ts";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG } from "./shared.ts";

/** The admin API of client error reports (issue 25): the same reader as the screen. */

const reportSchema = z.object({
  id: z.string(),
  at: z.string().describe("ISO 8601."),
  category: z.string(),
  units: z.string(),
  title: z.string(),
  text: z.string().describe("As the browser sent it: plain text, never markup."),
  priority: z.number().int().nullable(),
  taskTime: z.string().nullable(),
  pageUrl: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** `GET /api/v1/admin/client-errors`: the tenant's client error reports, newest first; no address. */
export const adminClientErrorsRoute = defineRoute({
  operationId: "adminClientErrors",
  method: "get",
  path: "/api/v1/admin/client-errors",
  summary: "Client error reports of this agency's site, newest first, filtered",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "clientErrors.read",
  query: z
    .object({
      category: z.string().max(100).optional(),
      days: z.string().max(6).optional().describe("Only the last N days (1–90)."),
      text: z.string().max(MAX_REPORT_SEARCH_LENGTH).optional().describe("Contained in the title, text or page URL."),
      page: z.string().max(6).optional(),
    })
    .strict(),
  responses: {
    200: {
      description: "One page of reports.",
      schema: z.object({ reports: z.array(reportSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
    },
    422: { description: "VALIDATION_FAILED: a refused filter.", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, query, problem, field }) {
    const read = readClientErrorQuery(query);
    if (read.errors.length > 0)
      return problem(
        422,
        "VALIDATION_FAILED",
        "api.error.VALIDATION_FAILED",
        read.errors.map((error) => {
          const message = clientErrorFieldMessage(error.field);
          return field(error.field, error.code, message.key, message.params);
        }),
      );
    const found = await listClientErrors(deps.backOffice.clientErrorReports, {
      tenantId: tenant.id,
      query: read.query,
      now: deps.clock.now(),
    });
    return json({
      reports: found.rows.map((report) => ({
        id: report.id,
        at: report.createdAt.toISOString(),
        category: report.category,
        units: report.units,
        title: report.title,
        text: report.text,
        priority: report.priority,
        taskTime: report.taskTime,
        pageUrl: report.pageUrl,
        userAgent: report.userAgent,
      })),
      total: found.total,
      page: found.page,
      pageSize: REPORTS_PER_PAGE,
    });
  },
});
