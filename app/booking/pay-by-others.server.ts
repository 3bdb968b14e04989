import { data, redirect, redirectDocument, type AppLoadContext } from "react-router";
import type { Booking } from "#core/booking/booking.ts";
import { isPayable } from "#core/booking/booking-state.ts";
import { submitReceipt, type CardToCardDeps } from "#core/card-to-card/card-to-card.ts";
import { groupedCard, isBankId } from "#core/card-to-card/card.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { localizeDigits, translate } from "#core/i18n/messages.ts";
import { paymentLinkSms, tehranClock, tripWords } from "#core/payment-links/link-message.ts";
import { createPaymentLink, openPaymentLink } from "#core/payment-links/payment-link.ts";
import { startPayment } from "#core/payments/start-payment.ts";
import type { ItemSummary } from "#core/services/service-module.ts";
import { moduleOfBooking } from "#core/services/service-modules.ts";
import { placeNameIn, placeNamesOf } from "#core/services/place-names.ts";
import { tenantOffers } from "#core/tenants/options.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import { calendarOf } from "#app/search/search-page.server.ts";
import { refuseBadCsrf } from "./access.server.ts";
import { NO_STORE, refusalStatus } from "./answers.server.ts";
import { factorPath } from "./paths.ts";
import { payAction, paymentDeps } from "./payment.server.ts";
import type { CardPanel, PayByOthersPanel, PayByOthersResult } from "./pay-by-others.ts";

export type { CardPanel, PayByOthersPanel, PayByOthersResult } from "./pay-by-others.ts";

/**
 * Payment by others on the pages (issue 23 §2): the pre-invoice's two panels (send a payment link
 * by SMS; pay card-to-card and paste the bank's receipt) and the link's own page
 * (`/payment/link/{token}`), where a stranger sees the trip without anyone's identity numbers and
 * pays through a gateway or card-to-card. Everything is off for a tenant without `payByOthers`.
 */

/** Links asked for from one address in an hour: each is an SMS. */
export const LINK_IP_LIMIT = 20;
export const LINK_IP_WINDOW_SECONDS = 3600;
/** Receipts checked from one address in an hour. */
export const RECEIPT_IP_LIMIT = 30;

/** The bank's name in the page's language when it is one we know, else as configured. */
function bankName(locale: Locale, bank: string): string {
  return isBankId(bank) ? translate(locale, `cardToCard.bankName.${bank}`) : bank;
}

/** The card panel of a payable booking at an agency with a card; null otherwise. */
export function cardPanel(tenant: Tenant, booking: Booking, locale: Locale): CardPanel | null {
  const card = tenant.cardToCard;
  if (!card || !tenantOffers(tenant, "payByOthers")) return null;
  return {
    number: groupedCard(card.cardNumber),
    digits: card.cardNumber,
    holder: card.holder[locale] ?? card.holder.fa,
    bank: bankName(locale, card.bank),
    tomans: booking.price.total,
    rials: booking.price.total * 10,
    until: localizeDigits(locale, tehranClock(booking.holdExpiresAt)),
    receiptMobile: localizeDigits(locale, card.receiptMobile),
  };
}

/** The panels of the pre-invoice: null when the tenant does not offer payment by others or the booking cannot be paid. */
export function prefactorPanel(context: AppLoadContext, booking: Booking): PayByOthersPanel | null {
  if (!tenantOffers(context.tenant, "payByOthers") || !isPayable(booking.status, booking.holdExpiresAt, context.now())) return null;
  return { link: true, card: cardPanel(context.tenant, booking, context.locale.locale) };
}

/** A text field of a form; a file (or nothing) reads as empty. */
function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

const answer = (context: AppLoadContext, result: PayByOthersResult, status: number) =>
  data({ pay: null, post: null, payByOthers: result }, { status: refusalStatus(context, status), headers: NO_STORE });

async function cardDeps(context: AppLoadContext): Promise<CardToCardDeps> {
  return { ...(await paymentDeps(context)), receipts: context.payByOthers.receipts };
}

