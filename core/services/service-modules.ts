import { BUS_SERVICE, type BusApiItem } from "../buses/bus-service.ts";
import { FLIGHT_SERVICE, type FlightApiItem } from "../flights/flight-service.ts";
import { HOTEL_SERVICE, type HotelApiItem } from "../hotels/hotel-service.ts";
import { INTERNATIONAL_FLIGHT_SERVICE, type InternationalFlightApiItem } from "../international-flights/international-flight-service.ts";
import { TOUR_SERVICE, type TourApiItem } from "../tours/tour-service.ts";
import { TRAIN_SERVICE, type TrainApiItem } from "../trains/train-service.ts";
import type { ServiceId } from "./service-ids.ts";
import { sealOffer, type StoredOfferModule } from "./service-module.ts";

/**
 * Every service a booking can be made for, and its module (issue 17). Adding a service is one
 * line in BOOKABLE_SERVICES, one case below and its ApiItem in the union; the compiler then
 * points at anything else that must know it.
 */
export const BOOKABLE_SERVICES = [
  "flight",
  "flightRtrip",
  "internationalflight",
  "train",
  "bus",
  "hotel",
  "intHotel",
  "tour",
  "intTour",
] as const satisfies readonly ServiceId[];
export type BookableService = (typeof BOOKABLE_SERVICES)[number];

/** The item fields of every service in the bookings API; a union as services join. */
export type BookingApiItem = FlightApiItem | InternationalFlightApiItem | TrainApiItem | BusApiItem | HotelApiItem | TourApiItem;

export function isBookableService(service: ServiceId): service is BookableService {
  return (BOOKABLE_SERVICES as readonly ServiceId[]).includes(service);
}

const FLIGHTS = sealOffer(FLIGHT_SERVICE);
const INTERNATIONAL_FLIGHTS = sealOffer(INTERNATIONAL_FLIGHT_SERVICE);
const TRAINS = sealOffer(TRAIN_SERVICE);
const BUSES = sealOffer(BUS_SERVICE);
const HOTELS = sealOffer(HOTEL_SERVICE);
const TOURS = sealOffer(TOUR_SERVICE);

/** The module of a bookable service. */
export function serviceModule(service: BookableService): StoredOfferModule<BookingApiItem> {
  switch (service) {
    case "flight":
    case "flightRtrip":
      return FLIGHTS;
    case "internationalflight":
      return INTERNATIONAL_FLIGHTS;
    case "train":
      return TRAINS;
    case "bus":
      return BUSES;
    case "hotel":
    case "intHotel":
      return HOTELS;
    case "tour":
    case "intTour":
      return TOURS;
  }
}

/**
 * The module of a stored booking's service. A booking exists only for a bookable service, so
 * anything else is a data fault and throws.
 */
export function moduleOfBooking(booking: { service: ServiceId }): StoredOfferModule<BookingApiItem> {
  if (!isBookableService(booking.service)) throw new Error(`no service module for bookings of "${booking.service}"`);
  return serviceModule(booking.service);
}
