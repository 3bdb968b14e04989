import type { Account } from "#core/accounts/account.ts";
import { placeBooking, type BookingResult } from "#core/booking/place-booking.ts";
import { isServiceEnabled } from "#core/tenants/site-config.ts";
import { offerSelectionFor } from "#core/services/selections.ts";
import { saveBookingPassengers } from "#core/booking/save-passengers.ts";
import type { MessageKey } from "../i18n.ts";
import type { ApiProblem } from "../problem.ts";
import { defineRoute, json, type Reply, type RouteContext } from "../route.ts";
import {
  createdHeaders,
  idempotencyHeaders,
  idempotencySlot,
  nestedTooDeep,
  releaseKey,
  replayed,
  requestHashOf,
  settleKey,
} from "./idempotency.ts";
import { BOOKING_FIELD_MESSAGE, bookingFieldParams } from "./messages.ts";
import { BOOKINGS_PATH } from "./paths.ts";
import { createdBooking } from "./present.ts";
import { bookingRequestSchema, createdBookingSchema, type BookableByApi } from "./schemas.ts";
import { trainChoicesOf } from "./schemas-train.ts";
import { busChoicesOf } from "./schemas-bus.ts";
import { hotelChoicesOf, hotelOfferIdsOf } from "./schemas-hotel.ts";
import { isTourRoomsRequest, tourChoicesOf } from "./schemas-tour.ts";
import { insuranceChoicesOf } from "./schemas-insurance.ts";

/** Largest body of a booking request: up to eighteen passengers with every field. */
export const BOOKING_BODY_LIMIT_BYTES = 64 * 1024;

type Refusal = Exclude<BookingResult, { ok: true }>["error"];

/** The core's refusals of a booking other than its fields: status and message. */
const REFUSAL = {
  INVALID: { status: 422, key: "api.error.VALIDATION_FAILED" },
  OFFER_NOT_FOUND: { status: 422, key: "booking.error.OFFER_NOT_FOUND" },
  SOLD_OUT: { status: 409, key: "booking.error.SOLD_OUT" },
  SEAT_TAKEN: { status: 409, key: "booking.error.SEAT_TAKEN" },
  FARE_CHANGED: { status: 409, key: "booking.error.FARE_CHANGED" },
  OPTION_NOT_ACTIVE: { status: 422, key: "api.bookings.OPTION_NOT_ACTIVE" },
} as const satisfies Record<Refusal, { status: number; key: MessageKey }>;

const IDEMPOTENCY_MESSAGE = {
  IDEMPOTENCY_IN_PROGRESS: "api.bookings.IDEMPOTENCY_IN_PROGRESS",
  IDEMPOTENCY_KEY_REUSED: "api.bookings.IDEMPOTENCY_KEY_REUSED",
} as const satisfies Record<string, MessageKey>;

type Context = RouteContext<undefined, undefined, typeof bookingRequestSchema, "optional">;

/** Bookings of one hotel room or more: their requests name rooms, not one offer. */
const isHotel = (service: BookableByApi) => service === "hotel" || service === "intHotel";
/** Bookings of a package tour: one offer, with its rooms' occupancies. */
const isTour = (service: BookableByApi) => service === "tour" || service === "intTour";

/** A hotel request's rooms; a tour's occupancies sent under the same name are no hotel rooms. */
function hotelRoomsOf(body: Context["body"]) {
  return { rooms: isTourRoomsRequest(body.rooms) ? [] : body.rooms };
}

function answerOf({ problem, field, body }: Context, result: BookingResult): Reply | ApiProblem {
  if (result.ok) return json(createdBooking(result.booking), 201, createdHeaders(result.booking));
  switch (result.error) {
    case "INVALID": {
      const fields = Object.entries(result.errors).map(([name, code]) =>
        field(name, code, BOOKING_FIELD_MESSAGE[code], bookingFieldParams(code)),
      );
      return problem(REFUSAL.INVALID.status, "VALIDATION_FAILED", REFUSAL.INVALID.key, fields);
    }
    case "FARE_CHANGED": {
      const values = { previous: result.previousFare, fare: result.fare };
      return problem(
        REFUSAL.FARE_CHANGED.status,
        "FARE_CHANGED",
        REFUSAL.FARE_CHANGED.key,
        [field("expectedFare", "FARE_CHANGED", REFUSAL.FARE_CHANGED.key, values)],
        values,
      );
    }
    case "OPTION_NOT_ACTIVE":
      // A feature this agency does not offer (company purchase): refused on the field that asks for it.
      return problem(REFUSAL.OPTION_NOT_ACTIVE.status, "OPTION_NOT_ACTIVE", REFUSAL.OPTION_NOT_ACTIVE.key, [
        field(result.field, "OPTION_NOT_ACTIVE", REFUSAL.OPTION_NOT_ACTIVE.key),
      ]);
    case "SEAT_TAKEN":
      // Each seat someone else took now, on the `seats` entry that asked for it (none named when the hold found it first).
      return problem(
        REFUSAL.SEAT_TAKEN.status,
        "SEAT_TAKEN",
        REFUSAL.SEAT_TAKEN.key,
        result.seats.map((seat) => field("seats", "SEAT_TAKEN", REFUSAL.SEAT_TAKEN.key, { seat })),
      );
    case "SOLD_OUT":
      // A room taken since the hotel's page: 'Room capacity ended, search again' (spec §8).
      // A departure's seats taken since its page: fewer left than the rooms' adults and children.
      return problem(
        REFUSAL.SOLD_OUT.status,
        "SOLD_OUT",
        isHotel(body.service) ? "api.hotels.ROOM_SOLD_OUT" : isTour(body.service) ? "api.tours.SOLD_OUT" : REFUSAL.SOLD_OUT.key,
      );
    case "OFFER_NOT_FOUND":
      return problem(REFUSAL[result.error].status, result.error, REFUSAL[result.error].key);
  }
}

