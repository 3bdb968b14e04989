/**
 * Suppliers (house inventory, airline systems, hotel banks, …): each service searches its own
 * supplier in its own terms, and the purchase pipeline takes every hold through one life cycle.
 */
import type { TicketPlacement } from "../booking/booking.ts";
import type { Locale } from "../i18n/locales.ts";
import type { RefundTerms } from "../refunds/terms.ts";
import type { ServiceId } from "../services/service-ids.ts";

/** Seats (rooms, places) a supplier keeps for a booking until `expiresAt` (an ISO instant). */
export interface SupplierHold {
  holdId: string;
  offerId: string;
  seats: number;
  expiresAt: string;
}

/** One issued ticket: one per passenger per leg of an item (leg 0 for a one-way domestic flight). */
export interface SupplierTicket {
  holdId: string;
  pnr: string;
  ticketNumber: string;
  /** The passenger's position in the booking (infants get one too). */
  passengerPosition: number;
  /** 0 for an item of one leg; an international round trip issues leg 0 and leg 1 for each passenger. */
  leg: number;
  /** Where the ticket sits, in its service's own terms (a train's wagon, compartment and bed); read by the item's module. */
  placement?: TicketPlacement | null;
}

/** The life cycle after Select, shared by every supplier whatever it sells. */
export interface SupplierLifecycle<Offer, Hold, Ticket> {
  readonly service: ServiceId;
  /** Which system it is ("house", an airline's…): a booking item records it to go back to the same one. */
  readonly name: string;
  /** Re-checks price and availability of an offer just before it is held; names come in `locale` (Persian when absent). */
  revalidate(
    offerId: string,
    locale?: Locale,
  ): Promise<{ ok: true; offer: Offer } | { ok: false; error: "SOLD_OUT" | "FARE_CHANGED" | "NOT_FOUND" }>;
  /**
   * Holds seats of an offer. `chosen` is the offer the selection prepared (what the booking item
   * stores): a supplier whose travellers choose their places (a bus's seats) reads them from it,
   * and refuses with SEAT_TAKEN when one of them went to someone else.
   */
  hold(
    offerId: string,
    passengers: number,
    until: Date,
    chosen?: Offer,
  ): Promise<{ ok: true; hold: Hold } | { ok: false; error: "SOLD_OUT" | "CAPACITY_FULL" | "SEAT_TAKEN" }>;
  /** Keeps a hold at least until `until` (the buyer went to the bank); fails when the hold is no longer held. */
  extend(hold: Hold, until: Date): Promise<{ ok: true; hold: Hold } | { ok: false; error: "HOLD_LOST" }>;
  /**
   * Issues a held hold: one ticket per traveller and leg (infants travel on a lap but hold a ticket
   * too; `travellers` defaults to the seats). Asking again for a hold already issued returns the same tickets.
   */
  issue(hold: Hold, travellers?: number): Promise<{ ok: true; tickets: Ticket[] } | { ok: false; error: "ISSUE_FAILED" }>;
  cancel(hold: Hold | Ticket[]): Promise<{ ok: true } | { ok: false; error: "CANCEL_FAILED" }>;
  /** The refund rule and schedule of an offer it sold, or null when it no longer knows the offer. */
  refundTerms(offerId: string): Promise<RefundTerms | null>;
}

/**
 * A service's own supplier: searched with the service's query, answering the service's offers.
 * Domestic flights: `FlightSupplier` (core/flights/ports.ts).
 */
export interface Supplier<Query, Offer, Hold = SupplierHold, Ticket = SupplierTicket> extends SupplierLifecycle<Offer, Hold, Ticket> {
  search(query: Query): Promise<Offer[]>;
}

/** What payments, tickets and the jobs see of any supplier: its offers are opaque to them. */
export type BookingSupplier = SupplierLifecycle<unknown, SupplierHold, SupplierTicket>;

/**
 * The suppliers a deployment has, by the (service, name) a booking item stored when it was held,
 * so a booking always finishes with the system that started it.
 */
export interface SupplierRegistry {
  /** null when this deployment has no such supplier (removed since the hold was made, or never configured). */
  find(service: ServiceId, name: string): BookingSupplier | null;
}
