import type { Booking, TicketPlacement } from "#core/booking/booking.ts";
import { hotelPath } from "#core/hotels/hotel-paths.ts";
import type { HeldHotelOffer, HotelChoicesInput, HotelPlacement, RoomGuests } from "#core/hotels/hotel.ts";
import { hotelSelection } from "#core/hotels/hotel-selection.ts";
import { HOTEL_SERVICE } from "#core/hotels/hotel-service.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { formatNumber, localizeDigits, translate } from "#core/i18n/messages.ts";
import { dateText } from "#core/search/dates.ts";
import { MAX_ROOMS, type Passengers } from "#core/search/search-forms.ts";
import type { DescribeContext } from "#core/services/service-module.ts";
import { ROOMS_FIELD, roomField, type HotelChoicesView, type HotelRoomView } from "#app/components/hotels/purchase-form.ts";
import type { FactorOptions } from "./factor.server.ts";
import type { PurchasePages } from "./flight-booking.server.ts";
import type { PriceGroup, PriceLine, PurchaseChoices } from "./purchase-choices.ts";

/**
 * Hotels' purchase pages (issue 20) on the shared passengers page, pre-invoice and invoice, for
 * Iran (`/hotel/reserve/passengers`) and abroad (`/internationalhotel/reserve`). The hotel page
 * sends one `offer` and one `room=adults-children` per room, in the same order; a booking of k
 * rooms is k items and k passengers, passenger k being room k's lead guest (an adult). The hotel
 * selection (core/hotels/hotel-selection.ts) judges who sleeps where and prices extra beds; this
 * file reads the rooms and lays out what the held offers say they cost.
 */

/** Longer than any supplier's offer id: anything longer is no choice. */
const MAX_OFFER_ID = 200;
const ROOM_TEXT = /^(\d{1,2})-(\d{1,2})$/;

const parse = (offer: unknown): HeldHotelOffer => HOTEL_SERVICE.parseOffer(offer);

function offerIdsOf(query: URLSearchParams): string[] {
  return query
    .getAll("offer")
    .filter((id) => id.length > 0 && id.length <= MAX_OFFER_ID)
    .slice(0, MAX_ROOMS);
}

/**
 * Who sleeps in each room as the query says, one per offer: a room left out is its lead guest
 * alone; a text that is no `a-c` is passed on as sent for the selection to refuse on its room.
 */
function queryRooms(query: URLSearchParams, count: number): HotelChoicesInput["rooms"] {
  const sent = query.getAll("room");
  return Array.from({ length: count }, (_unused, index) => {
    const text = latinDigits((sent[index] ?? "1-0").slice(0, 12)).trim();
    const match = ROOM_TEXT.exec(text);
    return { guests: match ? { adults: Number(match[1]), children: Number(match[2]) } : { adults: text, children: text } };
  });
}

const countOf = (value: unknown): number => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0);
/** Guests as sent, for showing: a count that is none reads as 0 (the selection refuses it). */
const countedGuests = (sent: HotelChoicesInput["rooms"][number]["guests"]): RoomGuests => ({
  adults: countOf(sent.adults),
  children: countOf(sent.children),
});

/** The hotel's page for the stay and rooms (locale-free): where other rooms are chosen. */
export function hotelPagePath(
  offer: Pick<HeldHotelOffer, "region" | "countryCode" | "city" | "hotelId" | "checkIn" | "checkOut">,
  rooms: readonly RoomGuests[],
): string {
  return hotelPath(offer, { checkIn: offer.checkIn, checkOut: offer.checkOut, rooms });
}

/** The guests a stored offer names, when the selection stored them (a held item always does). */
function guestsOf(offer: HeldHotelOffer): RoomGuests {
  return offer.guests ?? { adults: 1, children: 0 };
}

function extraBedTotal(offer: HeldHotelOffer, guests: RoomGuests): number {
  return guests.adults + guests.children > offer.capacity && offer.extraBeds > 0 ? offer.extraBedPerNight * offer.nights : 0;
}

function roomView(offer: HeldHotelOffer, guests: RoomGuests): HotelRoomView {
  const extra = extraBedTotal(offer, guests);
  return {
    name: offer.roomName,
    guests,
    breakfast: offer.breakfast,
    extraBed: guests.adults + guests.children > offer.capacity,
    extraBedPrice: extra,
    price: offer.total + extra,
    tooMany: guests.adults + guests.children > offer.capacity + offer.extraBeds || guests.adults < 1,
  };
}

function stayText(offer: HeldHotelOffer, describe: DescribeContext): string {
  const day = (iso: string) => localizeDigits(describe.locale, dateText(iso, describe.calendar));
  return translate(describe.locale, "hotelPurchase.stay", { checkIn: day(offer.checkIn), checkOut: day(offer.checkOut) });
}

function amountText(locale: Locale, count: number, price: number): string {
  // No-break spaces: "3 × 3,200,000" never breaks across lines.
  return `${formatNumber(locale, count)}\u00a0×\u00a0${formatNumber(locale, price)}`;
}

