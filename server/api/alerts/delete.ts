import { z } from "zod";
import { frontDoorProblem } from "../problem.ts";
import { defineRoute, noContent } from "../route.ts";
import { MY_ALERTS_PATH } from "./my-alerts.ts";

/** `DELETE /api/v1/me/alerts/{id}`: removes one of the traveller's alerts (its history stays). */
export const deleteMyAlertRoute = defineRoute({
  operationId: "deleteMyAlert",
  method: "delete",
  path: `${MY_ALERTS_PATH}/{id}`,
  summary: "Remove an alert",
  tags: ["alerts"],
  auth: "required",
  params: z.object({ id: z.string().max(64).describe("The alert's id, as listed.") }),
  responses: {
    204: { description: "Removed." },
    404: {
      description: "NOT_FOUND: no such alert of this account (another account's included), or removed already.",
      codes: ["NOT_FOUND"],
    },
  },
  async handler({ deps, tenant, params, signedIn, now, locale }) {
    // Scoped by the account: another traveller's alert is as unknown as an id that never was.
    const removed = await deps.alerts.removeForUser(tenant.id, signedIn.account.id, params.id, now);
    return removed ? noContent() : frontDoorProblem(locale, "NOT_FOUND");
  },
});
