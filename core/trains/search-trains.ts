import { latinDigits } from "../i18n/digits.ts";
import type { Locale } from "../i18n/locales.ts";
import type { PlaceSearchPort } from "../places/suggest.ts";
import { daysBetween, isIsoDate } from "../search/dates.ts";
import {
  BOOKING_HORIZON_DAYS,
  MAX_SEATED_PASSENGERS,
  passengerErrors,
  readCount,
  readTrainTicketType,
  type Passengers,
} from "../search/search-forms.ts";
import { sortTrainOffers } from "./sorting.ts";
import type { TrainSupplier } from "./supplier.ts";
import type { TrainOffer, TrainSearchQuery } from "./train.ts";

/**
 * A train search (issue 18, spec §5 and §8): the query read and checked, the supplier asked for
 * each way, and the rule on capacity applied. A train carries the party only with a bed (or salon
 * seat) for every adult and child (infants travel on a lap); a coupe purchase needs whole free
 * compartments for them. Offers that cannot carry the party are not offered; when trains run that
 * day but none can, the search fails with TRAIN_CAPACITY ('Train cannot carry these passengers')
 * rather than pretending nothing runs.
 */

/** A search of one way or both: the supplier is asked each way on its own day. */
export interface TrainTripQuery extends TrainSearchQuery {
  /** The day back, ISO; the way back runs from `to` to `from`. */
  returnDate?: string;
}

export type TrainSearchError =
  | "FROM_INVALID"
  | "TO_INVALID"
  | "SAME_ROUTE"
  | "DATE_INVALID"
  | "DATE_PAST"
  | "DATE_TOO_FAR"
  | "RETURN_INVALID"
  | "RETURN_BEFORE_DEPARTURE"
  | "COUNT_INVALID"
  | "ADULT_REQUIRED"
  | "INFANTS_EXCEED_ADULTS"
  | "TOO_MANY_PASSENGERS"
  | "TICKET_TYPE_INVALID"
  | "COUPE_INVALID";

export interface TrainSearchProblem {
  param: string;
  code: TrainSearchError;
}

/** Longest value looked at: every valid value is far shorter, and a huge one is refused unread. */
const MAX_VALUE_LENGTH = 64;
/** A station slug of the national network ("tehran", "bandar-abbas"). */
const STATION_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function first(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  if (value === null) return null;
  const text = value.trim();
  return text === "" ? null : text;
}

function station(value: string | null): string | null {
  // Check the ASCII shape before lower-casing: "İ".toLowerCase() is two characters.
  if (value === null || value.length > MAX_VALUE_LENGTH || !/^[A-Za-z0-9-]+$/.test(value)) return null;
  const slug = value.toLowerCase();
  return STATION_SLUG.test(slug) ? slug : null;
}

function isoDate(value: string | null): string | null {
  if (value === null || value.length > MAX_VALUE_LENGTH) return null;
  const text = latinDigits(value);
  return isIsoDate(text) ? text : null;
}

function count(value: string | null, fallback: number): number | null {
  if (value === null) return fallback;
  if (value.length > MAX_VALUE_LENGTH) return null;
  const number = readCount(value, fallback, 2);
  return number !== null && number <= MAX_SEATED_PASSENGERS ? number : null;
}

function coupeOf(value: string | null): boolean | null {
  if (value === null) return false;
  const text = latinDigits(value).toLowerCase();
  if (text === "1" || text === "true" || text === "on") return true;
  if (text === "0" || text === "false" || text === "off") return false;
  return null;
}

/**
 * Reads and checks the query of a train search:
 * `from=tehran&to=mashhad&date=YYYY-MM-DD[&returnDate=…]&adults=1&children=0&infants=0[&ticketType=general|brothers|sisters][&coupe=0|1]`.
 * Dates and counts may be written in any digit set; `men`/`women` are read as brothers/sisters (old
 * links). `today` is today in Tehran. Every problem names its parameter; it never throws on a query.
 */
export function parseTrainSearch(
  params: URLSearchParams,
  today: string,
): { ok: true; query: TrainTripQuery } | { ok: false; errors: TrainSearchProblem[] } {
  if (!isIsoDate(today)) throw new RangeError("parseTrainSearch needs today as an ISO date");
  const errors: TrainSearchProblem[] = [];
  const fail = (param: string, code: TrainSearchError) => errors.push({ param, code });

  const from = station(first(params, "from"));
  const to = station(first(params, "to"));
  if (from === null) fail("from", "FROM_INVALID");
  if (to === null) fail("to", "TO_INVALID");
  if (from !== null && from === to) fail("to", "SAME_ROUTE");

  const date = isoDate(first(params, "date"));
  if (date === null) fail("date", "DATE_INVALID");
  else if (daysBetween(today, date) < 0) fail("date", "DATE_PAST");
  else if (daysBetween(today, date) > BOOKING_HORIZON_DAYS) fail("date", "DATE_TOO_FAR");

  const returnText = first(params, "returnDate");
  const returnDate = returnText === null ? null : isoDate(returnText);
  if (returnText !== null) {
    if (returnDate === null) fail("returnDate", "RETURN_INVALID");
    else if (daysBetween(today, returnDate) < 0) fail("returnDate", "DATE_PAST");
    else if (daysBetween(today, returnDate) > BOOKING_HORIZON_DAYS) fail("returnDate", "DATE_TOO_FAR");
    // The same day back is a real trip (an early train out, a late one back), as the search form allows.
    else if (date !== null && daysBetween(date, returnDate) < 0) fail("returnDate", "RETURN_BEFORE_DEPARTURE");
  }

  const adults = count(first(params, "adults"), 1);
  const children = count(first(params, "children"), 0);
  const infants = count(first(params, "infants"), 0);
  if (adults === null) fail("adults", "COUNT_INVALID");
  if (children === null) fail("children", "COUNT_INVALID");
  if (infants === null) fail("infants", "COUNT_INVALID");
  if (adults !== null && children !== null && infants !== null) {
    const found = passengerErrors({ adults, children, infants });
    for (const param of ["adults", "children", "infants"] as const) {
      const code = found[param];
      if (code === "ADULT_REQUIRED" || code === "INFANTS_EXCEED_ADULTS" || code === "TOO_MANY_PASSENGERS") fail(param, code);
    }
  }

  const typeText = first(params, "ticketType");
  const ticketType = typeText === null ? "general" : typeText.length > MAX_VALUE_LENGTH ? null : readTrainTicketType(typeText);
  if (ticketType === null) fail("ticketType", "TICKET_TYPE_INVALID");
  const coupe = coupeOf(first(params, "coupe"));
  if (coupe === null) fail("coupe", "COUPE_INVALID");

  if (errors.length > 0) return { ok: false, errors };
  const query: TrainTripQuery = {
    from: from!,
    to: to!,
    date: date!,
    adults: adults!,
    children: children!,
    infants: infants!,
    ticketType: ticketType!,
    coupe: coupe!,
  };
  if (returnDate !== null) query.returnDate = returnDate;
  return { ok: true, query };
}

