import type { Locale } from "../i18n/locales.ts";
import type { LocalizedText } from "../tenants/site-config.ts";

/**
 * Domestic flights (issue 5): what a supplier offers and what a traveller searches for. Money is
 * integer tomans; times are ISO 8601 instants with their UTC offset.
 */
export type FlightCabin = "economy" | "business";

export interface Airline {
  /** IATA airline designator, e.g. "IR", "W5". */
  code: string;
  names: LocalizedText;
}

/** Rules of a refund, as data per airline and fare class (iran-travel-facts.md: refund rules). */
export interface RefundRule {
  id: string;
  airlineCode: string;
  /** Booking classes the rule covers, e.g. ["Y", "M"]; charter fares have their own rule. */
  fareClasses: string[];
  charter: boolean;
  refundable: boolean;
  /**
   * Penalty windows, written from the furthest from departure to the last: a window applies until
   * its end (N minutes before departure, or noon N days before it), end included. The last window
   * applies until departure; after departure `afterDeparturePercent` applies
   * (core/refunds/penalty.ts).
   */
  windows: RefundWindowRule[];
  afterDeparturePercent: number;
  /** Free of penalty for this many minutes after the ticket was issued, while it has not departed (Raja: 60). */
  freeMinutesAfterIssue?: number;
  /**
   * From this many minutes before departure the ticket is refunded only in person, at the operator's
   * counter (a bus: 2 h before, at the terminal): online refund is refused and says so, naming
   * `inPersonPenaltyPercent` (a bus: 50). The free period after issue ends where this begins.
   */
  inPersonFromMinutesBefore?: number;
  inPersonPenaltyPercent?: number;
}

/**
 * A penalty window by the time left before departure, or one that lasts until 12:00 Tehran time
 * `noonDaysBefore` days before the departure's day (Raja: 10% until noon the day before).
 */
export type RefundWindowRule = { minutesBefore: number; penaltyPercent: number } | { noonDaysBefore: number; penaltyPercent: number };

export interface FlightSearchQuery {
  /** IATA airport codes. */
  from: string;
  to: string;
  /** Departure date in Tehran, ISO (YYYY-MM-DD). */
  date: string;
  adults: number;
  children: number;
  infants: number;
  cabin?: FlightCabin;
  /** The language of airline names in the offers (Persian when absent). */
  locale?: Locale;
}

export interface FarePrice {
  adult: number;
  child: number;
  infant: number;
  /** For the party searched: adults × adult + children × child + infants × infant. */
  total: number;
}

/** One bookable fare of one flight. */
export interface FlightOffer {
  /** Opaque and stable for the fare: the supplier revalidates and holds by it. */
  offerId: string;
  airline: { code: string; name: string };
  /** Designator and number, e.g. "IR 451". */
  flightNumber: string;
  from: string;
  to: string;
  departAt: string;
  arriveAt: string;
  durationMinutes: number;
  aircraft: string;
  /** Booking class letter, e.g. "Y". */
  fareClass: string;
  cabin: FlightCabin;
  seatsLeft: number;
  charter: boolean;
  /** Checked baggage allowance per adult, kg. */
  baggageKg: number;
  refundable: boolean;
  price: FarePrice;
  /** Airport and security charges per seat, already inside the adult and child prices (infants pay none). */
  taxesPerSeat: number;
  /** The carrier wants names in Latin letters for every passenger, Iranians included. */
  latinNamesRequired: boolean;
}

/** Seats of one fare taken for a booking until `expiresAt` (issue 6 builds bookings on it). */
export interface FlightHold {
  holdId: string;
  offerId: string;
  seats: number;
  expiresAt: string;
}

export interface FlightTicket {
  holdId: string;
  pnr: string;
  ticketNumber: string;
}
