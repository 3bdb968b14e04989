import { fieldsOf, wholeNumber } from "../booking/choice-input.ts";
import type { ChoiceError, OfferSelection, SelectionResult } from "../booking/selection.ts";
import { latinDigits } from "../i18n/digits.ts";
import { addDays, isIsoDate } from "../search/dates.ts";
import type { Passengers } from "../search/search-forms.ts";
import { isValidTourRoom, priceTourRooms, roomsHoldParty, seatsOfRooms } from "./occupancy.ts";
import type { TourSupplier } from "./supplier.ts";
import { MAX_TOUR_ROOMS, type HeldTourOffer, type OwnFlight, type TourOffer, type TourRoom } from "./tour.ts";
import { TOUR_SERVICE } from "./tour-service.ts";

/**
 * Tours' step of placing a booking (issue 21): one offer (a departure at one of its hotels) is one
 * item for the whole party. The rooms must each be ones the package lets and together hold exactly
 * the party; each room is priced by occupancy; the departure must have a seat for every adult and
 * child. A land-only package's transfer meets the traveller's own flight, whose airline, number and
 * arrival (on the departure day or the day before) are then required (spec §5). Refusals are keyed
 * by the field the client sent: `rooms`, `rooms.{k}`, `ownFlight.airline` / `.flightNumber` / `.arrivesAt`.
 */

type Errors = Record<string, ChoiceError>;

const MAX_AIRLINE_LENGTH = 60;
/** An airline's two-character designator (letters, or a letter and a digit) and 1–4 digits: "IR 451", "W5 1234". */
const FLIGHT_NUMBER = /^([A-Z]{2}|[A-Z]\d|\d[A-Z])\s?(\d{1,4})$/;
const LOCAL_ARRIVAL = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/;

/** Room k as sent, or null when its counts are not whole numbers; absent child and infant counts are none. */
function readRoom(entry: unknown): TourRoom | null {
  const fields = fieldsOf(entry);
  const adults = wholeNumber(fields.adults);
  const childrenWithBed = wholeNumber(fields.childrenWithBed ?? 0);
  const childrenNoBed = wholeNumber(fields.childrenNoBed ?? 0);
  const infants = wholeNumber(fields.infants ?? 0);
  if (adults === null || childrenWithBed === null || childrenNoBed === null || infants === null) return null;
  return { adults, childrenWithBed, childrenNoBed, infants };
}

/** The rooms as sent, each one the package lets; refusals on `rooms` or on the room's own field. */
function readRooms(choices: unknown): { ok: true; rooms: TourRoom[] } | { ok: false; errors: Errors } {
  const sent = fieldsOf(choices).rooms;
  if (!Array.isArray(sent) || sent.length === 0 || sent.length > MAX_TOUR_ROOMS) return { ok: false, errors: { rooms: "CHOICE_INVALID" } };
  const errors: Errors = {};
  const rooms = sent.map((entry: unknown, index) => {
    const room = readRoom(entry);
    if (room === null || !isValidTourRoom(room)) errors[`rooms.${index}`] = "TOUR_ROOM_INVALID";
    return room;
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, rooms: rooms as TourRoom[] };
}

/** The whole party in one room: what a page prices before its rooms are sent. */
function oneRoomOf(party: Passengers): TourRoom {
  const childrenWithBed = Math.min(party.children, 1);
  return { adults: party.adults, childrenWithBed, childrenNoBed: party.children - childrenWithBed, infants: party.infants };
}

const textOf = (value: unknown) => (typeof value === "string" ? latinDigits(value).trim() : "");

/**
 * The traveller's own flight, normalised ("ir451" → "IR 451"), or the refusals of its fields:
 * missing ones are required, the rest must be a real flight arriving on the departure day or the day before.
 */
function readOwnFlight(sent: unknown, offer: TourOffer): { ok: true; flight: OwnFlight } | { ok: false; errors: Errors } {
  const fields = fieldsOf(sent);
  const airline = textOf(fields.airline).replace(/\s+/g, " ");
  const flightNumber = textOf(fields.flightNumber).toUpperCase();
  const arrivesAt = textOf(fields.arrivesAt);
  const errors: Errors = {};
  if (!airline) errors["ownFlight.airline"] = "OWN_FLIGHT_REQUIRED";
  else if (airline.length > MAX_AIRLINE_LENGTH) errors["ownFlight.airline"] = "OWN_FLIGHT_INVALID";
  const number = FLIGHT_NUMBER.exec(flightNumber);
  if (!flightNumber) errors["ownFlight.flightNumber"] = "OWN_FLIGHT_REQUIRED";
  else if (!number) errors["ownFlight.flightNumber"] = "OWN_FLIGHT_INVALID";
  const arrival = LOCAL_ARRIVAL.exec(arrivesAt);
  const day = arrival?.[1];
  if (!arrivesAt) errors["ownFlight.arrivesAt"] = "OWN_FLIGHT_REQUIRED";
  else if (!day || !isIsoDate(day) || (day !== offer.departureDate && day !== addDays(offer.departureDate, -1)))
    errors["ownFlight.arrivesAt"] = "OWN_FLIGHT_INVALID";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, flight: { airline, flightNumber: `${number![1]} ${number![2]}`, arrivesAt } };
}

