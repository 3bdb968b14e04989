import { data, redirect, redirectDocument, type AppLoadContext } from "react-router";
import { isHashId, type Booking } from "#core/booking/booking.ts";
import { isPayable } from "#core/booking/booking-state.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import type { PaymentDeps } from "#core/payments/deps.ts";
import { completePaidBooking } from "#core/payments/issue-tickets.ts";
import { outcomeOf, type PaymentOutcome } from "#core/payments/outcome.ts";
import { payFromWallet } from "#core/payments/pay-from-wallet.ts";
import { handleCallback } from "#core/payments/settle-payment.ts";
import { startPayment } from "#core/payments/start-payment.ts";
import { isLinkToken } from "#core/payment-links/payment-link.ts";
import { chargeResultPath } from "#core/topup/charge-view.ts";
import { createChargeSettlement } from "#core/topup/settle-charge.ts";
import type { Payment } from "#core/payments/payment.ts";
import { dateText } from "#core/search/dates.ts";
import type { ServiceDocument } from "#core/services/service-module.ts";
import { moduleOfBooking } from "#core/services/service-modules.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { translate } from "#core/i18n/messages.ts";
import { calendarOf } from "#app/search/search-page.server.ts";
import { href } from "#app/links.ts";
import { factorPath, prefactorPath } from "./paths.ts";
import { NO_STORE, refusalStatus } from "./answers.server.ts";
import { refuseBadCsrf, requireBookingAccess } from "./access.server.ts";

/**
 * The payment step of issue 7: the pre-invoice's pay button, the bank's callback and the result
 * pages (`/payment`, `/payment/paymentp/{reference}/{hash}/{status}`). The pages always show the
 * state stored on the server; the status in a path is only a hint.
 */

export async function paymentDeps(context: AppLoadContext): Promise<PaymentDeps> {
  const gateway = await context.paymentGateways();
  return {
    bookings: context.bookings,
    payments: context.payments,
    suppliers: context.suppliers,
    ledger: context.ledger,
    clock: { now: () => context.now() },
    gateway,
    onIssued: (booking, tickets) => context.notifications.ticketIssued(booking, tickets),
    // Issue 23 §3: a mobile top-up's payment is delivered (or its money returned) as it settles.
    ...(context.topup ? { charges: createChargeSettlement(context.topup) } : {}),
  };
}

/** Issue 23 §3: a top-up's payer goes to the top-up's own page, which says delivered, on its way or refunded. */
async function chargeResult(context: AppLoadContext, payment: Payment): Promise<string | null> {
  if (payment.purpose !== "charge" || !payment.chargeId || !context.topup) return null;
  const charge = await context.topup.charges.findById(context.tenant.id, payment.chargeId);
  return charge ? localizePath(context.locale.locale, chargeResultPath(charge.hashId)) : null;
}

function resultPath(locale: Locale, booking: Pick<Booking, "reference"> | null, payment: Payment, outcome: PaymentOutcome): string {
  // A top-up has no booking: "wallet" stands where a booking's reference would.
  return localizePath(
    locale,
    `/payment/paymentp/${booking?.reference ?? (payment.purpose === "topup" ? "wallet" : "-")}/${payment.hashId}/${outcome}`,
  );
}

/** Why the pay button did not go to the bank, as the pre-invoice shows it. */
export type PayRefusal = "EXPIRED" | "UNAVAILABLE" | "INSUFFICIENT_FUNDS" | "IN_PROGRESS" | "WALLET_NOT_ALLOWED" | "WALLET_AMOUNT_INVALID";

/** The signed-in account's wallet, when it may pay this booking: its own booking, signed in. */
async function walletOwner(context: AppLoadContext, booking: Booking | null): Promise<string | null> {
  const signedIn = await context.auth.current();
  return booking?.userId && signedIn?.account.id === booking.userId ? signedIn.account.id : null;
}

/** What the wallet can give now (balance plus credit); 0 for a wallet never opened. */
export async function walletAvailable(context: AppLoadContext, userId: string): Promise<number> {
  const wallet = await context.ledger.findWallet(context.tenant.id, userId);
  return wallet ? (await context.ledger.balance(wallet.id)).available : 0;
}

