import type { Locale } from "../i18n/locales.ts";
import type { Passengers } from "../search/search-forms.ts";
import type { ServiceId } from "../services/service-ids.ts";
import type { PassengerRequirements } from "../services/service-module.ts";

/**
 * The one step of placing a booking that differs per service (issue 17): the chosen offers as the
 * service's supplier sees them now, priced for the party, with what the travellers must give.
 * Everything else (party, option and field checks, discount, fare check, holds, the write) is
 * core/booking/place-booking.ts. Each service's selection lives beside its module.
 */
export interface Selection {
  /** The service the booking is sold as (a domestic pair is `flightRtrip`). */
  service: ServiceId;
  /** The supplier that holds the offers: with `service`, its key in the supplier registry. */
  supplierName: string;
  /** The offers to hold, in item order; `offer` is stored as the item's offer and read back through the module. */
  offers: { offerId: string; offer: unknown }[];
  /** Fare and charges of each offer for the party, in the same order. */
  itemPrices: { base: number; taxes: number }[];
  requirements: PassengerRequirements;
}

export type SelectionResult = { ok: true; selection: Selection } | { ok: false; error: "OFFER_NOT_FOUND" | "SOLD_OUT" };

export interface OfferSelection {
  /** Revalidates the chosen offers with the supplier (never trusting what the browser remembers) and prices them for the party. */
  prepare(offerIds: readonly string[], party: Passengers, locale: Locale): Promise<SelectionResult>;
}
