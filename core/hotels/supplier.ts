import type { Locale } from "../i18n/locales.ts";
import type { SupplierHold, SupplierLifecycle } from "../suppliers/ports.ts";
import type { HotelComment, HotelDetails, HotelListing, HotelRegion, HotelRoomOffer, HotelSearchQuery } from "./hotel.ts";

/** One voucher: a hotel issues one per booked room, for the room's lead guest. */
export interface HotelVoucher {
  holdId: string;
  pnr: string;
  ticketNumber: string;
  passengerPosition: number;
  leg: number;
  placement: { confirmation: string; room: string };
}

/**
 * Hotel inventory (issue 20): the house supplier on our own tables, a bed bank later. One supplier
 * serves both services; a hotel's region says which. An offer is one room type for one stay;
 * `hold(offerId, rooms, until, chosen)` takes one room for every night of the stay (the stored
 * `HeldHotelOffer` says who its lead guest is), refusing with CAPACITY_FULL when any night has no
 * room left. `issue` answers one voucher per held room, whatever the traveller count.
 */
export interface HotelSupplier extends SupplierLifecycle<HotelRoomOffer, SupplierHold, HotelVoucher> {
  /** Every hotel of the city with rooms for the whole stay and the party, cheapest choice priced, names in the query's language. */
  searchHotels(query: HotelSearchQuery): Promise<HotelListing[]>;
  /** The hotel page without dates; null when the supplier knows no such hotel in that city. */
  hotel(city: string, hotelId: string, locale?: Locale): Promise<HotelDetails | null>;
  /** The hotel's room offers for a stay (every room type free on every night, whatever the party). */
  rooms(city: string, hotelId: string, stay: { checkIn: string; checkOut: string }, locale?: Locale): Promise<HotelRoomOffer[]>;
  /** City slugs with hotels in a region, for landings and the search form. */
  cities(region: HotelRegion): Promise<{ city: string; countryCode: string; hotels: number }[]>;
}

/** Guests' reviews of a hotel; only a signed-in traveller whose stay there is over may add one. */
export interface HotelComments {
  list(
    hotelKey: { city: string; hotelId: string },
    options: { limit: number; offset: number },
  ): Promise<{ total: number; comments: HotelComment[] }>;
  /** NOT_STAYED when the user has no issued booking at that hotel whose check-out has passed; ALREADY_COMMENTED once per booking. */
  add(input: {
    tenantId: string;
    userId: string;
    city: string;
    hotelId: string;
    author: string;
    score: number;
    text: string;
  }): Promise<{ ok: true; comment: HotelComment } | { ok: false; error: "NOT_STAYED" | "ALREADY_COMMENTED" }>;
}
