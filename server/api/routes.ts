import { createBookingRoute } from "./bookings/create.ts";
import { lookupBookingRoute } from "./bookings/lookup.ts";
import { payBookingRoute } from "./bookings/pay.ts";
import { readBookingRoute } from "./bookings/read.ts";
import { refundQuoteRoute } from "./bookings/refund-quote.ts";
import { refundBookingRoute } from "./bookings/refund.ts";
import { ticketPdfRoute } from "./bookings/ticket-pdf.ts";
import { searchFlightsRoute } from "./flights/search.ts";
import { openApiJsonRoute } from "./meta/openapi-json.ts";
import type { AnyRoute } from "./route.ts";

/**
 * Every route of the JSON API, in one list: the front door mounts it and the OpenAPI document is
 * generated from it. A new route is a file under server/api/<area>/ and a line here.
 */
const ROUTES: AnyRoute[] = [
  searchFlightsRoute,
  createBookingRoute,
  lookupBookingRoute,
  readBookingRoute,
  payBookingRoute,
  ticketPdfRoute,
  refundQuoteRoute,
  refundBookingRoute,
];

export const API_ROUTES: readonly AnyRoute[] = [...ROUTES, openApiJsonRoute(() => API_ROUTES)];
