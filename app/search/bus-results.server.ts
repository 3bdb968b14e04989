import { formatNumber, translate } from "#core/i18n/messages.ts";
import type { AppLoadContext } from "react-router";
import type { BusOffer, BusSeat, BusSeatMap } from "#core/buses/bus.ts";
import { applyBusFilters, busFilterFacets, readBusFilters, type BusFilterFacets, type BusFilters } from "#core/buses/filters.ts";
import { searchBuses } from "#core/buses/search-buses.ts";
import { gendersAllowed } from "#core/buses/seat-rules.ts";
import { readBusSort, sortBusOffers, type BusSort } from "#core/buses/sorting.ts";
import type { BusSupplier } from "#core/buses/supplier.ts";
import type { Gender } from "#core/passengers/passenger-rules.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { addDays, daysBetween, tehranToday } from "#core/search/dates.ts";
import { routeCode } from "#core/search/results-url.ts";
import type { ValidSearch } from "#core/search/search-forms.ts";
import { resultsPage } from "./results-page.server.ts";
import { nearestDaysWithTrains as nearestDaysWith } from "./train-results.server.ts";
import { buyOrWait, type BuyOrWaitData } from "./buy-or-wait.server.ts";

/** A seat as the map draws it: a free seat says which genders may still take it (spec §5). */
export interface DrawnSeat extends BusSeat {
  /** Free seats only: both, one ("women only", "men only") or none (no traveller of another booking may sit there). */
  allowed: Gender[];
}

/** The seat map of the bus chosen on the page (`?bus={offerId}`), or why it cannot be drawn. */
export type ChosenBus =
  | { ok: true; offer: BusOffer; layout: BusSeatMap["layout"]; seats: DrawnSeat[] }
  | { ok: false; offerId: string; error: "GONE" | "UNAVAILABLE" };

export interface BusResults {
  ok: true;
  /** After filters and sort. */
  offers: BusOffer[];
  /** How many the search found before filters. */
  found: number;
  facets: BusFilterFacets;
  filters: BusFilters;
  sort: BusSort;
  /** When no bus runs that day: the nearest days that have buses, nearest first. */
  otherDates: string[];
  chosen: ChosenBus | null;
  /** The route's key in its canonical form ("tehran-isfahan"), for the passengers path. */
  routeId: string;
  /** When the server searched: after 15 minutes the page says the fares may be stale. */
  searchedAt: string;
  /** Buy now or wait, for the chosen day; null without enough fare history. */
  fareHint: BuyOrWaitData | null;
}

export type BusResultsOutcome = BusResults | { ok: false; error: "UNAVAILABLE" };

/** How far either side of the chosen day "the nearest days with buses" are looked for. */
const NEARBY_DAYS = 7;
const SUGGESTED_DAYS = 3;
/** Longest offer id looked at in the URL: a supplier's ids are far shorter. */
const MAX_OFFER_ID_LENGTH = 200;

/** The map of the chosen bus, each free seat with the genders it may still be sold to. */
async function chosenBus(
  context: AppLoadContext,
  supplier: Pick<BusSupplier, "seatMap">,
  offer: BusOffer | undefined,
  offerId: string,
): Promise<ChosenBus> {
  if (!offer) return { ok: false, offerId, error: "GONE" };
  try {
    const map = await supplier.seatMap(offer.offerId, context.locale.locale);
    if (!map) return { ok: false, offerId, error: "GONE" };
    const seats = map.seats.map((seat) => ({ ...seat, allowed: seat.status === "free" ? gendersAllowed(map, seat) : [] }));
    return { ok: true, offer, layout: map.layout, seats };
  } catch (error) {
    context.log.error({ err: error }, "bus seat map failed");
    return { ok: false, offerId, error: "UNAVAILABLE" };
  }
}

/**
 * The buses of a valid search (issue 19): the supplier asked for the party, the URL's filters and
 * sort applied on the server so they work without JavaScript, and, when the URL names a bus
 * (`bus={offerId}`), that bus's seat map drawn under its card.
 */
