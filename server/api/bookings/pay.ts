import { localizePath } from "#core/i18n/locales.ts";
import type { WalletRefusal } from "#core/payments/deps.ts";
import { payFromWallet } from "#core/payments/pay-from-wallet.ts";
import { startPayment } from "#core/payments/start-payment.ts";
import type { MessageKey } from "../i18n.ts";
import { ApiProblem } from "../problem.ts";
import { defineRoute, json, type RouteContext } from "../route.ts";
import { BOOKING_NOT_FOUND, openBooking } from "./access.ts";
import { BOOKINGS_PATH } from "./paths.ts";
import { paymentSummary } from "./present.ts";
import { hashIdParams, paymentStartSchema, payRequestSchema } from "./schemas.ts";

type PayRefusal = "NOT_PAYABLE" | "GATEWAY_UNAVAILABLE" | "IN_PROGRESS" | WalletRefusal;

/** Why a payment could not start: 409 for the booking's or the wallet's state, 422 for the request, 403 for someone else's wallet. */
const PAY_REFUSAL = {
  NOT_PAYABLE: { status: 409, key: "booking.prefactor.expired" },
  GATEWAY_UNAVAILABLE: { status: 422, key: "payment.gatewayUnavailable" },
  IN_PROGRESS: { status: 409, key: "wallet.pay.error.IN_PROGRESS" },
  INSUFFICIENT_FUNDS: { status: 409, key: "wallet.pay.error.INSUFFICIENT_FUNDS" },
  WALLET_NOT_ALLOWED: { status: 403, key: "wallet.pay.error.WALLET_NOT_ALLOWED" },
  WALLET_AMOUNT_INVALID: { status: 422, key: "wallet.pay.error.WALLET_AMOUNT_INVALID" },
} as const satisfies Record<PayRefusal, { status: number; key: MessageKey }>;

type Context = RouteContext<undefined, typeof hashIdParams, typeof payRequestSchema, "optional">;

function refused({ problem, field }: Context, error: PayRefusal): ApiProblem {
  const { status, key } = PAY_REFUSAL[error];
  return problem(status, error, key, error === "WALLET_AMOUNT_INVALID" ? [field("walletAmount", error, key)] : undefined);
}

/**
 * `POST /api/v1/bookings/{hashId}/pay`: `{gateway}` sends the buyer to the bank for the booking's
 * total; `{walletAmount}` alone pays it all from the owner's wallet; both split it. A wallet is an
 * account's: only the booking's own signed-in account spends it.
 */
export const payBookingRoute = defineRoute({
  operationId: "payBooking",
  method: "post",
  path: `${BOOKINGS_PATH}/{hashId}/pay`,
  summary: "Pay a held booking through a bank gateway, the wallet, or both",
  tags: ["bookings", "payments"],
  auth: "optional",
  params: hashIdParams,
  body: payRequestSchema,
  responses: {
    200: {
      description: "Where to send the buyer (the bank's page, or the result page of a wallet payment) and the payment begun.",
      schema: paymentStartSchema,
    },
    401: { description: "A wallet amount without a session.", codes: ["UNAUTHORIZED"] },
    403: { description: "A wallet amount for a booking that is not this account's.", codes: ["WALLET_NOT_ALLOWED"] },
    404: BOOKING_NOT_FOUND,
    409: {
      description: "The booking cannot be paid any more, the wallet has too little, or it is being paid already.",
      codes: ["NOT_PAYABLE", "INSUFFICIENT_FUNDS", "IN_PROGRESS"],
    },
    422: {
      description: "A gateway the agency does not pay through (or that does not answer), or a wallet amount that does not fit the total.",
      codes: ["GATEWAY_UNAVAILABLE", "WALLET_AMOUNT_INVALID"],
    },
  },
  async handler(context) {
    const booking = await openBooking(context);
    if (booking instanceof ApiProblem) return booking;
    const { deps, tenant, locale, body, signedIn, origin, t } = context;
    const { walletAmount } = body;
    const paymentDeps = {
      bookings: deps.bookings,
      payments: deps.payments,
      suppliers: deps.suppliers,
      ledger: deps.ledger,
      clock: deps.clock,
      gateway: await deps.paymentGateways.forTenant(tenant.id),
    };
    let payer: string | null = null;
    if (walletAmount !== undefined) {
      if (!signedIn)
        return new ApiProblem(401, "UNAUTHORIZED", t("wallet.pay.error.SIGN_IN"), undefined, {
          "WWW-Authenticate": 'Bearer realm="hamsafar"',
        });
      if (booking.userId !== signedIn.account.id) return refused(context, "WALLET_NOT_ALLOWED");
      payer = signedIn.account.id;
    }

    if (payer !== null && walletAmount !== undefined && body.gateway === undefined) {
      const paid = await payFromWallet(
        { tenantId: tenant.id, bookingHashId: booking.hashId, userId: payer, amount: walletAmount },
        paymentDeps,
      );
      if (!paid.ok) return refused(context, paid.error);
      const result = localizePath(locale, `/payment/paymentp/${booking.reference}/${paid.payment.hashId}/${paid.outcome}`);
      return json({ redirectUrl: `${origin}${result}`, method: "GET", payment: paymentSummary(paid.payment) });
    }

    const gatewayName = body.gateway ?? tenant.paymentGateways[0] ?? "";
    const started = await startPayment(
      {
        tenantId: tenant.id,
        bookingHashId: booking.hashId,
        gateway: gatewayName,
        allowedGateways: tenant.paymentGateways,
        callbackUrl: `${origin}${localizePath(locale, `/payment/callback/${encodeURIComponent(gatewayName)}`)}`,
        description: t("payment.description", { site: tenant.nameCompany[locale] ?? tenant.nameCompany.fa }),
        ...(payer !== null && walletAmount !== undefined ? { wallet: { userId: payer, amount: walletAmount } } : {}),
      },
      paymentDeps,
    );
    if (!started.ok) return refused(context, started.error);
    const { redirect, payment } = started;
    return json({
      redirectUrl: redirect.url,
      method: redirect.method,
      ...(redirect.fields ? { fields: redirect.fields } : {}),
      payment: paymentSummary(payment),
    });
  },
});
