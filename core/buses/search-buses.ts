import { isIsoDate } from "../search/dates.ts";
import type { Passengers } from "../search/search-forms.ts";
import { firstParam, readParty, readTravelDate, slugParam, type TripParamError } from "../search/trip-params.ts";
import type { BusOffer, BusSearchQuery } from "./bus.ts";
import type { BusSupplier } from "./supplier.ts";

/**
 * A bus search (issue 19): `from=tehran&to=isfahan&date=YYYY-MM-DD&adults=1&children=0&infants=0`
 * read and checked, then the supplier asked. Places are city slugs; the date is a day in Tehran
 * within the booking horizon; the party obeys the same rules as every other service's.
 */
export type BusSearchError = "FROM_INVALID" | "TO_INVALID" | "SAME_ROUTE" | TripParamError;

/** Each refused parameter with its first problem. */
export type BusSearchErrors = Partial<Record<"from" | "to" | "date" | "adults" | "children" | "infants", BusSearchError>>;

export type BusSearchParse = { ok: true; query: BusSearchQuery } | { ok: false; errors: BusSearchErrors };

/**
 * Reads and checks a bus search. `today` is today in Tehran (tehranToday). Never throws on a query;
 * throws RangeError only when `today` is not an ISO date, which is a caller's bug.
 */
export function parseBusSearch(params: URLSearchParams, today: string): BusSearchParse {
  if (!isIsoDate(today)) throw new RangeError("parseBusSearch needs today as an ISO date");
  const errors: BusSearchErrors = {};
  const fail = (param: string, code: BusSearchError) => {
    const key = param as keyof BusSearchErrors;
    errors[key] ??= code;
  };

  const from = slugParam(firstParam(params, "from"));
  const to = slugParam(firstParam(params, "to"));
  if (from === null) fail("from", "FROM_INVALID");
  if (to === null) fail("to", "TO_INVALID");
  if (from !== null && from === to) fail("to", "SAME_ROUTE");
  const date = readTravelDate(params, "date", today, fail);
  const party = readParty(params, fail);

  if (from === null || to === null || date === null || party === null || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, query: { from, to, date, ...party } };
}

/** Travellers who take a seat: adults and children (an infant rides on a lap). */
export function seatedTravellers(party: Passengers): number {
  return party.adults + party.children;
}

export type BusSearchOutcome =
  /** Departures with a seat for every seated traveller, earliest first (an empty list when none runs that day). */
  | { ok: true; offers: BusOffer[] }
  /** No bus inventory is configured: the page says searching is not possible right now. */
  | { ok: false; error: "BUSES_UNAVAILABLE" };

/**
 * Searches buses for a checked query, names in `query.locale` (Persian when absent). A bus without
 * a seat for each seated traveller is not offered. A failing supplier is a real fault and rejects:
 * it is not an empty result.
 */
export async function searchBuses(buses: Pick<BusSupplier, "search"> | null, query: BusSearchQuery): Promise<BusSearchOutcome> {
  if (!buses) return { ok: false, error: "BUSES_UNAVAILABLE" };
  const offers = await buses.search({ ...query, locale: query.locale ?? "fa" });
  const seated = seatedTravellers(query);
  return {
    ok: true,
    offers: offers
      .filter((offer) => offer.seatsLeft >= seated)
      .sort((a, b) => Date.parse(a.departAt) - Date.parse(b.departAt) || a.offerId.localeCompare(b.offerId)),
  };
}
