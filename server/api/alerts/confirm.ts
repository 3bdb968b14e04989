import { z } from "zod";
import { text } from "../accounts/schemas.ts";
import { frontDoorProblem } from "../problem.ts";
import { defineRoute, json } from "../route.ts";
import { alertSchema, alertsOffProblem, apiAlert } from "./schemas.ts";

/**
 * `POST /api/v1/alerts/{id}/confirm` {code}: the sign-in code sent to a pending alert's mobile
 * makes it active, attached to that number's account (opened if it had none). It checks the code
 * exactly as signing in does (tries, locks), but starts no session.
 */
export const confirmAlertRoute = defineRoute({
  operationId: "confirmAlert",
  method: "post",
  path: "/api/v1/alerts/{id}/confirm",
  summary: "Confirm a pending alert's mobile with its SMS code",
  tags: ["alerts"],
  auth: "none",
  params: z.object({ id: z.string().max(64).describe("The alert's id, as created.") }),
  body: z.object({ code: text(16).describe("The 6-digit code of the SMS.") }).strict(),
  responses: {
    200: { description: "Active.", schema: alertSchema },
    401: {
      description: "CODE_WRONG: not the code (the message says how many tries are left); CODE_EXPIRED: no live code for this number.",
      codes: ["CODE_WRONG", "CODE_EXPIRED"],
    },
    404: {
      description: "NOT_FOUND: no such alert; OPTION_NOT_ACTIVE: the agency does not offer alerts.",
      codes: ["NOT_FOUND", "OPTION_NOT_ACTIVE"],
    },
    409: { description: "NOT_PENDING: the alert is not waiting for a code (confirmed or removed already).", codes: ["NOT_PENDING"] },
    429: { description: "CODE_LOCKED: too many wrong tries; ask for a new code.", codes: ["CODE_LOCKED"] },
  },
  async handler({ deps, tenant, params, body, auth, now, locale, problem }) {
    const off = alertsOffProblem(tenant, problem);
    if (off) return off;
    const alert = await deps.alerts.findById(tenant.id, params.id);
    if (!alert) return frontDoorProblem(locale, "NOT_FOUND");
    if (alert.status !== "pending") return problem(409, "NOT_PENDING", "alerts.error.NOT_PENDING");
    const verified = await auth.verifyMobile({ mobile: alert.mobile, code: body.code });
    if (!verified.ok) {
      switch (verified.error) {
        case "WRONG":
          return problem(401, "CODE_WRONG", "auth.code.error.WRONG", undefined, { count: verified.triesLeft });
        case "LOCKED":
          return problem(429, "CODE_LOCKED", "auth.code.error.LOCKED");
        case "EXPIRED":
        case "MOBILE_INVALID":
          return problem(401, "CODE_EXPIRED", "auth.code.error.EXPIRED");
      }
    }
    if (!(await deps.alerts.confirm(tenant.id, alert.id, verified.account.id, now)))
      return problem(409, "NOT_PENDING", "alerts.error.NOT_PENDING");
    const confirmed = await deps.alerts.findById(tenant.id, alert.id);
    return json(apiAlert(confirmed!));
  },
});