/** A pasted receipt for `booking`: matched pays it (then `paid` says where to go), pending waits, a refusal stays on the field. */
async function receiptAction(form: FormData, context: AppLoadContext, booking: Booking, paid: string) {
  const text = formText(form, "receiptText").slice(0, 4000);
  if (text.trim() === "") return answer(context, { form: "card", ok: false, error: "REQUIRED", text }, 422);
  if (!(await context.rateLimit("card-to-card", RECEIPT_IP_LIMIT, 3600)).allowed)
    return answer(context, { form: "card", ok: false, error: "RATE_LIMITED", text }, 429);
  const outcome = await submitReceipt({ tenant: context.tenant, booking, text }, await cardDeps(context));
  if (!outcome.ok) {
    const status =
      outcome.error === "NOT_PAYABLE" || outcome.error === "TRACE_USED" ? 409 : outcome.error === "OPTION_NOT_ACTIVE" ? 404 : 422;
    return answer(context, { form: "card", ok: false, error: outcome.error, text }, status);
  }
  if (outcome.status === "matched") throw redirect(paid, { status: 303, headers: NO_STORE });
  return answer(context, { form: "card", ok: true, status: "pending" }, 200);
}

/**
 * The pre-invoice's forms: `intent=payment-link` sends a link, `intent=card-to-card` checks a
 * receipt; anything else is the pay button. The form is read from a copy of the request, so the
 * pay button's action still reads its own.
 */
export async function prefactorFormAction(request: Request, context: AppLoadContext, booking: Booking) {
  const form = await request.clone().formData();
  const intent = form.get("intent");
  if (intent !== "payment-link" && intent !== "card-to-card") return payAction(request, context, booking.hashId);
  refuseBadCsrf(context, form);
  const locale = context.locale.locale;
  if (intent === "card-to-card") return receiptAction(form, context, booking, factorPath(locale, booking));
  const mobile = formText(form, "mobile").slice(0, 40);
  if (!tenantOffers(context.tenant, "payByOthers"))
    return answer(context, { form: "link", ok: false, error: "OPTION_NOT_ACTIVE", mobile }, 404);
  if (!(await context.rateLimit("payment-link", LINK_IP_LIMIT, LINK_IP_WINDOW_SECONDS)).allowed)
    return answer(context, { form: "link", ok: false, error: "RATE_LIMITED", mobile }, 429);
  const created = await sendPaymentLink(context, booking, mobile, new URL(request.url).origin);
  if (!created.ok) {
    const status =
      created.error === "MOBILE_INVALID" ? 422 : created.error === "NOT_PAYABLE" ? 409 : created.error === "SEND_FAILED" ? 503 : 429;
    return answer(context, { form: "link", ok: false, error: created.error, mobile }, status);
  }
  return answer(
    context,
    {
      form: "link",
      ok: true,
      mobile: localizeDigits(locale, created.mobile),
      until: localizeDigits(locale, tehranClock(created.expiresAt)),
    },
    200,
  );
}

/** Makes a link and sends its SMS, in the booking's language, with the trip's places by name. */
export async function sendPaymentLink(context: AppLoadContext, booking: Booking, mobile: string, origin: string) {
  const trip = await tripWords(
    booking,
    async (code, places, placeLocale) => (await context.places.byRouteCode(code, places, placeLocale))?.name ?? null,
  );
  return createPaymentLink(
    { tenant: context.tenant, booking, mobile },
    {
      links: context.payByOthers.links,
      clock: { now: () => context.now() },
      sms: await context.payByOthers.sms(),
      message: (token) => paymentLinkSms(booking, { site: context.tenant.nameCompany, trip, origin, token }).text,
    },
  );
}

// --- The link's page ------------------------------------------------------------------------------

export type PaymentLinkPage =
  | {
      kind: "open";
      site: string;
      service: Booking["service"];
      items: ItemSummary[];
      /** Names only: a stranger sees no identity number, birth date or contact of anyone. */
      travellers: string[];
      total: number;
      expiresAt: string;
      serverNow: string;
      gateways: string[];
      card: CardPanel | null;
      csrf: string;
    }
  | { kind: "gone"; reason: "paid" | "issued" | "refunded" | "expired" };

