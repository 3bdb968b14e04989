import type { OfferSelection } from "../booking/selection.ts";
import { BOOKABLE_SERVICES, type BookableService } from "./service-modules.ts";
import { busSelection } from "../buses/bus-selection.ts";
import type { BusSupplier } from "../buses/supplier.ts";
import { flightSelection } from "../flights/flight-selection.ts";
import type { FlightSupplier } from "../flights/ports.ts";
import { hotelSelection } from "../hotels/hotel-selection.ts";
import type { HotelSupplier } from "../hotels/supplier.ts";
import { insuranceSelection } from "../insurance/insurance-selection.ts";
import type { InsuranceSupplier } from "../insurance/supplier.ts";
import { internationalFlightSelection } from "../international-flights/international-selection.ts";
import type { InternationalFlightSupplier } from "../international-flights/supplier.ts";
import type { Clock } from "../ports.ts";
import { tourSelection } from "../tours/tour-selection.ts";
import type { TourSupplier } from "../tours/supplier.ts";
import { trainSelection } from "../trains/train-selection.ts";
import type { TrainSupplier } from "../trains/supplier.ts";

/**
 * The services a booking request names: every bookable service but `flightRtrip`, which a request
 * makes as a domestic `flight` with its return (the booking is then sold as flightRtrip).
 */
export const SELECTABLE_SERVICES = BOOKABLE_SERVICES.filter(
  (service): service is Exclude<BookableService, "flightRtrip"> => service !== "flightRtrip",
);
export type SelectableService = (typeof SELECTABLE_SERVICES)[number];

export const isSelectableService = (value: unknown): value is SelectableService =>
  typeof value === "string" && (SELECTABLE_SERVICES as readonly string[]).includes(value);

/** Every service's inventory a deployment has; a null one is a service it does not sell. */
export interface Inventory {
  flights: FlightSupplier;
  internationalFlights: InternationalFlightSupplier;
  trains: TrainSupplier | null;
  buses: BusSupplier | null;
  hotels: HotelSupplier | null;
  tours: TourSupplier | null;
  insurance: InsuranceSupplier | null;
  clock: Clock;
}

/**
 * The selection that re-prices and checks offers of `service` before a hold, each with its own
 * supplier; null when this deployment has no inventory for it. The API's bookings and the
 * watchers' purchases (auto-reserve, desired-price orders) place bookings through this one table.
 */
export function offerSelectionFor(service: SelectableService, inventory: Inventory): OfferSelection | null {
  switch (service) {
    case "flight":
      return flightSelection(inventory.flights);
    case "internationalflight":
      return internationalFlightSelection(inventory.internationalFlights);
    case "train":
      return inventory.trains && trainSelection(inventory.trains);
    case "bus":
      return inventory.buses && busSelection(inventory.buses);
    case "hotel":
    case "intHotel":
      return inventory.hotels && ofService(service, hotelSelection(inventory.hotels));
    case "tour":
    case "intTour":
      return inventory.tours && ofService(service, tourSelection(inventory.tours));
    case "insurance":
      return inventory.insurance && insuranceSelection(inventory.insurance, inventory.clock);
  }
}

/** A selection that answers only for offers sold as `service`: a hotel (a tour) abroad is not booked as "hotel" ("tour"). */
function ofService(service: SelectableService, selection: OfferSelection): OfferSelection {
  return {
    async prepare(...args) {
      const prepared = await selection.prepare(...args);
      return prepared.ok && prepared.selection.service !== service ? { ok: false, error: "OFFER_NOT_FOUND" } : prepared;
    },
  };
}
