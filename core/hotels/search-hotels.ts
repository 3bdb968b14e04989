import { latinDigits } from "../i18n/digits.ts";
import { daysBetween, isIsoDate } from "../search/dates.ts";
import { MAX_ADULTS_PER_ROOM, MAX_CHILDREN_PER_ROOM, MAX_ROOMS, type Room } from "../search/search-forms.ts";
import { firstParam, isoDateParam, MAX_PARAM_LENGTH, slugParam, travelDateProblem } from "../search/trip-params.ts";
import { MAX_NIGHTS_ABROAD, MAX_NIGHTS_IRAN, type HotelListing, type HotelRegion, type HotelSearchQuery } from "./hotel.ts";
import type { HotelSupplier } from "./supplier.ts";

/**
 * A hotel search (issue 20): a city, `checkIn` and `checkOut` days and the rooms wanted, each as
 * `adults-children` ("2-1"). The pages repeat `room=2-1&room=1-0`; the API lists them in one
 * `rooms=2-1,1-0`: both read through here. Check-in is a day sold today (Tehran) within the booking
 * horizon; a stay lasts a night at least, 9 nights at most abroad and 30 at home. Never throws on
 * a query; counts and dates may be written in any digit set.
 */
export type HotelSearchError =
  | "CITY_INVALID"
  | "DATE_INVALID"
  | "DATE_PAST"
  | "DATE_TOO_FAR"
  | "CHECKOUT_NOT_AFTER_CHECKIN"
  | "STAY_TOO_LONG"
  | "STAY_TOO_LONG_ABROAD"
  | "ROOMS_INVALID"
  | "ROOM_ADULT_REQUIRED"
  | "ROOM_TOO_MANY_GUESTS";

export type HotelSearchErrors = Partial<Record<"city" | "checkIn" | "checkOut" | "rooms", HotelSearchError>>;

export type HotelSearchParse = { ok: true; query: HotelSearchQuery } | { ok: false; errors: HotelSearchErrors };

/** What a search is read from: the city as the path or the API names it, the days and each room's text. */
export interface HotelSearchInput {
  city: string | null;
  region: HotelRegion;
  checkIn: string | null;
  checkOut: string | null;
  /** One "adults-children" per room; none asks for one room of two adults. */
  rooms: readonly string[];
}

/** Two adults in one room: what a search without rooms means (the form's default). */
export const DEFAULT_ROOMS: readonly Room[] = [{ adults: 2, children: 0 }];

/** The rooms of `room=2-1&room=1-0` (the pages) or `rooms=2-1,1-0` (the API), as texts. */
export function roomTexts(params: URLSearchParams, name: "room" | "rooms"): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter((value) => value !== "");
}

/** Each room read, or the first problem of the list. */
export function readRooms(texts: readonly string[]): { ok: true; rooms: Room[] } | { ok: false; error: HotelSearchError } {
  if (texts.length === 0) return { ok: true, rooms: DEFAULT_ROOMS.map((room) => ({ ...room })) };
  if (texts.length > MAX_ROOMS) return { ok: false, error: "ROOMS_INVALID" };
  const rooms: Room[] = [];
  for (const text of texts) {
    const match = text.length <= MAX_PARAM_LENGTH ? /^(\d{1,2})-(\d{1,2})$/.exec(latinDigits(text)) : null;
    if (!match) return { ok: false, error: "ROOMS_INVALID" };
    const room = { adults: Number(match[1]), children: Number(match[2]) };
    if (room.adults < 1) return { ok: false, error: "ROOM_ADULT_REQUIRED" };
    if (room.adults > MAX_ADULTS_PER_ROOM || room.children > MAX_CHILDREN_PER_ROOM) return { ok: false, error: "ROOM_TOO_MANY_GUESTS" };
    rooms.push(room);
  }
  return { ok: true, rooms };
}

/** The longest stay sold in a region. */
export function maxNights(region: HotelRegion): number {
  return region === "abroad" ? MAX_NIGHTS_ABROAD : MAX_NIGHTS_IRAN;
}

/** Reads and checks a hotel search; `today` is today in Tehran (tehranToday). */
export function parseHotelSearch(input: HotelSearchInput, today: string): HotelSearchParse {
  if (!isIsoDate(today)) throw new RangeError("parseHotelSearch needs today as an ISO date");
  const errors: HotelSearchErrors = {};
  const city = slugParam(input.city);
  if (city === null) errors.city = "CITY_INVALID";

  const checkIn = isoDateParam(input.checkIn);
  const checkOut = isoDateParam(input.checkOut);
  // The same horizon as the search form's; the supplier simply has no rooms past its own.
  const checkInProblem = checkIn === null ? "DATE_INVALID" : travelDateProblem(checkIn, today);
  if (checkInProblem !== null) errors.checkIn = checkInProblem;
  if (checkOut === null) errors.checkOut = "DATE_INVALID";
  else if (checkIn !== null) {
    const nights = daysBetween(checkIn, checkOut);
    if (nights < 1) errors.checkOut = "CHECKOUT_NOT_AFTER_CHECKIN";
    else if (nights > maxNights(input.region)) errors.checkOut = input.region === "abroad" ? "STAY_TOO_LONG_ABROAD" : "STAY_TOO_LONG";
  }

  const rooms = readRooms(input.rooms);
  if (!rooms.ok) errors.rooms = rooms.error;

  if (city === null || checkIn === null || checkOut === null || !rooms.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, query: { city, region: input.region, checkIn, checkOut, rooms: rooms.rooms } };
}

/** A results page's search: the city and region from its path, `checkIn`, `checkOut` and `room` repeated from its query. */
export function hotelSearchFromPage(params: URLSearchParams, city: string, region: HotelRegion, today: string): HotelSearchParse {
  return parseHotelSearch(
    { city, region, checkIn: firstParam(params, "checkIn"), checkOut: firstParam(params, "checkOut"), rooms: roomTexts(params, "room") },
    today,
  );
}

export type HotelSearchOutcome =
  | { ok: true; hotels: HotelListing[] }
  /** No hotel inventory is configured: the page says searching is not possible right now. */
  | { ok: false; error: "HOTELS_UNAVAILABLE" };

/** Searches hotels for a checked query, names in `query.locale` (Persian when absent); a failing supplier rejects. */
export async function searchHotels(
  hotels: Pick<HotelSupplier, "searchHotels"> | null,
  query: HotelSearchQuery,
): Promise<HotelSearchOutcome> {
  if (!hotels) return { ok: false, error: "HOTELS_UNAVAILABLE" };
  return { ok: true, hotels: await hotels.searchHotels({ ...query, locale: query.locale ?? "fa" }) };
}
