import { internationalFlightSelection } from "#core/international-flights/international-selection.ts";
import { INTERNATIONAL_FLIGHT_SERVICE } from "#core/international-flights/international-flight-service.ts";
import { DEFAULT_ORIGIN } from "#app/search/international-flight-results.server.ts";
import type { PurchasePages } from "./flight-booking.server.ts";

/**
 * International flights' purchase pages (issue 17): the shared passengers page and pre-invoice
 * of flight-booking.server.ts, for one offer id (the whole trip, a round trip too) in the path,
 * described by the service's module (legs, layovers) rather than domestic flight cards.
 */
export const INTERNATIONAL_FLIGHT_PAGES: PurchasePages = {
  service: "internationalflight",
  // The supplier judges the id (its own format and length); an empty one is no choice.
  offerIds: (offerId) => (offerId.length > 0 ? [offerId] : []),
  selection(context) {
    const supplier = context.internationalFlights;
    // No supplier configured: nothing can be revalidated, so the offer is as good as gone.
    if (!supplier) return { prepare: () => Promise.resolve({ ok: false, error: "OFFER_NOT_FOUND" }) };
    return internationalFlightSelection(supplier);
  },
  searchPath(offers, _routeKey, party) {
    const facts = offers[0] === undefined ? null : INTERNATIONAL_FLIGHT_SERVICE.facts(INTERNATIONAL_FLIGHT_SERVICE.parseOffer(offers[0]));
    if (!facts?.to) return "/internationalflight";
    const path = `/internationalflight/search/${encodeURIComponent(facts.from ?? DEFAULT_ORIGIN)}/${encodeURIComponent(facts.to)}`;
    if (!party) return path;
    return `${path}?date=${facts.startsAt.slice(0, 10)}&adults=${party.adults}&children=${party.children}&infants=${party.infants}`;
  },
  editPath(booking) {
    const first = booking.items[0];
    return `/internationalflight/${encodeURIComponent(first?.offerId ?? "")}/passengers?edit=${booking.hashId}`;
  },
};
