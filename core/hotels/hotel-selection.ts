import { fieldsOf, wholeNumber } from "../booking/choice-input.ts";
import type { ChoiceError, OfferSelection, SelectionResult } from "../booking/selection.ts";
import type { Locale } from "../i18n/locales.ts";
import { IRAN } from "../passengers/passenger-rules.ts";
import { MAX_ROOMS, type Passengers } from "../search/search-forms.ts";
import { MAX_NIGHTS_ABROAD, type HeldHotelOffer, type HotelRoomOffer, type RoomGuests } from "./hotel.ts";
import { HOTEL_SERVICE } from "./hotel-service.ts";
import type { HotelSupplier } from "./supplier.ts";

/**
 * Hotels' step of placing a booking (issue 20): one item per room booked, the same room offer
 * repeated for two rooms of a type. Each distinct offer is revalidated with the supplier and must
 * have a room left for every time it is chosen; each room's guests must fit its beds (one more on
 * an extra bed, priced apart); the passengers are the rooms' lead guests (room k's is passenger k,
 * an adult), and a lead guest who is not Iranian pays the hotel's foreign-guest rate where it has
 * one. Refusals are keyed by the field the client sent: `rooms.{k}.guests`, `passengers`, `checkOut`.
 */

type Errors = Record<string, ChoiceError>;

/** Room k's guests as sent, or null when they are not two whole numbers with at least one adult. */
function readGuests(entry: unknown): RoomGuests | null {
  const guests = fieldsOf(fieldsOf(entry).guests);
  const adults = wholeNumber(guests.adults);
  const children = wholeNumber(guests.children ?? 0);
  return adults === null || children === null || adults < 1 || children < 0 ? null : { adults, children };
}

/** Each room's guests in item order; a room whose guests are unreadable is refused on its field. */
function readRooms(choices: unknown, rooms: number): { ok: true; guests: RoomGuests[] } | { ok: false; errors: Errors } {
  const sent = fieldsOf(choices).rooms;
  if (!Array.isArray(sent) || sent.length !== rooms) return { ok: false, errors: { rooms: "CHOICE_INVALID" } };
  const errors: Errors = {};
  const guests = sent.map((entry: unknown, index) => {
    const read = readGuests(entry);
    if (read === null) errors[`rooms.${index}.guests`] = "CHOICE_INVALID";
    return read ?? { adults: 1, children: 0 };
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, guests };
}

/** Whether traveller k (as sent) gave a nationality other than Iran's. */
function isForeign(traveller: unknown): boolean {
  const nationality = fieldsOf(traveller).nationality;
  return typeof nationality === "string" && nationality.trim() !== "" && nationality.trim().toUpperCase() !== IRAN;
}

/** Whether traveller k was sent as an adult; without the travellers (a page pricing rooms) the party counts. */
function isAdult(traveller: unknown): boolean {
  const type = fieldsOf(traveller).type;
  return type === undefined || type === "adult";
}

/** The room priced for its guests and lead: the nights at the rate that applies, and the extra bed for the stay. */
export function heldRoom(offer: HotelRoomOffer, guests: RoomGuests, leadPassenger: number, foreignLead: boolean): HeldHotelOffer {
  const foreignRate = foreignLead && offer.foreignNightPrices !== null;
  const nights = foreignRate ? offer.foreignNightPrices! : offer.nightPrices;
  const extraBed = guests.adults + guests.children > offer.capacity;
  const price = nights.reduce((sum, night) => sum + night, 0) + (extraBed ? offer.extraBedPerNight * offer.nights : 0);
  return { ...offer, guests, extraBed, leadPassenger, foreignRate, price };
}

type Revalidated = { ok: true; offers: HotelRoomOffer[] } | { ok: false; error: "OFFER_NOT_FOUND" | "SOLD_OUT" };

/** Every distinct offer asked once; an offer chosen n times needs n rooms left on every night. */
async function revalidateAll(hotels: HotelSupplier, offerIds: readonly string[], locale: Locale): Promise<Revalidated> {
  const wanted = new Map<string, number>();
  for (const offerId of offerIds) wanted.set(offerId, (wanted.get(offerId) ?? 0) + 1);
  const current = new Map<string, HotelRoomOffer>();
  for (const [offerId, count] of wanted) {
    const checked = await hotels.revalidate(offerId, locale);
    if (!checked.ok) return { ok: false, error: checked.error === "NOT_FOUND" ? "OFFER_NOT_FOUND" : "SOLD_OUT" };
    if (checked.offer.roomsLeft < count) return { ok: false, error: "SOLD_OUT" };
    current.set(offerId, checked.offer);
  }
  return { ok: true, offers: offerIds.map((offerId) => current.get(offerId)!) };
}

/** The passengers must be exactly one adult lead guest per room, in room order. */
function leadsMissing(party: Passengers, rooms: number, travellers: readonly unknown[] | undefined): boolean {
  if (party.adults !== rooms || party.children + party.infants > 0) return true;
  return travellers !== undefined && travellers.slice(0, rooms).some((traveller) => !isAdult(traveller));
}

/** The selection the pages and the API place hotel bookings with. */
export function hotelSelection(hotels: HotelSupplier): OfferSelection {
  return {
    async prepare(offerIds, party, locale, choices, travellers): Promise<SelectionResult> {
      if (offerIds.length === 0 || offerIds.length > MAX_ROOMS) return { ok: false, error: "OFFER_NOT_FOUND" };
      const revalidated = await revalidateAll(hotels, offerIds, locale);
      if (!revalidated.ok) return revalidated;
      const { offers } = revalidated;
      const [first] = offers as [HotelRoomOffer, ...HotelRoomOffer[]];
      // One booking is one stay at one hotel: rooms of another hotel or other dates are another booking.
      if (offers.some((offer) => offer.hotelId !== first.hotelId || offer.checkIn !== first.checkIn || offer.checkOut !== first.checkOut))
        return { ok: false, error: "OFFER_NOT_FOUND" };

      const errors: Errors = {};
      // Without choices (a page pricing the rooms before its form is sent) each room counts one adult.
      const read =
        choices === undefined
          ? { ok: true as const, guests: offers.map(() => ({ adults: 1, children: 0 })) }
          : readRooms(choices, offers.length);
      if (!read.ok) Object.assign(errors, read.errors);
      const guests = read.ok ? read.guests : offers.map(() => ({ adults: 1, children: 0 }));
      offers.forEach((offer, index) => {
        const room = guests[index]!;
        if (room.adults + room.children > offer.capacity + offer.extraBeds) errors[`rooms.${index}.guests`] ??= "ROOM_GUESTS_EXCEED";
      });
      if (leadsMissing(party, offers.length, travellers)) errors.passengers = "ROOM_LEAD_REQUIRED";
      if (first.region === "abroad" && first.nights > MAX_NIGHTS_ABROAD) errors.checkOut = "STAY_TOO_LONG";

      const held = offers.map((offer, index) => heldRoom(offer, guests[index]!, index, isForeign(travellers?.[index])));
      const requirements = HOTEL_SERVICE.passengerRequirements(held);
      if (Object.keys(errors).length > 0) return { ok: false, error: "INVALID", errors, requirements };
      return {
        ok: true,
        selection: {
          service: first.region === "abroad" ? "intHotel" : "hotel",
          supplierName: hotels.name,
          offers: held.map((offer) => ({ offerId: offer.offerId, offer, units: 1 })),
          // A room's price is the stay's nights (and extra bed); hotel taxes are in the rate.
          itemPrices: held.map((offer) => ({ base: offer.price, taxes: 0 })),
          requirements,
        },
      };
    },
  };
}
