import type { ProfileError } from "#core/accounts/profile-rules.ts";
import type { SavedPassengerError } from "#core/accounts/saved-passenger-rules.ts";
import { MINIMUM_AGE_DAYS } from "#core/passengers/passenger-rules.ts";
import type { MessageKey, Params } from "../i18n.ts";
import type { FieldProblem } from "../problem.ts";
import type { RouteContext } from "../route.ts";

/**
 * The messages of the people rules' field codes (a profile, a saved passenger): the booking
 * form's own, so a traveller reads the same words in the app as on the site.
 */
const PERSON_ERROR_MESSAGE = {
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
  PASSPORT_SIX_MONTHS: "booking.error.PASSPORT_SIX_MONTHS",
  PASSPORT_IRAN_FORMAT: "booking.error.PASSPORT_IRAN_FORMAT",
  PASSPORT_DUPLICATE: "booking.error.PASSPORT_DUPLICATE",
  COUNTRY_INVALID: "booking.error.COUNTRY_INVALID",
} as const;

export const PROFILE_ERROR_MESSAGE = {
  ...PERSON_ERROR_MESSAGE,
  PASSPORT_EXPIRES: "booking.error.PASSPORT_EXPIRES",
  EMAIL_INVALID: "booking.error.EMAIL_INVALID",
} as const satisfies Record<ProfileError, MessageKey>;

export const SAVED_PASSENGER_ERROR_MESSAGE = {
  ...PERSON_ERROR_MESSAGE,
  PASSPORT_EXPIRED: "account.error.PASSPORT_EXPIRED",
} as const satisfies Record<SavedPassengerError, MessageKey>;

/** The codes a 422 of these routes may carry in its fields, for the document. */
export const PROFILE_FIELD_CODES = Object.keys(PROFILE_ERROR_MESSAGE) as ProfileError[];
export const SAVED_PASSENGER_FIELD_CODES = Object.keys(SAVED_PASSENGER_ERROR_MESSAGE) as SavedPassengerError[];

/** The values the messages name: an API's dates are ISO, and the minimum age is the rules'. */
const MESSAGE_PARAMS: Params = { example: "1990-05-17", days: MINIMUM_AGE_DAYS };

/** One field entry per refused field, its message in the request's language. */
export function fieldProblems<Code extends string>(
  field: RouteContext<unknown, unknown, unknown, "none">["field"],
  errors: Partial<Record<string, Code>>,
  messages: Record<Code, MessageKey>,
): FieldProblem[] {
  return Object.entries(errors).flatMap(([name, code]) => (code ? [field(name, code, messages[code], MESSAGE_PARAMS)] : []));
}
