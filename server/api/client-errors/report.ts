import { z } from "zod";
import { CLIENT_ERROR_BODY_LIMIT_BYTES, CLIENT_ERROR_REPORT_PATH } from "#core/client-errors/limits.ts";
import { hashClientAddress, normalizeAddress, rateLimitSubject } from "../../client-address.ts";
import { defineRoute, json } from "../route.ts";
import {
  CLIENT_ERROR_RATE_LIMIT,
  CLIENT_ERROR_RATE_WINDOW_SECONDS,
  clientErrorReportSchema,
  MAX_USER_AGENT_LENGTH,
  pageUrlOf,
  withoutNul,
} from "./report-schema.ts";

/**
 * Spec §7's client error reports: `POST /userTask/createtikets/0`, which browsers call when a page
 * hits a DOM failure (app/client/error-report.ts). A public write, so it is bounded (8 kB, every
 * field by length), checked before the limiter is asked (junk costs no database write),
 * rate-limited per address in the database, stores only a keyed hash of the address, keeps the
 * client's priority for display only, and never repeats what was sent.
 */
export const reportClientErrorRoute = defineRoute({
  operationId: "reportClientError",
  method: "post",
  path: CLIENT_ERROR_REPORT_PATH,
  summary: "Report an error a page met in the browser",
  description:
    "The spec's path, outside /api/ but answered like the API. sendBeacon posts the JSON as text/plain, so both media types are read. Unknown fields are dropped. The report is stored with the agency of the host and a keyed hash of the client's address, never the address.",
  tags: ["client-errors"],
  auth: "none",
  body: clientErrorReportSchema,
  bodyTypes: ["application/json", "text/plain"],
  bodyLimitBytes: CLIENT_ERROR_BODY_LIMIT_BYTES,
  responses: {
    201: { description: "Stored.", schema: z.object({ ok: z.literal(true) }).strict() },
    429: {
      description: `RATE_LIMITED: ${CLIENT_ERROR_RATE_LIMIT} reports per address (an IPv6 /64) in ${CLIENT_ERROR_RATE_WINDOW_SECONDS / 60} minutes; see Retry-After.`,
      codes: ["RATE_LIMITED"],
    },
  },
  async handler({ req, body, deps, tenant, log, rateLimit }) {
    const address = normalizeAddress(req.ip);
    const ipHash = hashClientAddress(deps.ipHashSecret, address);
    const subject = rateLimitSubject(address);
    const limited = await rateLimit({
      bucket: `client-errors:${subject === address ? ipHash : hashClientAddress(deps.ipHashSecret, subject)}`,
      limit: CLIENT_ERROR_RATE_LIMIT,
      windowSeconds: CLIENT_ERROR_RATE_WINDOW_SECONDS,
    });
    if (limited) return limited;
    const userAgent = req.get("user-agent");
    const { id } = await deps.clientErrors.add({
      tenantId: tenant.id,
      units: body.tikets_vaheds,
      title: body.tikets_title,
      text: body.subtiket_text,
      priority: body.tikets_olaviat ?? null,
      taskTime: body.task_time || null,
      category: body.category,
      pageUrl: pageUrlOf(body.subtiket_text, req.get("referer")),
      userAgent: userAgent ? withoutNul(userAgent).slice(0, MAX_USER_AGENT_LENGTH) : null,
      ipHash,
    });
    log.info({ reportId: id, category: body.category.slice(0, 100) }, "client error reported");
    return json({ ok: true }, 201);
  },
});