/** The offers a request books, in item order; null when the field that names them is missing. */
function offerIdsOf(body: Context["body"]): { ok: true; offerIds: string[] } | { ok: false; field: "offerId" | "rooms" } {
  if (isHotel(body.service)) {
    const offerIds = hotelOfferIdsOf(hotelRoomsOf(body));
    return offerIds.length > 0 ? { ok: true, offerIds } : { ok: false, field: "rooms" };
  }
  if (!body.offerId) return { ok: false, field: "offerId" };
  return { ok: true, offerIds: body.returnOfferId ? [body.offerId, body.returnOfferId] : [body.offerId] };
}

async function place(context: Context, account: Account | null): Promise<Reply | ApiProblem> {
  const { body, tenant, locale, deps, log, problem, field } = context;
  // A domestic pair is still "flight" in the request: the booking itself is sold as flightRtrip.
  if (!isServiceEnabled(tenant, body.service)) return problem(404, "SERVICE_UNAVAILABLE", "api.error.SERVICE_UNAVAILABLE");
  const selection = offerSelectionFor(body.service, deps);
  // The agency sells it but this deployment has no inventory for it: a fault behind us, not the client's.
  if (!selection) return problem(503, "UNAVAILABLE", "api.error.UNAVAILABLE");
  const offers = offerIdsOf(body);
  if (!offers.ok)
    return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [field(offers.field, "REQUIRED", "api.field.REQUIRED")]);
  const result = await placeBooking(
    {
      tenantId: tenant.id,
      locale,
      offerIds: offers.offerIds,
      passengers: body.passengers.map(({ services: _services, ...passenger }) => ({
        ...passenger,
        wheelchair: passenger.wheelchair ?? undefined,
      })),
      contact: body.contact,
      company: body.company ?? null,
      discountCode: body.discountCode || null,
      expectedFare: body.expectedFare ?? null,
      cause: "api",
      userId: account?.id ?? null,
      tenantOptions: tenant.optionActive,
      // A train's meals, services and car, checked and priced by its selection; other services have none.
      ...(body.service === "train" ? { choices: trainChoicesOf(body) } : {}),
      // A bus's seats, each judged with its passenger's own gender; none sent is 'Choose a seat'.
      ...(body.service === "bus" ? { choices: busChoicesOf(body) } : {}),
      // A hotel's rooms: each room's guests, its lead guest being the passenger at its position.
      ...(isHotel(body.service) ? { choices: hotelChoicesOf(hotelRoomsOf(body)) } : {}),
      // A tour's rooms (who sleeps in each, priced by occupancy) and, land only, the traveller's own flight.
      ...(isTour(body.service) ? { choices: tourChoicesOf(body) } : {}),
      // An insurance plan's start of cover; the insured are the passengers, priced by their birth dates.
      ...(body.service === "insurance" ? { choices: insuranceChoicesOf(body) } : {}),
    },
    selection,
    { suppliers: deps.suppliers, bookings: deps.bookings, clock: deps.clock },
  );
  if (result.ok) {
    log.info({ reference: result.booking.reference }, "booking held through the API");
    if (account) {
      const failures = await saveBookingPassengers(result.booking, account.id, { accounts: deps.auth.accounts, now: deps.clock.now() });
      for (const { error } of failures)
        log.warn({ err: error, reference: result.booking.reference }, "a passenger of a booking could not be saved to the account");
    }
  }
  return answerOf(context, result);
}

/**
 * `POST /api/v1/bookings`: holds seats of a chosen flight (or a round-trip pair), of an
 * international offer (`service: "internationalflight"`, a round trip being one offer), or of a
 * train or a train's round trip (`service: "train"`, with meals, services and a car), or of a bus
 * departure (`service: "bus"`, with a seat for each adult and child), for a party, or rooms of a
 * hotel (`service: "hotel"` or `"intHotel"`, with `rooms`; the passengers are their lead guests), or
 * a package tour's departure at one hotel (`service: "tour"` or `"intTour"`, with the `rooms`'
 * occupancies and, land only, `ownFlight`), or
 * a travel insurance plan for every passenger (`service: "insurance"`, with `startDate`). Made
 * signed in, the booking is the account's and its passengers join the account's saved ones. An
 * `Idempotency-Key` (per agency, and per account when signed in) makes a retry safe.
 */
