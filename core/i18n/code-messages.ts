import type { BookingState } from "#core/booking/booking-state.ts";
import type { PartyError } from "#core/booking/place-flight-booking.ts";
import type { ChoiceError } from "#core/booking/selection.ts";
import type { PurchaseFieldError } from "#core/booking/purchase-fields.ts";
import type { FlightSearchError } from "#core/flights/search-params.ts";
import type { Gender, PassengerError, PassengerType } from "#core/passengers/passenger-rules.ts";
import type { TicketLabel } from "#core/tickets/ticket-document.ts";
import type { Locale } from "./locales.ts";
import { translate, type MessageKey } from "./messages.ts";

/**
 * The messages of the codes the domain speaks in (statuses, error codes, labels), one table per
 * kind of code. Each is a Record over its code's union, so a code added without a message fails
 * the type check, and every key it names is a real catalog key: no message key is built from a
 * string at run time.
 */

export const BOOKING_STATUS_MESSAGE: Record<BookingState, MessageKey> = {
  held: "booking.status.held",
  awaiting_payment: "booking.status.awaiting_payment",
  paid: "booking.status.paid",
  issued: "booking.status.issued",
  expired: "booking.status.expired",
  cancelled: "booking.status.cancelled",
  refund_requested: "booking.status.refund_requested",
  refunded: "booking.status.refunded",
};

/** Every code a booking field, party or offer can be refused with (the `booking.error.*` messages). */
export type BookingErrorCode =
  | PassengerError
  | PurchaseFieldError
  | PartyError
  | ChoiceError
  | "DISCOUNT_INVALID"
  | "PARTY_CHANGED"
  | "SOLD_OUT"
  | "SEAT_TAKEN"
  | "OFFER_NOT_FOUND"
  | "FARE_CHANGED"
  | "NOT_EDITABLE"
  | "PAIR_INCOMPLETE"
  | "INVALID"
  | "UNAVAILABLE"
  | "OPTION_NOT_ACTIVE";

