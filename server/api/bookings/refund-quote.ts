import { quoteRefund } from "#core/refunds/refund-booking.ts";
import type { MessageKey } from "../i18n.ts";
import { ApiProblem } from "../problem.ts";
import { defineRoute, json } from "../route.ts";
import { BOOKING_NOT_FOUND, openBooking } from "./access.ts";
import { BOOKINGS_PATH } from "./paths.ts";
import { refundQuoteRequestSchema, refundQuoteSchema } from "./schemas-refund.ts";
import { hashIdParams } from "./schemas.ts";

type QuoteRefusal = Extract<Awaited<ReturnType<typeof quoteRefund>>, { ok: false }>["error"];

export const REFUND_REFUSAL_MESSAGE = {
  NOT_REFUNDABLE_NOW: "follow.error.NOT_REFUNDABLE_NOW",
  NON_REFUNDABLE: "follow.error.NON_REFUNDABLE",
} as const satisfies Record<QuoteRefusal, MessageKey>;

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
    200: { description: "The quote, one line per item (flight, train).", schema: refundQuoteSchema },
    404: BOOKING_NOT_FOUND,
    409: {
      description: "Not issued (or already refunded), or the fare is non-refundable.",
      codes: ["NOT_REFUNDABLE_NOW", "NON_REFUNDABLE"],
    },
  },
  async handler(context) {
    const booking = await openBooking(context);
    if (booking instanceof ApiProblem) return booking;
    const { deps, problem } = context;
    const quote = await quoteRefund(booking, { suppliers: deps.suppliers, clock: deps.clock });
    if (!quote.ok) return problem(409, quote.error, REFUND_REFUSAL_MESSAGE[quote.error]);
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
