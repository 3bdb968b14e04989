import { refundBooking } from "#core/refunds/refund-booking.ts";
import { normalizeSheba } from "#core/refunds/sheba.ts";
import type { MessageKey } from "../i18n.ts";
import { ApiProblem } from "../problem.ts";
import { defineRoute, json } from "../route.ts";
import { BOOKING_NOT_FOUND, openBooking } from "./access.ts";
import { BOOKINGS_PATH } from "./paths.ts";
import { IN_PERSON_ONLY_CODE, REFUND_REFUSAL_MESSAGE, inPersonOnlyProblem } from "./refund-quote.ts";
import { refundAnswerSchema, refundRequestSchema } from "./refund-schemas.ts";
import { hashIdParams } from "./schemas.ts";

type RefundRefusal = Exclude<Extract<Awaited<ReturnType<typeof refundBooking>>, { ok: false }>["error"], "IN_PERSON_ONLY">;

/** Why a refund was refused: the booking's state (409), or what was sent, on its field (422). */
const REFUND_REFUSAL = {
  NOT_REFUNDABLE_NOW: { status: 409, key: REFUND_REFUSAL_MESSAGE.NOT_REFUNDABLE_NOW, field: null },
  NON_REFUNDABLE: { status: 409, key: REFUND_REFUSAL_MESSAGE.NON_REFUNDABLE, field: null },
  SHEBA_INVALID: { status: 422, key: "follow.error.SHEBA_INVALID", field: "sheba" },
  DESTINATION_UNAVAILABLE: { status: 422, key: "api.bookings.DESTINATION_UNAVAILABLE", field: "to" },
} as const satisfies Record<RefundRefusal, { status: number; key: MessageKey; field: string | null }>;

/**
 * `POST /api/v1/bookings/{hashId}/refund` {to: "card", sheba} or {to: "wallet"}: the traveller
 * confirms the quote's cancellation; it is recorded once. A refund to the wallet (an account's
 * booking only) is credited at once; one to a card is paid by the agency later.
 */
export const refundBookingRoute = defineRoute({
  operationId: "refundBooking",
  method: "post",
  path: `${BOOKINGS_PATH}/{hashId}/refund`,
  summary: "Cancel an issued booking and refund it to a card (Sheba) or the wallet",
  tags: ["bookings", "refunds"],
  auth: "optional",
  params: hashIdParams,
  body: refundRequestSchema,
  responses: {
    200: {
      description: "Refunded to the wallet (status refunded), or asked for to the card (status refund_requested).",
      schema: refundAnswerSchema,
    },
    404: BOOKING_NOT_FOUND,
    409: {
      description:
        "Not issued (or refunded already), the fare is non-refundable, or online refund is closed (REFUND_IN_PERSON_ONLY: a bus from 2 h before departure is refunded only in person at the terminal; the message says how much).",
      codes: ["NOT_REFUNDABLE_NOW", "NON_REFUNDABLE", IN_PERSON_ONLY_CODE],
    },
    422: {
      description: "A Sheba number that is not one, or a wallet for a guest's booking; fields name sheba or to.",
      codes: ["SHEBA_INVALID", "DESTINATION_UNAVAILABLE"],
    },
  },
  async handler(context) {
    const booking = await openBooking(context);
    if (booking instanceof ApiProblem) return booking;
    const { deps, body, log, problem, field } = context;
    const refused = (error: RefundRefusal) => {
      const { status, key, field: name } = REFUND_REFUSAL[error];
      return problem(status, error, key, name ? [field(name, error, key)] : undefined);
    };
    // A booking that cannot be refunded says so whatever was sent with the request; a wallet
    // refund left half done (refund requested, not yet credited) is finished by asking again.
    if (booking.status !== "issued" && !(body.to === "wallet" && booking.status === "refund_requested"))
      return refused("NOT_REFUNDABLE_NOW");
    const to = body.to === "card" ? { to: "card" as const, sheba: body.sheba ?? "" } : { to: "wallet" as const };
    const result = await refundBooking(
      { booking, to, cause: "traveller (API)" },
      {
        suppliers: deps.suppliers,
        refunds: deps.refunds,
        bookings: deps.bookings,
        clock: deps.clock,
        ledger: deps.ledger,
      },
    );
    if (!result.ok) return result.error === "IN_PERSON_ONLY" ? inPersonOnlyProblem(context, result) : refused(result.error);
    const { quote, destination } = result;
    log.info(
      { reference: booking.reference, penalty: quote.penalty, amount: quote.refundAmount, destination },
      "refund requested through the API",
    );
    const money = { paid: quote.paid, penalty: quote.penalty, amount: quote.refundAmount };
    // To the wallet it is credited at once: the booking is refunded and the money is in the account's wallet.
    if (destination === "wallet") return json({ status: "refunded", refund: { ...money, destination: "wallet", status: "paid" } });
    return json({ status: "refund_requested", refund: { ...money, destination: "card", sheba: normalizeSheba(body.sheba ?? "") ?? "" } });
  },
});
