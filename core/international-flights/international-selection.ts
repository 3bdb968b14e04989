import type { OfferSelection } from "../booking/selection.ts";
import type { Passengers } from "../search/search-forms.ts";
import type { InternationalFlightOffer } from "./international-flight.ts";
import { INTERNATIONAL_FLIGHT_SERVICE } from "./international-flight-service.ts";
import { seatsFor } from "./offers.ts";
import type { InternationalFlightSupplier } from "./supplier.ts";

/**
 * The fare and charges of an international offer for a party. A revalidated offer carries its
 * per-traveller prices (child and infant shares already rounded by pricing.ts), charges included
 * for everyone with a seat.
 */
export function internationalItemPrice(offer: InternationalFlightOffer, party: Passengers): { base: number; taxes: number } {
  const total = offer.price.adult * party.adults + offer.price.child * party.children + offer.price.infant * party.infants;
  const taxes = offer.taxesPerSeat * seatsFor(party);
  return { base: total - taxes, taxes };
}

/**
 * International flights' step of placing a booking: one offer id is the whole trip (a round trip
 * too), revalidated with the international supplier; one item of every leg.
 */
export function internationalFlightSelection(flights: InternationalFlightSupplier): OfferSelection {
  return {
    async prepare(offerIds, party, locale) {
      const [offerId] = offerIds;
      if (offerId === undefined || offerIds.length !== 1) return { ok: false, error: "OFFER_NOT_FOUND" };
      const checked = await flights.revalidate(offerId, locale);
      if (!checked.ok) return { ok: false, error: checked.error === "NOT_FOUND" ? "OFFER_NOT_FOUND" : "SOLD_OUT" };
      const offer = checked.offer;
      if (offer.seatsLeft < seatsFor(party)) return { ok: false, error: "SOLD_OUT" };
      return {
        ok: true,
        selection: {
          service: "internationalflight",
          supplierName: flights.name,
          offers: [{ offerId: offer.offerId, offer }],
          itemPrices: [internationalItemPrice(offer, party)],
          requirements: INTERNATIONAL_FLIGHT_SERVICE.passengerRequirements([offer]),
        },
      };
    },
  };
}
