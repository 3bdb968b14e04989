import type { Booking, TicketPlacement } from "#core/booking/booking.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { formatNumber, localizeDigits, translate } from "#core/i18n/messages.ts";
import { addDays, dateText } from "#core/search/dates.ts";
import { MAX_ROOMS, type Passengers } from "#core/search/search-forms.ts";
import type { DescribeContext } from "#core/services/service-module.ts";
import { partyOfRooms, tourRoomPrice } from "#core/tours/occupancy.ts";
import { tourSelection } from "#core/tours/tour-selection.ts";
import { TOUR_SERVICE } from "#core/tours/tour-service.ts";
import {
  tourOfferId,
  type HeldTourOffer,
  type Occupancy,
  type OccupancyPrices,
  type TourChoicesInput,
  type TourDetails,
  type TourPlacement,
  type TourRoom,
} from "#core/tours/tour.ts";
import type { RoomPriceLine } from "#app/components/tours/departure-data.ts";
import { OWN_FLIGHT_FIELDS, TOUR_ROOMS_FIELD, type TourChoicesView } from "#app/components/tours/purchase-form.ts";
import { MAX_VALUE_LENGTH, type FormValues } from "./booking-form.ts";
import type { FactorOptions } from "./factor.server.ts";
import type { PurchasePages } from "./flight-booking.server.ts";
import type { PriceGroup, PriceLine, PurchaseChoices } from "./purchase-choices.ts";

/**
 * Tours' purchase pages (issue 21) on the shared passengers page, pre-invoice and invoice, at home
 * (`/tour/reserve/passengers`) and abroad (`/internationaltour/reserve`). The rooms page sends one
 * `offer` (a departure at a hotel) and one `room=a-cwb-cnb-i` per room; the party is what the rooms
 * hold, every traveller (infants too) is a passenger, and the tour selection
 * (core/tours/tour-selection.ts) judges the rooms and the own flight and prices them by occupancy.
 * This file reads them and lays out what the held offer says they cost.
 */

/** Longer than any supplier's offer id: anything longer is no choice. */
const MAX_OFFER_ID = 200;
const ROOM_TEXT = /^(\d{1,2})-(\d{1,2})-(\d{1,2})-(\d{1,2})$/;
const TIME_TEXT = /^(\d{1,2}):(\d{2})$/;

const parse = (offer: unknown): HeldTourOffer => TOUR_SERVICE.parseOffer(offer);

function offerIdsOf(query: URLSearchParams): string[] {
  const id = query.get("offer");
  return id && id.length <= MAX_OFFER_ID ? [id] : [];
}

/** The rate each adult of a room pays, by how many share it (the occupancy rule of core/tours/occupancy.ts). */
const ADULTS_RATE: readonly Occupancy[] = ["single", "double", "triple"];

/**
 * A valid room's price told part by part (who, how many, at what per-person rate), for the pages to
 * explain it; the price itself is `tourRoomPrice`'s, and a caller shows one line when they differ.
 */
export function roomPriceLines(prices: OccupancyPrices, room: TourRoom): RoomPriceLine[] {
  const adults = ADULTS_RATE[room.adults - 1];
  const lines: RoomPriceLine[] = adults ? [{ occupancy: adults, count: room.adults, each: prices[adults] }] : [];
  const others: [Occupancy, number][] = [
    ["childWithBed", room.childrenWithBed],
    ["childNoBed", room.childrenNoBed],
    ["infant", room.infants],
  ];
  for (const [occupancy, count] of others) if (count > 0) lines.push({ occupancy, count, each: prices[occupancy] });
  return lines;
}

/** The lines of a room that add up to its price; null when they do not (a price the supplier worked out otherwise). */
export function explainedRoomPrice(
  prices: OccupancyPrices,
  room: TourRoom,
  price: number = tourRoomPrice(room, prices),
): RoomPriceLine[] | null {
  const lines = roomPriceLines(prices, room);
  return lines.reduce((sum, line) => sum + line.count * line.each, 0) === price ? lines : null;
}

/** A room's counts as the query writes them. */
export function roomText(room: TourRoom): string {
  return `${room.adults}-${room.childrenWithBed}-${room.childrenNoBed}-${room.infants}`;
}

/** Locale-free: the passengers page of a departure at one of its hotels, for these rooms. */
export function tourPassengersPath(departure: Pick<TourDetails, "scope" | "tourId">, hotelId: string, rooms: readonly TourRoom[]): string {
  const base = departure.scope === "international" ? "/internationaltour/reserve" : "/tour/reserve/passengers";
  return `${base}?offer=${encodeURIComponent(tourOfferId(departure.tourId, hotelId))}${rooms.map((room) => `&room=${roomText(room)}`).join("")}`;
}

/**
 * Who sleeps in each room as the query says (`room=a-cwb-cnb-i`); a text that is no room is passed
 * on as sent, for the selection to refuse on its room.
 */
