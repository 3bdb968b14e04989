import type { Locale } from "../i18n/locales.ts";
import type { SupplierHold, SupplierLifecycle, SupplierTicket } from "../suppliers/ports.ts";
import type { TourDetails, TourOffer, TourPackage, TourScope, TourSearchQuery, TourTransport } from "./tour.ts";

/**
 * Package tours at home and abroad (issue 21): the house supplier on our own tables, a tour
 * operator's system later. One supplier serves `tour` and `intTour`; a package's scope says which.
 *
 * - An offer is one departure at one of its hotels (`tour1:{tourId}:{hotelId}`); `revalidate`
 *   answers it with the seats left on the departure.
 * - `hold(offerId, seats, until, chosen)` takes `seats` (adults and children of every room; the
 *   stored `HeldTourOffer` is `chosen`) from the departure's capacity in one statement that can
 *   never go below zero, or answers CAPACITY_FULL. Capacity belongs to the departure, whatever
 *   hotel each booking chose.
 * - `issue(hold, travellers)` answers one voucher per traveller (infants included) with the
 *   ground operator's confirmation in `placement`.
 */
export interface TourSupplier extends SupplierLifecycle<TourOffer, SupplierHold, SupplierTicket> {
  /** Departures matching the query, soonest first, with seats for `query.seats`; texts in the query's language. */
  searchTours(query: TourSearchQuery): Promise<TourPackage[]>;
  /** One departure with its hotels and their occupancy prices; null when the supplier knows no such departure. */
  tour(tourId: string, locale?: Locale): Promise<TourDetails | null>;
  /** Destination city slugs with departures in a scope, with their count and cheapest per-person price (landings, the form). */
  destinations(scope: TourScope): Promise<{ city: string; countryCode: string; departures: number; fromPrice: number }[]>;
  /** Departure city slugs of a scope (the search form's origins; the international search's `from`). */
  origins(scope: TourScope): Promise<string[]>;
  /** Transport kinds a scope's packages use (links of /tour/searchCariage/{type}). */
  transports(scope: TourScope): Promise<TourTransport[]>;
}
