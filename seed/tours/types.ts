import type { RefundRule } from "#core/flights/flight.ts";
import type { BoardBasis, OccupancyPrices, TourInclusion, TourScope, TourTransport, TransferMode, VisaKind } from "#core/tours/tour.ts";
import type { Trio } from "../hotels/types.ts";

export type { Trio } from "../hotels/types.ts";

/** A destination of the house tours: where it is, what a day there is spent on, and when it is dear. */
export interface TourDestinationSeed {
  city: string;
  scope: TourScope;
  countryCode: string;
  /** The destination's clock ("+03:30"), for the return journey's local time. */
  utcOffset: string;
  names: Trio;
  /** Airports the group lands at (IATA, seed/places). */
  airports: string[];
  /** What the days between arrival and departure are spent on, one per day, repeated when the stay is longer. */
  days: Trio[];
  /** Boards its hotels serve on packages, the first the most usual. */
  boards: BoardBasis[];
  /** Season factors on the package price: Nowruz, the summer holidays, and the rest of the year (1). */
  seasons: { nowruz: number; summer: number };
  /** Abroad: what an Iranian passport needs (null at home). */
  visa: TourVisaSeed | null;
}

export interface TourVisaSeed {
  kind: VisaKind;
  message: Trio;
  available: boolean;
  processingDays: number | null;
  fee: number | null;
}

/**
 * A package line: from a city to a destination by one transport, with the nights it is sold for.
 * One package is made per number of nights.
 */
export interface TourRouteSeed {
  from: string;
  to: string;
  transport: TourTransport;
  /** Airline IATA (seed/flights, seed/international-flights), rail operator (seed/trains) or bus company (seed/buses). */
  carrier: string;
  nights: number[];
  /** Days of the week it leaves on (0 Sunday … 6 Saturday). */
  weekdays: number[];
  /** Minutes the journey takes one way. */
  minutes: number;
  /** Per person, there and back, in toman, before the season. */
  fare: number;
  /** Land-only: the traveller flies on their own and the transfer meets their flight. */
  ownFlight?: true;
}

export interface TourHotelSeed {
  /** The seed/hotels hotelId, so names agree with the hotel service. */
  hotelId: string;
  names: Trio;
  stars: number;
  board: BoardBasis;
  addresses: Trio;
  rating: number | null;
  /** Per person for the whole package, before the season. */
  prices: OccupancyPrices;
}

export interface TourPackageSeed {
  packageId: string;
  scope: TourScope;
  from: string;
  to: string;
  countryCode: string;
  transport: TourTransport;
  carrier: { code: string; names: Trio };
  nights: number;
  /** 1 when the journey runs overnight (a long train or bus): the hotel nights start the day after. */
  travelNights: number;
  weekdays: number[];
  /** Local clock times ("HH:mm") the group leaves home and leaves the destination. */
  departTime: string;
  returnTime: string;
  fromUtcOffset: string;
  toUtcOffset: string;
  titles: Trio;
  descriptions: Trio;
  itinerary: Trio[];
  inclusions: TourInclusion[];
  exclusions: Trio[];
  transfer: TransferMode;
  visa: TourVisaSeed | null;
  fromAirports: string[];
  toAirports: string[];
  refundRuleId: string;
  image: string;
  /** Seats per departure (the group's block on the transport). */
  capacity: number;
  seasons: { nowruz: number; summer: number };
  hotels: TourHotelSeed[];
}

/** A departure of a package: its id is the tourId, stable for a package and a day. */
export interface TourDepartureSeed {
  tourId: string;
  packageId: string;
  departureDate: string;
  returnDate: string;
  departAt: Date;
  returnAt: Date;
  capacity: number;
  /** Seats the operator sold through other agencies before ours saw the departure. */
  soldElsewhere: number;
  /** The season's factor in percent (100 on ordinary days). */
  pricePercent: number;
}

/** A package's cancellation rule, with the sentence that tells it in each language. */
export interface TourRefundRuleSeed extends RefundRule {
  policy: Trio;
}