/** The link of the path, with its booking; the 404 of an unknown link, or of an agency without the option. */
async function linkOf(context: AppLoadContext, token: string | undefined) {
  if (!tenantOffers(context.tenant, "payByOthers")) throw data(null, { status: 404, headers: NO_STORE });
  const opened = await openPaymentLink(
    { tenantId: context.tenant.id, token: token ?? "" },
    { links: context.payByOthers.links, bookings: context.bookings, clock: { now: () => context.now() } },
  );
  if (!opened) throw data(null, { status: 404, headers: NO_STORE });
  return opened;
}

function gonePage(booking: Booking, state: "paid" | "expired"): PaymentLinkPage {
  if (state === "expired") return { kind: "gone", reason: "expired" };
  const status = booking.status;
  return {
    kind: "gone",
    reason: status === "issued" ? "issued" : status === "refund_requested" || status === "refunded" ? "refunded" : "paid",
  };
}

export async function paymentLinkLoader(request: Request, context: AppLoadContext, token: string | undefined) {
  const { booking, state } = await linkOf(context, token);
  // Paid or ended: 410, with a page that says which.
  if (state !== "open") return data(gonePage(booking, state), { status: 410, headers: NO_STORE });
  const locale = context.locale.locale;
  const now = context.now();
  const offers = booking.items.map((item) => item.offer);
  const module = moduleOfBooking(booking);
  // Places by name, each looked up once, in the kind of place its service stores.
  const names = await placeNamesOf(
    [booking],
    async (code, places) => (await context.places.byRouteCode(code, places, locale).catch(() => null))?.name ?? null,
  );
  const describe = { locale, calendar: calendarOf(request, locale), placeName: placeNameIn(names, module.places) };
  const page: PaymentLinkPage = {
    kind: "open",
    site: context.tenant.nameCompany[locale] ?? context.tenant.nameCompany.fa,
    service: booking.service,
    items: offers.map((offer) => module.summary(offer, describe)),
    travellers: booking.passengers.map((passenger) => `${passenger.firstName} ${passenger.lastName}`),
    total: booking.price.total,
    expiresAt: booking.holdExpiresAt.toISOString(),
    serverNow: now.toISOString(),
    gateways: context.tenant.paymentGateways,
    card: cardPanel(context.tenant, booking, locale),
    csrf: context.csrf.token(),
  };
  return data(page, { headers: NO_STORE });
}

/** The link page's forms: pay through a gateway (the booking's normal payment), or a card-to-card receipt. */
export async function paymentLinkAction(request: Request, context: AppLoadContext, token: string | undefined) {
  const { booking, state } = await linkOf(context, token);
  const form = await request.formData();
  refuseBadCsrf(context, form);
  if (state !== "open") return data(gonePage(booking, state), { status: 410, headers: NO_STORE });
  const locale = context.locale.locale;
  const here = localizePath(locale, `/payment/link/${token ?? ""}`);
  if (form.get("intent") === "card-to-card") return receiptAction(form, context, booking, here);
  const chosen = form.get("gateway");
  const gatewayName = typeof chosen === "string" && chosen ? chosen : (context.tenant.paymentGateways[0] ?? "");
  const origin = new URL(request.url).origin;
  // The same payment as the pre-invoice's (no wallet: a stranger has none here); the bank sends the payer back to this link.
  const started = await startPayment(
    {
      tenantId: context.tenant.id,
      bookingHashId: booking.hashId,
      gateway: gatewayName,
      allowedGateways: context.tenant.paymentGateways,
      callbackUrl: `${origin}${localizePath(locale, `/payment/callback/${encodeURIComponent(gatewayName)}`)}?link=${token ?? ""}`,
      description: translate(locale, "payment.description", { site: context.tenant.nameCompany[locale] ?? context.tenant.nameCompany.fa }),
    },
    await paymentDeps(context),
  );
  if (!started.ok)
    return data(
      { pay: started.error === "NOT_PAYABLE" ? "EXPIRED" : "UNAVAILABLE", post: null, payByOthers: null },
      { status: refusalStatus(context, started.error === "NOT_PAYABLE" ? 409 : 503), headers: NO_STORE },
    );
  if (started.redirect.method === "GET") throw redirectDocument(started.redirect.url, { status: 303, headers: NO_STORE });
  return data(
    { pay: null, post: { url: started.redirect.url, fields: started.redirect.fields ?? {} }, payByOthers: null },
    { headers: NO_STORE },
  );
}
