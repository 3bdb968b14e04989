import type { Locale } from "../i18n/locales.ts";
import type { Room } from "../search/search-forms.ts";

/**
 * Hotels (issue 20): Iranian hotels (service `hotel`) and hotels abroad (service `intHotel`, shown
 * as outHotel), sold room by room. Cities are place slugs ("mashhad", "istanbul"); money is integer
 * tomans; stay dates are ISO days (check-in 14:00, check-out 12:00, Tehran time for Iran and the
 * city's own clock abroad). The unit of inventory is a room-night: one room of a type for one night.
 */

/** Where a hotel is: the two services sell the same kind of thing with different rules (passports, 9 nights). */
export type HotelRegion = "iran" | "abroad";

export const ROOM_TYPES = ["single", "double", "twin", "triple", "suite"] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/** What kind of house it is: Iranian apartment hotels and traditional houses are rated apart from hotels. */
export const HOTEL_KINDS = ["hotel", "apartment", "traditional"] as const;
export type HotelKind = (typeof HOTEL_KINDS)[number];

/** Facilities a hotel may have; the results filter by them and the hotel page lists them. */
export const HOTEL_FACILITIES = [
  "wifi",
  "parking",
  "restaurant",
  "coffeeShop",
  "roomService",
  "pool",
  "gym",
  "spa",
  "laundry",
  "elevator",
  "airportShuttle",
  "meetingRoom",
  "prayerRoom",
  "disabledAccess",
  "kidsClub",
  "currencyExchange",
] as const;
export type HotelFacility = (typeof HOTEL_FACILITIES)[number];

/** Spec §2/§9 star filter: under 3 (1–3 stars and unrated houses), 4, 5. */
export const STAR_FILTERS = ["under3", "4", "5"] as const;
export type StarFilter = (typeof STAR_FILTERS)[number];

/** Spec §9 price bands, in toman per room per night; the last is open-ended. */
export const PRICE_BANDS = [
  { id: "0-1.5m", min: 0, max: 1_500_000 },
  { id: "1.5m-3m", min: 1_500_000, max: 3_000_000 },
  { id: "3m-4.5m", min: 3_000_000, max: 4_500_000 },
  { id: "4.5m-6m", min: 4_500_000, max: 6_000_000 },
  { id: "6m+", min: 6_000_000, max: null },
] as const;
export type PriceBandId = (typeof PRICE_BANDS)[number]["id"];

/** Toman an average night is rounded to: it is a guide between stays, and 1,636,667 reads as a price nobody charges. */
export const AVERAGE_NIGHT_STEP = 1_000;

/** What one room costs for one night of a stay on average, to the nearest {@link AVERAGE_NIGHT_STEP}; totals are never rounded. */
export function averagePerNight(total: number, nights: number, rooms = 1): number {
  return Math.round(total / (Math.max(1, nights) * Math.max(1, rooms)) / AVERAGE_NIGHT_STEP) * AVERAGE_NIGHT_STEP;
}

/** Spec §9 bed options: a room for one, two, three, or more than three (its capacity). */
export const BED_OPTIONS = ["1", "2", "3", "4+"] as const;
export type BedOption = (typeof BED_OPTIONS)[number];

export const HOTEL_SORTS = ["price", "stars", "rating", "distance"] as const;
export type HotelSort = (typeof HOTEL_SORTS)[number];

/** Spec §9: a stay abroad lasts at most 9 nights (MAX_STAY_ABROAD_NIGHTS in search-forms follows it). */
export const MAX_NIGHTS_ABROAD = 9;
/** A stay in Iran: a month at most, the longest the house supplier prices. */
export const MAX_NIGHTS_IRAN = 30;
/** How far ahead rooms are sold. */
export const HOTEL_DAYS_AHEAD = 180;

export interface HotelSearchQuery {
  /** City slug. */
  city: string;
  region: HotelRegion;
  checkIn: string;
  checkOut: string;
  /** One entry per room wanted, with its adults and children. */
  rooms: Room[];
  locale?: Locale;
}

/** The spec §3 `hotelRating` breakdown, each 0–10 with one decimal, and how many guests rated. */
export interface HotelRating {
  quality: number;
  facilities: number;
  location: number;
  price: number;
  food: number;
  relaxation: number;
  staff: number;
  cleaning: number;
  total: number;
  count: number;
}

export interface HotelImage {
  /** A path the storefront serves (`/hotel-images/…`), never a remote address. */
  src: string;
  /** Alternative text in the asked language. */
  alt: string;
}