function queryRooms(query: URLSearchParams): TourChoicesInput["rooms"] {
  return query
    .getAll("room")
    .slice(0, MAX_ROOMS + 1)
    .map((sent) => {
      const text = latinDigits(sent.slice(0, 16)).trim();
      const match = ROOM_TEXT.exec(text);
      if (!match) return { adults: text, childrenWithBed: text, childrenNoBed: text, infants: text };
      return { adults: Number(match[1]), childrenWithBed: Number(match[2]), childrenNoBed: Number(match[3]), infants: Number(match[4]) };
    });
}

/** The rooms of the query that are counts, for the party and the links; the selection judges them all. */
function readableRooms(query: URLSearchParams): TourRoom[] {
  return queryRooms(query).filter((room): room is TourRoom =>
    [room.adults, room.childrenWithBed, room.childrenNoBed, room.infants].every((count) => typeof count === "number"),
  );
}

/** The rooms page (locale-free) of a held or chosen departure, with its rooms: where they are changed. */
function roomsPagePath(offer: Pick<HeldTourOffer, "tourId" | "hotel">, rooms: readonly TourRoom[]): string {
  return `/tour/searchRooms/${encodeURIComponent(offer.tourId)}?hotel=${encodeURIComponent(offer.hotel.hotelId)}${rooms
    .map((room) => `&room=${roomText(room)}`)
    .join("")}`;
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, MAX_VALUE_LENGTH).trim() : "";
}

/**
 * The own flight's fields as the selection's input: the arrival is its day (chosen from the two
 * it may be) and its clock time typed in any digits. Absent when the page did not ask for it.
 */
function readOwnFlight(form: FormData): { input: TourChoicesInput["ownFlight"]; values: FormValues } {
  const values: FormValues = {};
  for (const name of Object.values(OWN_FLIGHT_FIELDS)) {
    const value = text(form, name);
    if (value) values[name] = value;
  }
  if (!Object.values(OWN_FLIGHT_FIELDS).some((name) => form.has(name))) return { input: undefined, values };
  const day = values[OWN_FLIGHT_FIELDS.arrivalDay] ?? "";
  const clock = TIME_TEXT.exec(latinDigits(values[OWN_FLIGHT_FIELDS.arrivalTime] ?? ""));
  const time = clock ? `${clock[1]!.padStart(2, "0")}:${clock[2]}` : latinDigits(values[OWN_FLIGHT_FIELDS.arrivalTime] ?? "");
  return {
    input: {
      airline: values[OWN_FLIGHT_FIELDS.airline] ?? "",
      flightNumber: latinDigits(values[OWN_FLIGHT_FIELDS.flightNumber] ?? "").toUpperCase(),
      arrivesAt: day && time ? `${day}T${time}` : "",
    },
    values,
  };
}

function dayText(iso: string, describe: DescribeContext): string {
  return localizeDigits(describe.locale, dateText(iso, describe.calendar));
}

/** "IR 451 · Iran Air · 1404/09/12 14:30" as held. */
function flightText(offer: HeldTourOffer, describe: DescribeContext): string | null {
  const flight = offer.ownFlight;
  if (!flight) return null;
  const arrival = `${dayText(flight.arrivesAt.slice(0, 10), describe)} ${localizeDigits(describe.locale, flight.arrivesAt.slice(11, 16))}`;
  return [`\u2068${flight.flightNumber}\u2069`, flight.airline, arrival].join(" · ");
}

function amountText(locale: Locale, count: number, price: number): string {
  // No-break spaces: "2 × 12,000,000" never breaks across lines.
  return `${formatNumber(locale, count)}\u00a0×\u00a0${formatNumber(locale, price)}`;
}

/** One room's price by who sleeps in it; one line when the parts do not add up to what was charged. */
function roomLines(offer: HeldTourOffer, room: HeldTourOffer["rooms"][number], index: number, locale: Locale): PriceLine[] {
  const lines = explainedRoomPrice(offer.hotel.prices, room, room.price);
  if (!lines) return [{ label: translate(locale, "tourPurchase.line.room", { n: index + 1 }), detail: null, amount: room.price }];
  return lines.map((line) => ({
    label: translate(locale, `tourPurchase.occupancy.${line.occupancy}`),
    detail: amountText(locale, line.count, line.each),
    amount: line.count * line.each,
  }));
}

