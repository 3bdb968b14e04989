import type { Locale } from "../i18n/locales.ts";
import type { Supplier, SupplierHold, SupplierTicket } from "../suppliers/ports.ts";
import type { FlightOffer, FlightSearchQuery } from "./flight.ts";

/**
 * Domestic flight inventory: the house supplier on our own tables, an airline system later. A
 * supplier answers in its own terms; prices for a party are recomputed by the core from the offer.
 */
export type FlightSupplier = Supplier<FlightSearchQuery, FlightOffer, SupplierHold, SupplierTicket>;

/** One flight of a route's timetable: the same number at the same time on the weekdays it flies. */
export interface FlightTimetableEntry {
  airlineCode: string;
  airlineName: string;
  flightNumber: string;
  /** Local departure time in Tehran, "HH:MM". */
  departs: string;
  durationMinutes: number;
  aircraft: string;
  /** ISO weekdays it flies in the period asked: 1 Monday … 7 Sunday. */
  weekdays: number[];
}

/** What a route's landing page tells: its timetable over a period. */
export interface FlightRouteInfo {
  timetable(input: { from: string; to: string; firstDate: string; lastDate: string; locale: Locale }): Promise<FlightTimetableEntry[]>;
}

/** The cheapest adult fare of each day of a route (ISO date → tomans), for the day strip and route pages. */
export interface FlightFareCalendar {
  cheapestPerDay(input: { from: string; to: string; firstDate: string; lastDate: string }): Promise<Map<string, number>>;
}
