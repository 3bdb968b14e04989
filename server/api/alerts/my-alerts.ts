import { z } from "zod";
import { defineRoute, json } from "../route.ts";
import { alertSchema, apiAlert } from "./schemas.ts";

export const MY_ALERTS_PATH = "/api/v1/me/alerts";

/** `GET /api/v1/me/alerts`: the traveller's alerts, newest first, each with its state and history. */
export const listMyAlertsRoute = defineRoute({
  operationId: "listMyAlerts",
  method: "get",
  path: MY_ALERTS_PATH,
  summary: "The traveller's notify-me alerts with their history",
  description:
    "Every alert of the account's mobile: active, ended (its date passed), removed; history lists created, confirmed, fired, sms, ended, removed.",
  tags: ["alerts"],
  auth: "required",
  responses: { 200: { description: "The list.", schema: z.object({ alerts: z.array(alertSchema) }).strict() } },
  async handler({ deps, tenant, signedIn }) {
    const alerts = await deps.alerts.listByUser(tenant.id, signedIn.account.id);
    return json({ alerts: alerts.map(apiAlert) });
  },
});
