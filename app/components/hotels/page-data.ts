import type { HotelComment, HotelDetails, HotelRoomOffer } from "#core/hotels/hotel.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import type { CalendarKind } from "#core/search/dates.ts";
import type { Room } from "#core/search/search-forms.ts";
import type { ServiceId } from "#core/services/service-ids.ts";
import type { SearchFormState } from "#app/search/search-state.ts";

/** What the hotel page's loader (app/search/hotel-page.server.ts) hands its components, and the comment rules both sides check. */

export type HotelPageService = Extract<ServiceId, "hotel" | "intHotel">;

export interface HotelPageKey {
  service: HotelPageService;
  city: string;
  hotelId: string;
  /** Abroad only: the country code of the path, which must be the hotel's. */
  country?: string;
}

export const COMMENTS_PER_PAGE = 10;
export const COMMENT_MIN_LENGTH = 10;
export const COMMENT_MAX_LENGTH = 1000;

/** Rooms for the stay the URL names, or why there are none to show. */
export type HotelStayRooms =
  | { ok: true; checkIn: string; checkOut: string; nights: number; rooms: Room[]; offers: HotelRoomOffer[] }
  | { ok: false; error: "UNAVAILABLE" };

export interface HotelPageData {
  service: HotelPageService;
  hotel: HotelDetails;
  /** The city as a place (its name in the visitor's language); null when the reference places do not know it. */
  city: PlaceSuggestion | null;
  /** The "change dates or guests" form, when the city is a known place. */
  form: SearchFormState | null;
  stay: HotelStayRooms | null;
  comments: { total: number; page: number; pages: number; list: HotelComment[] } | null;
  /** The comment form's token; null for a visitor who is not signed in. */
  csrf: string | null;
  calendar: CalendarKind;
  /** The tenant can show a map (spec: only with a map token). */
  hasMap: boolean;
  /** Just added a comment: the page says so. */
  commented: boolean;
}

export type CommentError = "SCORE_INVALID" | "TEXT_TOO_SHORT" | "TEXT_TOO_LONG" | "NOT_STAYED" | "ALREADY_COMMENTED" | "UNAVAILABLE";

export interface CommentRefusal {
  values: { score: string; text: string };
  errors: Partial<Record<"score" | "text" | "form", CommentError>>;
}
