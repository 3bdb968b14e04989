import type { BookingFieldError } from "#core/booking/place-flight-booking.ts";
import { MINIMUM_AGE_DAYS } from "#core/passengers/passenger-rules.ts";
import type { MessageKey, Params } from "../i18n.ts";

/** The message of each code a booking's field can be refused with by the core. */
export const BOOKING_FIELD_MESSAGE = {
  REQUIRED: "booking.error.REQUIRED",
  PERSIAN_ONLY: "booking.error.PERSIAN_ONLY",
  LATIN_ONLY: "booking.error.LATIN_ONLY",
  NATIONAL_CODE_INVALID: "booking.error.NATIONAL_CODE_INVALID",
  NATIONAL_CODE_DUPLICATE: "booking.error.NATIONAL_CODE_DUPLICATE",
  BIRTH_DATE_INVALID: "booking.error.BIRTH_DATE_INVALID",
  TOO_YOUNG: "booking.error.TOO_YOUNG",
  AGE_NOT_ADULT: "booking.error.AGE_NOT_ADULT",
  AGE_NOT_CHILD: "booking.error.AGE_NOT_CHILD",
  AGE_NOT_INFANT: "booking.error.AGE_NOT_INFANT",
  GENDER_INVALID: "booking.error.GENDER_INVALID",
  PASSPORT_INVALID: "booking.error.PASSPORT_INVALID",
  DATE_INVALID: "booking.error.DATE_INVALID",
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
  ADULT_REQUIRED: "booking.error.ADULT_REQUIRED",
  INFANTS_EXCEED_ADULTS: "booking.error.INFANTS_EXCEED_ADULTS",
  TOO_MANY_PASSENGERS: "booking.error.TOO_MANY_PASSENGERS",
  PASSENGERS_REQUIRED: "booking.error.PASSENGERS_REQUIRED",
  DISCOUNT_INVALID: "booking.error.DISCOUNT_INVALID",
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
} as const satisfies Record<BookingFieldError, MessageKey>;

/** The values some of those messages name: dates in the API are written YYYY-MM-DD. */
export function bookingFieldParams(code: BookingFieldError): Params | undefined {
  if (code === "TOO_YOUNG") return { days: MINIMUM_AGE_DAYS };
  if (code === "DATE_INVALID") return { example: "2030-01-31" };
  return undefined;
}
