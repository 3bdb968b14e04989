import type { SearchError, SearchService } from "#core/search/search-forms.ts";
import type { MessageKey } from "./messages.ts";

/**
 * The messages of the search forms' codes (split from code-messages.ts: the home page loads these
 * and none of the booking tables). Records over each code's union, as there.
 */

export const SEARCH_FORM_LABEL_MESSAGE: Record<SearchService, MessageKey> = {
  flight: "search.formLabel.flight",
  internationalflight: "search.formLabel.internationalflight",
  train: "search.formLabel.train",
  bus: "search.formLabel.bus",
  hotel: "search.formLabel.hotel",
  outHotel: "search.formLabel.outHotel",
  tour: "search.formLabel.tour",
  insurance: "search.formLabel.insurance",
};

/** A search form's errors; a missing place is said per field ("choose the origin"), the rest once. */
export const SEARCH_ERROR_MESSAGE: Record<Exclude<SearchError, "PLACE_REQUIRED">, MessageKey> = {
  PLACE_UNKNOWN: "search.error.PLACE_UNKNOWN",
  SAME_PLACE: "search.error.SAME_PLACE",
  DATE_REQUIRED: "search.error.DATE_REQUIRED",
  DATE_INVALID: "search.error.DATE_INVALID",
  DATE_PAST: "search.error.DATE_PAST",
  DATE_TOO_FAR: "search.error.DATE_TOO_FAR",
  RETURN_REQUIRED: "search.error.RETURN_REQUIRED",
  RETURN_BEFORE_DEPARTURE: "search.error.RETURN_BEFORE_DEPARTURE",
  CHECKOUT_NOT_AFTER_CHECKIN: "search.error.CHECKOUT_NOT_AFTER_CHECKIN",
  STAY_TOO_LONG: "search.error.STAY_TOO_LONG",
  STAY_TOO_LONG_ABROAD: "search.error.STAY_TOO_LONG_ABROAD",
  COUNT_INVALID: "search.error.COUNT_INVALID",
  ADULT_REQUIRED: "search.error.ADULT_REQUIRED",
  INFANTS_EXCEED_ADULTS: "search.error.INFANTS_EXCEED_ADULTS",
  TOO_MANY_PASSENGERS: "search.error.TOO_MANY_PASSENGERS",
  ROOM_ADULT_REQUIRED: "search.error.ROOM_ADULT_REQUIRED",
  ROOM_TOO_MANY_GUESTS: "search.error.ROOM_TOO_MANY_GUESTS",
  CHOICE_INVALID: "search.error.CHOICE_INVALID",
  DURATION_REQUIRED: "search.error.DURATION_REQUIRED",
  BIRTH_DATE_REQUIRED: "search.error.BIRTH_DATE_REQUIRED",
  BIRTH_DATE_INVALID: "search.error.BIRTH_DATE_INVALID",
  BIRTH_DATE_FUTURE: "search.error.BIRTH_DATE_FUTURE",
};

export const PLACE_REQUIRED_MESSAGE = {
  from: "search.error.PLACE_REQUIRED.from",
  to: "search.error.PLACE_REQUIRED.to",
  city: "search.error.PLACE_REQUIRED.city",
  country: "search.error.PLACE_REQUIRED.country",
} as const satisfies Record<string, MessageKey>;

/** The place fields of the search forms (PLACE_FIELDS): each has its own "choose …" message. */
export type PlaceFieldName = keyof typeof PLACE_REQUIRED_MESSAGE;

/** The message of a search error on a field. */
export function searchErrorMessage(field: string, code: SearchError): MessageKey {
  if (code !== "PLACE_REQUIRED") return SEARCH_ERROR_MESSAGE[code];
  return Object.hasOwn(PLACE_REQUIRED_MESSAGE, field)
    ? PLACE_REQUIRED_MESSAGE[field as PlaceFieldName]
    : SEARCH_ERROR_MESSAGE.PLACE_UNKNOWN;
}