/** The pay button of the pre-invoice: to the bank with our amount, or the reason it cannot go. */
export async function payAction(request: Request, context: AppLoadContext, hashId: string | undefined) {
  const locale = context.locale.locale;
  const form = await request.formData();
  refuseBadCsrf(context, form);
  const chosen = form.get("gateway");
  const gatewayName = typeof chosen === "string" && chosen ? chosen : (context.tenant.paymentGateways[0] ?? "");
  const status = (code: number) => refusalStatus(context, code);
  if (!hashId || !isHashId(hashId)) throw data(null, { status: 404, headers: NO_STORE });
  const refuse = (pay: PayRefusal, code: number) => data({ pay, post: null }, { status: status(code), headers: NO_STORE });
  // Issue 10: "full" pays from the wallet alone, "part" holds what the wallet has and sends the rest to the bank.
  const walletChoice = form.get("wallet");
  let wallet: { userId: string; amount: number } | undefined;
  if (walletChoice === "full" || walletChoice === "part") {
    const booking = await context.bookings.findByHashId(context.tenant.id, hashId);
    const userId = await walletOwner(context, booking);
    if (!booking || !userId) return refuse("WALLET_NOT_ALLOWED", 403);
    if (walletChoice === "full") {
      const paid = await payFromWallet(
        { tenantId: context.tenant.id, bookingHashId: hashId, userId, amount: booking.price.total },
        await paymentDeps(context),
      );
      if (!paid.ok) return refuse(paid.error === "NOT_PAYABLE" ? "EXPIRED" : paid.error, paid.error === "WALLET_NOT_ALLOWED" ? 403 : 409);
      // Our own result page: an ordinary redirect, no bank involved.
      throw redirect(resultPath(locale, booking, paid.payment, paid.outcome), { status: 303, headers: NO_STORE });
    }
    // The amount is decided here from the balance now, never taken from the form; the bank gets at least a toman.
    const amount = Math.min(await walletAvailable(context, userId), booking.price.total - 1);
    if (amount <= 0) return refuse("INSUFFICIENT_FUNDS", 409);
    wallet = { userId, amount };
  }
  const origin = new URL(request.url).origin;
  const started = await startPayment(
    {
      tenantId: context.tenant.id,
      bookingHashId: hashId,
      gateway: gatewayName,
      allowedGateways: context.tenant.paymentGateways,
      callbackUrl: `${origin}${localizePath(locale, `/payment/callback/${encodeURIComponent(gatewayName)}`)}`,
      description: translate(locale, "payment.description", { site: context.tenant.nameCompany[locale] ?? context.tenant.nameCompany.fa }),
      ...(wallet ? { wallet } : {}),
    },
    await paymentDeps(context),
  );
  if (!started.ok) {
    if (started.error === "NOT_PAYABLE") return refuse("EXPIRED", 409);
    if (started.error === "GATEWAY_UNAVAILABLE") return refuse("UNAVAILABLE", 503);
    return refuse(started.error, started.error === "WALLET_NOT_ALLOWED" ? 403 : 409);
  }
  // The bank is outside the router (even the sandbox bank on our own host): a full page load, never a client navigation.
  if (started.redirect.method === "GET") throw redirectDocument(started.redirect.url, { status: 303, headers: NO_STORE });
  // A bank that takes the buyer by POST: the page submits a form to it at once.
  return data(
    { pay: null as PayRefusal | null, post: { url: started.redirect.url, fields: started.redirect.fields ?? {} } },
    { headers: NO_STORE },
  );
}

/** The bank's callback (GET or POST, cross-site by nature): proven by verifying, not by any token of ours. */
export async function paymentCallback(request: Request, context: AppLoadContext, gatewayName: string | undefined) {
  const locale = context.locale.locale;
  const url = new URL(request.url);
  const query = Object.fromEntries(url.searchParams);
  let body: Record<string, string> = {};
  if (request.method === "POST") {
    const form = await request.formData().catch(() => null);
    body = form
      ? Object.fromEntries([...form.entries()].flatMap(([name, value]) => (typeof value === "string" ? [[name, value.slice(0, 500)]] : [])))
      : {};
  }
  const handled = await handleCallback(
    { tenantId: context.tenant.id, gateway: gatewayName ?? "", query, body },
    await paymentDeps(context),
  );
  if (!handled) throw data(null, { status: 404, headers: NO_STORE });
  // Issue 23 §2: a payment made through a payment link goes back to the link's page (its payer may not open the booking's).
  const link = url.searchParams.get("link");
  if (link !== null && isLinkToken(link)) throw redirect(localizePath(locale, `/payment/link/${link}`), { status: 303, headers: NO_STORE });
  const charge = await chargeResult(context, handled.payment);
  if (charge) throw redirect(charge, { status: 303, headers: NO_STORE });
  const booking = handled.payment.bookingId ? await context.bookings.findById(context.tenant.id, handled.payment.bookingId) : null;
  throw redirect(resultPath(locale, booking, handled.payment, handled.outcome), { status: 303, headers: NO_STORE });
}

