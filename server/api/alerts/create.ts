import { z } from "zod";
import { createAlert } from "#core/alerts/create-alert.ts";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import { hashClientAddress, normalizeAddress, rateLimitSubject } from "../../client-address.ts";
import { smsLocale } from "../auth/sms-language.ts";
import { defineRoute, json } from "../route.ts";
import { ALERT_ERROR_MESSAGE, alertRequestSchema, alertSchema, alertsOffProblem, apiAlert } from "./schemas.ts";

/** Alerts one address may set in an hour, and one number in a day: each pending one sends a code. */
export const ALERT_IP_LIMIT = 30;
export const ALERT_IP_WINDOW_SECONDS = 3600;
export const ALERT_MOBILE_LIMIT = 10;
export const ALERT_MOBILE_WINDOW_SECONDS = 24 * 3600;

/**
 * `POST /api/v1/alerts`: a notify-me alert (issue 22 §1, §6). A signed-in traveller's own number
 * makes it active at once; any other number gets the sign-in code and the alert waits for it
 * (`POST /api/v1/alerts/{id}/confirm`).
 */
export const createAlertRoute = defineRoute({
  operationId: "createAlert",
  method: "post",
  path: "/api/v1/alerts",
  summary: "Set a price-drop or seats alert by SMS",
  description:
    "route and date are required; offerId narrows the alert to one departure of that route and day. The SMS is in the request's language. When the answer is pending and codeSent is false (a code was sent a moment ago, or a proof is asked for), ask for the code with POST /api/v1/auth/otp and confirm with it.",
  tags: ["alerts"],
  auth: "optional",
  body: alertRequestSchema,
  responses: {
    201: {
      description: "Set: active, or pending until the mobile's code is confirmed.",
      schema: alertSchema.extend({ codeSent: z.boolean().describe("pending only: whether this request sent the code.") }),
    },
    404: { description: "OPTION_NOT_ACTIVE: the agency does not offer alerts.", codes: ["OPTION_NOT_ACTIVE"] },
    422: {
      description: `VALIDATION_FAILED: fields name each field refused (${Object.keys(ALERT_ERROR_MESSAGE).join(", ")}).`,
      codes: ["VALIDATION_FAILED"],
    },
    429: {
      description: "RATE_LIMITED: too many alerts from this address or for this number; Retry-After says when.",
      codes: ["RATE_LIMITED"],
    },
  },
  async handler({ req, deps, tenant, body, signedIn, auth, now, problem, field, rateLimit }) {
    const off = alertsOffProblem(tenant, problem);
    if (off) return off;
    const address = hashClientAddress(deps.ipHashSecret, rateLimitSubject(normalizeAddress(req.ip)));
    const byAddress = await rateLimit({ bucket: `alert:${address}`, limit: ALERT_IP_LIMIT, windowSeconds: ALERT_IP_WINDOW_SECONDS });
    if (byAddress) return byAddress;
    const mobile = normalizeMobile(body.mobile);
    if (mobile) {
      const byNumber = await rateLimit({
        bucket: `alert:${tenant.id}:${mobile}`,
        limit: ALERT_MOBILE_LIMIT,
        windowSeconds: ALERT_MOBILE_WINDOW_SECONDS,
      });
      if (byNumber) return byNumber;
    }
    const locale = smsLocale(req);
    const result = await createAlert(
      { alerts: deps.alerts, sources: deps.watchSources, clock: { now: () => now } },
      {
        tenantId: tenant.id,
        locale,
        signedIn: signedIn ? { userId: signedIn.account.id, mobile: signedIn.account.mobile } : null,
        request: { ...body, service: body.route.service, from: body.route.from, to: body.route.to },
      },
    );
    if (!result.ok)
      return problem(
        422,
        "VALIDATION_FAILED",
        "api.error.VALIDATION_FAILED",
        Object.entries(result.errors).map(([name, code]) => field(name, code!, ALERT_ERROR_MESSAGE[code!])),
      );
    let codeSent = false;
    if (result.alert.status === "pending") {
      // The sign-in machinery sends the code: the same limits, proof and budget as signing in.
      const sent = await auth.requestCode({ mobile: result.alert.mobile, locale, host: req.hostname });
      codeSent = sent.ok;
    }
    return json({ ...apiAlert(result.alert), codeSent }, 201);
  },
});
