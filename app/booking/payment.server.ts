import { data, redirect, redirectDocument, type AppLoadContext } from "react-router";
import { isHashId, type Booking } from "#core/booking/booking.ts";
import { isPayable } from "#core/booking/booking-state.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { completePaidBooking, handleCallback, outcomeOf, startPayment, type PaymentDeps, type PaymentOutcome } from "#core/payments/pay-booking.ts";
import type { Payment } from "#core/payments/payment.ts";
import { dateText } from "#core/search/dates.ts";
import { localizeDigits } from "#app/i18n/messages.ts";
import { translate } from "#app/i18n/messages.ts";
import { calendarOf } from "#app/search/search-page.server.ts";
import { factorPath, prefactorPath } from "./paths.ts";
import { NO_STORE, refusalStatus } from "./answers.server.ts";
import { refuseBadCsrf, requireBookingAccess } from "./access.server.ts";

/**
 * The payment step of issue 7: the pre-invoice's pay button, the bank's callback and the result
 * pages (`/payment`, `/payment/paymentp/{reference}/{hash}/{status}`). The pages always show the
 * state stored on the server; the status in a path is only a hint.
 */

async function paymentDeps(context: AppLoadContext): Promise<PaymentDeps> {
  const gateway = await context.paymentGateways();
  return { bookings: context.bookings, payments: context.payments, flights: context.flights, clock: { now: () => context.now() }, gateway, onIssued: (booking, tickets) => context.notifications.ticketIssued(booking, tickets) };
}

function resultPath(locale: Locale, booking: Pick<Booking, "reference"> | null, payment: Payment, outcome: PaymentOutcome): string {
  return localizePath(locale, `/payment/paymentp/${booking?.reference ?? "-"}/${payment.hashId}/${outcome}`);
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
  const origin = new URL(request.url).origin;
  const started = await startPayment(
    {
      tenantId: context.tenant.id,
      bookingHashId: hashId,
      gateway: gatewayName,
      allowedGateways: context.tenant.paymentGateways,
      callbackUrl: `${origin}${localizePath(locale, `/payment/callback/${encodeURIComponent(gatewayName)}`)}`,
      description: translate(locale, "payment.description", { site: context.tenant.nameCompany[locale] ?? context.tenant.nameCompany.fa }),
    },
    await paymentDeps(context),
  );
  if (!started.ok) return data({ pay: started.error === "NOT_PAYABLE" ? ("EXPIRED" as const) : ("UNAVAILABLE" as const), post: null }, { status: status(started.error === "NOT_PAYABLE" ? 409 : 503), headers: NO_STORE });
  // The bank is outside the router (even the sandbox bank on our own host): a full page load, never a client navigation.
  if (started.redirect.method === "GET") throw redirectDocument(started.redirect.url, { status: 303, headers: NO_STORE });
  // A bank that takes the buyer by POST: the page submits a form to it at once.
  return data({ pay: null, post: { url: started.redirect.url, fields: started.redirect.fields ?? {} } }, { headers: NO_STORE });
}

/** The bank's callback (GET or POST, cross-site by nature): proven by verifying, not by any token of ours. */
export async function paymentCallback(request: Request, context: AppLoadContext, gatewayName: string | undefined) {
  const locale = context.locale.locale;
  const url = new URL(request.url);
  const query = Object.fromEntries(url.searchParams);
  let body: Record<string, string> = {};
  if (request.method === "POST") {
    const form = await request.formData().catch(() => null);
    body = form ? Object.fromEntries([...form.entries()].flatMap(([name, value]) => (typeof value === "string" ? [[name, value.slice(0, 500)]] : []))) : {};
  }
  const handled = await handleCallback({ tenantId: context.tenant.id, gateway: gatewayName ?? "", query, body }, await paymentDeps(context));
  if (!handled) throw data(null, { status: 404, headers: NO_STORE });
  const booking = handled.payment.bookingId ? await context.bookings.findById(context.tenant.id, handled.payment.bookingId) : null;
  throw redirect(resultPath(locale, booking, handled.payment, handled.outcome), { status: 303, headers: NO_STORE });
}

export interface PaymentResultPage {
  outcome: PaymentOutcome;
  amount: number;
  gateway: string;
  referenceId: string | null;
  maskedPan: string | null;
  date: string;
  booking: { reference: string; status: string; payable: boolean; prefactorHref: string; factorHref: string; tickets: { pnr: string; ticketNumber: string }[] } | null;
}

/** The result of a payment by its hash, from stored state; a payment still being settled is looked at again. */
export async function paymentResultLoader(request: Request, context: AppLoadContext, hash: string | undefined) {
  const locale = context.locale.locale;
  const paymentHash = hash ?? new URL(request.url).searchParams.get("hash") ?? "";
  const payment = isHashId(paymentHash) ? await context.payments.findByHashId(context.tenant.id, paymentHash) : null;
  if (!payment) throw data(null, { status: 404, headers: NO_STORE });
  let booking = payment.bookingId ? await requireBookingAccess(request, context, await context.bookings.findById(context.tenant.id, payment.bookingId)) : null;
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
    amount: current.amount,
    gateway: current.gateway,
    referenceId: current.referenceId,
    maskedPan: current.maskedPan,
    date: localizeDigits(locale, dateText(current.updatedAt.toISOString().slice(0, 10), calendar)),
    booking: booking
      ? {
          reference: booking.reference,
          status: booking.status,
          payable: isPayable(booking.status, booking.holdExpiresAt, context.now()),
          prefactorHref: prefactorPath(locale, booking),
          factorHref: factorPath(locale, booking),
          tickets: tickets.map((ticket) => ({ pnr: ticket.pnr, ticketNumber: ticket.ticketNumber })),
        }
      : null,
  };
  return data(page, { headers: NO_STORE });
}
