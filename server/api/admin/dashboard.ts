import { z } from "zod";
import { dashboardFigures } from "#core/back-office/dashboard.ts";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG } from "./shared.ts";

const dashboardSchema = z.object({
  bookingsToday: z.number().int().describe("Bookings opened since midnight in Tehran."),
  revenueToday: z.number().int().describe("Integer tomans verified today for bookings."),
  refundsDue: z.object({ count: z.number().int(), amount: z.number().int().describe("Integer tomans.") }),
  overdueInvoices: z.number().int().describe("Official invoices not accepted 60 hours after payment."),
  failedJobs: z
    .object({ count: z.number().int(), queues: z.array(z.string()) })
    .describe("The deployment's background jobs failed in the last 24 hours."),
});

/** `GET /api/v1/admin/dashboard`: today's figures of the host's tenant. */
export const adminDashboardRoute = defineRoute({
  operationId: "adminDashboard",
  method: "get",
  path: "/api/v1/admin/dashboard",
  summary: "Today's bookings, revenue, refunds due, overdue invoices and failed jobs",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "dashboard.read",
  responses: { 200: { description: "The figures.", schema: dashboardSchema } },
  async handler({ deps, tenant, now }) {
    return json(await dashboardFigures(deps.backOffice.dashboard, tenant.id, now));
  },
});
