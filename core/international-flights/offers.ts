import type { FlightCabin } from "../flights/flight.ts";
import type { Passengers } from "../search/search-forms.ts";
import { legOf } from "./connections.ts";
import type { Baggage, FlightLeg, FlightSegment, InternationalFlightOffer } from "./international-flight.ts";
import { partyPrice, throughFare } from "./pricing.ts";

/**
 * International offers made from a supplier's inventory of segments and their fare classes: a leg
 * is a direct segment or a one-stop connection of one airline in one class; an offer is one leg,
 * or two (out and back) of the same airline and class, priced as a whole by the through-fare rule
 * of pricing.ts. Pure: the house supplier loads rows and hands them here.
 */
export interface SegmentFare {
  /** The supplier's id of this class on this segment: offers are made of these. */
  id: string;
  fareClass: string;
  cabin: FlightCabin;
  /** One-way adult base fare of this segment alone. */
  baseFare: number;
  taxes: number;
  childPercent: number;
  infantPercent: number;
  connectionPercent: number;
  roundTripPercent: number;
  baggage: Baggage;
  refundable: boolean;
  seatsAvailable: number;
}

export interface InventorySegment {
  segment: FlightSegment;
  /** A domestic feeder is never sold as a leg on its own. */
  soldAlone: boolean;
  fares: readonly SegmentFare[];
}

/** One leg in one class: the segment fares it takes seats from, and its through price. */
export interface LegFare {
  leg: FlightLeg;
  fares: SegmentFare[];
  base: number;
  taxes: number;
  seats: number;
}

/** The legs in each class that every segment sells, for segments that make a journey (legOf); none otherwise. */
export function legFares(segments: readonly InventorySegment[]): LegFare[] {
  if (!segments.some((item) => item.soldAlone)) return [];
  const leg = legOf(segments.map((item) => item.segment));
  if (!leg) return [];
  const airline = segments[0]!.segment.airline.code;
  if (segments.some((item) => item.segment.airline.code !== airline)) return [];
  const result: LegFare[] = [];
  for (const fare of segments[0]!.fares) {
    const fares = segments.map((item) => item.fares.find((candidate) => candidate.fareClass === fare.fareClass));
    if (fares.some((candidate) => candidate === undefined)) continue;
    const taken = fares as SegmentFare[];
    result.push({
      leg,
      fares: taken,
      base: throughFare(
        taken.map((candidate) => candidate.baseFare),
        fare.connectionPercent / 100,
      ),
      taxes: taken.reduce((sum, candidate) => sum + candidate.taxes, 0),
      seats: Math.min(...taken.map((candidate) => candidate.seatsAvailable)),
    });
  }
  return result;
}

const ID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const OFFER_ID = new RegExp(`^${ID}(?:\\.${ID})?(?:~${ID}(?:\\.${ID})?)?$`);

/** The offer id of legs in a class: segment fare ids joined by "." within a leg and "~" between legs (URL-safe). */
export function offerIdOf(legs: readonly LegFare[]): string {
  return legs.map((leg) => leg.fares.map((fare) => fare.id).join(".")).join("~");
}

/** The segment fare ids of each leg of an offer id, or null when it is not one (at most two legs of at most two segments). */
export function parseOfferId(offerId: unknown): string[][] | null {
  if (typeof offerId !== "string" || offerId.length > 160) return null;
  const lower = offerId.toLowerCase();
  if (!OFFER_ID.test(lower)) return null;
  return lower.split("~").map((leg) => leg.split("."));
}

/** Travellers that need a seat: infants sit on a lap. */
export function seatsFor(party: Passengers): number {
  return party.adults + party.children;
}

/**
 * The offer of one or two legs priced for a party; null when they cannot be sold together: the
 * way back of another airline or class, or leaving before the way out has landed plus `minimumTurnMinutes`.
 */
export function offerOf(legs: readonly LegFare[], party: Passengers, minimumTurnMinutes = 120): InternationalFlightOffer | null {
  const out = legs[0];
  if (!out || legs.length > 2) return null;
  const back = legs[1];
  const first = out.fares[0]!;
  if (back) {
    if (back.fares[0]!.fareClass !== first.fareClass) return null;
    if (back.leg.segments[0]!.airline.code !== out.leg.segments[0]!.airline.code) return null;
    const landed = Date.parse(out.leg.segments[out.leg.segments.length - 1]!.arriveAt);
    if (Date.parse(back.leg.segments[0]!.departAt) - landed < minimumTurnMinutes * 60_000) return null;
  }
  const base = back ? throughFare([out.base, back.base], first.roundTripPercent / 100) : out.base;
  const taxes = legs.reduce((sum, leg) => sum + leg.taxes, 0);
  const all = legs.flatMap((leg) => leg.fares);
  return {
    offerId: offerIdOf(legs),
    validatingAirline: { ...out.leg.segments[0]!.airline },
    legs: legs.map((leg) => leg.leg),
    stops: Math.max(...legs.map((leg) => leg.leg.segments.length - 1)),
    cabin: first.cabin,
    fareClass: first.fareClass,
    baggage: { ...first.baggage },
    seatsLeft: Math.min(...legs.map((leg) => leg.seats)),
    refundable: all.every((fare) => fare.refundable),
    price: partyPrice({ base, taxes, childPercent: first.childPercent, infantPercent: first.infantPercent }, party),
    taxesPerSeat: taxes,
  };
}
