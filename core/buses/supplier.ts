import type { Locale } from "../i18n/locales.ts";
import type { Supplier, SupplierHold } from "../suppliers/ports.ts";
import type { BusOffer, BusSearchQuery, BusSeatMap, BusTicket } from "./bus.ts";

/**
 * Bus inventory: the house supplier on our own tables, a cooperative's system later. Offers are
 * departures priced for the party searched; a revalidated offer is priced for one adult. `hold`
 * takes the stored offer (`HeldBusOffer`, with its chosen seats) as its fourth argument and holds
 * exactly those seats, refusing with SEAT_TAKEN when one of them is held by another booking or the
 * gender rules no longer allow it (core/buses/seat-rules.ts), checked under the departure's lock.
 */
export interface BusSupplier extends Supplier<BusSearchQuery, BusOffer, SupplierHold, BusTicket> {
  /** The departure's seats as they are now, names in `locale`; null when the supplier does not know the offer. */
  seatMap(offerId: string, locale?: Locale): Promise<BusSeatMap | null>;
}

/** Route facts for landing pages: the cheapest seat of each day, and the companies on the route. */
export interface BusRouteFacts {
  /** ISO date → the cheapest seat (tomans) of any bus that day. */
  cheapestPerDay(input: { from: string; to: string; firstDate: string; lastDate: string }): Promise<Map<string, number>>;
}
