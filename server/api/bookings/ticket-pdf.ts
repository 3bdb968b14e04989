import { z } from "zod";
import type { Booking } from "#core/booking/booking.ts";
import { isLocale, type Locale } from "#core/i18n/locales.ts";
import { placeNameIn, placeNamesOf as namesOfPlaces } from "#core/services/place-names.ts";
import { moduleOfBooking } from "#core/services/service-modules.ts";
import type { TicketDocument } from "#core/tickets/ticket-document.ts";
import { ticketDocument } from "../../ticket-document.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiProblem } from "../problem.ts";
import { defineRoute, file } from "../route.ts";
import { BOOKING_NOT_FOUND, openBooking } from "./access.ts";
import { BOOKINGS_PATH } from "./paths.ts";
import { hashIdParams } from "./schemas.ts";

/** react-pdf is loaded on the first ticket asked for, not when the server starts. */
const renderTicketPdf = async (document: TicketDocument) => (await import("#adapters/pdf/ticket-pdf.tsx")).renderTicketPdf(document);

/** The reference as a file name may carry it: letters and digits only. */
function ticketFileName(reference: string): string {
  return `ticket-${reference.replace(/[^A-Za-z0-9]/g, "")}.pdf`;
}

/** Names of the places a booking's items name, in a language, as far as the places know them (keyed by code, as the ticket reads them). */
async function placeNamesOf(deps: ApiDeps, booking: Booking, locale: Locale): Promise<Record<string, string>> {
  const module = moduleOfBooking(booking);
  const names = await namesOfPlaces([booking], async (code, places) => (await deps.places.byRouteCode(code, places, locale))?.name ?? null);
  const nameOf = placeNameIn(names, module.places);
  const result: Record<string, string> = {};
  for (const item of booking.items) {
    const { from, to } = module.facts(item.offer);
    for (const code of [from, to]) {
      const name = code ? nameOf(code) : undefined;
      if (code && name) result[code] = name;
    }
  }
  return result;
}

/** `GET /api/v1/bookings/{hashId}/ticket.pdf?lang=`: the e-ticket of an issued booking, in the booking's language unless asked otherwise. */
export const ticketPdfRoute = defineRoute({
  operationId: "getBookingTicketPdf",
  method: "get",
  path: `${BOOKINGS_PATH}/{hashId}/ticket.pdf`,
  summary: "The e-ticket of an issued booking, as a PDF",
  tags: ["bookings"],
  auth: "optional",
  params: hashIdParams,
  query: z.object({
    lang: z
      .string()
      .max(8)
      .optional()
      .describe("fa, en or ar: the ticket's language (and of any refusal); the booking's language when absent."),
  }),
  responses: {
    200: { description: "The PDF, as an attachment.", contentType: "application/pdf" },
    404: BOOKING_NOT_FOUND,
    409: { description: "The booking has no ticket yet: it is ready once paid and issued.", codes: ["NOT_ISSUED"] },
  },
  async handler(context) {
    context.res.setHeader("X-Robots-Tag", "noindex");
    const booking = await openBooking(context);
    if (booking instanceof ApiProblem) return booking;
    const { deps, tenant, query, problem } = context;
    if (booking.status !== "issued") return problem(409, "NOT_ISSUED", "api.bookings.NOT_ISSUED");
    const ticketLocale: Locale = isLocale(query.lang) ? query.lang : isLocale(booking.locale) ? booking.locale : "fa";
    const [tickets, payment, history, placeNames] = await Promise.all([
      deps.bookings.tickets(booking.id),
      deps.payments.verifiedOf(booking.id),
      deps.bookings.history(booking.id),
      placeNamesOf(deps, booking, ticketLocale),
    ]);
    const issuedAt = history.findLast((change) => change.to === "issued")?.at;
    const document = ticketDocument(booking, tickets, payment, tenant, ticketLocale, {
      issuedAt: issuedAt ? new Date(issuedAt) : null,
      placeNames,
    });
    const pdf = await renderTicketPdf(document);
    return file(pdf, "application/pdf", { "Content-Disposition": `attachment; filename="${ticketFileName(booking.reference)}"` });
  },
});