/** One room's price: its nights (at the rate charged), its extra bed; one line when they do not add up to what was charged. */
function roomLines(offer: HeldHotelOffer, fare: number, locale: Locale): PriceLine[] {
  const nights = offer.foreignRate && offer.foreignNightPrices ? offer.foreignNightPrices : offer.nightPrices;
  const same = nights.every((price) => price === nights[0]);
  const lines: PriceLine[] = [
    {
      label: translate(locale, offer.foreignRate ? "hotelPurchase.line.foreignNights" : "hotelPurchase.line.nights", {
        count: offer.nights,
      }),
      detail: same && nights[0] !== undefined ? amountText(locale, nights.length, nights[0]) : null,
      amount: nights.reduce((sum, price) => sum + price, 0),
    },
  ];
  if (offer.extraBed)
    lines.push({
      label: translate(locale, "hotelPurchase.line.extraBed"),
      detail: amountText(locale, offer.nights, offer.extraBedPerNight),
      amount: offer.nights * offer.extraBedPerNight,
    });
  const sum = lines.reduce((total, line) => total + line.amount, 0);
  return sum === fare ? lines : [{ label: translate(locale, "hotelPurchase.line.room"), detail: null, amount: fare }];
}

/** "Room 2: Double room" in the page's language. */
export function roomTitle(locale: Locale, room: number, name: string): string {
  return translate(locale, "hotelPurchase.room", { n: room + 1, name });
}

export const HOTEL_CHOICES: PurchaseChoices<HotelChoicesView> = {
  fromQuery: (query): HotelChoicesInput => ({ rooms: queryRooms(query, offerIdsOf(query).length) }),

  fromForm(_form, _party, query) {
    const rooms = queryRooms(query, offerIdsOf(query).length);
    // A refusal of room k (guests it does not sleep) stands above its lead guest; the stay's on the rooms as a whole.
    const fields: Record<string, string> = { rooms: ROOMS_FIELD, stay: ROOMS_FIELD, checkOut: ROOMS_FIELD, nights: ROOMS_FIELD };
    rooms.forEach((_room, index) => {
      for (const path of [`rooms.${index}`, `rooms.${index}.guests`, `rooms.${index}.guests.adults`, `rooms.${index}.guests.children`])
        fields[path] = roomField(index);
    });
    return { input: { rooms } satisfies HotelChoicesInput, values: {}, fields };
  },

  view(stored, describe, query) {
    const offers = stored.map(parse);
    const first = offers[0];
    // A held booking's rooms are in its offers; a new one's in the page's query.
    const guests: RoomGuests[] =
      query === null ? offers.map(guestsOf) : queryRooms(query, offers.length).map(({ guests: sent }) => countedGuests(sent));
    return {
      data: {
        hotelName: first?.hotelName ?? "",
        stay: first ? stayText(first, describe) : "",
        nights: first?.nights ?? 0,
        rooms: offers.map((offer, index) => roomView(offer, guests[index]!)),
        hotelHref: query !== null && first ? localizePath(describe.locale, hotelPagePath(first, guests)) : null,
      },
      values: {},
    };
  },

  // The page shows the rooms' fare at the Iranian rate; extra beds are listed at their price above
  // each lead guest, and a foreign lead guest's rate is the hotel's, shown room by room on the pre-invoice.
  price: (stored) => stored.map(parse).reduce((sum, offer) => sum + (offer.price - offer.total), 0),

  breakdown(items, _travellers, describe): PriceGroup[] {
    const { locale } = describe;
    return items.map((item, index) => {
      const offer = parse(item.offer);
      return {
        title: `${offer.hotelName} · ${roomTitle(locale, index, offer.roomName)} · ${stayText(offer, describe)}`,
        lines: roomLines(offer, item.base + item.taxes, locale),
      };
    });
  },
};

/** Where a voucher stands: "Confirmation no. HT000012". */
export function hotelPlacement(placement: TicketPlacement, locale: Locale): string | null {
  const { confirmation } = placement as Partial<Record<keyof HotelPlacement, unknown>>;
  return typeof confirmation === "string" && confirmation
    ? translate(locale, "hotelPurchase.voucher", { confirmation: `\u2068${confirmation}\u2069` })
    : null;
}

function passengersPath(service: Booking["service"]): string {
  return service === "intHotel" ? "/internationalhotel/reserve" : "/hotel/reserve/passengers";
}

/** The two services' pages differ only in the service their switch is and where their own page is. */
function hotelPages(service: "hotel" | "intHotel"): PurchasePages<HotelChoicesView> {
  return {
    service,
    offerIds: (_routeKey, query) => offerIdsOf(query),
    // One lead guest per room, each an adult: they are the booking's passengers.
    partyOf: (query): Passengers => ({ adults: Math.max(1, offerIdsOf(query).length), children: 0, infants: 0 }),
    selection(context) {
      // No hotel supplier configured: nothing can be revalidated, so the room is as good as gone.
      if (!context.hotels) return { prepare: () => Promise.resolve({ ok: false, error: "OFFER_NOT_FOUND" }) };
      return hotelSelection(context.hotels);
    },
    searchPath(stored, _routeKey, _party, _today, query) {
      const offers = stored.map(parse);
      const first = offers[0];
      if (!first) return service === "intHotel" ? "/outHotel" : "/hotel";
      // The passengers page's guests are in its query; a held booking's in its rooms.
      const guests = query ? queryRooms(query, offers.length).map(({ guests: sent }) => countedGuests(sent)) : offers.map(guestsOf);
      return hotelPagePath(first, guests);
    },
    editPath: (booking) => `${passengersPath(booking.service)}?edit=${booking.hashId}`,
    choices: HOTEL_CHOICES,
  };
}

export const HOTEL_PAGES = hotelPages("hotel");
export const INTERNATIONAL_HOTEL_PAGES = hotelPages("intHotel");

/** The invoice's hotel parts: each room's price, each lead guest's confirmation number and the vouchers' boxes. */
export const HOTEL_FACTOR: FactorOptions = {
  breakdown: (items, travellers, describe) => HOTEL_CHOICES.breakdown(items, travellers, describe),
  placement: hotelPlacement,
  ticketLines: true,
};
