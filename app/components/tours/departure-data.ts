import type { CalendarKind } from "#core/search/dates.ts";
import type { Passengers } from "#core/search/search-forms.ts";
import type { TourDetails, TourHotelOption, TourRoom } from "#core/tours/tour.ts";

/**
 * What the loaders of a departure's pages (app/search/tour-departure.server.ts) hand their
 * components: `/tour/searchHotels/{tourId}` (the departure and its hotels) and
 * `/tour/searchRooms/{tourId}?hotel=…` (rooms and who sleeps in each, priced by the server).
 */

/** The departure as both pages show it: the supplier's details in the page's language, its ends named. */
export interface DepartureView {
  departure: TourDetails;
  /** The departure and destination cities' names in the page's language (the slug when unknown). */
  fromName: string;
  toName: string;
  calendar: CalendarKind;
}

export interface TourHotelsPage extends DepartureView {
  /** The travellers the visitor searched for, carried on to the rooms page. */
  party: Passengers;
  hotels: { option: TourHotelOption; roomsHref: string }[];
}

/** One line of a room's price: who, how many, at what per-person price. */
export interface RoomPriceLine {
  occupancy: "single" | "double" | "triple" | "childWithBed" | "childNoBed" | "infant";
  count: number;
  each: number;
}

/** One room of the rooms page: its counts as the form shows them, and its price when the room is a valid one. */
export interface RoomView extends TourRoom {
  price: number | null;
  lines: RoomPriceLine[];
}

export interface TourRoomsPage extends DepartureView {
  hotel: TourHotelOption;
  party: Passengers;
  rooms: RoomView[];
  /** Refusals by field: `party`, `rooms` (the rooms as a whole), `rooms.{k}` (one room); values are message codes. */
  errors: Record<string, string>;
  /** The rooms' total when every room is priced. */
  total: number | null;
  /** The passengers page for these rooms, once they are valid, hold the party and fit the seats left. */
  continueHref: string | null;
  hotelsHref: string;
  /** Another room may be added (fewer than the most a booking takes). */
  canAdd: boolean;
}

/** The fields of the rooms form: the party's counts and each room's, by position. */
export const ROOM_COUNTS = ["adults", "childrenWithBed", "childrenNoBed", "infants"] as const satisfies readonly (keyof TourRoom)[];
export const roomCountField = (room: number, count: (typeof ROOM_COUNTS)[number]) => `rooms.${room}.${count}`;
export const ROOM_COUNT_FIELD = /^rooms\.(\d)\.(adults|childrenWithBed|childrenNoBed|infants)$/;
