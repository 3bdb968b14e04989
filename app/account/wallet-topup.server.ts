import { data, redirectDocument, type AppLoadContext } from "react-router";
import { latinDigits } from "#core/i18n/digits.ts";
import { localizePath } from "#core/i18n/locales.ts";
import { MAX_TOP_UP, MIN_TOP_UP, checkTopUpAmount, startTopUp } from "#core/payments/top-up.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { paymentDeps, walletAvailable } from "#app/booking/payment.server.ts";
import { localizeDigits, translate } from "#core/i18n/messages.ts";
import { href } from "#app/links.ts";
import { panelForm, panelFrame, requireAccount, type PanelFrame } from "./panel.server.ts";

/**
 * Topping up the wallet (`/account/wallet/topup`, issue 10): an amount, a gateway when the agency
 * has several, and off to the bank. The bank comes back to the shared callback, which credits the
 * wallet once however often it is replayed, and the result page links back to the wallet.
 */

/** Amounts offered with one click, in tomans: common top-ups within the limits. */
export const QUICK_AMOUNTS = [100_000, 500_000, 1_000_000, 2_000_000] as const;

export interface TopUpPage {
  frame: PanelFrame;
  available: number;
  min: number;
  max: number;
  quick: readonly number[];
  /** The agency's gateways, the default first; a choice is shown when there are several. */
  gateways: string[];
  walletHref: string;
}

export type TopUpField = "amount" | "gateway";
export type TopUpErrorCode = "REQUIRED" | "AMOUNT_INVALID" | "GATEWAY_UNAVAILABLE";

/** A refused form: what was typed and each field's error, in the visitor's language. */
export interface TopUpRefusal {
  values: { amount: string; gateway: string };
  errors: Partial<Record<TopUpField, { code: TopUpErrorCode; message: string }>>;
  /** A bank that takes the buyer by POST: the page submits this form at once. */
  post: { url: string; fields: Record<string, string> } | null;
}

export async function topUpLoader(request: Request, context: AppLoadContext) {
  const account = await requireAccount(request, context);
  const page: TopUpPage = {
    frame: panelFrame(context, account),
    available: await walletAvailable(context, account.id),
    min: MIN_TOP_UP,
    max: MAX_TOP_UP,
    quick: QUICK_AMOUNTS,
    gateways: context.tenant.paymentGateways,
    walletHref: href(context.locale.locale, "account-wallet"),
  };
  return data(page, { headers: NO_STORE });
}

/** An amount as typed: Persian or Arabic digits, thousands separators and spaces are all accepted. */
export function readAmount(text: string): number | null {
  const cleaned = latinDigits(text).replace(/[\s,،٬'’_]/g, "");
  return /^\d{1,12}$/.test(cleaned) ? Number(cleaned) : null;
}

export async function topUpAction(request: Request, context: AppLoadContext) {
  const { form, account } = await panelForm(request, context);
  const locale = context.locale.locale;
  // A quick-pick button sends its own amount (one click, no typing, no JavaScript needed).
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const typed = (field("quick") || field("amount")).slice(0, 40);
  const chosen = field("gateway").slice(0, 40);
  const gatewayName = chosen || (context.tenant.paymentGateways[0] ?? "");
  const limits = {
    min: localizeDigits(locale, MIN_TOP_UP.toLocaleString("en-US")),
    max: localizeDigits(locale, MAX_TOP_UP.toLocaleString("en-US")),
  };
  const refuse = (field: TopUpField, code: TopUpErrorCode, status: number) =>
    data<TopUpRefusal>(
      {
        values: { amount: typed, gateway: gatewayName },
        errors: { [field]: { code, message: translate(locale, `wallet.pay.topup.error.${code}`, limits) } },
        post: null,
      },
      { status: refusalStatus(context, status), headers: NO_STORE },
    );

  const amount = typed.trim() ? readAmount(typed) : null;
  if (!typed.trim()) return refuse("amount", "REQUIRED", 400);
  if (amount === null || checkTopUpAmount(amount)) return refuse("amount", "AMOUNT_INVALID", 400);
  const origin = new URL(request.url).origin;
  const started = await startTopUp(
    {
      tenantId: context.tenant.id,
      userId: account.id,
      amount,
      gateway: gatewayName,
      allowedGateways: context.tenant.paymentGateways,
      callbackUrl: `${origin}${localizePath(locale, `/payment/callback/${encodeURIComponent(gatewayName)}`)}`,
      description: translate(locale, "wallet.pay.topup.title"),
      mobile: account.mobile,
    },
    await paymentDeps(context),
  );
  if (!started.ok)
    return refuse(
      started.error === "AMOUNT_INVALID" ? "amount" : "gateway",
      started.error === "AMOUNT_INVALID" ? "AMOUNT_INVALID" : "GATEWAY_UNAVAILABLE",
      started.error === "AMOUNT_INVALID" ? 400 : 503,
    );
  // The bank is outside the router (even the sandbox bank on our host): a full page load.
  if (started.redirect.method === "GET") throw redirectDocument(started.redirect.url, { status: 303, headers: NO_STORE });
  return data<TopUpRefusal>(
    {
      values: { amount: typed, gateway: gatewayName },
      errors: {},
      post: { url: started.redirect.url, fields: started.redirect.fields ?? {} },
    },
    { headers: NO_STORE },
  );
}
