import type { Locale } from "../i18n/locales.ts";

/**
 * Package tours (issue 21): domestic (`tour`) and abroad (`intTour`). A package is a trip from a
 * departure city to a destination by one kind of transport, with a choice of hotels and board,
 * transfers, and a price per person by room occupancy. A *departure* of a package (its dates) is
 * what is searched, listed and booked: its `tourId` names it. Cities are place slugs ("kish",
 * "istanbul"); money is integer tomans; instants are ISO 8601 with their offset.
 */

export type TourScope = "domestic" | "international";

/** How the group travels there and back. International packages fly. */
export const TOUR_TRANSPORTS = ["flight", "train", "bus"] as const;
export type TourTransport = (typeof TOUR_TRANSPORTS)[number];

/** What the hotel serves: room only, bed and breakfast, half board, full board, all inclusive. */
export const BOARD_BASES = ["roomOnly", "breakfast", "halfBoard", "fullBoard", "allInclusive"] as const;
export type BoardBasis = (typeof BOARD_BASES)[number];

/**
 * Per-person prices of a package at one hotel, by how the room is shared (facts: single, double,
 * triple, child with or without bed, infant). An adult pays the rate of the room's adult count.
 */
export const OCCUPANCIES = ["single", "double", "triple", "childWithBed", "childNoBed", "infant"] as const;
export type Occupancy = (typeof OCCUPANCIES)[number];
export type OccupancyPrices = Record<Occupancy, number>;

/** Room limits of a package room: 1–3 adults, one child on an extra bed, children sharing beds, infants in a cot. */
export const MAX_TOUR_ROOM_ADULTS = 3;
export const MAX_TOUR_ROOM_CHILDREN_WITH_BED = 1;
export const MAX_TOUR_ROOM_CHILDREN_NO_BED = 2;
export const MAX_TOUR_ROOMS = 4;

/** What is in the price besides transport and hotel; the page lists them with icons. */
export const TOUR_INCLUSIONS = ["transfer", "insurance", "cityTour", "guide", "entryTickets", "simCard"] as const;
export type TourInclusion = (typeof TOUR_INCLUSIONS)[number];

/**
 * How the traveller meets the transfer at the destination: with the package's own transport, or
 * (`ownFlight`) off a flight the traveller books themselves, whose airline, number and arrival the
 * reserve page then requires (spec §5 'flight information is mandatory for transfers').
 */
export type TransferMode = "withPackage" | "ownFlight";

/** Visa for Iranian passport holders (facts: visa on arrival, e-visa, required); `none` at home and visa-free countries. */
export const VISA_KINDS = ["none", "onArrival", "eVisa", "required"] as const;
export type VisaKind = (typeof VISA_KINDS)[number];

export interface TourVisa {
  kind: VisaKind;
  /** Spec §3 `visaMsg`, in the asked language: what to do and when. */
  message: string;
  /** Spec §3 `availableVisa`: whether the agency arranges it with the package. */
  available: boolean;
  /** Working days the agency needs before departure, when it arranges one. */
  processingDays: number | null;
  /** Toman per person when the agency arranges it (null: included or not needed). */
  fee: number | null;
}

export interface TourSearchQuery {
  scope: TourScope;
  /** Departure city slug; absent lists packages from every city. */
  from?: string;
  /** Destination city slug; absent lists every destination (landings, by transport). */
  to?: string;
  /** Departures on or after this ISO day (today when absent)… */
  date?: string;
  /** …and leaving on or before this one (a month after `date` when absent). */
  lastDate?: string;
  transport?: TourTransport;
  /** Travellers that must fit the departure's seats (adults + children; infants sit on a lap). */
  seats?: number;
  locale?: Locale;
}

/** A departure as lists show it: one card on a landing or a results page. */
export interface TourPackage {
  /** The departure: opaque and stable ("kish-thr-fl-4n.2026-12-03"); pages /tour/searchHotels/{tourId}. */
  tourId: string;
  packageId: string;
  scope: TourScope;
  /** "4 nights in Kish, by air", in the asked language. */
  title: string;
  from: string;
  to: string;
  /** Of the destination. */
  countryCode: string;
  transport: TourTransport;
  /** The carrier's code (airline IATA, railway company, bus company) and name in the asked language. */
  carrier: { code: string; name: string };
  /** Local departure and return days (ISO) and instants. */
  departureDate: string;
  returnDate: string;
  departAt: string;
  returnAt: string;
  nights: number;
  /** Hotels offered on this departure and the cheapest per-person double-room price among them. */
  hotelCount: number;
  fromPrice: number;
  /** Stars of the hotels offered, lowest and highest. */
  stars: { min: number; max: number };
  seatsLeft: number;
  inclusions: TourInclusion[];
  transfer: TransferMode;
  /** International packages only; null at home. */
  visa: TourVisa | null;
  /** A drawn picture the storefront serves (never a remote address). */
  image: string;
}

