import { z } from "zod";
import { BOOKING_STATES, visibleStatus } from "#core/booking/booking-state.ts";
import { submitReceipt } from "#core/card-to-card/card-to-card.ts";
import { paymentLinkSms, tripWords } from "#core/payment-links/link-message.ts";
import { createPaymentLink, type CreateLinkRefusal } from "#core/payment-links/payment-link.ts";
import { tenantOffers } from "#core/tenants/options.ts";
import { hashClientAddress, normalizeAddress, rateLimitSubject } from "../../client-address.ts";
import { text } from "../accounts/schemas.ts";
import { BOOKING_NOT_FOUND, openBooking } from "../bookings/access.ts";
import { BOOKINGS_PATH } from "../bookings/paths.ts";
import { hashIdParams } from "../bookings/schemas.ts";
import type { MessageKey } from "../i18n.ts";
import { ApiProblem } from "../problem.ts";
import { defineRoute, json } from "../route.ts";

/**
 * Payment by others through the API (issue 23 §2, §4): a payment link sent by SMS, and a
 * card-to-card receipt checked against the booking. Both answer 404 OPTION_NOT_ACTIVE for an
 * agency that does not offer payment by others, like the other options' routes.
 */

/** Links asked for from one address in an hour: each is an SMS the agency pays for. */
export const LINK_API_IP_LIMIT = 20;
/** Receipts checked from one address in an hour. */
export const RECEIPT_API_IP_LIMIT = 30;

const LINK_REFUSAL = {
  OPTION_NOT_ACTIVE: { status: 404, key: "payByOthers.error.OPTION_NOT_ACTIVE" },
  MOBILE_INVALID: { status: 422, key: "payByOthers.error.MOBILE_INVALID" },
  NOT_PAYABLE: { status: 409, key: "payByOthers.error.NOT_PAYABLE" },
  TOO_MANY_LINKS: { status: 429, key: "payByOthers.error.TOO_MANY_LINKS" },
  SMS_BUDGET: { status: 429, key: "payByOthers.error.SMS_BUDGET" },
  SEND_FAILED: { status: 503, key: "payByOthers.error.SEND_FAILED" },
} as const satisfies Record<CreateLinkRefusal, { status: number; key: MessageKey }>;

const RECEIPT_REFUSAL = {
  OPTION_NOT_ACTIVE: { status: 404, key: "payByOthers.error.OPTION_NOT_ACTIVE" },
  NOT_OFFERED: { status: 404, key: "cardToCard.error.NOT_OFFERED" },
  NOT_PAYABLE: { status: 409, key: "cardToCard.error.NOT_PAYABLE" },
  TRACE_USED: { status: 409, key: "cardToCard.error.TRACE_USED" },
  NOT_A_RECEIPT: { status: 422, key: "cardToCard.error.NOT_A_RECEIPT" },
  IMPOSSIBLE: { status: 422, key: "cardToCard.error.IMPOSSIBLE" },
  WRONG_CARD: { status: 422, key: "cardToCard.error.WRONG_CARD" },
} as const satisfies Record<string, { status: number; key: MessageKey }>;

const paymentLinkRequestSchema = z.object({ mobile: text(40).describe("The payer's mobile, any digit set (09…, +989…).") });
const paymentLinkSchema = z.object({
  url: z.string().describe("The link's page on this agency's host, in the booking's language; 404 or 410 once paid or expired."),
  expiresAt: z.string().describe("ISO instant the link stops working: the end of the booking's hold."),
});
const cardToCardRequestSchema = z.object({ receiptText: text(2000).describe("The bank's receipt (SMS) as the payer received it.") });
const cardToCardSchema = z.object({
  status: z
    .enum(["matched", "pending"])
    .describe("matched: the booking is paid and issued; pending: an operator checks it, the hold is stretched."),
  bookingStatus: z.enum(BOOKING_STATES).describe("The booking's status after the receipt."),
});

/** The refusal of an agency without payment by others. */
function optionOff(tenant: { optionActive: readonly string[] }, problem: (status: number, code: string, key: MessageKey) => ApiProblem) {
  return tenantOffers(tenant, "payByOthers") ? null : problem(404, "OPTION_NOT_ACTIVE", "payByOthers.error.OPTION_NOT_ACTIVE");
}