export const BOOKING_ERROR_MESSAGE: Record<BookingErrorCode, MessageKey> = {
  REQUIRED: "booking.error.REQUIRED",
  PERSIAN_ONLY: "booking.error.PERSIAN_ONLY",
  LATIN_ONLY: "booking.error.LATIN_ONLY",
  NATIONAL_CODE_INVALID: "booking.error.NATIONAL_CODE_INVALID",
  NATIONAL_CODE_DUPLICATE: "booking.error.NATIONAL_CODE_DUPLICATE",
  BIRTH_DATE_INVALID: "booking.error.BIRTH_DATE_INVALID",
  DATE_INVALID: "booking.error.DATE_INVALID",
  TOO_YOUNG: "booking.error.TOO_YOUNG",
  AGE_NOT_ADULT: "booking.error.AGE_NOT_ADULT",
  AGE_NOT_CHILD: "booking.error.AGE_NOT_CHILD",
  AGE_NOT_INFANT: "booking.error.AGE_NOT_INFANT",
  GENDER_INVALID: "booking.error.GENDER_INVALID",
  PASSPORT_INVALID: "booking.error.PASSPORT_INVALID",
  PASSPORT_EXPIRES: "booking.error.PASSPORT_EXPIRES",
  PASSPORT_SIX_MONTHS: "booking.error.PASSPORT_SIX_MONTHS",
  PASSPORT_IRAN_FORMAT: "booking.error.PASSPORT_IRAN_FORMAT",
  PASSPORT_DUPLICATE: "booking.error.PASSPORT_DUPLICATE",
  COUNTRY_INVALID: "booking.error.COUNTRY_INVALID",
  MOBILE_INVALID: "booking.error.MOBILE_INVALID",
  EMAIL_INVALID: "booking.error.EMAIL_INVALID",
  COMPANY_ID_INVALID: "booking.error.COMPANY_ID_INVALID",
  ECONOMIC_CODE_INVALID: "booking.error.ECONOMIC_CODE_INVALID",
  POSTAL_CODE_INVALID: "booking.error.POSTAL_CODE_INVALID",
  BRANCH_CODE_INVALID: "booking.error.BRANCH_CODE_INVALID",
  TOO_LONG: "booking.error.TOO_LONG",
  DISCOUNT_INVALID: "booking.error.DISCOUNT_INVALID",
  ADULT_REQUIRED: "booking.error.ADULT_REQUIRED",
  INFANTS_EXCEED_ADULTS: "booking.error.INFANTS_EXCEED_ADULTS",
  TOO_MANY_PASSENGERS: "booking.error.TOO_MANY_PASSENGERS",
  PASSENGERS_REQUIRED: "booking.error.PASSENGERS_REQUIRED",
  PARTY_CHANGED: "booking.error.PARTY_CHANGED",
  FOREIGN_NOT_ALLOWED: "booking.error.FOREIGN_NOT_ALLOWED",
  GENDER_NOT_ALLOWED: "booking.error.GENDER_NOT_ALLOWED",
  CHOICE_INVALID: "booking.error.CHOICE_INVALID",
  EXTRA_UNAVAILABLE: "booking.error.EXTRA_UNAVAILABLE",
  MEAL_DUPLICATE: "booking.error.MEAL_DUPLICATE",
  VEHICLE_NOT_CARRIED: "booking.error.VEHICLE_NOT_CARRIED",
  VEHICLE_OWNER_INVALID: "booking.error.VEHICLE_OWNER_INVALID",
  VEHICLE_ID_REQUIRED: "booking.error.VEHICLE_ID_REQUIRED",
  PLATE_INVALID: "booking.error.PLATE_INVALID",
  CHASSIS_INVALID: "booking.error.CHASSIS_INVALID",
  VEHICLE_TYPE_INVALID: "booking.error.VEHICLE_TYPE_INVALID",
  SEAT_REQUIRED: "booking.error.SEAT_REQUIRED",
  SEAT_INVALID: "booking.error.SEAT_INVALID",
  SEAT_DUPLICATE: "booking.error.SEAT_DUPLICATE",
  SEAT_FIRST_ROW_WOMEN: "booking.error.SEAT_FIRST_ROW_WOMEN",
  SEAT_NEIGHBOUR_GENDER: "booking.error.SEAT_NEIGHBOUR_GENDER",
  ROOM_GUESTS_EXCEED: "booking.error.ROOM_GUESTS_EXCEED",
  ROOM_LEAD_REQUIRED: "booking.error.ROOM_LEAD_REQUIRED",
  STAY_TOO_LONG: "booking.error.STAY_TOO_LONG",
  TOUR_ROOM_INVALID: "booking.error.TOUR_ROOM_INVALID",
  TOUR_ROOMS_PARTY_MISMATCH: "booking.error.TOUR_ROOMS_PARTY_MISMATCH",
  OWN_FLIGHT_REQUIRED: "booking.error.OWN_FLIGHT_REQUIRED",
  OWN_FLIGHT_INVALID: "booking.error.OWN_FLIGHT_INVALID",
  INSURED_TOO_OLD: "booking.error.INSURED_TOO_OLD",
  COVER_START_INVALID: "booking.error.COVER_START_INVALID",
  SOLD_OUT: "booking.error.SOLD_OUT",
  SEAT_TAKEN: "booking.error.SEAT_TAKEN",
  OFFER_NOT_FOUND: "booking.error.OFFER_NOT_FOUND",
  FARE_CHANGED: "booking.error.FARE_CHANGED",
  NOT_EDITABLE: "booking.error.NOT_EDITABLE",
  PAIR_INCOMPLETE: "booking.error.PAIR_INCOMPLETE",
  INVALID: "booking.error.INVALID",
  UNAVAILABLE: "booking.error.UNAVAILABLE",
  OPTION_NOT_ACTIVE: "booking.error.OPTION_NOT_ACTIVE",
};

export function isBookingErrorCode(code: string): code is BookingErrorCode {
  return Object.hasOwn(BOOKING_ERROR_MESSAGE, code);
}

/** The message of a booking error code as it arrives in a form or a request; one we do not know reads as the generic "complete the fields". */
export function bookingErrorMessage(code: string): MessageKey {
  return isBookingErrorCode(code) ? BOOKING_ERROR_MESSAGE[code] : BOOKING_ERROR_MESSAGE.INVALID;
}

/** "Adult {n}", "Child {n}"…: a passenger's heading in the booking forms. */
export const PASSENGER_HEADING_MESSAGE: Record<PassengerType, MessageKey> = {
  adult: "booking.passenger.adult",
  child: "booking.passenger.child",
  infant: "booking.passenger.infant",
};

