import { itemPrice } from "../booking/booking.ts";
import type { OfferSelection } from "../booking/selection.ts";
import type { FlightOffer } from "./flight.ts";
import { FLIGHT_SERVICE } from "./flight-service.ts";
import type { FlightSupplier } from "./ports.ts";

/** A round trip's return must fly back over the same route after the outbound lands. */
export function isReturnOf(outbound: FlightOffer, back: FlightOffer): boolean {
  return back.from === outbound.to && back.to === outbound.from && Date.parse(back.departAt) > Date.parse(outbound.arriveAt);
}

/**
 * Domestic flights' step of placing a booking: one flight (`flight`), or an outbound and its return
 * (`flightRtrip`, one item each), revalidated with the domestic supplier and priced per item.
 */
export function flightSelection(flights: FlightSupplier): OfferSelection {
  return {
    async prepare(offerIds, party, locale) {
      const offers: FlightOffer[] = [];
      for (const offerId of offerIds) {
        const checked = await flights.revalidate(offerId, locale);
        if (!checked.ok) return { ok: false, error: checked.error === "NOT_FOUND" ? "OFFER_NOT_FOUND" : "SOLD_OUT" };
        if (checked.offer.seatsLeft < party.adults + party.children) return { ok: false, error: "SOLD_OUT" };
        offers.push(checked.offer);
      }
      if (offers.length === 2 && !isReturnOf(offers[0]!, offers[1]!)) return { ok: false, error: "OFFER_NOT_FOUND" };
      return {
        ok: true,
        selection: {
          service: offers.length === 2 ? "flightRtrip" : "flight",
          supplierName: flights.name,
          offers: offers.map((offer) => ({ offerId: offer.offerId, offer })),
          itemPrices: offers.map((offer) => itemPrice(offer, party)),
          requirements: FLIGHT_SERVICE.passengerRequirements(offers),
        },
      };
    },
  };
}
