import type { RefundRule } from "#core/flights/flight.ts";
import type { HotelFacility, HotelKind, HotelRating, HotelRegion, RoomType } from "#core/hotels/hotel.ts";

/** A text in the three languages the storefront speaks. */
export interface Trio {
  fa: string;
  en: string;
  ar: string;
}

export const trio = (fa: string, en: string, ar: string): Trio => ({ fa, en, ar });

export interface LandmarkSeed {
  names: Trio;
  lat: number;
  lng: number;
}

/** What the generator needs of a city: where it is, what is near, and the words its hotels are named by. */
export interface HotelCitySeed {
  city: string;
  countryCode: string;
  region: HotelRegion;
  /** The city's clock, for check-in at 14:00 local time ("+03:30"). */
  utcOffset: string;
  names: Trio;
  /** How many hotels the city gets. */
  hotels: number;
  /** Prices relative to an average city (Kish and Dubai dearer, small towns cheaper). */
  priceLevel: number;
  /** The first is the city's centre (its shrine, old town…): distances are measured from it first. */
  landmarks: LandmarkSeed[];
  streets: Trio[];
  /** Words only this city's hotels are named by (a mountain, a poet, a quarter). */
  words: Trio[];
  /** Whether traditional houses are found there. */
  traditional?: boolean;
}

export interface RoomTypeSeed {
  /** "<hotelId>:<type>", unique everywhere. */
  id: string;
  type: RoomType;
  names: Trio;
  capacity: number;
  extraBeds: number;
  breakfast: boolean;
  /** Toman per room per night on an ordinary weeknight, for an Iranian guest. */
  perNight: number;
  foreignPerNight: number | null;
  extraBedPerNight: number;
  /** Rooms of this type the hotel has on every night. */
  rooms: number;
}

export interface HotelSeed {
  hotelId: string;
  city: string;
  countryCode: string;
  region: HotelRegion;
  utcOffset: string;
  kind: HotelKind;
  stars: number;
  names: Trio;
  addresses: Trio;
  descriptions: Trio;
  location: { lat: number; lng: number };
  facilities: HotelFacility[];
  rules: { base: Trio[]; other: Trio[] };
  distances: { landmark: Trio; km: number }[];
  rating: HotelRating;
  /** How many gallery images /hotel-images draws for it. */
  images: number;
  refundRuleId: string;
  roomTypes: RoomTypeSeed[];
}

/** A hotel's cancellation rule, with the sentence that tells it in each language. */
export interface HotelRefundRuleSeed extends RefundRule {
  policy: Trio;
}
