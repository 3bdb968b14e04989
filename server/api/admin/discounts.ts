import { z } from "zod";
import { discountFieldMessage } from "#core/back-office/commerce-messages.ts";
import { recorderName } from "#core/back-office/refund-queue.ts";
import {
  DISCOUNTABLE_SERVICES,
  DISCOUNT_LIST_STATUSES,
  MAX_NOTE_LENGTH,
  createDiscountCode,
  disableDiscountCode,
  discountCodeRecord,
  discountStatus,
  listDiscountCodes,
  type StoredDiscountCode,
} from "#core/booking/discount-codes.ts";
import { normalizeDiscountCode } from "#core/booking/discount.ts";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG, apiActor } from "./shared.ts";

/** The admin API of discount codes (issue 25): the same core use cases as the screen and `admin discount`. */

const discountSchema = z.object({
  code: z.string(),
  kind: z.enum(["percent", "fixed"]),
  amount: z.number().int().describe("Percent (1–100) or tomans."),
  maxDiscount: z.number().int().nullable().describe("Largest discount of a percentage, tomans; null for none."),
  minTotal: z.number().int(),
  services: z.array(z.string()).describe("Empty: every service."),
  validFrom: z.string().describe("ISO 8601."),
  validUntil: z.string().describe("ISO 8601; the code is valid up to, not including, this instant."),
  maxUses: z.number().int().nullable(),
  maxUsesPerMobile: z.number().int().nullable(),
  uses: z.number().int(),
  status: z.enum(["active", "not started", "used up", "ended", "disabled"]),
  note: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});

function apiDiscount(code: StoredDiscountCode, now: Date): z.output<typeof discountSchema> {
  // The audit log's record of a code, with what only a reader needs: uses so far, state, creation time.
  const { active: _active, ...terms } = discountCodeRecord(code);
  return { ...terms, uses: code.uses, status: discountStatus(code, now), createdAt: code.createdAt.toISOString() };
}

/** `GET /api/v1/admin/discounts`: the tenant's codes, newest first. */
export const adminDiscountListRoute = defineRoute({
  operationId: "adminDiscountList",
  method: "get",
  path: "/api/v1/admin/discounts",
  summary: "The agency's discount codes, newest first",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "discounts.read",
  query: z
    .object({
      status: z
        .enum(DISCOUNT_LIST_STATUSES)
        .default("live")
        .describe("live: active and not ended (default); all; active: usable now or later; ended: ended or used up; disabled."),
    })
    .strict(),
  responses: { 200: { description: "The codes.", schema: z.object({ codes: z.array(discountSchema) }) } },
  async handler({ deps, tenant, query }) {
    const now = deps.clock.now();
    const codes = await listDiscountCodes(deps.backOffice.discountCodes, { tenantId: tenant.id, now, status: query.status });
    return json({ codes: codes.map((code) => apiDiscount(code, now)) });
  },
});

const whole = z.union([z.number().int(), z.string().max(40)]);
const asText = (value: number | string | undefined) => (value === undefined ? undefined : String(value));

/** `POST /api/v1/admin/discounts`: creates a code, with the CLI's rules; audited. */
export const adminDiscountCreateRoute = defineRoute({
  operationId: "adminDiscountCreate",
  method: "post",
  path: "/api/v1/admin/discounts",
  summary: "Create a discount code (a percentage, optionally capped, or a fixed amount)",
  description:
    "Give `percent` (with an optional `max`) or `amount`. Dates are Gregorian, Tehran time: a date alone starts at 00:00 (`from`) or ends at the end of that day (`until`); a datetime may carry its own offset. Codes are never reused: an existing one answers 409 CODE_TAKEN.",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "discounts.write",
  body: z
    .object({
      code: z.string().max(64),
      percent: whole.optional(),
      max: whole.optional(),
      amount: whole.optional(),
      minTotal: whole.optional(),
      from: z.string().max(40).optional(),
      until: z.string().max(40),
      maxUses: whole.optional(),
      maxUsesPerMobile: whole.optional(),
      services: z
        .array(z.string().max(40))
        .max(20)
        .optional()
        .describe(`Any of ${DISCOUNTABLE_SERVICES.join(", ")}; absent: all.`),
      note: z
        .string()
        .max(MAX_NOTE_LENGTH * 2)
        .optional(),
    })
    .strict(),
  responses: {
    201: { description: "The code as stored.", schema: z.object({ code: discountSchema }) },
    409: { description: "CODE_TAKEN: the agency already has this code (active or not).", codes: ["CODE_TAKEN"] },
    422: { description: "VALIDATION_FAILED: each refused field with its reason.", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, body, staff, signedIn, req, problem, field }) {
    const actor = apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret });
    const result = await createDiscountCode(
      { discountCodes: deps.backOffice.discountCodes, audit: deps.backOffice.audit, clock: deps.clock },
      actor,
      {
        tenantId: tenant.id,
        values: {
          code: body.code,
          percent: asText(body.percent),
          max: asText(body.max),
          amount: asText(body.amount),
          minTotal: asText(body.minTotal),
          from: body.from,
          until: body.until,
          maxUses: asText(body.maxUses),
          maxUsesPerMobile: asText(body.maxUsesPerMobile),
          services: body.services === undefined ? undefined : body.services.join(","),
          note: body.note,
        },
        operator: () => recorderName(actor),
      },
    );
    if (result.ok) return json({ code: apiDiscount(result.code, deps.clock.now()) }, 201);
    if (result.error === "CODE_TAKEN") return problem(409, "CODE_TAKEN", "adminCommerce.discounts.error.codeTaken");
    return problem(
      422,
      "VALIDATION_FAILED",
      "api.error.VALIDATION_FAILED",
      result.errors.map((refusal) => {
        const message = discountFieldMessage(refusal.field, refusal.code, "2026-03-21");
        return field(refusal.field, refusal.code, message.key, message.params);
      }),
    );
  },
});

/** `POST /api/v1/admin/discounts/{code}/disable`: refuses the code from now on; audited. */
export const adminDiscountDisableRoute = defineRoute({
  operationId: "adminDiscountDisable",
  method: "post",
  path: "/api/v1/admin/discounts/{code}/disable",
  summary: "Disable a discount code (codes are never deleted)",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "discounts.write",
  params: z.object({ code: z.string().max(64) }),
  responses: {
    200: {
      description: "The code, disabled; `changed` is false when it already was.",
      schema: z.object({ code: discountSchema, changed: z.boolean() }),
    },
    404: { description: "NOT_FOUND: the agency has no such code.", codes: ["NOT_FOUND"] },
  },
  async handler({ deps, tenant, params, staff, signedIn, req, problem }) {
    const actor = apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret });
    const result = await disableDiscountCode(
      { discountCodes: deps.backOffice.discountCodes, audit: deps.backOffice.audit, clock: deps.clock },
      actor,
      { tenantId: tenant.id, code: normalizeDiscountCode(params.code) },
    );
    if (!result.ok) return problem(404, "NOT_FOUND", "adminCommerce.discounts.error.notFound");
    return json({ code: apiDiscount(result.code, deps.clock.now()), changed: result.result === "disabled" });
  },
});