export const TOUR_CHOICES: PurchaseChoices<TourChoicesView> = {
  fromQuery: (query): TourChoicesInput => ({ rooms: queryRooms(query) }),

  fromForm(form, _party, query) {
    const ownFlight = readOwnFlight(form);
    // Rooms are chosen on the rooms page: any refusal of them stands above the travellers.
    const fields: Record<string, string> = {
      rooms: TOUR_ROOMS_FIELD,
      ownFlight: OWN_FLIGHT_FIELDS.airline,
      "ownFlight.arrivesAt": OWN_FLIGHT_FIELDS.arrivalTime,
    };
    queryRooms(query).forEach((_room, index) => {
      fields[`rooms.${index}`] = TOUR_ROOMS_FIELD;
      for (const count of ["adults", "childrenWithBed", "childrenNoBed", "infants"]) fields[`rooms.${index}.${count}`] = TOUR_ROOMS_FIELD;
    });
    const input: TourChoicesInput = { rooms: queryRooms(query), ...(ownFlight.input ? { ownFlight: ownFlight.input } : {}) };
    return { input, values: ownFlight.values, fields };
  },

  view(stored, describe, query) {
    const offer = parse(stored[0]);
    const { locale } = describe;
    const ownFlight = offer.transfer === "ownFlight";
    const arrivalDays = ownFlight
      ? [offer.departureDate, addDays(offer.departureDate, -1)].map((day, index) => ({
          value: day,
          label: translate(locale, index === 0 ? "tourPurchase.ownFlight.dayOf" : "tourPurchase.ownFlight.dayBefore", {
            date: dayText(day, describe),
          }),
        }))
      : [];
    const values: FormValues = {};
    if (ownFlight) values[OWN_FLIGHT_FIELDS.arrivalDay] = offer.ownFlight?.arrivesAt.slice(0, 10) ?? offer.departureDate;
    return {
      data: {
        title: offer.title,
        hotelName: offer.hotel.name,
        board: translate(locale, `tourPurchase.board.${offer.hotel.board}`),
        dates: translate(locale, "hotelPurchase.stay", {
          checkIn: dayText(offer.departureDate, describe),
          checkOut: dayText(offer.returnDate, describe),
        }),
        rooms: offer.rooms.map((room) => ({ ...room })),
        visa: offer.visa,
        arrivalDays: query === null ? [] : arrivalDays,
        heldFlight: query === null ? flightText(offer, describe) : null,
        roomsHref: query === null ? null : localizePath(locale, roomsPagePath(offer, offer.rooms)),
      },
      values,
    };
  },

  // The rooms are the fare: nothing is priced beside it.
  price: () => 0,

  breakdown(items, _travellers, describe): PriceGroup[] {
    const { locale } = describe;
    return items.flatMap((item) => {
      const offer = parse(item.offer);
      return offer.rooms.map((room, index) => ({
        title: `${offer.hotel.name} · ${translate(locale, "tourPurchase.rooms.room", { n: index + 1 })}`,
        lines: roomLines(offer, room, index, locale),
      }));
    });
  },
};

/** Where a voucher stands: "Confirmation no. TR000012, Room 1". */
export function tourPlacement(placement: TicketPlacement, locale: Locale): string | null {
  const { confirmation, room } = placement as Partial<Record<keyof TourPlacement, unknown>>;
  if (typeof confirmation !== "string" || !confirmation) return null;
  return translate(locale, "tourPurchase.voucher", {
    confirmation: `\u2068${confirmation}\u2069`,
    room: typeof room === "string" ? room : "",
  });
}

function passengersPath(service: Booking["service"]): string {
  return service === "intTour" ? "/internationaltour/reserve" : "/tour/reserve/passengers";
}

/** The two services' pages differ only in the service their switch is and where their own page is. */
function tourPages(service: "tour" | "intTour"): PurchasePages<TourChoicesView> {
  return {
    service,
    offerIds: (_routeKey, query) => offerIdsOf(query),
    // Every traveller of the rooms is a passenger: infants too, each on a lap of the package's transport.
    partyOf: (query): Passengers => partyOfRooms(readableRooms(query)),
    selection(context) {
      // No tour supplier configured: nothing can be revalidated, so the departure is as good as gone.
      if (!context.tours) return { prepare: () => Promise.resolve({ ok: false, error: "OFFER_NOT_FOUND" }) };
      return tourSelection(context.tours);
    },
    searchPath(stored, _routeKey, _party, _today, query) {
      const first = stored[0] === undefined ? null : parse(stored[0]);
      if (!first) return "/tour";
      // The passengers page's rooms are in its query; a held booking's in its offer.
      return roomsPagePath(first, query ? readableRooms(query) : first.rooms);
    },
    editPath: (booking) => `${passengersPath(booking.service)}?edit=${booking.hashId}`,
    choices: TOUR_CHOICES,
  };
}

export const TOUR_PAGES = tourPages("tour");
export const INTERNATIONAL_TOUR_PAGES = tourPages("intTour");

/** The invoice's tour parts: each room's price, each traveller's confirmation number and the vouchers' boxes. */
export const TOUR_FACTOR: FactorOptions = {
  breakdown: (items, travellers, describe) => TOUR_CHOICES.breakdown(items, travellers, describe),
  placement: tourPlacement,
  ticketLines: true,
};
