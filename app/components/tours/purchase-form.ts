import type { TourRoom, TourVisa } from "#core/tours/tour.ts";

/**
 * A tour's part of the shared passengers page (issue 21), shared by the server (which reads the
 * rooms of the page's query and the own-flight fields into the tour selection's choices, and sends
 * refusals back onto these names) and the page. The rooms come in the query (`offer`, and
 * `room=a-cwb-cnb-i` per room); the own flight is typed on the page when the transfer meets it.
 */

/** One room as the page lists it above the travellers: who sleeps in it and its price for the tour. */
export interface TourRoomView extends TourRoom {
  price: number;
}

/** The day the traveller's own flight lands: the tour's first day or the day before (ISO), written in the page's calendar. */
export interface ArrivalDayOption {
  value: string;
  label: string;
}

export interface TourChoicesView {
  /** "4 nights in Kish, by air". */
  title: string;
  hotelName: string;
  /** The board in the page's language ("Bed and breakfast"). */
  board: string;
  /** "1404/09/12 to 1404/09/16", in the page's calendar and digits. */
  dates: string;
  rooms: TourRoomView[];
  /** Abroad: what the traveller must know about the visa before paying; null at home. */
  visa: TourVisa | null;
  /** The transfer meets the traveller's own flight: the days it may land on (empty otherwise). */
  arrivalDays: ArrivalDayOption[];
  /** The own flight as held, when editing a held booking ("IR 451 · Iran Air · 1404/09/12 14:30"). */
  heldFlight: string | null;
  /** The rooms page with these rooms, to change them; null when editing a held booking. */
  roomsHref: string | null;
}

/** The rooms as a whole, and any one of them: refused above the travellers, with the way back to the rooms page. */
export const TOUR_ROOMS_FIELD = "rooms";
export const OWN_FLIGHT_FIELDS = {
  airline: "ownFlight.airline",
  flightNumber: "ownFlight.flightNumber",
  arrivalDay: "ownFlight.arrivalDay",
  arrivalTime: "ownFlight.arrivalTime",
} as const;