/** Travellers who need a bed or seat: adults and children (an infant sits on a lap). */
export function seatedTravellers(party: Passengers): number {
  return party.adults + party.children;
}

/** Whole compartments a coupe purchase takes for the party; 0 when the offer is not bought whole. */
export function compartmentsNeeded(offer: Pick<TrainOffer, "coupe" | "wagon">, party: Passengers): number {
  if (!offer.coupe) return 0;
  return Math.ceil(seatedTravellers(party) / Math.max(1, offer.wagon.bedsPerCompartment));
}

/**
 * Beds the party pays for: one per seated traveller, or on a coupe purchase every bed of the
 * compartments it takes (three travellers in 4-bed compartments pay four beds).
 */
export function bedsToPay(offer: Pick<TrainOffer, "coupe" | "wagon">, party: Passengers): number {
  return offer.coupe ? compartmentsNeeded(offer, party) * Math.max(1, offer.wagon.bedsPerCompartment) : seatedTravellers(party);
}

/** Whether an offer has room for the party: enough free beds, or on a coupe enough wholly free compartments. */
export function canCarry(offer: Pick<TrainOffer, "coupe" | "wagon" | "seatsLeft">, party: Passengers): boolean {
  return offer.seatsLeft >= bedsToPay(offer, party);
}

export type TrainSearchOutcome =
  | {
      ok: true;
      /** Offers the party fits, earliest departure first. */
      outbound: TrainOffer[];
      /** The way back, when a return date was given. */
      inbound: TrainOffer[] | null;
    }
  | { ok: false; error: "UNKNOWN_STATION"; field: "from" | "to" }
  /** Trains run that day (that way) but none can carry the party. */
  | { ok: false; error: "TRAIN_CAPACITY"; leg: "outbound" | "inbound" }
  /** The station list could not be read: the search cannot say where it goes. */
  | { ok: false; error: "STATIONS_UNAVAILABLE" };

type Leg = { ok: true; offers: TrainOffer[] } | { ok: false };

function carrying(offers: readonly TrainOffer[], party: Passengers): Leg {
  const fit = offers.filter((offer) => canCarry(offer, party));
  // No train that day is an empty answer; trains too full for the party are the capacity failure.
  if (offers.length > 0 && fit.length === 0) return { ok: false };
  return { ok: true, offers: sortTrainOffers(fit, "departure") };
}

/**
 * Searches trains for a checked query. Both stations must be known to the train service (an
 * unknown one is the caller's mistake, not an empty result); a failing station list is its own
 * outcome; a failing supplier is a real fault and rejects.
 */
export async function searchTrains(
  query: TrainTripQuery,
  deps: { trains: Pick<TrainSupplier, "search">; places: Pick<PlaceSearchPort, "byRouteCode"> },
): Promise<TrainSearchOutcome> {
  const locale: Locale = query.locale ?? "fa";
  let places;
  try {
    places = await Promise.all([deps.places.byRouteCode(query.from, "train", locale), deps.places.byRouteCode(query.to, "train", locale)]);
  } catch {
    return { ok: false, error: "STATIONS_UNAVAILABLE" };
  }
  if (!places[0]) return { ok: false, error: "UNKNOWN_STATION", field: "from" };
  if (!places[1]) return { ok: false, error: "UNKNOWN_STATION", field: "to" };
  const { returnDate, ...oneWay } = query;
  const leg: TrainSearchQuery = { ...oneWay, locale };
  const [outbound, inbound] = await Promise.all([
    deps.trains.search(leg),
    returnDate ? deps.trains.search({ ...leg, from: query.to, to: query.from, date: returnDate }) : Promise.resolve(null),
  ]);
  const party = { adults: query.adults, children: query.children, infants: query.infants };
  const out = carrying(outbound, party);
  if (!out.ok) return { ok: false, error: "TRAIN_CAPACITY", leg: "outbound" };
  const back = inbound === null ? null : carrying(inbound, party);
  if (back && !back.ok) return { ok: false, error: "TRAIN_CAPACITY", leg: "inbound" };
  return { ok: true, outbound: out.offers, inbound: back ? back.offers : null };
}
