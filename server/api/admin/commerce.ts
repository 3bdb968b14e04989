import { z } from "zod";
import { clientErrorFieldMessage, creditFieldMessage, discountFieldMessage } from "#core/back-office/commerce-messages.ts";
import { recorderName } from "#core/back-office/refund-queue.ts";
import {
  DISCOUNTABLE_SERVICES,
  DISCOUNT_LIST_STATUSES,
  MAX_NOTE_LENGTH,
  createDiscountCode,
  disableDiscountCode,
  discountStatus,
  listDiscountCodes,
  type StoredDiscountCode,
} from "#core/booking/discount-codes.ts";
import { normalizeDiscountCode } from "#core/booking/discount.ts";
import { MAX_REPORT_SEARCH_LENGTH, listClientErrors, readClientErrorQuery, REPORTS_PER_PAGE } from "#core/client-errors/listing.ts";
import {
  MAX_REASON_LENGTH,
  creditWallet,
  readCreditLimit,
  readCreditMobile,
  readCreditRecordText,
  setWalletCreditLimit,
} from "#core/wallet/credit-limits.ts";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG, apiActor, maskedMobile } from "./shared.ts";

/**
 * The commerce part of the admin API (issue 25): discount codes, credit limits and client error
 * reports, through the same core use cases as the back-office screens and the CLI.
 */

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
  return {
    code: code.code,
    kind: code.kind,
    amount: code.amount,
    maxDiscount: code.maxDiscount,
    minTotal: code.minTotal,
    services: code.services,
    validFrom: code.validFrom.toISOString(),
    validUntil: code.validUntil.toISOString(),
    maxUses: code.maxUses,
    maxUsesPerMobile: code.maxUsesPerMobile,
    uses: code.uses,
    status: discountStatus(code, now),
    note: code.note,
    createdBy: code.createdBy,
    createdAt: code.createdAt.toISOString(),
  };
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

const walletSchema = z.object({
  mobile: z.string().describe("Masked, e.g. 0912***4567."),
  opened: z.boolean(),
  balance: z.number().int(),
  creditLimit: z.number().int(),
  available: z.number().int(),
  history: z.array(z.object({ at: z.string(), creditLimit: z.number().int(), by: z.string(), reason: z.string() })),
});

/** `GET /api/v1/admin/credit?mobile=`: a traveller's wallet and its credit history. */
export const adminCreditShowRoute = defineRoute({
  operationId: "adminCreditShow",
  method: "get",
  path: "/api/v1/admin/credit",
  summary: "A traveller's wallet: balance, credit limit and every change of it",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "credit.read",
  query: z.object({ mobile: z.string().max(20) }).strict(),
  responses: {
    200: { description: "The wallet (not opened by looking).", schema: z.object({ wallet: walletSchema }) },
    404: { description: "ACCOUNT_NOT_FOUND: no account of this agency signs in with the number.", codes: ["ACCOUNT_NOT_FOUND"] },
    422: { description: "VALIDATION_FAILED: not a mobile number.", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, query, problem, field }) {
    const mobile = readCreditMobile(query.mobile);
    if (!mobile.ok) {
      const message = creditFieldMessage(mobile.field, mobile.code);
      return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [field("mobile", mobile.code, message.key, message.params)]);
    }
    const userId = await deps.backOffice.creditAccounts.userIdByMobile(tenant.id, mobile.value);
    if (!userId)
      return problem(404, "ACCOUNT_NOT_FOUND", "adminCommerce.credit.notFound", undefined, { mobile: maskedMobile(mobile.value) });
    const wallet = await creditWallet(deps.ledger, tenant.id, userId);
    return json({
      wallet: {
        mobile: maskedMobile(mobile.value),
        opened: wallet.opened,
        ...wallet.balance,
        history: wallet.history.map((grant) => ({
          at: grant.at.toISOString(),
          creditLimit: grant.creditLimit,
          by: grant.grantedBy,
          reason: grant.reason,
        })),
      },
    });
  },
});

/** `PUT /api/v1/admin/credit`: sets a wallet's credit limit with a reason; audited. */
export const adminCreditSetRoute = defineRoute({
  operationId: "adminCreditSet",
  method: "put",
  path: "/api/v1/admin/credit",
  summary: "Set a traveller's credit limit (0 takes it away), with the reason",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "credit.write",
  body: z.object({ mobile: z.string().max(20), limit: whole, reason: z.string().max(MAX_REASON_LENGTH * 2) }).strict(),
  responses: {
    200: {
      description: "The wallet after the change; `changed` is false (and nothing is recorded) when the limit already was this.",
      schema: z.object({ wallet: walletSchema, changed: z.boolean() }),
    },
    404: { description: "ACCOUNT_NOT_FOUND: no account of this agency signs in with the number.", codes: ["ACCOUNT_NOT_FOUND"] },
    422: { description: "VALIDATION_FAILED: each refused field with its reason.", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, body, staff, signedIn, req, problem, field }) {
    const actor = apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret });
    const reads = [
      readCreditMobile(body.mobile),
      readCreditLimit(String(body.limit)),
      readCreditRecordText("reason", body.reason),
    ] as const;
    const refused = reads.flatMap((read) => (read.ok ? [] : [read]));
    if (refused.length > 0 || !reads[0].ok || !reads[1].ok || !reads[2].ok)
      return problem(
        422,
        "VALIDATION_FAILED",
        "api.error.VALIDATION_FAILED",
        refused.map((read) => {
          const message = creditFieldMessage(read.field, read.code);
          return field(read.field, read.code, message.key, message.params);
        }),
      );
    const [mobile, limit, reason] = [reads[0].value, reads[1].value, reads[2].value];
    const userId = await deps.backOffice.creditAccounts.userIdByMobile(tenant.id, mobile);
    if (!userId) return problem(404, "ACCOUNT_NOT_FOUND", "adminCommerce.credit.notFound", undefined, { mobile: maskedMobile(mobile) });
    const result = await setWalletCreditLimit({ ledger: deps.ledger, audit: deps.backOffice.audit, clock: deps.clock }, actor, {
      tenantId: tenant.id,
      userId,
      mobile,
      limit,
      by: recorderName(actor),
      reason,
    });
    const wallet = await creditWallet(deps.ledger, tenant.id, userId);
    return json({
      wallet: {
        mobile: maskedMobile(mobile),
        opened: wallet.opened,
        ...wallet.balance,
        history: wallet.history.map((grant) => ({
          at: grant.at.toISOString(),
          creditLimit: grant.creditLimit,
          by: grant.grantedBy,
          reason: grant.reason,
        })),
      },
      changed: result.changed,
    });
  },
});

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