/** A hotel as the results list it: what a card shows and what the filters and sorts read. */
export interface HotelListing {
  /** Slug, unique within its city ("espinas-palace"); the page is /hotel/{city}/{hotelId}. */
  hotelId: string;
  city: string;
  countryCode: string;
  region: HotelRegion;
  kind: HotelKind;
  /** Names, address and texts in the asked language. */
  name: string;
  /** 0 for an unrated house (traditional houses, some apartments). */
  stars: number;
  address: string;
  location: { lat: number; lng: number };
  /** Kilometres to the city's centre (or its shrine, old town…: `distances[0]`). */
  distanceKm: number;
  rating: Pick<HotelRating, "total" | "count">;
  thumbnail: HotelImage;
  facilities: HotelFacility[];
  /** Capacities (beds) of the room types that fit the party and are free for the whole stay. */
  beds: number[];
  /** The cheapest rooms for every room of the party for the whole stay, and that per room-night ({@link averagePerNight}). */
  cheapestTotal: number;
  cheapestPerNight: number;
  /** Breakfast comes with the cheapest choice. */
  breakfast: boolean;
}

export interface HotelDistance {
  landmark: string;
  km: number;
}

/** The hotel page: everything of the listing plus what the page tells. */
export interface HotelDetails extends Omit<HotelListing, "beds" | "cheapestTotal" | "cheapestPerNight" | "breakfast"> {
  description: string;
  gallery: HotelImage[];
  rules: { base: string[]; other: string[] };
  distances: HotelDistance[];
  ratingBreakdown: HotelRating;
  checkInTime: string;
  checkOutTime: string;
}

/**
 * One room type of one hotel for one stay: the unit the hotel page lists and a booking item holds
 * (one item per room booked). The total is for one room with its base occupancy for every night.
 */
export interface HotelRoomOffer {
  /** Opaque and stable for (room type, check-in, check-out): the supplier revalidates and holds by it. */
  offerId: string;
  hotelId: string;
  hotelName: string;
  city: string;
  countryCode: string;
  region: HotelRegion;
  stars: number;
  address: string;
  roomType: RoomType;
  /** The room's name in the offer's language ("Double room with a city view"). */
  roomName: string;
  /** Adults the room sleeps without an extra bed. */
  capacity: number;
  /** 0 or 1: one more guest on an extra bed, priced apart. */
  extraBeds: number;
  breakfast: boolean;
  checkIn: string;
  checkOut: string;
  nights: number;
  /** Price of each night, in order, for an Iranian guest; the foreign-guest rate where the hotel has one. */
  nightPrices: number[];
  foreignNightPrices: number[] | null;
  extraBedPerNight: number;
  /** One room for the stay at the Iranian rate without an extra bed. */
  total: number;
  /** Rooms of this type free on every night of the stay. */
  roomsLeft: number;
  refundable: boolean;
  /** The cancellation policy, in the offer's language ("Free until 3 days before check-in, then the first night"). */
  cancellationPolicy: string;
  /** Check-in as an instant (14:00 local), which refund windows count back from. */
  checkInAt: string;
  checkOutAt: string;
}

/** Who sleeps in one booked room: its adults and children; the lead guest is one of the booking's passengers. */
export interface RoomGuests {
  adults: number;
  children: number;
}

/**
 * The offer a hotel booking item stores: the room as revalidated, who stays in it, whether an
 * extra bed was needed, which passenger is its lead guest and whether the foreign-guest rate
 * applied. `price` is what this room costs for the stay, as charged.
 */
export interface HeldHotelOffer extends HotelRoomOffer {
  guests: RoomGuests;
  extraBed: boolean;
  /** The lead guest's position among the booking's passengers (room k's lead is passenger k). */
  leadPassenger: number;
  foreignRate: boolean;
  price: number;
}

/**
 * A hotel purchase's choices as a client sends them (the API's `rooms[].guests`, the passengers
 * page's room fields): unchecked input, validated by the hotel selection (core/hotels/hotel-selection.ts).
 */
export interface HotelChoicesInput {
  rooms: { guests: { adults: unknown; children: unknown } }[];
}

/** Where a voucher sits: the hotel's confirmation number and the room booked. */
export type HotelPlacement = { confirmation: string; room: string };

/** A guest's review, signed in after a stay. */
export interface HotelComment {
  id: string;
  hotelId: string;
  author: string;
  /** 1–10 for the whole stay. */
  score: number;
  text: string;
  createdAt: string;
}
