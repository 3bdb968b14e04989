import type { HotelListing, RoomGuests } from "./hotel.ts";

type HotelPlace = Pick<HotelListing, "region" | "countryCode" | "city">;

/** A stay as the hotel pages carry it in their query: `checkIn`, `checkOut` and one `room=a-c` per room. */
export interface StayQuery {
  checkIn: string;
  checkOut: string;
  rooms: readonly RoomGuests[];
}

/** The city's hotel list, locale-free: `/hotel/{city}` or `/internationalhotel/search/{cc}/{city}`. */
export function hotelListPath(place: HotelPlace): string {
  const city = encodeURIComponent(place.city);
  return place.region === "iran" ? `/hotel/${city}` : `/internationalhotel/search/${encodeURIComponent(place.countryCode)}/${city}`;
}

/** A hotel's page, locale-free, with the stay's query when there is one. */
export function hotelPath(hotel: HotelPlace & Pick<HotelListing, "hotelId">, stay: StayQuery | null = null): string {
  const path = `${hotelListPath(hotel)}/${encodeURIComponent(hotel.hotelId)}`;
  if (!stay) return path;
  const query = new URLSearchParams({ checkIn: stay.checkIn, checkOut: stay.checkOut });
  for (const room of stay.rooms) query.append("room", `${room.adults}-${room.children}`);
  return `${path}?${query.toString()}`;
}
