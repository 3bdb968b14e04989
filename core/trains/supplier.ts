import type { Supplier } from "../suppliers/ports.ts";
import type { TrainHold, TrainOffer, TrainSearchQuery, TrainTicket } from "./train.ts";

/**
 * Train inventory: the house supplier on our own tables, an operator's system later. Offers come
 * priced for the party searched; a revalidated offer is priced for one adult (coupe: one
 * compartment).
 */
export type TrainSupplier = Supplier<TrainSearchQuery, TrainOffer, TrainHold, TrainTicket>;

/** Route facts for landing pages: the cheapest adult bed of each day, and whether trains run back. */
export interface TrainRouteFacts {
  /** ISO date → the cheapest adult bed (tomans) of any train that day. */
  cheapestPerDay(input: { from: string; to: string; firstDate: string; lastDate: string }): Promise<Map<string, number>>;
  /** The route's timetable: each train that runs on it, with its usual departure and arrival clock (Tehran time). */
  timetable(input: { from: string; to: string; locale?: string }): Promise<
    {
      trainNumber: string;
      trainName: string;
      operator: { code: string; name: string };
      departs: string;
      arrives: string;
      durationMinutes: number;
      wagonKinds: string[];
      carTransport: boolean;
    }[]
  >;
}