/** A passenger's age band as the ticket names it. */
export const TICKET_PASSENGER_TYPE_MESSAGE: Record<PassengerType, MessageKey> = {
  adult: "ticket.type.adult",
  child: "ticket.type.child",
  infant: "ticket.type.infant",
};

export const GENDER_MESSAGE: Record<Gender, MessageKey> = {
  male: "booking.gender.male",
  female: "booking.gender.female",
};

export const TICKET_LABEL_MESSAGE: Record<TicketLabel, MessageKey> = {
  title: "ticket.title",
  reference: "ticket.reference",
  issuedAt: "ticket.issuedAt",
  status: "ticket.status",
  flight: "ticket.flight",
  from: "ticket.from",
  to: "ticket.to",
  departure: "ticket.departure",
  arrival: "ticket.arrival",
  class: "ticket.class",
  baggage: "ticket.baggage",
  pnr: "ticket.pnr",
  passenger: "ticket.passenger",
  ticketNumber: "ticket.ticketNumber",
  identity: "ticket.identity",
  type: "ticket.type",
  fare: "ticket.fare",
  taxes: "ticket.taxes",
  discount: "ticket.discount",
  total: "ticket.total",
  paidBy: "ticket.paidBy",
  support: "ticket.support",
  notes: "ticket.notes",
  company: "ticket.company",
  companyNationalId: "ticket.companyNationalId",
  economicCode: "ticket.economicCode",
};

/** The errors of `GET /api/v1/flights/search`, each naming the parameter at fault. */
export const FLIGHT_SEARCH_ERROR_MESSAGE: Record<FlightSearchError, MessageKey> = {
  FROM_INVALID: "api.flights.FROM_INVALID",
  TO_INVALID: "api.flights.TO_INVALID",
  SAME_ROUTE: "api.flights.SAME_ROUTE",
  DATE_INVALID: "api.flights.DATE_INVALID",
  DATE_PAST: "api.flights.DATE_PAST",
  DATE_TOO_FAR: "api.flights.DATE_TOO_FAR",
  RETURN_INVALID: "api.flights.RETURN_INVALID",
  RETURN_BEFORE_DEPARTURE: "api.flights.RETURN_BEFORE_DEPARTURE",
  COUNT_INVALID: "api.flights.COUNT_INVALID",
  ADULT_REQUIRED: "api.flights.ADULT_REQUIRED",
  INFANTS_EXCEED_ADULTS: "api.flights.INFANTS_EXCEED_ADULTS",
  TOO_MANY_PASSENGERS: "api.flights.TOO_MANY_PASSENGERS",
  CABIN_INVALID: "api.flights.CABIN_INVALID",
  UNKNOWN_PLACE: "api.flights.UNKNOWN_PLACE",
};

// The search forms' messages live in their own module, so a page with only a search form does not
// load every table here; they are still exported from here for everyone else.
export { PLACE_REQUIRED_MESSAGE, SEARCH_ERROR_MESSAGE, SEARCH_FORM_LABEL_MESSAGE, searchErrorMessage } from "./search-messages.ts";
export type { PlaceFieldName } from "./search-messages.ts";

/**
 * Payment gateways by the name a tenant enables them under. Gateway names are data (a tenant's
 * settings, a stored payment), so a name the catalog does not know has no message: callers show
 * the name itself.
 */
export const PAYMENT_GATEWAY_NAME_MESSAGE = {
  sandbox: "payment.gatewayName.sandbox",
  zarinpal: "payment.gatewayName.zarinpal",
  // Issue 23 §2: a booking paid by a card-to-card receipt.
  "card-to-card": "payment.gatewayName.cardToCard",
} as const satisfies Record<string, MessageKey>;

export function gatewayNameMessage(gateway: string): MessageKey | null {
  return Object.hasOwn(PAYMENT_GATEWAY_NAME_MESSAGE, gateway)
    ? PAYMENT_GATEWAY_NAME_MESSAGE[gateway as keyof typeof PAYMENT_GATEWAY_NAME_MESSAGE]
    : null;
}

/** A gateway's name in a language: its catalog name, else the name it is configured under. */
export function gatewayName(locale: Locale, gateway: string): string {
  const key = gatewayNameMessage(gateway);
  return key ? translate(locale, key) : gateway;
}