/** The offer held for these rooms and own flight, every room priced by occupancy. */
export function heldTour(offer: TourOffer, rooms: readonly TourRoom[], ownFlight: OwnFlight | null): HeldTourOffer {
  const priced = priceTourRooms(rooms, offer.hotel.prices);
  return {
    ...offer,
    rooms: priced,
    ownFlight,
    seats: seatsOfRooms(rooms),
    price: priced.reduce((sum, room) => sum + room.price, 0),
  };
}

/** The selection the pages and the API place tour bookings with. */
export function tourSelection(tours: TourSupplier): OfferSelection {
  return {
    async prepare(offerIds, party, locale, choices, travellers): Promise<SelectionResult> {
      const [offerId] = offerIds;
      if (offerId === undefined || offerIds.length !== 1) return { ok: false, error: "OFFER_NOT_FOUND" };
      const checked = await tours.revalidate(offerId, locale);
      if (!checked.ok) return { ok: false, error: checked.error === "NOT_FOUND" ? "OFFER_NOT_FOUND" : "SOLD_OUT" };
      const offer = checked.offer;

      const errors: Errors = {};
      const read = choices === undefined ? { ok: true as const, rooms: [oneRoomOf(party)] } : readRooms(choices);
      if (!read.ok) Object.assign(errors, read.errors);
      else if (choices === undefined && !isValidTourRoom(read.rooms[0]!)) errors["rooms.0"] = "TOUR_ROOM_INVALID";
      else if (!roomsHoldParty(read.rooms, party)) errors.rooms = "TOUR_ROOMS_PARTY_MISMATCH";

      // The flight is asked with the travellers: a page pricing the rooms has neither yet.
      let ownFlight: OwnFlight | null = null;
      const flightSent = fieldsOf(choices).ownFlight !== undefined;
      if (offer.transfer === "ownFlight" && (travellers !== undefined || flightSent)) {
        const flight = readOwnFlight(fieldsOf(choices).ownFlight, offer);
        if (flight.ok) ownFlight = flight.flight;
        else Object.assign(errors, flight.errors);
      }

      const requirements = TOUR_SERVICE.passengerRequirements([{ ...offer, rooms: [], ownFlight: null, seats: 0, price: 0 }]);
      if (Object.keys(errors).length > 0 || !read.ok) return { ok: false, error: "INVALID", errors, requirements };
      const held = heldTour(offer, read.rooms, ownFlight);
      // Seats belong to the departure whatever the hotel: every adult and child needs one (infants sit on a lap).
      if (offer.seatsLeft < held.seats) return { ok: false, error: "SOLD_OUT" };
      return {
        ok: true,
        selection: {
          service: offer.scope === "international" ? "intTour" : "tour",
          supplierName: tours.name,
          offers: [{ offerId: offer.offerId, offer: held, units: held.seats }],
          // The rooms are the package's price; its taxes are in the per-person rates.
          itemPrices: [{ base: held.price, taxes: 0 }],
          requirements: TOUR_SERVICE.passengerRequirements([held]),
        },
      };
    },
  };
}
