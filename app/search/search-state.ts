import type { CalendarKind } from "#core/search/dates.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import type { SearchErrors, SearchFields, SearchService } from "#core/search/search-forms.ts";

/** Everything a search form needs from its page's loader: what to show in it and what went wrong. */
export interface SearchFormState {
  service: SearchService;
  fields: SearchFields;
  errors: SearchErrors;
  /** The place already chosen for each place field, so the browser can check it without asking again. */
  places: Record<string, PlaceSuggestion>;
  calendar: CalendarKind;
  /** Today in Tehran (ISO): the first day a trip can start. */
  today: string;
  /** The server refused this form's submission: focus goes to its first message. */
  refused?: boolean;
}

/** Cookie that keeps the traveller's calendar choice in Persian (spec §3: calendar type, Shamsi or Gregorian). */
export const CALENDAR_COOKIE = "calendar";
