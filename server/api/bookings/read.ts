import { ApiProblem } from "../problem.ts";
import { defineRoute, json } from "../route.ts";
import { BOOKING_NOT_FOUND, openBooking } from "./access.ts";
import { BOOKINGS_PATH } from "./paths.ts";
import { apiBooking } from "./present.ts";
import { bookingSchema, hashIdParams } from "./schemas.ts";

/** `GET /api/v1/bookings/{hashId}`: everything about a booking, its tickets, payments and refund included. */
export const readBookingRoute = defineRoute({
  operationId: "getBooking",
  method: "get",
  path: `${BOOKINGS_PATH}/{hashId}`,
  summary: "A booking by its hashId",
  description:
    "A guest booking opens with its hashId alone; a booking that belongs to an account only with that account's session (to anyone else it is the 404 of an unknown hashId).",
  tags: ["bookings"],
  auth: "optional",
  params: hashIdParams,
  responses: {
    200: { description: "The booking; a hold past its time reads expired.", schema: bookingSchema },
    404: BOOKING_NOT_FOUND,
  },
  async handler(context) {
    const booking = await openBooking(context);
    if (booking instanceof ApiProblem) return booking;
    const { deps, now } = context;
    const [tickets, payments, refund] = await Promise.all([
      deps.bookings.tickets(booking.id),
      deps.payments.listForBooking(booking.id),
      deps.refunds.findByBooking(booking.id),
    ]);
    return json(apiBooking(booking, now, { tickets, payments, refund }));
  },
});