/** `POST /api/v1/bookings/{hashId}/payment-link`: a link to pay the booking, sent by SMS to `mobile`. */
export const createPaymentLinkRoute = defineRoute({
  operationId: "createPaymentLink",
  method: "post",
  path: `${BOOKINGS_PATH}/{hashId}/payment-link`,
  summary: "Send a link to pay a held booking to another mobile",
  description:
    "The SMS goes to that mobile in the booking's language, with the amount, the trip and the link. Whoever opens it sees the trip without the travellers' identity numbers and pays through a gateway or card-to-card. At most 5 links per booking.",
  tags: ["bookings", "payments"],
  auth: "optional",
  params: hashIdParams,
  body: paymentLinkRequestSchema,
  responses: {
    201: { description: "Sent.", schema: paymentLinkSchema },
    404: {
      description: `${BOOKING_NOT_FOUND.description} OPTION_NOT_ACTIVE: the agency does not offer payment by others.`,
      codes: ["NOT_FOUND", "OPTION_NOT_ACTIVE"],
    },
    409: { description: "NOT_PAYABLE: the booking is paid, expired or cancelled.", codes: ["NOT_PAYABLE"] },
    422: { description: "VALIDATION_FAILED: `mobile` is no Iranian mobile (MOBILE_INVALID on the field).", codes: ["VALIDATION_FAILED"] },
    429: {
      description: "RATE_LIMITED (this address), TOO_MANY_LINKS (this booking) or SMS_BUDGET (the agency's SMS for today).",
      codes: ["RATE_LIMITED", "TOO_MANY_LINKS", "SMS_BUDGET"],
    },
    503: { description: "SEND_FAILED: the SMS could not be sent; try again.", codes: ["SEND_FAILED"] },
  },
  async handler(context) {
    const { req, deps, tenant, body, origin, problem, field, rateLimit, now } = context;
    const off = optionOff(tenant, problem);
    if (off) return off;
    const booking = await openBooking(context);
    if (booking instanceof ApiProblem) return booking;
    const address = hashClientAddress(deps.ipHashSecret, rateLimitSubject(normalizeAddress(req.ip)));
    const limited = await rateLimit({ bucket: `payment-link:${address}`, limit: LINK_API_IP_LIMIT, windowSeconds: 3600 });
    if (limited) return limited;
    const trip = await tripWords(booking, (code, places, locale) => deps.payByOthers.placeName(code, places, locale));
    let url = "";
    const created = await createPaymentLink(
      { tenant, booking, mobile: body.mobile },
      {
        links: deps.payByOthers.links,
        clock: { now: () => now },
        sms: await deps.payByOthers.smsFor(tenant),
        message: (token) => {
          const sms = paymentLinkSms(booking, { site: tenant.nameCompany, trip, origin, token });
          url = sms.url;
          return sms.text;
        },
      },
    );
    if (!created.ok) {
      const { status, key } = LINK_REFUSAL[created.error];
      if (created.error === "MOBILE_INVALID")
        return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [field("mobile", created.error, key)]);
      return problem(status, created.error, key);
    }
    return json({ url, expiresAt: created.expiresAt.toISOString() }, 201);
  },
});

/** `POST /api/v1/bookings/{hashId}/card-to-card`: a bank's receipt checked against the booking. */
export const submitCardToCardRoute = defineRoute({
  operationId: "submitCardToCardReceipt",
  method: "post",
  path: `${BOOKINGS_PATH}/{hashId}/card-to-card`,
  summary: "Pay a held booking by card-to-card: check the bank's receipt",
  description:
    "An exact match (the total ×10 rials, into the agency's card, after the booking was made, a trace not used before) pays the booking and issues it. A receipt that is the agency's but not exact waits for an operator (pending) and the hold is stretched; nothing is issued.",
  tags: ["bookings", "payments"],
  auth: "optional",
  params: hashIdParams,
  body: cardToCardRequestSchema,
  responses: {
    200: { description: "matched (paid) or pending (an operator checks it).", schema: cardToCardSchema },
    404: {
      description: `${BOOKING_NOT_FOUND.description} OPTION_NOT_ACTIVE / NOT_OFFERED: the agency does not offer payment by others, or has no card.`,
      codes: ["NOT_FOUND", "OPTION_NOT_ACTIVE", "NOT_OFFERED"],
    },
    409: {
      description: "NOT_PAYABLE: the booking is paid, expired or cancelled; TRACE_USED: this receipt paid before.",
      codes: ["NOT_PAYABLE", "TRACE_USED"],
    },
    422: {
      description:
        "On `receiptText`: NOT_A_RECEIPT (nothing readable), IMPOSSIBLE (a date, time or amount that cannot be), WRONG_CARD (not the agency's card).",
      codes: ["NOT_A_RECEIPT", "IMPOSSIBLE", "WRONG_CARD", "VALIDATION_FAILED"],
    },
    429: { description: "RATE_LIMITED: too many receipts from this address.", codes: ["RATE_LIMITED"] },
  },
  async handler(context) {
    const { req, deps, tenant, body, problem, field, rateLimit, now } = context;
    const off = optionOff(tenant, problem);
    if (off) return off;
    const booking = await openBooking(context);
    if (booking instanceof ApiProblem) return booking;
    const address = hashClientAddress(deps.ipHashSecret, rateLimitSubject(normalizeAddress(req.ip)));
    const limited = await rateLimit({ bucket: `card-to-card:${address}`, limit: RECEIPT_API_IP_LIMIT, windowSeconds: 3600 });
    if (limited) return limited;
    const outcome = await submitReceipt(
      { tenant, booking, text: body.receiptText },
      {
        bookings: deps.bookings,
        payments: deps.payments,
        suppliers: deps.suppliers,
        ledger: deps.ledger,
        clock: { now: () => now },
        gateway: await deps.paymentGateways.forTenant(tenant.id),
        onIssued: (issued, tickets) => deps.payByOthers.onIssued(tenant, issued, tickets),
        receipts: deps.payByOthers.receipts,
      },
    );
    if (!outcome.ok) {
      const { status, key } = RECEIPT_REFUSAL[outcome.error];
      return problem(status, outcome.error, key, status === 422 ? [field("receiptText", outcome.error, key)] : undefined);
    }
    const current = (await deps.bookings.findById(tenant.id, booking.id)) ?? booking;
    return json({ status: outcome.status, bookingStatus: visibleStatus(current, deps.clock.now()) });
  },
});
