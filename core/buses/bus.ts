import type { FarePrice } from "../flights/flight.ts";
import type { Locale } from "../i18n/locales.ts";
import type { Gender } from "../passengers/passenger-rules.ts";

/**
 * Buses (issue 19): what Iran's bus cooperatives sell and what a traveller searches for. Places are
 * city slugs ("tehran", "isfahan") and terminal slugs of seed/places/terminals.ts ("tehran-south");
 * money is integer tomans; times are ISO 8601 instants with Tehran's offset. Each seat of a
 * departure is its own unit of inventory: a traveller chooses it on the bus's seat map.
 */

/** VIP 2+1 coaches of 25 or 29 seats, and ordinary ("Mihan Nour") 2+2 coaches of 40 to 44. */
export const BUS_TYPES = ["vip25", "vip29", "ordinary40", "ordinary44"] as const;
export type BusType = (typeof BUS_TYPES)[number];

/** VIP or ordinary: what the results filter by. */
export const BUS_CLASSES = ["vip", "ordinary"] as const;
export type BusClass = (typeof BUS_CLASSES)[number];

export function busClassOf(type: BusType): BusClass {
  return type.startsWith("vip") ? "vip" : "ordinary";
}

export interface BusSearchQuery {
  /** City slugs. */
  from: string;
  to: string;
  /** Departure day in Tehran, ISO (YYYY-MM-DD). */
  date: string;
  /** Seated travellers (adults and children each take a seat); infants ride on a lap. */
  adults: number;
  children: number;
  infants: number;
  /** The language of company and terminal names in the offers (Persian when absent). */
  locale?: Locale;
}

/** One departure of one bus: the unit the results list and the seat map is drawn for. */
export interface BusOffer {
  /** Opaque and stable for the departure: the supplier revalidates, draws the seat map and holds by it. */
  offerId: string;
  /** The cooperative: code ("seir-o-safar") and name in the offer's language. */
  company: { code: string; name: string };
  busType: BusType;
  /** City slugs. */
  from: string;
  to: string;
  /** Terminal slugs and names in the offer's language. */
  originTerminal: { code: string; name: string };
  destinationTerminal: { code: string; name: string };
  departAt: string;
  arriveAt: string;
  durationMinutes: number;
  /** Seats nobody holds. */
  seatsLeft: number;
  /** Per seat: adults and children pay the seat, an infant on a lap pays `infant`; `total` for the party searched. */
  price: FarePrice;
  refundable: boolean;
}

/**
 * The drawing of a bus: a grid of `rows` × `columns` cells, one of which per row is the aisle
 * (a 2+1 coach: column 1 a single seat, 2 the aisle, 3 and 4 a pair; a 2+2 coach: 1–2, aisle 3,
 * 4–5). The driver sits in front of row 1 on `driverSide` (left in Iran). A back row may run
 * across the aisle.
 */
export interface BusLayout {
  rows: number;
  columns: number;
  aisleColumn: number;
  driverSide: "left" | "right";
}

export type SeatStatus = "free" | "taken";

/** One seat: its printed number, where it is drawn (rows and columns from 1), and whether it is taken and by whom. */
export interface BusSeat {
  number: number;
  row: number;
  column: number;
  status: SeatStatus;
  /** The gender of the traveller on a taken seat: the rules for the seats beside it follow it. */
  gender?: Gender;
}

export interface BusSeatMap {
  offerId: string;
  layout: BusLayout;
  seats: BusSeat[];
}

/** A seat chosen for one traveller of the purchase. `passenger` counts from 0 in the order travellers are given. */
export interface ChosenSeat {
  number: number;
  passenger: number;
  gender: Gender;
}

/**
 * The offer a bus booking item stores: the departure as revalidated and the seats chosen for its
 * travellers. The supplier holds exactly these seats; its module prints them.
 */
export interface HeldBusOffer extends BusOffer {
  seats: ChosenSeat[];
}

/**
 * A bus purchase's choices as a client sends them (the API's `seats`, the seat map's checkboxes
 * with each passenger's gender from the passengers' own fields): unchecked input, which the bus
 * selection validates against the seat map as it is now (core/buses/bus-selection.ts).
 */
export interface BusChoicesInput {
  seats: { number: unknown; passenger: unknown; gender?: unknown }[];
}

/** Where one ticket sits: its seat. A type, so that it is a ticket's `placement` record as it is. */
export type BusPlacement = { seat: number };

/** One traveller's ticket: the seat it is for (none for an infant on a lap). Positions count from 0 in the order the travellers were given. */
export interface BusTicket {
  holdId: string;
  pnr: string;
  ticketNumber: string;
  passengerPosition: number;
  leg: number;
  placement: BusPlacement | null;
}