export const createBookingRoute = defineRoute({
  operationId: "createBooking",
  method: "post",
  path: BOOKINGS_PATH,
  summary:
    "Hold seats for a party on a flight, a round trip, an international offer, a train or a bus, rooms of a hotel, a package tour, or a travel insurance plan",
  tags: ["bookings"],
  auth: "optional",
  // The service is the body's (flight unless it says otherwise), so the agency's services are checked in the handler.
  headers: idempotencyHeaders,
  body: bookingRequestSchema,
  bodyLimitBytes: BOOKING_BODY_LIMIT_BYTES,
  responses: {
    201: {
      description: "Held; Location is the booking's address. A repeat of a key answers the same (Idempotent-Replayed: true).",
      schema: createdBookingSchema,
    },
    404: { description: "This agency does not sell the requested service.", codes: ["SERVICE_UNAVAILABLE"] },
    409: {
      description:
        "Fewer seats left than the party takes, a hotel room taken since its page (SOLD_OUT: 'Room capacity ended, search again'), a bus seat someone else holds now (SEAT_TAKEN; a `seats` field per seat, with {seat}), a fare other than expectedFare (fields name expectedFare; the message both fares), or the key's first request still running.",
      codes: ["SOLD_OUT", "SEAT_TAKEN", "FARE_CHANGED", "IDEMPOTENCY_IN_PROGRESS"],
    },
    422: {
      description:
        "Fields the core refuses (one entry each: passengers, contact, a train's `passengers.N.services.K` and `vehicle.*`, a bus's `seats` (SEAT_REQUIRED) and `seats.K` (CHOICE_INVALID, SEAT_INVALID, SEAT_DUPLICATE, SEAT_FIRST_ROW_WOMEN, SEAT_NEIGHBOUR_GENDER), a hotel's `rooms` and `rooms.K.guests` (CHOICE_INVALID, ROOM_GUESTS_EXCEED), `passengers` (ROOM_LEAD_REQUIRED) and `checkOut` (STAY_TOO_LONG, more than 9 nights abroad), a tour's `rooms` (CHOICE_INVALID, TOUR_ROOMS_PARTY_MISMATCH), `rooms.K` (TOUR_ROOM_INVALID) and `ownFlight.airline`, `ownFlight.flightNumber`, `ownFlight.arrivesAt` (OWN_FLIGHT_REQUIRED, OWN_FLIGHT_INVALID), an insurance's `startDate` (COVER_START_INVALID), `passengers.N.birthDate` (INSURED_TOO_OLD) and `birthDates` (CHOICE_INVALID); offerId, or rooms for a hotel, REQUIRED), an offer that is gone, a feature this agency does not offer (OPTION_NOT_ACTIVE, e.g. company purchase), or a key used with another body.",
      codes: ["VALIDATION_FAILED", "OFFER_NOT_FOUND", "OPTION_NOT_ACTIVE", "IDEMPOTENCY_KEY_REUSED"],
    },
    503: {
      description: "This deployment has no inventory of the service (trains, buses, hotels, tours, insurance), or a fault behind us.",
      codes: ["UNAVAILABLE"],
    },
  },
  async handler(context) {
    const { req, deps, tenant, headers, signedIn, log, problem, field } = context;
    const tooDeep = () => problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [field("body", "INVALID", "api.field.INVALID")]);
    const account = signedIn?.account ?? null;
    const key = headers["idempotency-key"];
    // Without a key nothing is hashed; a body too deep to hash is refused all the same.
    if (key === undefined) return nestedTooDeep(req.body) ? tooDeep() : place(context, account);
    // The key is bound to the body as sent (keys in any order): unknown fields count too.
    const requestHash = requestHashOf(req.body);
    if (requestHash === null) return tooDeep();

    const slot = idempotencySlot(tenant.id, account?.id ?? null, key);
    const begun = await deps.idempotency.begin({ ...slot, requestHash });
    if (begun.state === "replay") return replayed(begun.statusCode, begun.body);
    if (begun.state === "in_progress") return problem(409, "IDEMPOTENCY_IN_PROGRESS", IDEMPOTENCY_MESSAGE.IDEMPOTENCY_IN_PROGRESS);
    if (begun.state === "reused") return problem(422, "IDEMPOTENCY_KEY_REUSED", IDEMPOTENCY_MESSAGE.IDEMPOTENCY_KEY_REUSED);
    let answer: Reply | ApiProblem;
    try {
      answer = await place(context, account);
    } catch (error) {
      // The database or the supplier failed, never the client's input: the key is given back for a retry.
      await releaseKey(deps.idempotency, slot, log);
      throw error;
    }
    await settleKey(deps.idempotency, slot, answer, log);
    return answer;
  },
});
