import { z } from "zod";
import { isHashId } from "#core/booking/booking.ts";
import { localizePath } from "#core/i18n/locales.ts";
import { payChargeFromWallet, startCharge, type BuyChargeError } from "#core/topup/buy-charge.ts";
import { chargeResultPath, chargeView, type ChargeView } from "#core/topup/charge-view.ts";
import { CHARGE_KINDS, OPERATOR_FACTS, OPERATORS } from "#core/topup/operators.ts";
import type { ChargeOrderError } from "#core/topup/order.ts";
import { createChargeSettlement, type ChargeDeps } from "#core/topup/settle-charge.ts";
import { tenantOffers } from "#core/tenants/options.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import { idempotencyHeaders, releaseKey, replayed, requestHashOf, settleKey } from "../bookings/idempotency.ts";
import type { ApiDeps } from "../deps.ts";
import type { MessageKey } from "../i18n.ts";
import type { ApiProblem } from "../problem.ts";
import { defineRoute, json, type Reply, type RouteContext } from "../route.ts";

/**
 * The mobile top-up API (issue 23 §3, §4): the operators with their prefixes, kinds and amounts,
 * buying one through the agency's gateway or from the wallet, and reading one by its hash. Only
 * for an agency whose `chargemobile` option is on.
 */

const ORDER_MESSAGE = {
  MOBILE_INVALID: "topup.error.MOBILE_INVALID",
  OPERATOR_INVALID: "topup.error.OPERATOR_INVALID",
  KIND_INVALID: "topup.error.KIND_INVALID",
  AMOUNT_INVALID: "topup.error.AMOUNT_INVALID",
} as const satisfies Record<ChargeOrderError, MessageKey>;

const REFUSAL = {
  GATEWAY_UNAVAILABLE: { status: 422, key: "topup.error.GATEWAY_UNAVAILABLE" },
  WALLET_AMOUNT_INVALID: { status: 422, key: "topup.error.WALLET_AMOUNT_INVALID" },
  WALLET_NOT_ALLOWED: { status: 401, key: "topup.error.WALLET_NOT_ALLOWED" },
  INSUFFICIENT_FUNDS: { status: 409, key: "topup.error.INSUFFICIENT_FUNDS" },
} as const satisfies Record<Exclude<BuyChargeError["error"], "INVALID">, { status: number; key: MessageKey }>;

/** Keys of top-up orders live in their own scope of the tenant's keys (an account's in its own). */
const IDEMPOTENCY_SCOPE = "topup.create";

const chargeSchema = z
  .object({
    hashId: z.string(),
    mobile: z.string(),
    operator: z.enum(OPERATORS),
    kind: z.enum(CHARGE_KINDS),
    amount: z.number().int().describe("Tomans."),
    status: z.enum(["awaiting_payment", "paid", "delivered", "failed", "refunded"]),
    reference: z.string().nullable().describe("The provider's reference, once delivered."),
    pin: z.string().nullable().describe("A voucher's PIN, once delivered."),
    serial: z.string().nullable(),
    dial: z.string().nullable().describe("What to dial to load the PIN."),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
    resultUrl: z.string().describe("The top-up's page (/charge/GetCharge?id=…)."),
  })
  .strict();

const presented = (view: ChargeView, origin: string, locale: RouteContext<undefined, undefined, undefined, "none">["locale"]) => ({
  ...view,
  resultUrl: `${origin}${localizePath(locale, chargeResultPath(view.hashId))}`,
});

function offProblem(tenant: Tenant, deps: ApiDeps, problem: RouteContext<undefined, undefined, undefined, "none">["problem"]) {
  return tenantOffers(tenant, "chargemobile") && deps.topup ? null : problem(404, "OPTION_NOT_ACTIVE", "topup.error.OFF");
}

export const topupOperatorsRoute = defineRoute({
  operationId: "listTopupOperators",
  method: "get",
  path: "/api/v1/topup/operators",
  summary: "Mobile operators with their prefixes, kinds and amounts",
  description:
    "The prefix only suggests an operator: a ported number keeps its prefix, so any operator may be chosen for any number. Names are in the request's language; amounts in tomans.",
  tags: ["topup"],
  auth: "none",
  cache: "public, max-age=300",
  responses: {
    200: {
      description: "Every operator the agency sells top-ups for.",
      schema: z
        .object({
          operators: z.array(
            z
              .object({
                id: z.enum(OPERATORS),
                name: z.string(),
                prefixes: z.array(z.string()),
                kinds: z.array(z.object({ kind: z.enum(CHARGE_KINDS), name: z.string(), amounts: z.array(z.number().int()) }).strict()),
              })
              .strict(),
          ),
        })
        .strict(),
    },
    404: { description: "OPTION_NOT_ACTIVE: the agency does not sell mobile top-ups.", codes: ["OPTION_NOT_ACTIVE"] },
  },
  handler({ tenant, deps, problem, t }) {
    const off = offProblem(tenant, deps, problem);
    if (off) return off;
    return json({
      operators: OPERATOR_FACTS.map((facts) => ({
        id: facts.id,
        name: t(`topup.operator.${facts.id}`),
        prefixes: [...facts.prefixes],
        kinds: CHARGE_KINDS.filter((kind) => facts.amounts[kind].length > 0).map((kind) => ({
          kind,
          name: t(`topup.kind.${kind}`),
          amounts: [...facts.amounts[kind]],
        })),
      })),
    });
  },
});

