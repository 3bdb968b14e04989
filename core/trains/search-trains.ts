import { latinDigits } from "../i18n/digits.ts";
import type { Locale } from "../i18n/locales.ts";
import type { PlaceSearchPort } from "../places/suggest.ts";
import { daysBetween, isIsoDate } from "../search/dates.ts";
import { readTrainTicketType, type Passengers } from "../search/search-forms.ts";
import {
  MAX_PARAM_LENGTH,
  firstParam,
  isoDateParam,
  readParty,
  readTravelDate,
  slugParam,
  travelDateProblem,
} from "../search/trip-params.ts";
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

  // Stations are named by slugs of the national network ("tehran", "bandar-abbas").
  const from = slugParam(firstParam(params, "from"));
  const to = slugParam(firstParam(params, "to"));
  if (from === null) fail("from", "FROM_INVALID");
  if (to === null) fail("to", "TO_INVALID");
  if (from !== null && from === to) fail("to", "SAME_ROUTE");

  const date = readTravelDate(params, "date", today, fail);
  // A return is compared with the day asked for, even one not sold (both are refused, each on its own parameter).
  const departure = isoDateParam(firstParam(params, "date"));

  const returnText = firstParam(params, "returnDate");
  const returnDate = returnText === null ? null : isoDateParam(returnText);
  const returnProblem = returnDate === null ? null : travelDateProblem(returnDate, today);
  if (returnText !== null) {
    if (returnDate === null) fail("returnDate", "RETURN_INVALID");
    else if (returnProblem !== null) fail("returnDate", returnProblem);
    // The same day back is a real trip (an early train out, a late one back), as the search form allows.
    else if (departure !== null && daysBetween(departure, returnDate) < 0) fail("returnDate", "RETURN_BEFORE_DEPARTURE");
  }

  const party = readParty(params, fail);

  const typeText = firstParam(params, "ticketType");
  const ticketType = typeText === null ? "general" : typeText.length > MAX_PARAM_LENGTH ? null : readTrainTicketType(typeText);
  if (ticketType === null) fail("ticketType", "TICKET_TYPE_INVALID");
  const coupe = coupeOf(firstParam(params, "coupe"));
  if (coupe === null) fail("coupe", "COUPE_INVALID");

  if (errors.length > 0 || party === null) return { ok: false, errors };
  const query: TrainTripQuery = { from: from!, to: to!, date: date!, ...party, ticketType: ticketType!, coupe: coupe! };
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
