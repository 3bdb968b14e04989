import type { Locale } from "../i18n/locales.ts";
import type { FarePrice, FlightCabin } from "../flights/flight.ts";
import type { CABINS } from "../search/search-forms.ts";

/** Cabins a traveller may ask for abroad; the house inventory sells economy and business. */
export type InternationalCabin = (typeof CABINS.internationalflight)[number];

/**
 * International flights (issue 17): what a supplier offers for a trip abroad and what a traveller
 * searches for. An offer is one fare for the whole trip: one leg out and, on a round trip, one
 * back; a leg is one or more segments (a direct flight, or a connection with a layover). Money
 * is integer tomans; times are ISO 8601 instants with the local UTC offset of their airport.
 */
export interface InternationalFlightSearchQuery {
  /** IATA airport codes; `from` defaults to IKA on the search path. */
  from: string;
  to: string;
  /** Departure date at the origin, ISO (YYYY-MM-DD). */
  date: string;
  /** Return date at the destination for a round trip. */
  returnDate?: string;
  adults: number;
  children: number;
  infants: number;
  cabin?: InternationalCabin;
  /** The language of airline names in the offers (Persian when absent). */
  locale?: Locale;
}

/** One flight of a leg, flown by one airline. */
export interface FlightSegment {
  airline: { code: string; name: string };
  /** Designator and number, e.g. "TK 879". */
  flightNumber: string;
  from: string;
  to: string;
  departAt: string;
  arriveAt: string;
  durationMinutes: number;
  aircraft: string;
}

/** The way out or the way back: segments in order, a layover between two of them. */
export interface FlightLeg {
  segments: FlightSegment[];
  /** Minutes on the ground between segment i and i + 1 (one fewer than the segments). */
  layoverMinutes: number[];
  /** From the first departure to the last arrival. */
  durationMinutes: number;
}

/** Checked baggage of the fare: by weight, or by pieces of a weight each. */
export interface Baggage {
  kg?: number;
  pieces?: number;
  /** Cabin bag, kg. */
  cabinKg: number;
}

/** One bookable international fare for the whole trip. */
export interface InternationalFlightOffer {
  /** Opaque and stable for the fare: the supplier revalidates and holds by it. */
  offerId: string;
  /** The carrier that sells the fare (its code and name); segments may be flown by partners. */
  validatingAirline: { code: string; name: string };
  legs: FlightLeg[];
  /** The most stops of any leg (0 for direct flights). */
  stops: number;
  cabin: FlightCabin;
  /** Booking class letter, e.g. "Y". */
  fareClass: string;
  baggage: Baggage;
  seatsLeft: number;
  refundable: boolean;
  price: FarePrice;
  /** Taxes and charges per seat, already inside the adult and child prices. */
  taxesPerSeat: number;
}

/** Seats of every segment of every leg of an offer, taken together until `expiresAt`. */
export interface InternationalFlightHold {
  holdId: string;
  offerId: string;
  seats: number;
  expiresAt: string;
}

/**
 * One traveller's ticket for one leg: a round trip of two travellers issues four. Positions count
 * from 0 in the order the travellers were given; legs from 0 (out) and 1 (back).
 */
export interface InternationalFlightTicket {
  holdId: string;
  pnr: string;
  ticketNumber: string;
  passengerPosition: number;
  leg: number;
}