export interface PaymentResultPage {
  outcome: PaymentOutcome;
  /** A top-up of the wallet (issue 10): its result links to the wallet, not to a booking. */
  topUp: { walletHref: string; againHref: string } | null;
  amount: number;
  /** The part the wallet paid (all of it for a payment from the wallet alone). */
  walletAmount: number;
  gateway: string;
  referenceId: string | null;
  maskedPan: string | null;
  date: string;
  booking: {
    reference: string;
    service: Booking["service"];
    status: string;
    payable: boolean;
    prefactorHref: string;
    factorHref: string;
    /** The words of the booking's service: what is issued, what its supplier's code and numbers are called. */
    document: ServiceDocument;
    tickets: { pnr: string; ticketNumber: string }[];
  } | null;
}

/** The result of a payment by its hash, from stored state; a payment still being settled is looked at again. */
export async function paymentResultLoader(request: Request, context: AppLoadContext, hash: string | undefined) {
  const locale = context.locale.locale;
  const paymentHash = hash ?? new URL(request.url).searchParams.get("hash") ?? "";
  const payment = isHashId(paymentHash) ? await context.payments.findByHashId(context.tenant.id, paymentHash) : null;
  if (!payment) throw data(null, { status: 404, headers: NO_STORE });
  const charge = await chargeResult(context, payment);
  if (charge) throw redirect(charge, { headers: NO_STORE });
  // A top-up shows money in one account's wallet: only to that account (others get the 404 of an unknown hash).
  if (payment.purpose === "topup") await requireTopUpOwner(request, context, payment);
  let booking = payment.bookingId
    ? await requireBookingAccess(request, context, await context.bookings.findById(context.tenant.id, payment.bookingId))
    : null;
  // A paid booking whose tickets were interrupted is completed on sight, not only by the job.
  if (booking?.status === "paid") {
    await completePaidBooking(context.tenant.id, booking.id, await paymentDeps(context));
    booking = await context.bookings.findById(context.tenant.id, booking.id);
  }
  const current = (await context.payments.findByHashId(context.tenant.id, payment.hashId)) ?? payment;
  const outcome = await outcomeOf(current, { bookings: context.bookings }, context.tenant.id);
  const calendar = calendarOf(request, locale);
  const tickets = booking ? await context.bookings.tickets(booking.id) : [];
  const page: PaymentResultPage = {
    outcome,
    topUp:
      current.purpose === "topup" ? { walletHref: href(locale, "account-wallet"), againHref: href(locale, "account-wallet-topup") } : null,
    amount: current.amount,
    walletAmount: current.walletAmount,
    gateway: current.gateway,
    referenceId: current.referenceId,
    maskedPan: current.maskedPan,
    date: localizeDigits(locale, dateText(current.updatedAt.toISOString().slice(0, 10), calendar)),
    booking: booking
      ? {
          reference: booking.reference,
          service: booking.service,
          status: booking.status,
          payable: isPayable(booking.status, booking.holdExpiresAt, context.now()),
          prefactorHref: prefactorPath(locale, booking),
          factorHref: factorPath(locale, booking),
          document: moduleOfBooking(booking).document,
          tickets: tickets.map((ticket) => ({ pnr: ticket.pnr, ticketNumber: ticket.ticketNumber })),
        }
      : null,
  };
  return data(page, { headers: NO_STORE });
}

/** The owner of a top-up, signed in; a visitor not signed in is asked to sign in and comes back. */
async function requireTopUpOwner(request: Request, context: AppLoadContext, payment: Payment): Promise<void> {
  const signedIn = await context.auth.current();
  if (signedIn?.account.id === payment.userId) return;
  if (signedIn) throw data(null, { status: 404, headers: NO_STORE });
  const url = new URL(request.url);
  throw redirect(`${href(context.locale.locale, "login")}?next=${encodeURIComponent(url.pathname + url.search)}`, { headers: NO_STORE });
}