const buySchema = z
  .object({
    mobile: z.string().max(32),
    operator: z.string().max(20).describe("mci, irancell or rightel (GET /api/v1/topup/operators)."),
    kind: z.string().max(10).describe("direct or pin."),
    amount: z.number().describe("Tomans: one of the operator's amounts for the kind."),
    gateway: z
      .string()
      .max(40)
      .optional()
      .describe("One of the agency's gateways; its first unless given (and unless the wallet pays it all)."),
    walletAmount: z
      .number()
      .optional()
      .describe(
        "Signed in only. Equal to amount: paid from the wallet alone and delivered at once. Less: that part from the wallet, the rest at the gateway.",
      ),
  })
  .strict();

type BuyContext = RouteContext<undefined, undefined, typeof buySchema, "optional">;

async function buy(context: BuyContext): Promise<Reply | ApiProblem> {
  const { body, deps, tenant, signedIn, locale, origin, t, problem, field, now } = context;
  const topup = deps.topup!;
  const chargeDeps: ChargeDeps = { charges: topup.charges, providers: topup.providers, smsFor: () => topup.smsFor(tenant) };
  const gatewayFor = await deps.paymentGateways.forTenant(tenant.id);
  const paymentDeps = {
    bookings: deps.bookings,
    payments: deps.payments,
    suppliers: deps.suppliers,
    ledger: deps.ledger,
    clock: deps.clock,
    gateway: gatewayFor,
    charges: createChargeSettlement(chargeDeps),
  };
  const request = {
    tenantId: tenant.id,
    mobile: body.mobile,
    operator: body.operator,
    kind: body.kind,
    amount: body.amount,
    locale,
    userId: signedIn?.account.id ?? null,
  };
  const refuse = (error: BuyChargeError): ApiProblem => {
    if (error.error === "INVALID")
      return problem(
        422,
        "VALIDATION_FAILED",
        "api.error.VALIDATION_FAILED",
        Object.entries(error.errors).map(([name, code]) => field(name, code, ORDER_MESSAGE[code])),
      );
    const { status, key } = REFUSAL[error.error];
    return problem(
      status,
      error.error,
      key,
      error.error === "WALLET_AMOUNT_INVALID" ? [field("walletAmount", error.error, key)] : undefined,
    );
  };
  const walletAll = body.walletAmount !== undefined && body.walletAmount === body.amount && body.gateway === undefined;
  if (body.walletAmount !== undefined && !signedIn) return refuse({ error: "WALLET_NOT_ALLOWED" });
  if (walletAll && signedIn) {
    const paid = await payChargeFromWallet({ ...request, userId: signedIn.account.id }, chargeDeps, paymentDeps);
    if (!paid.ok) return refuse(paid);
    return json({ charge: presented(chargeView(paid.charge), origin, locale) }, 201);
  }
  const gateway = body.gateway ?? tenant.paymentGateways[0] ?? "";
  const started = await startCharge(
    {
      ...request,
      gateway,
      allowedGateways: tenant.paymentGateways,
      callbackUrl: `${origin}${localizePath(locale, `/payment/callback/${encodeURIComponent(gateway)}`)}`,
      description: t("topup.description", { mobile: typeof body.mobile === "string" ? body.mobile.slice(0, 20) : "" }),
      ...(body.walletAmount !== undefined ? { walletAmount: body.walletAmount } : {}),
    },
    chargeDeps,
    { ...paymentDeps, clock: { now: () => now } },
  );
  if (!started.ok) return refuse(started);
  return json(
    {
      redirectUrl: started.redirect.url,
      method: started.redirect.method,
      ...(started.redirect.fields ? { fields: started.redirect.fields } : {}),
      charge: presented(chargeView(started.charge), origin, locale),
    },
    201,
  );
}

