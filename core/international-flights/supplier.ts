import type { Supplier } from "../suppliers/ports.ts";
import type {
  InternationalFlightHold,
  InternationalFlightOffer,
  InternationalFlightSearchQuery,
  InternationalFlightTicket,
} from "./international-flight.ts";

/**
 * International flight inventory: the house supplier on our own tables, an airline or consolidator
 * system later. Offers come priced for the party searched; a revalidated offer is priced for one adult.
 */
export type InternationalFlightSupplier = Supplier<
  InternationalFlightSearchQuery,
  InternationalFlightOffer,
  InternationalFlightHold,
  InternationalFlightTicket
>;

/** The cheapest one-way adult fare of each day of a route (ISO date → tomans), for route landing pages. */
export interface InternationalFareCalendar {
  cheapestPerDay(input: { from: string; to: string; firstDate: string; lastDate: string }): Promise<Map<string, number>>;
}
