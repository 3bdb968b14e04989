import type { BusSupplier } from "../buses/supplier.ts";
import type { FarePrice } from "../flights/flight.ts";
import type { FlightSupplier } from "../flights/ports.ts";
import type { Locale } from "../i18n/locales.ts";
import type { InternationalFlightSupplier } from "../international-flights/supplier.ts";
import type { Passengers } from "../search/search-forms.ts";
import type { TrainSupplier } from "../trains/supplier.ts";

/**
 * What the watchers (issue 22: alerts, auto-reserve, desired-price orders, fare history) see of a
 * service's inventory: a route and day searched for a party, answering each departure's offer id,
 * time, free seats and the party's total. One search answers every watcher of that route and day.
 */

/** The services with inventory the watchers follow. Hotels and tours join when their suppliers answer a route and day. */
export const WATCH_SERVICES = ["flight", "internationalflight", "train", "bus"] as const;
export type WatchService = (typeof WATCH_SERVICES)[number];

export const isWatchService = (value: unknown): value is WatchService =>
  typeof value === "string" && (WATCH_SERVICES as readonly string[]).includes(value);

/** A route as its service names its ends: IATA codes for flights, station or city slugs for trains and buses. */
export interface WatchRoute {
  service: WatchService;
  from: string;
  to: string;
}

export interface WatchQuery extends WatchRoute {
  /** Departure day (Tehran for domestic services, the origin's for international flights), ISO. */
  date: string;
  party: Passengers;
  /** The language of carrier names in the offers (Persian when absent). */
  locale?: Locale;
}

/** One departure's offer as the watchers compare them. */
export interface WatchOffer {
  offerId: string;
  /** ISO instant with its offset. */
  departAt: string;
  /** Seats (beds) still free of this fare. */
  seatsLeft: number;
  /** One adult's fare, what the fare history and the buy-or-wait hint compare. */
  adultFare: number;
  /** The whole party's total, what price drops, caps and desired prices compare. */
  total: number;
}

/** Seats a party takes: infants travel on a lap. */
export const seatsFor = (party: Passengers): number => party.adults + party.children;

export interface WatchSource {
  readonly service: WatchService;
  /**
   * Every offer of the route and day the party could book now (the supplier's own search): a
   * departure without seats for the party is absent, so one watched by its offer id is sold out
   * until it appears here again.
   */
  search(query: WatchQuery): Promise<WatchOffer[]>;
}

/** The four suppliers the watchers follow; a null one is a service this deployment does not sell. */
export interface WatchInventory {
  flights: FlightSupplier;
  internationalFlights: InternationalFlightSupplier;
  trains: TrainSupplier | null;
  buses: BusSupplier | null;
}

interface PricedOffer {
  offerId: string;
  seatsLeft: number;
  price: FarePrice;
}

/** A domestic offer's departure; an international one's is its first segment's. */
type DepartureOf<Offer> = (offer: Offer) => string;
const ownDeparture = (offer: { departAt: string }) => offer.departAt;

/** The party's total from a fare's per-traveller prices (an offer revalidated alone is priced for one adult). */
export function partyTotal(price: Pick<FarePrice, "adult" | "child" | "infant">, party: Passengers): number {
  return party.adults * price.adult + party.children * price.child + party.infants * price.infant;
}

function watchOffer(offer: PricedOffer, departAt: string, party: Passengers): WatchOffer {
  return {
    offerId: offer.offerId,
    departAt,
    seatsLeft: offer.seatsLeft,
    adultFare: offer.price.adult,
    total: partyTotal(offer.price, party),
  };
}

/** A source over any supplier whose offers carry an id, a departure, free seats and a fare table. */
function sourceOver<Query, Offer extends PricedOffer>(
  service: WatchService,
  supplier: {
    search(query: Query): Promise<Offer[]>;
  },
  queryOf: (query: WatchQuery) => Query,
  departureOf: DepartureOf<Offer>,
): WatchSource {
  return {
    service,
    async search(query) {
      const offers = await supplier.search(queryOf(query));
      return offers.map((offer) => watchOffer(offer, departureOf(offer), query.party));
    },
  };
}

/** The watch source of each service this deployment sells. */
export function watchSources(inventory: WatchInventory): Map<WatchService, WatchSource> {
  const sources = new Map<WatchService, WatchSource>();
  const base = (query: WatchQuery) => ({
    from: query.from,
    to: query.to,
    date: query.date,
    adults: query.party.adults,
    children: query.party.children,
    infants: query.party.infants,
    ...(query.locale ? { locale: query.locale } : {}),
  });
  sources.set("flight", sourceOver("flight", inventory.flights, base, ownDeparture));
  sources.set(
    "internationalflight",
    sourceOver("internationalflight", inventory.internationalFlights, base, (offer) => offer.legs[0]?.segments[0]?.departAt ?? ""),
  );
  if (inventory.trains)
    sources.set(
      "train",
      sourceOver("train", inventory.trains, (query) => ({ ...base(query), ticketType: "general" as const, coupe: false }), ownDeparture),
    );
  if (inventory.buses) sources.set("bus", sourceOver("bus", inventory.buses, base, ownDeparture));
  return sources;
}
