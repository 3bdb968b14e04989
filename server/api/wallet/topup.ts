import { z } from "zod";
import { localizePath } from "#core/i18n/locales.ts";
import { MAX_TOP_UP, MIN_TOP_UP, startTopUp, type TopUpError } from "#core/payments/top-up.ts";
import type { MessageKey } from "../i18n.ts";
import { defineRoute, json } from "../route.ts";

/** The refusals of a top-up and their messages (the top-up page's own words). */
const TOP_UP_MESSAGE = {
  AMOUNT_INVALID: "wallet.pay.topup.error.AMOUNT_INVALID",
  GATEWAY_UNAVAILABLE: "wallet.pay.topup.error.GATEWAY_UNAVAILABLE",
} as const satisfies Record<TopUpError, MessageKey>;

/**
 * `POST /api/v1/me/wallet/topup` {amount, gateway?}: the bank's page for the top-up, with our
 * amount. The wallet is credited once the gateway verifies the payment (the callback page).
 */
export const topUpMyWalletRoute = defineRoute({
  operationId: "topUpMyWallet",
  method: "post",
  path: "/api/v1/me/wallet/topup",
  summary: "Top up the wallet through the agency's gateway: the bank page to send the buyer to",
  description: `From ${MIN_TOP_UP} to ${MAX_TOP_UP} tomans. The bank returns to /payment/callback/{gateway}; once the gateway verifies the payment the wallet is credited exactly once, however often the callback is replayed.`,
  tags: ["wallet"],
  auth: "required",
  body: z
    .object({
      amount: z.number().describe(`Whole tomans, ${MIN_TOP_UP} to ${MAX_TOP_UP}.`),
      gateway: z.string().max(40).optional().describe("One of the agency's gateways; its first unless given."),
    })
    .strict(),
  bodyLimitBytes: 4 * 1024,
  responses: {
    200: {
      description: "Send the buyer to `redirectUrl` (with `fields` by POST when `method` is POST).",
      schema: z
        .object({
          redirectUrl: z.string(),
          method: z.enum(["GET", "POST"]),
          fields: z.record(z.string(), z.string()).optional(),
          payment: z.object({ hashId: z.string(), amount: z.number().int().describe("Tomans.") }).strict(),
        })
        .strict(),
    },
    422: {
      description:
        "VALIDATION_FAILED: fields name amount (AMOUNT_INVALID) or a field of the wrong shape. GATEWAY_UNAVAILABLE: the gateway is not one of the agency's, or the bank did not answer.",
      codes: ["VALIDATION_FAILED", "GATEWAY_UNAVAILABLE"],
    },
  },
  async handler({ body, signedIn, tenant, locale, origin, deps, t, problem, field }) {
    const gatewayName = body.gateway ?? tenant.paymentGateways[0] ?? "";
    const started = await startTopUp(
      {
        tenantId: tenant.id,
        userId: signedIn.account.id,
        amount: body.amount,
        gateway: gatewayName,
        allowedGateways: tenant.paymentGateways,
        callbackUrl: `${origin}${localizePath(locale, `/payment/callback/${encodeURIComponent(gatewayName)}`)}`,
        description: t("wallet.pay.topup.title"),
        mobile: signedIn.account.mobile,
      },
      { payments: deps.payments, clock: deps.clock, gateway: await deps.paymentGateways.forTenant(tenant.id) },
    );
    if (!started.ok) {
      if (started.error === "AMOUNT_INVALID") {
        const amount = field("amount", "AMOUNT_INVALID", TOP_UP_MESSAGE.AMOUNT_INVALID, { min: MIN_TOP_UP, max: MAX_TOP_UP });
        return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [amount]);
      }
      return problem(422, "GATEWAY_UNAVAILABLE", TOP_UP_MESSAGE.GATEWAY_UNAVAILABLE);
    }
    return json({
      redirectUrl: started.redirect.url,
      method: started.redirect.method,
      ...(started.redirect.fields ? { fields: started.redirect.fields } : {}),
      payment: { hashId: started.payment.hashId, amount: started.payment.amount },
    });
  },
});