export async function busResults(request: Request, context: AppLoadContext, search: ValidSearch): Promise<BusResultsOutcome | null> {
  const from = search.places.from ? routeCode("bus", search.places.from) : null;
  const to = search.places.to ? routeCode("bus", search.places.to) : null;
  if (!from || !to || !search.date || !search.passengers) return null;
  const supplier = context.buses;
  const params = new URL(request.url).searchParams;
  const today = tehranToday(context.now());
  const firstDate = daysBetween(today, addDays(search.date, -NEARBY_DAYS)) > 0 ? addDays(search.date, -NEARBY_DAYS) : today;
  let found: BusOffer[];
  let cheapest: Map<string, number>;
  let seats: Pick<BusSupplier, "seatMap">;
  let fareHint: BuyOrWaitData | null;
  try {
    const [outcome, perDay, hint] = await Promise.all([
      searchBuses(supplier, { from, to, date: search.date, ...search.passengers, locale: context.locale.locale }),
      // Suggestions are a help: without them the results still stand.
      (supplier?.cheapestPerDay({ from, to, firstDate, lastDate: addDays(search.date, NEARBY_DAYS) }) ?? Promise.resolve(new Map())).catch(
        (error: unknown) => {
          context.log.warn({ err: error }, "bus fares per day unavailable");
          return new Map<string, number>();
        },
      ),
      buyOrWait(context, { service: "bus", from, to }, search.date),
    ]);
    if (!outcome.ok || !supplier) {
      context.log.warn({}, "no bus supplier is configured");
      return { ok: false, error: "UNAVAILABLE" };
    }
    found = outcome.offers;
    cheapest = perDay;
    seats = supplier;
    fareHint = hint;
  } catch (error) {
    context.log.error({ err: error }, "bus search failed");
    return { ok: false, error: "UNAVAILABLE" };
  }
  const filters = readBusFilters(params);
  const sort = readBusSort(params.get("sort"));
  const busId = params.get("bus");
  const chosen =
    busId && busId.length <= MAX_OFFER_ID_LENGTH
      ? await chosenBus(
          context,
          seats,
          found.find((offer) => offer.offerId === busId),
          busId,
        )
      : null;
  return {
    ok: true,
    offers: sortBusOffers(applyBusFilters(found, filters), sort),
    found: found.length,
    facets: busFilterFacets(found),
    filters,
    sort,
    otherDates: found.length === 0 ? nearestDaysWith(search.date, today, cheapest, SUGGESTED_DAYS) : [],
    chosen,
    routeId: `${from}-${to}`,
    searchedAt: context.now().toISOString(),
    fareHint,
  };
}

/** A bus route without a date (`/bus/tehran-isfahan`, as links and search engines ask for it): the coming week's cheapest seats. */
export interface BusLandingData {
  /** Each day of the coming week with its cheapest seat (null: no bus that day). */
  week: { date: string; cheapest: number | null }[];
  /** The fares could not be read: the page still offers the form. */
  unavailable: boolean;
  /** Buy now or wait, for the nearest day with a fare; null without enough fare history. */
  fareHint?: BuyOrWaitData | null;
  /** The meta description: the route and, when there are seats, the week's cheapest. */
  description: string;
}

const LANDING_DAYS = 7;

async function busLanding(context: AppLoadContext, places: Record<string, PlaceSuggestion>): Promise<BusLandingData> {
  const from = places.from ? routeCode("bus", places.from) : null;
  const to = places.to ? routeCode("bus", places.to) : null;
  const locale = context.locale.locale;
  const names = { from: places.from?.name ?? "", to: places.to?.name ?? "" };
  const plain = translate(locale, "bus.landing.descriptionNoFares", names);
  if (!context.buses || !from || !to) return { week: [], unavailable: true, description: plain };
  const firstDate = tehranToday(context.now());
  const days = Array.from({ length: LANDING_DAYS }, (_, index) => addDays(firstDate, index));
  try {
    const [cheapest, fareHint] = await Promise.all([
      context.buses.cheapestPerDay({ from, to, firstDate, lastDate: days.at(-1)! }),
      buyOrWait(context, { service: "bus", from, to }),
    ]);
    const prices = [...cheapest.values()];
    const description =
      prices.length > 0
        ? translate(locale, "bus.landing.description", { ...names, price: formatNumber(locale, Math.min(...prices)) })
        : plain;
    return { week: days.map((date) => ({ date, cheapest: cheapest.get(date) ?? null })), unavailable: false, fareHint, description };
  } catch (error) {
    context.log.warn({ err: error }, "bus fares per day unavailable");
    return { week: [], unavailable: true, description: plain };
  }
}

/** `/bus/{from}-{to}?date=…&adults=…`: the route's buses and, with `bus=`, one bus's seat map; without a query, the route's week. */
export function busResultsPage(request: Request, context: AppLoadContext, key: string) {
  return resultsPage(request, context, {
    service: "bus",
    serviceId: "bus",
    codes: { key },
    results: (search) => busResults(request, context, search),
    landing: (places) => busLanding(context, places),
  });
}
