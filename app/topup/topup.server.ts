import { data, redirect, redirectDocument, type AppLoadContext } from "react-router";
import { isHashId } from "#core/booking/booking.ts";
import { localizePath } from "#core/i18n/locales.ts";
import { translate } from "#core/i18n/messages.ts";
import { tenantOffers } from "#core/tenants/options.ts";
import { payChargeFromWallet, startCharge, type BuyChargeError } from "#core/topup/buy-charge.ts";
import { chargeResultPath, chargeView, type ChargeView } from "#core/topup/charge-view.ts";
import { OPERATOR_FACTS, detectOperator, isChargeKind, isOperator, type ChargeKind, type Operator } from "#core/topup/operators.ts";
import type { ChargeOrder } from "#core/topup/order.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { refuseBadCsrf } from "#app/booking/access.server.ts";
import { paymentDeps, walletAvailable } from "#app/booking/payment.server.ts";
import { href } from "#app/links.ts";

/**
 * The mobile top-up pages (issue 23 §3): `/chargemobile`, a form that works without JavaScript
 * (the operator is detected as the number is typed, or by the server on "detect" or on submit),
 * and `/charge/GetCharge?id={hash}`, a top-up's result from stored state. Both are 404 for an
 * agency whose `chargemobile` option is off.
 */

export interface TopupPage {
  csrf: string;
  operators: { id: Operator; prefixes: string[]; amounts: Record<ChargeKind, number[]> }[];
  gateways: string[];
  /** The signed-in buyer's wallet (balance plus credit); null when not signed in. */
  wallet: number | null;
  loginHref: string;
}

export type TopupField = keyof ChargeOrder | "pay";

export interface TopupFormValues {
  mobile: string;
  operator: Operator | "";
  kind: ChargeKind;
  amount: string;
  pay: string;
}

/** A refused or re-shown form: what was typed and each field's message in the visitor's language. */
export interface TopupActionData {
  values: TopupFormValues;
  errors: Partial<Record<TopupField, string>>;
  /** A bank that takes the buyer by POST: the page submits this form at once. */
  post: { url: string; fields: Record<string, string> } | null;
}

function requireTopup(context: AppLoadContext): NonNullable<AppLoadContext["topup"]> {
  if (!context.topup || !tenantOffers(context.tenant, "chargemobile")) throw data(null, { status: 404, headers: NO_STORE });
  return context.topup;
}

export async function topupLoader(context: AppLoadContext) {
  requireTopup(context);
  const signedIn = await context.auth.current();
  const page: TopupPage = {
    csrf: context.csrf.token(),
    operators: OPERATOR_FACTS.map((facts) => ({
      id: facts.id,
      prefixes: [...facts.prefixes],
      amounts: { direct: [...facts.amounts.direct], pin: [...facts.amounts.pin] },
    })),
    gateways: context.tenant.paymentGateways,
    wallet: signedIn ? await walletAvailable(context, signedIn.account.id) : null,
    loginHref: `${href(context.locale.locale, "login")}?next=${encodeURIComponent(localizePath(context.locale.locale, "/chargemobile"))}`,
  };
  return data(page, { headers: NO_STORE });
}

const REFUSAL_STATUS: Record<BuyChargeError["error"], number> = {
  INVALID: 400,
  GATEWAY_UNAVAILABLE: 503,
  WALLET_NOT_ALLOWED: 403,
  WALLET_AMOUNT_INVALID: 400,
  INSUFFICIENT_FUNDS: 409,
};

export async function topupAction(request: Request, context: AppLoadContext) {
  const topup = requireTopup(context);
  const locale = context.locale.locale;
  const form = await request.formData();
  refuseBadCsrf(context, form);
  const text = (name: string, max: number) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const mobile = text("mobile", 32);
  const typedOperator = text("operator", 20);
  const kind = text("kind", 10);
  const values: TopupFormValues = {
    mobile,
    // Without JavaScript the server suggests the operator; a choice the visitor made stands (a ported number).
    operator: isOperator(typedOperator) ? typedOperator : (detectOperator(mobile) ?? ""),
    kind: isChargeKind(kind) ? kind : "direct",
    amount: text("amount", 12),
    pay: text("pay", 50),
  };
  const answer = (errors: TopupActionData["errors"], status: number) =>
    data<TopupActionData>({ values, errors, post: null }, { status: refusalStatus(context, status), headers: NO_STORE });
  // "Detect the operator": the same form again with the prefix's operator chosen.
  if (text("intent", 10) === "detect") {
    const detected = detectOperator(mobile);
    return answer(detected ? {} : { mobile: translate(locale, "topup.error.MOBILE_INVALID") }, detected ? 200 : 400);
  }
  const refuse = (error: BuyChargeError) => {
    if (error.error === "INVALID")
      return answer(
        Object.fromEntries(Object.entries(error.errors).map(([field, code]) => [field, translate(locale, `topup.error.${code}`)])),
        400,
      );
    return answer({ pay: translate(locale, `topup.error.${error.error}`) }, REFUSAL_STATUS[error.error]);
  };
  const signedIn = await context.auth.current();
  const order = {
    tenantId: context.tenant.id,
    mobile,
    operator: values.operator,
    kind: values.kind,
    amount: /^\d{1,9}$/.test(values.amount) ? Number(values.amount) : NaN,
    locale,
    userId: signedIn?.account.id ?? null,
  };
  const deps = await paymentDeps(context);
  if (values.pay === "wallet") {
    if (!signedIn) return refuse({ error: "WALLET_NOT_ALLOWED" });
    const paid = await payChargeFromWallet({ ...order, userId: signedIn.account.id }, topup, deps);
    if (!paid.ok) return refuse(paid);
    throw redirect(localizePath(locale, chargeResultPath(paid.charge.hashId)), { status: 303, headers: NO_STORE });
  }
  const gateway = values.pay.startsWith("gateway:") ? values.pay.slice("gateway:".length) : (context.tenant.paymentGateways[0] ?? "");
  const origin = new URL(request.url).origin;
  const started = await startCharge(
    {
      ...order,
      gateway,
      allowedGateways: context.tenant.paymentGateways,
      callbackUrl: `${origin}${localizePath(locale, `/payment/callback/${encodeURIComponent(gateway)}`)}`,
      description: translate(locale, "topup.description", { mobile: mobile.slice(0, 20) }),
    },
    topup,
    deps,
  );
  if (!started.ok) return refuse(started);
  // The bank is outside the router (even the sandbox bank on our host): a full page load.
  if (started.redirect.method === "GET") throw redirectDocument(started.redirect.url, { status: 303, headers: NO_STORE });
  return data<TopupActionData>(
    { values, errors: {}, post: { url: started.redirect.url, fields: started.redirect.fields ?? {} } },
    { headers: NO_STORE },
  );
}

export interface ChargeResultPage {
  charge: ChargeView;
  againHref: string;
  selfHref: string;
}

/** A top-up's result by its hash (`?id=`), from stored state: whoever holds the unguessable hash may see it. */
export async function chargeResultLoader(request: Request, context: AppLoadContext) {
  const topup = requireTopup(context);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const charge = isHashId(id) ? await topup.charges.findByHashId(context.tenant.id, id) : null;
  if (!charge) throw data(null, { status: 404, headers: NO_STORE });
  const locale = context.locale.locale;
  const page: ChargeResultPage = {
    charge: chargeView(charge),
    againHref: href(locale, "chargemobile"),
    selfHref: localizePath(locale, chargeResultPath(charge.hashId)),
  };
  return data(page, { headers: NO_STORE });
}
