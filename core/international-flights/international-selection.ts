import { itemPrice } from "../booking/booking.ts";
import type { OfferSelection } from "../booking/selection.ts";
import { INTERNATIONAL_FLIGHT_SERVICE } from "./international-flight-service.ts";
import { seatsFor } from "./offers.ts";
import type { InternationalFlightSupplier } from "./supplier.ts";

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
          itemPrices: [itemPrice(offer, party)],
          requirements: INTERNATIONAL_FLIGHT_SERVICE.passengerRequirements([offer]),
        },
      };
    },
  };
}
