import { quoteRefund, type InPersonOnly } from "#core/refunds/refund-booking.ts";
import { refundInPersonParams } from "#core/refunds/refund-text.ts";
import type { MessageKey } from "../i18n.ts";
import { ApiProblem } from "../problem.ts";
import { defineRoute, json, type RouteContext } from "../route.ts";
import { BOOKING_NOT_FOUND, openBooking } from "./access.ts";
import { BOOKINGS_PATH } from "./paths.ts";
import { refundQuoteRequestSchema, refundQuoteSchema } from "./refund-schemas.ts";
import { hashIdParams } from "./schemas.ts";

type QuoteRefusal = Exclude<Extract<Awaited<ReturnType<typeof quoteRefund>>, { ok: false }>["error"], "IN_PERSON_ONLY">;

export const REFUND_REFUSAL_MESSAGE = {
  NOT_REFUNDABLE_NOW: "follow.error.NOT_REFUNDABLE_NOW",
  NON_REFUNDABLE: "follow.error.NON_REFUNDABLE",
} as const satisfies Record<QuoteRefusal, MessageKey>;

/**
 * Online refund is closed for an item (a bus from 2 h before departure): 409 REFUND_IN_PERSON_ONLY,
 * a conflict with the booking's time rather than a fault of the request, whose message says how
 * much is refunded in person at the terminal. The quote and the refund answer it alike.
 */
export const IN_PERSON_ONLY_CODE = "REFUND_IN_PERSON_ONLY";

export function inPersonOnlyProblem(
  context: Pick<RouteContext<undefined, undefined, undefined, "optional">, "problem" | "locale">,
  refusal: InPersonOnly,
) {
  return context.problem(409, IN_PERSON_ONLY_CODE, "refund.inPersonOnly", undefined, refundInPersonParams(refusal, context.locale));
}

/** `POST /api/v1/bookings/{hashId}/refund-quote`: what cancelling would keep and give back, now. Nothing is changed. */
export const refundQuoteRoute = defineRoute({
  operationId: "quoteBookingRefund",
  method: "post",
  path: `${BOOKINGS_PATH}/{hashId}/refund-quote`,
  summary: "What cancelling an issued booking would keep and give back, now",
  tags: ["bookings", "refunds"],
  auth: "optional",
  params: hashIdParams,
  body: refundQuoteRequestSchema,
  bodyOptional: true,
  responses: {
    200: {
      description: "The quote, one line per item, each with the window that applies now and when it ends.",
      schema: refundQuoteSchema,
    },
    404: BOOKING_NOT_FOUND,
    409: {
      description:
        "Not issued (or already refunded), the fare is non-refundable, or online refund is closed (REFUND_IN_PERSON_ONLY: a bus from 2 h before departure is refunded only in person at the terminal; the message says how much).",
      codes: ["NOT_REFUNDABLE_NOW", "NON_REFUNDABLE", IN_PERSON_ONLY_CODE],
    },
  },
  async handler(context) {
    const booking = await openBooking(context);
    if (booking instanceof ApiProblem) return booking;
    const { deps, problem } = context;
    const quote = await quoteRefund(booking, { suppliers: deps.suppliers, clock: deps.clock, bookings: deps.bookings });
    if (!quote.ok)
      return quote.error === "IN_PERSON_ONLY"
        ? inPersonOnlyProblem(context, quote)
        : problem(409, quote.error, REFUND_REFUSAL_MESSAGE[quote.error]);
    const lines = quote.lines.map(({ flightNumber, paid, penaltyPercent, penalty, refundAmount, window, ruleId }) => ({
      flightNumber,
      paid,
      penaltyPercent,
      penalty,
      refundAmount,
      window,
      ruleId,
    }));
    return json({
      paid: quote.paid,
      penalty: quote.penalty,
      refundAmount: quote.refundAmount,
      lines,
      rule: lines.map((line) => line.ruleId),
    });
  },
});
