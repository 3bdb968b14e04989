import { z } from "zod";
import { factorPath, prefactorPath } from "#app/booking/paths.ts";
import type { Booking } from "#core/booking/booking.ts";
import { BOOKING_STATES, visibleStatus } from "#core/booking/booking-state.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { SERVICE_IDS } from "#core/services/service-ids.ts";
import { moduleOfBooking } from "#core/services/service-modules.ts";
import { defineRoute, json } from "../route.ts";

/** The newest bookings `GET /api/v1/me/bookings` lists. */
export const MY_BOOKINGS_LIMIT = 100;
/** Where the bookings API answers about one booking (with the same session). */
const BOOKING_API_PATH = "/api/v1/bookings";

const myBookingSchema = z
  .object({
    reference: z.string().describe("Eight letters and digits a traveller reads out."),
    hashId: z.string().describe("GET /api/v1/bookings/{hashId} with the same session for everything about it."),
    status: z.enum(BOOKING_STATES).describe("A hold that has run out reads expired at once."),
    service: z.enum(SERVICE_IDS),
    total: z.number().int().min(0).describe("Integer tomans."),
    createdAt: z.string(),
    legs: z.array(z.object({ from: z.string(), to: z.string(), departAt: z.string(), flightNumber: z.string() }).strict()),
    links: z
      .object({
        prefactor: z.string(),
        factor: z.string(),
        ticketPdf: z.string().nullable().describe("Once issued: the e-ticket (with the same session)."),
        follow: z.string(),
      })
      .strict()
      .describe("Paths on this agency's host, in the request's language."),
  })
  .strict();

/** A booking in the traveller's list, with the pages and files that belong to it in the request's language. */
export function apiMyBooking(booking: Booking, locale: Locale, now: Date): z.output<typeof myBookingSchema> {
  const status = visibleStatus(booking, now);
  const module = moduleOfBooking(booking);
  return {
    reference: booking.reference,
    hashId: booking.hashId,
    status,
    service: booking.service,
    total: booking.price.total,
    createdAt: booking.createdAt.toISOString(),
    legs: [...booking.items]
      .sort((a, b) => a.position - b.position)
      .map((item) => module.facts(item.offer))
      // The v1 names: a flight's airports, departure and number; another service's place codes, start and code.
      .map((facts) => ({ from: facts.from ?? "", to: facts.to ?? "", departAt: facts.startsAt, flightNumber: facts.code })),
    links: {
      prefactor: prefactorPath(locale, booking),
      factor: factorPath(locale, booking),
      ticketPdf: status === "issued" ? `${BOOKING_API_PATH}/${booking.hashId}/ticket.pdf` : null,
      follow: `${localizePath(locale, "/follow")}?booking=${encodeURIComponent(booking.hashId)}`,
    },
  };
}

/** `GET /api/v1/me/bookings`: the account's bookings, newest first. */
export const listMyBookingsRoute = defineRoute({
  operationId: "listMyBookings",
  method: "get",
  path: "/api/v1/me/bookings",
  summary: "The traveller's bookings, newest first",
  description: `At most ${MY_BOOKINGS_LIMIT}. A guest booking made with the account's mobile joins the account at sign-in.`,
  tags: ["accounts"],
  auth: "required",
  responses: { 200: { description: "The list.", schema: z.object({ bookings: z.array(myBookingSchema) }).strict() } },
  async handler({ signedIn, deps, tenant, locale, now }) {
    const bookings = await deps.bookings.listForUser(tenant.id, signedIn.account.id, MY_BOOKINGS_LIMIT);
    return json({ bookings: bookings.map((booking) => apiMyBooking(booking, locale, now)) });
  },
});
