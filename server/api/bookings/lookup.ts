import { normalizeReference } from "#core/booking/booking.ts";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import { hashClientAddress, normalizeAddress, rateLimitSubject } from "../../client-address.ts";
import { defineRoute, json } from "../route.ts";
import { BOOKING_LOOKUP_PATH } from "./paths.ts";
import { lookupAnswerSchema, lookupRequestSchema } from "./schemas.ts";

/** Lookups one address may try in a window: a reference and a mobile are not a password. */
export const BOOKING_LOOKUP_RATE_LIMIT = 10;
export const BOOKING_LOOKUP_RATE_WINDOW_SECONDS = 10 * 60;
/** A reference as newBookingReference draws it. */
const REFERENCE = /^[2-9A-HJ-NP-Z]{8}$/;

/**
 * `POST /api/v1/bookings/lookup` {reference, mobile}: the hashId of the booking they name, at most
 * ten tries per address in ten minutes. Every mismatch is one and the same 404.
 */
export const lookupBookingRoute = defineRoute({
  operationId: "lookupBooking",
  method: "post",
  path: BOOKING_LOOKUP_PATH,
  summary: "Find a booking's hashId by its reference and contact mobile",
  tags: ["bookings"],
  auth: "none",
  body: lookupRequestSchema,
  responses: {
    200: { description: "The booking's hashId: GET /api/v1/bookings/{hashId} for the rest.", schema: lookupAnswerSchema },
    404: {
      description: "No booking of this agency has this reference and mobile (the same answer whatever did not match).",
      codes: ["NOT_FOUND"],
    },
    429: {
      description: `More than ${BOOKING_LOOKUP_RATE_LIMIT} tries from this address in ${BOOKING_LOOKUP_RATE_WINDOW_SECONDS / 60} minutes; Retry-After says when to try again.`,
      codes: ["RATE_LIMITED"],
    },
  },
  async handler({ req, deps, tenant, body, rateLimit, problem }) {
    const subject = rateLimitSubject(normalizeAddress(req.ip));
    const limited = await rateLimit({
      bucket: `booking-lookup:${hashClientAddress(deps.ipHashSecret, subject)}`,
      limit: BOOKING_LOOKUP_RATE_LIMIT,
      windowSeconds: BOOKING_LOOKUP_RATE_WINDOW_SECONDS,
    });
    if (limited) return limited;
    const reference = normalizeReference(body.reference);
    const mobile = normalizeMobile(body.mobile);
    const wellFormed = REFERENCE.test(reference) && mobile !== null;
    // The query runs for every try, so a malformed one takes about as long as a wrong one.
    const hashId = await deps.bookings.findHashIdByReference(tenant.id, wellFormed ? reference : "-", mobile ?? "-");
    if (!wellFormed || hashId === null) return problem(404, "NOT_FOUND", "api.bookings.NOT_FOUND");
    return json({ hashId });
  },
});
