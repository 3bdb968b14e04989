import type { FarePrice } from "../flights/flight.ts";
import type { Locale } from "../i18n/locales.ts";

/**
 * Trains (issue 18): what the national network's operators sell and what a traveller searches for.
 * Places are station slugs of seed/places/stations.ts ("tehran", "mashhad"); money is integer
 * tomans; times are ISO 8601 instants with Tehran's offset.
 */

/** Compartments for everyone, for men only or for women only (the whole compartment is one kind). */
export const TRAIN_TICKET_TYPES = ["general", "brothers", "sisters"] as const;
export type TrainTicketType = (typeof TRAIN_TICKET_TYPES)[number];

/** Seated salon wagons, 4-bed and 6-bed compartments, and VIP 4-bed compartments. */
export const WAGON_KINDS = ["salon", "compartment4", "compartment6", "vip4"] as const;
export type WagonKind = (typeof WAGON_KINDS)[number];

/** Vehicles a car-carrying train takes, each with its own rate. */
export const VEHICLE_TYPES = ["sedan", "suv", "motorcycle"] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export interface TrainSearchQuery {
  /** Station slugs. */
  from: string;
  to: string;
  /** Departure day in Tehran, ISO (YYYY-MM-DD). */
  date: string;
  adults: number;
  children: number;
  infants: number;
  ticketType: TrainTicketType;
  /** Buy whole compartments: every bed is paid even when fewer travel. */
  coupe: boolean;
  /** The language of operator names in the offers (Persian when absent). */
  locale?: Locale;
}

/** A meal or an optional service (extra meal, snack pack, bedding) a passenger may add on one leg. */
export interface TrainExtra {
  /** Stable code: "meal-chicken", "snack", "bedding"… */
  code: string;
  kind: "meal" | "service";
  /** Its name in the offer's language. */
  name: string;
  /** Tomans per passenger; 0 for a meal the fare already includes. */
  price: number;
}

/** One bookable fare of one train: a wagon kind and ticket type on one departure. */
export interface TrainOffer {
  /** Opaque and stable for (departure, wagon kind, ticket type, coupe): the supplier revalidates and holds by it. */
  offerId: string;
  /** The operator's brand: code ("raja") and name in the offer's language. */
  operator: { code: string; name: string };
  /** As printed on the ticket, e.g. "352". */
  trainNumber: string;
  /** The train's own brand name ("Noor", "Simorgh"), in the offer's language. */
  trainName: string;
  /** Station slugs. */
  from: string;
  to: string;
  departAt: string;
  arriveAt: string;
  durationMinutes: number;
  wagon: { kind: WagonKind; /** 1 for a salon seat. */ bedsPerCompartment: number };
  ticketType: TrainTicketType;
  /** Whole compartments: `price` is then for every bed of the compartments the party needs. */
  coupe: boolean;
  /** Beds (seats) still free of this fare; for a coupe offer, free beds in wholly free compartments. */
  seatsLeft: number;
  foreignersAllowed: boolean;
  /** Whether the train takes cars, with the rate of each vehicle type (tomans); null when it does not. */
  carTransport: Record<VehicleType, number> | null;
  /** Meals and services sold on this train, with their prices. */
  extras: TrainExtra[];
  /** Per bed: adult and child beds, an infant on a lap; `total` for the party searched (coupe: every bed). */
  price: FarePrice;
  refundable: boolean;
}

/** What a traveller adds to one leg: meals and services per passenger, and at most one vehicle. */
export interface TrainLegChoices {
  /** `passenger` counts from 0 in the order travellers are given. */
  extras: { passenger: number; code: string }[];
  vehicle: TrainVehicle | null;
}

export interface TrainVehicle {
  /** Position of the passenger who owns it: the owner must travel. */
  ownerPassenger: number;
  /** An Iranian plate ("12ب345-67") or a chassis number: one of the two. */
  plate: string | null;
  chassis: string | null;
  type: VehicleType;
}

/**
 * The offer a booking item stores: the fare as held, what was added to it and the beds the hold
 * took. Its module reads it back (core/trains/train-service.ts).
 */
export interface HeldTrainOffer extends TrainOffer {
  choices: TrainLegChoices;
}

/** Beds of one departure kept for a booking until `expiresAt`; a coupe hold keeps whole compartments. */
export interface TrainHold {
  holdId: string;
  offerId: string;
  seats: number;
  expiresAt: string;
}

/**
 * Where one ticket sits, printed on it: wagon, compartment (none in a salon) and bed or seat number.
 * A type, not an interface, so that it is a ticket's `placement` record (SupplierTicket) as it is.
 */
export type TrainPlacement = {
  wagon: number;
  compartment: number | null;
  bed: number;
};

/** One traveller's ticket on one train. Positions count from 0 in the order the travellers were given. */
export interface TrainTicket {
  holdId: string;
  pnr: string;
  ticketNumber: string;
  passengerPosition: number;
  leg: number;
  placement: TrainPlacement;
}

/**
 * A train purchase's choices as a client sends them (the API's per-passenger `services` and
 * `vehicle`, the passengers page's fields): unchecked input, which the train selection validates
 * against the revalidated offers, prices and stores per leg as {@link TrainLegChoices}.
 */
export interface TrainChoicesInput {
  /** By passenger position (the order travellers are given): meals and services, each for a leg (0 out, 1 back). */
  passengers: { services: { leg: number; code: string }[] }[];
  /** At most one vehicle; it travels on `legs` (default: every leg of the purchase), each of which must carry cars. */
  vehicle: { ownerPassenger: number; plate?: string | null; chassis?: string | null; type: string; legs?: number[] } | null;
}