/** One hotel of a departure: its board and its per-person prices by occupancy for the whole package. */
export interface TourHotelOption {
  hotelId: string;
  name: string;
  stars: number;
  board: BoardBasis;
  /** The hotel's area or street, in the asked language. */
  address: string;
  rating: number | null;
  prices: OccupancyPrices;
}

/** The departure's page: the card plus what /tour/searchHotels and /tour/searchRooms show. */
export interface TourDetails extends TourPackage {
  description: string;
  /** One line per day, in the asked language. */
  itinerary: string[];
  /** Not in the price (visa fee, lunches, optional trips…), in the asked language. */
  exclusions: string[];
  hotelOptions: TourHotelOption[];
  /** Airports at each end (spec §3 fromAirports / toAirports), IATA codes. */
  fromAirports: string[];
  toAirports: string[];
  refundable: boolean;
  /** The cancellation policy in the asked language ("Free until 7 days before departure, then 30%"). */
  cancellationPolicy: string;
}

/**
 * What a booking holds: one departure at one chosen hotel, revalidated by the supplier.
 * `offerId` is `tour1:{tourId}:{hotelId}`.
 */
export interface TourOffer extends Omit<TourDetails, "hotelOptions" | "hotelCount" | "fromPrice" | "stars"> {
  offerId: string;
  hotel: TourHotelOption;
}

/** "tour1:{tourId}:{hotelId}": the offer of one departure at one of its hotels, as every tour supplier writes it. */
export function tourOfferId(tourId: string, hotelId: string): string {
  return `tour1:${tourId}:${hotelId}`;
}

/** A departure's id: its package and day ("kish-thr-fl-3n.2026-12-11"). */
const TOUR_ID = "[a-z0-9-]{1,80}\\.\\d{4}-\\d{2}-\\d{2}";
const OFFER_ID = new RegExp(`^tour1:(${TOUR_ID}):([a-z0-9-]{1,80})$`);

/** The departure and hotel an offer id names; null for anything a tour supplier did not write. */
export function parseTourOfferId(offerId: unknown): { tourId: string; hotelId: string } | null {
  if (typeof offerId !== "string" || offerId.length > 200) return null;
  const match = OFFER_ID.exec(offerId);
  return match ? { tourId: match[1]!, hotelId: match[2]! } : null;
}

export const isTourId = (tourId: unknown): tourId is string => typeof tourId === "string" && new RegExp(`^${TOUR_ID}$`).test(tourId);

/** Who sleeps in one room of a package (occupancy), as chosen on /tour/searchRooms. */
export interface TourRoom {
  adults: number;
  childrenWithBed: number;
  childrenNoBed: number;
  infants: number;
}

/** The traveller's own flight when the transfer meets it (all three required then). */
export interface OwnFlight {
  airline: string;
  flightNumber: string;
  /** Local arrival at the destination, "YYYY-MM-DDTHH:mm". */
  arrivesAt: string;
}

/** A room as charged: its occupancy and the sum of its occupants' per-person prices. */
export interface PricedTourRoom extends TourRoom {
  price: number;
}

/** The offer a tour booking item stores: the departure at its hotel, the rooms as charged, the own flight. */
export interface HeldTourOffer extends TourOffer {
  rooms: PricedTourRoom[];
  ownFlight: OwnFlight | null;
  /** Seats the departure gives this booking (adults and children; infants sit on a lap). */
  seats: number;
  price: number;
}

/**
 * A tour purchase's choices as a client sends them (the API's `rooms` and `ownFlight`, the rooms
 * page's query): unchecked input, validated by the tour selection.
 */
export interface TourChoicesInput {
  rooms: { adults: unknown; childrenWithBed?: unknown; childrenNoBed?: unknown; infants?: unknown }[];
  ownFlight?: { airline?: unknown; flightNumber?: unknown; arrivesAt?: unknown };
}

/** A tour voucher's placement: the ground operator's confirmation and the hotel's room line. */
export type TourPlacement = { confirmation: string; room: string };
