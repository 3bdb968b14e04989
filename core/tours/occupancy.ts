import type { Passengers } from "../search/search-forms.ts";
import {
  MAX_TOUR_ROOM_ADULTS,
  MAX_TOUR_ROOM_CHILDREN_NO_BED,
  MAX_TOUR_ROOM_CHILDREN_WITH_BED,
  type Occupancy,
  type OccupancyPrices,
  type PricedTourRoom,
  type TourRoom,
} from "./tour.ts";

/**
 * Occupancy of package-tour rooms (issue 21): what a room costs for who sleeps in it, whether a
 * room is one a hotel lets, and the party and seats a set of rooms makes. The selection, the
 * rooms page and the suppliers all count with these, so a price shown is the price charged.
 */

/** The per-person rate an adult pays, by how many adults share the room. */
const ADULT_RATE: Readonly<Record<number, Occupancy>> = { 1: "single", 2: "double", 3: "triple" };

const isCount = (value: number, most: number) => Number.isInteger(value) && value >= 0 && value <= most;

/**
 * Whether a room is one the package lets: 1–3 adults, at most one child on an extra bed, at most
 * two children sharing beds, and no more infants (each in a cot, on an adult's watch) than adults.
 */
export function isValidTourRoom(room: TourRoom): boolean {
  return (
    isCount(room.adults, MAX_TOUR_ROOM_ADULTS) &&
    room.adults >= 1 &&
    isCount(room.childrenWithBed, MAX_TOUR_ROOM_CHILDREN_WITH_BED) &&
    isCount(room.childrenNoBed, MAX_TOUR_ROOM_CHILDREN_NO_BED) &&
    isCount(room.infants, room.adults)
  );
}

/** The refusal of a room that is not one the package lets; null for a room it lets. */
export function roomRefusal(room: TourRoom): "TOUR_ROOM_INVALID" | null {
  return isValidTourRoom(room) ? null : "TOUR_ROOM_INVALID";
}

/** One kind of occupant of a room: how many and the per-person rate each pays. */
export interface OccupancyLine {
  occupancy: Occupancy;
  count: number;
  each: number;
}

/** What a room's occupants pay, by kind (the kinds it has, adults first); the room must be valid. */
export function roomPriceLines(prices: OccupancyPrices, room: TourRoom): OccupancyLine[] {
  const adultRate = ADULT_RATE[room.adults];
  if (!adultRate || !isValidTourRoom(room)) throw new RangeError(`not a tour room: ${JSON.stringify(room)}`);
  const lines: OccupancyLine[] = [
    { occupancy: adultRate, count: room.adults, each: prices[adultRate] },
    { occupancy: "childWithBed", count: room.childrenWithBed, each: prices.childWithBed },
    { occupancy: "childNoBed", count: room.childrenNoBed, each: prices.childNoBed },
    { occupancy: "infant", count: room.infants, each: prices.infant },
  ];
  return lines.filter((line) => line.count > 0);
}

/** The room's price for the whole package: each occupant at their occupancy's per-person rate. */
export function tourRoomPrice(room: TourRoom, prices: OccupancyPrices): number {
  return roomPriceLines(prices, room).reduce((sum, line) => sum + line.count * line.each, 0);
}

/** Each room with its price, in order. */
export function priceTourRooms(rooms: readonly TourRoom[], prices: OccupancyPrices): PricedTourRoom[] {
  return rooms.map((room) => ({
    adults: room.adults,
    childrenWithBed: room.childrenWithBed,
    childrenNoBed: room.childrenNoBed,
    infants: room.infants,
    price: tourRoomPrice(room, prices),
  }));
}

/** The party the rooms hold: children with and without a bed are the party's children. */
export function partyOfRooms(rooms: readonly TourRoom[]): Passengers {
  const sum = (take: (room: TourRoom) => number) => rooms.reduce((total, room) => total + take(room), 0);
  return {
    adults: sum((room) => room.adults),
    children: sum((room) => room.childrenWithBed + room.childrenNoBed),
    infants: sum((room) => room.infants),
  };
}

/** Seats the rooms take on the departure: adults and children; infants sit on a lap. */
export function seatsOfRooms(rooms: readonly TourRoom[]): number {
  const party = partyOfRooms(rooms);
  return party.adults + party.children;
}

/** Whether the rooms hold exactly the party, nobody left out and nobody extra. */
export function roomsHoldParty(rooms: readonly TourRoom[], party: Passengers): boolean {
  const held = partyOfRooms(rooms);
  return held.adults === party.adults && held.children === party.children && held.infants === party.infants;
}

/**
 * The room (1-based, as text) of each traveller by position, where a booking lists its adults,
 * then its children (with a bed before without), then its infants; room k's occupants take the
 * k-th places of each kind. A voucher names the traveller's room with it.
 */
export function roomOfEachTraveller(rooms: readonly TourRoom[]): string[] {
  const places = (take: (room: TourRoom) => number) =>
    rooms.flatMap((room, index) => Array.from({ length: take(room) }, () => String(index + 1)));
  return [
    ...places((room) => room.adults),
    ...places((room) => room.childrenWithBed),
    ...places((room) => room.childrenNoBed),
    ...places((room) => room.infants),
  ];
}
