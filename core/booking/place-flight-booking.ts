import { flightSelection } from "../flights/flight-selection.ts";
import type { FlightSupplier } from "../flights/ports.ts";
import { createSupplierRegistry } from "../suppliers/registry.ts";
import { placeBooking, type BookingRequest, type BookingResult, type PlaceBookingDeps } from "./place-booking.ts";

/**
 * A domestic flight booking with one flight supplier at hand (tests, scripts): the generic
 * placement of place-booking.ts with the flights' selection, holding through a registry of that
 * supplier alone. Pages and the API call placeBooking with the deployment's registry instead.
 */
export type FlightBookingRequest = BookingRequest;
export type FlightBookingResult = BookingResult;

export interface FlightBookingDeps extends Omit<PlaceBookingDeps, "suppliers"> {
  flights: FlightSupplier;
}

export function placeFlightBooking(request: FlightBookingRequest, deps: FlightBookingDeps): Promise<FlightBookingResult> {
  const suppliers = createSupplierRegistry([
    { service: "flight", supplier: deps.flights },
    { service: "flightRtrip", supplier: deps.flights },
  ]);
  return placeBooking(request, flightSelection(deps.flights), { suppliers, bookings: deps.bookings, clock: deps.clock });
}

export { isReturnOf } from "../flights/flight-selection.ts";
export {
  editBookingDetails,
  expireDueBookings,
  partyErrors,
  partyOf,
  refusedOption,
  type BookingDetailsInput,
  type BookingFieldError,
  type FieldErrors,
  type PartyError,
} from "./place-booking.ts";
