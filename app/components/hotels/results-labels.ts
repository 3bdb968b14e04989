import type { BedOption, HotelFacility, HotelKind, HotelSort, StarFilter } from "#core/hotels/hotel.ts";
import type { MessageKey } from "#core/i18n/messages.ts";

/** Names of the hotel results' codes: every key a real catalog key, none built at run time. */

export const STAR_FILTER_LABELS: Record<StarFilter, MessageKey> = {
  under3: "hotelResults.stars.under3",
  "4": "hotelResults.stars.4",
  "5": "hotelResults.stars.5",
};

export const BED_LABELS: Record<BedOption, MessageKey> = {
  "1": "hotelResults.beds.1",
  "2": "hotelResults.beds.2",
  "3": "hotelResults.beds.3",
  "4+": "hotelResults.beds.4plus",
};

export const FACILITY_LABELS: Record<HotelFacility, MessageKey> = {
  wifi: "hotelResults.facility.wifi",
  parking: "hotelResults.facility.parking",
  restaurant: "hotelResults.facility.restaurant",
  coffeeShop: "hotelResults.facility.coffeeShop",
  roomService: "hotelResults.facility.roomService",
  pool: "hotelResults.facility.pool",
  gym: "hotelResults.facility.gym",
  spa: "hotelResults.facility.spa",
  laundry: "hotelResults.facility.laundry",
  elevator: "hotelResults.facility.elevator",
  airportShuttle: "hotelResults.facility.airportShuttle",
  meetingRoom: "hotelResults.facility.meetingRoom",
  prayerRoom: "hotelResults.facility.prayerRoom",
  disabledAccess: "hotelResults.facility.disabledAccess",
  kidsClub: "hotelResults.facility.kidsClub",
  currencyExchange: "hotelResults.facility.currencyExchange",
};

export const HOTEL_SORT_LABELS: Record<HotelSort, MessageKey> = {
  price: "hotelResults.sort.price",
  stars: "hotelResults.sort.stars",
  rating: "hotelResults.sort.rating",
  distance: "hotelResults.sort.distance",
};

/** A house that is not a plain hotel says what it is beside its stars. */
export const HOTEL_KIND_LABELS: Partial<Record<HotelKind, MessageKey>> = {
  apartment: "hotelResults.kind.apartment",
  traditional: "hotelResults.kind.traditional",
};