export const buyTopupRoute = defineRoute({
  operationId: "buyTopup",
  method: "post",
  path: "/api/v1/topup",
  summary: "Buy a mobile top-up or PIN voucher through the agency's gateway or the wallet",
  description:
    "With a gateway (the default), the answer is the bank page to send the buyer to; the bank returns to /payment/callback/{gateway}, and the buyer lands on the charge's resultUrl. With walletAmount equal to amount (signed in), the wallet pays it all and the answer is the charge as it ended: delivered, or refunded when the provider refused. A top-up not delivered after payment returns the money exactly once. An Idempotency-Key makes a retry safe.",
  tags: ["topup"],
  auth: "optional",
  headers: idempotencyHeaders,
  body: buySchema,
  bodyLimitBytes: 4 * 1024,
  responses: {
    201: {
      description: "A gateway payment begun (redirectUrl, method, fields) or, from the wallet, the charge as delivered or refunded.",
      schema: z
        .object({
          redirectUrl: z.string().optional(),
          method: z.enum(["GET", "POST"]).optional(),
          fields: z.record(z.string(), z.string()).optional(),
          charge: chargeSchema,
        })
        .strict(),
    },
    401: { description: "WALLET_NOT_ALLOWED: a wallet amount without a session.", codes: ["WALLET_NOT_ALLOWED"] },
    404: { description: "OPTION_NOT_ACTIVE: the agency does not sell mobile top-ups.", codes: ["OPTION_NOT_ACTIVE"] },
    409: {
      description: "INSUFFICIENT_FUNDS: the wallet has too little; IDEMPOTENCY_IN_PROGRESS: the key's first request is still running.",
      codes: ["INSUFFICIENT_FUNDS", "IDEMPOTENCY_IN_PROGRESS"],
    },
    422: {
      description:
        "VALIDATION_FAILED: fields name mobile (MOBILE_INVALID), operator (OPERATOR_INVALID), kind (KIND_INVALID), amount (AMOUNT_INVALID), or a field of the wrong shape. GATEWAY_UNAVAILABLE: not one of the agency's gateways, or the bank did not answer. WALLET_AMOUNT_INVALID: a wallet part not below the amount with a gateway. IDEMPOTENCY_KEY_REUSED: the key was used with another body.",
      codes: ["VALIDATION_FAILED", "GATEWAY_UNAVAILABLE", "WALLET_AMOUNT_INVALID", "IDEMPOTENCY_KEY_REUSED"],
    },
  },
  async handler(context) {
    const { req, deps, tenant, headers, signedIn, log, problem, field } = context;
    const off = offProblem(tenant, deps, problem);
    if (off) return off;
    const key = headers["idempotency-key"];
    if (key === undefined) return buy(context);
    const requestHash = requestHashOf(req.body);
    if (requestHash === null)
      return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [field("body", "INVALID", "api.field.INVALID")]);
    const slot = { tenantId: tenant.id, scope: signedIn ? `${IDEMPOTENCY_SCOPE}:${signedIn.account.id}` : IDEMPOTENCY_SCOPE, key };
    const begun = await deps.idempotency.begin({ ...slot, requestHash });
    if (begun.state === "replay") return replayed(begun.statusCode, begun.body);
    if (begun.state === "in_progress") return problem(409, "IDEMPOTENCY_IN_PROGRESS", "api.bookings.IDEMPOTENCY_IN_PROGRESS");
    if (begun.state === "reused") return problem(422, "IDEMPOTENCY_KEY_REUSED", "api.bookings.IDEMPOTENCY_KEY_REUSED");
    let answer: Reply | ApiProblem;
    try {
      answer = await buy(context);
    } catch (error) {
      await releaseKey(deps.idempotency, slot, log);
      throw error;
    }
    await settleKey(deps.idempotency, slot, answer, log);
    return answer;
  },
});

const hashParams = z.object({ hashId: z.string().describe("The charge's hash (its resultUrl's id).") }).strict();

export const readTopupRoute = defineRoute({
  operationId: "readTopup",
  method: "get",
  path: "/api/v1/topup/{hashId}",
  summary: "A mobile top-up by its hash: delivered (reference, PIN), on its way, failed or refunded",
  tags: ["topup"],
  auth: "none",
  params: hashParams,
  responses: {
    200: { description: "The charge as stored now.", schema: z.object({ charge: chargeSchema }).strict() },
    404: {
      description: "NOT_FOUND: no such top-up; OPTION_NOT_ACTIVE: the agency does not sell them.",
      codes: ["NOT_FOUND", "OPTION_NOT_ACTIVE"],
    },
  },
  async handler({ tenant, deps, params, problem, origin, locale }) {
    const off = offProblem(tenant, deps, problem);
    if (off) return off;
    const charge = isHashId(params.hashId) ? await deps.topup!.charges.findByHashId(tenant.id, params.hashId) : null;
    if (!charge) return problem(404, "NOT_FOUND", "api.error.NOT_FOUND");
    return json({ charge: presented(chargeView(charge), origin, locale) });
  },
});
