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
  /**
   * The offers to hold, in item order; `offer` is stored as the item's offer and read back through
   * the module. `units` is how many the supplier holds for the item: the party's seats when absent
   * (a flight, a train), one for a hotel room (each room is its own item).
   */
  offers: { offerId: string; offer: unknown; units?: number }[];
  /** Fare and charges of each offer for the party, in the same order. */
  itemPrices: { base: number; taxes: number }[];
  requirements: PassengerRequirements;
}

/**
 * Why a service's own purchase choice was refused (a train's meals, services and car): by field path
 * (`passengers.0.extras.1`, `vehicle.plate`), shown on that field in the visitor's language.
 */
export type ChoiceError =
  | "CHOICE_INVALID"
  | "EXTRA_UNAVAILABLE"
  | "MEAL_DUPLICATE"
  | "VEHICLE_NOT_CARRIED"
  | "VEHICLE_OWNER_INVALID"
  | "VEHICLE_ID_REQUIRED"
  | "PLATE_INVALID"
  | "CHASSIS_INVALID"
  | "VEHICLE_TYPE_INVALID"
  // A bus's seats (core/buses/seat-rules.ts): 'Choose a seat', and the row and neighbour rules.
  | "SEAT_REQUIRED"
  | "SEAT_INVALID"
  | "SEAT_DUPLICATE"
  | "SEAT_FIRST_ROW_WOMEN"
  | "SEAT_NEIGHBOUR_GENDER"
  // A hotel's rooms (core/hotels/hotel-selection.ts): guests that do not fit the room, a stay too long.
  | "ROOM_GUESTS_EXCEED"
  | "ROOM_LEAD_REQUIRED"
  | "STAY_TOO_LONG"
  // A tour's rooms (core/tours/tour-selection.ts): a room's occupancy, rooms that do not seat the
  // party, the traveller's own flight when the transfer meets it (spec §5), seats left.
  | "TOUR_ROOM_INVALID"
  | "TOUR_ROOMS_PARTY_MISMATCH"
  | "OWN_FLIGHT_REQUIRED"
  | "OWN_FLIGHT_INVALID"
  // Insurance (core/insurance/insurance-selection.ts): an insured over the plan's age, the start of cover.
  | "INSURED_TOO_OLD"
  | "COVER_START_INVALID";

export type SelectionResult =
  | { ok: true; selection: Selection }
  | { ok: false; error: "OFFER_NOT_FOUND" | "SOLD_OUT" }
  /** A chosen place (a bus seat) is held by another booking: choose again. */
  | { ok: false; error: "SEAT_TAKEN"; seats: number[] }
  | {
      ok: false;
      error: "INVALID";
      errors: Record<string, ChoiceError>;
      /** What the travellers must give for the offers, so their own refusals come back with the choices' in one answer. */
      requirements?: PassengerRequirements;
    };

export interface OfferSelection {
  /**
   * Revalidates the chosen offers with the supplier (never trusting what the browser remembers) and
   * prices them for the party. `choices` are the service's own additions to the purchase as the
   * client sent them (a train's meals and car; undefined for a flight): the selection validates
   * them, prices them into `itemPrices` and stores them in each item's offer.
   */
  prepare(
    offerIds: readonly string[],
    party: Passengers,
    locale: Locale,
    choices?: unknown,
    /** The travellers as the client sent them (unchecked): a hotel reads each lead guest's nationality for the foreign-guest rate. */
    travellers?: readonly unknown[],
  ): Promise<SelectionResult>;
}
