/**
 * The hotel's part of the shared passengers page (issue 20), shared by the server (which reads the
 * rooms of the page's query into the hotel selection's choices and sends refusals back onto these
 * names) and the page. The rooms and who sleeps in each come in the query (`offer` and `room=a-c`,
 * one of each per room, in the same order): passenger k is the lead guest of room k.
 */

/** One booked room as the passengers page shows it above its lead guest's card. */
export interface HotelRoomView {
  /** The room's name in the page's language ("Double room"). */
  name: string;
  guests: { adults: number; children: number };
  breakfast: boolean;
  /** More guests than the room sleeps without one: an extra bed, priced apart. */
  extraBed: boolean;
  /** What the extra bed adds for the whole stay (0 without one). */
  extraBedPrice: number;
  /** The room for the stay, extra bed included. */
  price: number;
  /** More guests than the room sleeps even with its extra beds: the selection will refuse it. */
  tooMany: boolean;
}

/** What the passengers page shows of a hotel purchase. */
export interface HotelChoicesView {
  hotelName: string;
  /** "1404/09/12 to 1404/09/15", in the page's calendar and digits. */
  stay: string;
  nights: number;
  rooms: HotelRoomView[];
  /** The hotel's page with the stay, to choose other rooms; null when editing a held booking. */
  hotelHref: string | null;
}

/** The rooms as a whole (the stay too long abroad, rooms missing). */
export const ROOMS_FIELD = "rooms";
/** One room, shown at the top of its lead guest's card. */
export const roomField = (room: number) => `passengers.${room}.room`;
export const ROOM_FIELD = /^passengers\.(\d{1,2})\.room$/;

/** The print layouts' and the invoice's words for hotels. */
export const HOTEL_FACTOR_NEXT = "hotelPurchase.factor.next" as const;
