import { data, redirect, type AppLoadContext } from "react-router";
import { latinDigits } from "#core/i18n/digits.ts";
import { localizePath } from "#core/i18n/locales.ts";
import { passengerErrors, readCount, type Passengers } from "#core/search/search-forms.ts";
import {
  MAX_TOUR_ROOM_ADULTS,
  MAX_TOUR_ROOM_CHILDREN_NO_BED,
  MAX_TOUR_ROOM_CHILDREN_WITH_BED,
  MAX_TOUR_ROOMS,
  type TourDetails,
  type TourRoom,
} from "#core/tours/tour.ts";
import { isValidTourRoom, partyOfRooms, roomsHoldParty, seatsOfRooms, tourRoomPrice } from "#core/tours/occupancy.ts";
import { NO_STORE } from "#app/booking/answers.server.ts";
import { partyOfQuery } from "#app/booking/flight-booking.server.ts";
import { explainedRoomPrice, tourPassengersPath } from "#app/booking/tour-booking.server.ts";
import { requireService } from "#app/service-guard.server.ts";
import {
  ROOM_COUNTS,
  roomCountField,
  type DepartureView,
  type RoomView,
  type TourHotelsPage,
  type TourRoomsPage,
} from "#app/components/tours/departure-data.ts";
import { calendarOf } from "./search-page.server.ts";

/**
 * A departure's pages (issue 21): `/tour/searchHotels/{tourId}` shows the departure and its hotels,
 * `/tour/searchRooms/{tourId}?hotel=…` the rooms the visitor wants there and who sleeps in each.
 * The rooms page is a GET form that comes back to itself: every count is read from the query,
 * judged and priced here (core/tours/occupancy.ts), and "continue" is offered only for rooms that
 * are valid, hold the party searched for and fit the seats left.
 */

/** Longer than any departure id a supplier makes: anything longer is no departure. */
const MAX_TOUR_ID = 120;
const MAX_HOTEL_ID = 120;
/** A compact room of the passengers page's query: adults-childrenWithBed-childrenNoBed-infants. */
const ROOM_TEXT = /^(\d)-(\d)-(\d)-(\d)$/;
/** Private: the party and its rooms are the visitor's own. */
const PAGE_HEADERS = { "Cache-Control": "private, no-cache", Vary: "Cookie" };

/** The departure the path names, in the page's language, or the visitor's 404 (an unknown one, or a tour abroad on a tenant without them). */
async function departureOf(context: AppLoadContext, tourId: string | undefined): Promise<TourDetails> {
  requireService(context, "tour");
  if (!context.tours) throw data(null, { status: 503, headers: NO_STORE });
  if (!tourId || tourId.length > MAX_TOUR_ID) throw data(null, { status: 404 });
  const departure = await context.tours.tour(tourId, context.locale.locale);
  if (!departure) throw data(null, { status: 404 });
  if (departure.scope === "international") requireService(context, "intTour");
  return departure;
}

async function departureView(request: Request, context: AppLoadContext, departure: TourDetails): Promise<DepartureView> {
  const locale = context.locale.locale;
  const name = async (city: string) => (await context.places.byRouteCode(city, "tour", locale).catch(() => null))?.name ?? city;
  const [fromName, toName] = await Promise.all([name(departure.from), name(departure.to)]);
  return { departure, fromName, toName, calendar: calendarOf(request, locale) };
}

function partyQuery(party: Passengers): string {
  return `adults=${party.adults}&children=${party.children}&infants=${party.infants}`;
}

/** Locale-free: the rooms page of one hotel of a departure, for a party. */
export function tourRoomsPath(tourId: string, hotelId: string, party: Passengers): string {
  return `/tour/searchRooms/${encodeURIComponent(tourId)}?hotel=${encodeURIComponent(hotelId)}&${partyQuery(party)}`;
}

/** Locale-free: the departure's hotels for a party. */
export function tourHotelsPath(tourId: string, party: Passengers): string {
  return `/tour/searchHotels/${encodeURIComponent(tourId)}?${partyQuery(party)}`;
}

export async function tourHotelsLoader(request: Request, context: AppLoadContext, tourId: string | undefined) {
  const departure = await departureOf(context, tourId);
  const party = partyOfQuery(new URL(request.url).searchParams);
  const locale = context.locale.locale;
  const page: TourHotelsPage = {
    ...(await departureView(request, context, departure)),
    party,
    hotels: departure.hotelOptions.map((option) => ({
      option,
      roomsHref: localizePath(locale, tourRoomsPath(departure.tourId, option.hotelId, party)),
    })),
  };
  return data(page, { headers: PAGE_HEADERS });
}

// --- The rooms page -------------------------------------------------------------------------------

/** A count as typed (any digits), or NaN when it is none: the room is then refused, not guessed. */
function countOf(value: string | null): number {
  if (value === null || value.trim() === "") return 0;
  const text = latinDigits(value.trim());
  return /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
}

/** The rooms of the page's own form (`rooms.{k}.adults`…), with a room added or removed by its buttons. */
function formRooms(query: URLSearchParams): TourRoom[] | null {
  const rooms: TourRoom[] = [];
  for (let index = 0; index < MAX_TOUR_ROOMS; index += 1) {
    if (!ROOM_COUNTS.some((count) => query.has(roomCountField(index, count)))) continue;
    const read = (count: (typeof ROOM_COUNTS)[number]) => countOf(query.get(roomCountField(index, count)));
    rooms.push({
      adults: read("adults"),
      childrenWithBed: read("childrenWithBed"),
      childrenNoBed: read("childrenNoBed"),
      infants: read("infants"),
    });
  }
  if (rooms.length === 0) return null;
  const removed = readCount(query.get("remove") ?? undefined, -1);
  if (removed !== null && removed >= 0 && removed < rooms.length && rooms.length > 1) rooms.splice(removed, 1);
  if (query.get("add") === "1" && rooms.length < MAX_TOUR_ROOMS)
    rooms.push({ adults: 1, childrenWithBed: 0, childrenNoBed: 0, infants: 0 });
  return rooms;
}

/** The rooms as the passengers page's query names them (`room=2-1-0-0`), when coming back from it to change them. */
function compactRooms(query: URLSearchParams): TourRoom[] | null {
  const rooms = query
    .getAll("room")
    .slice(0, MAX_TOUR_ROOMS)
    .map((text) => ROOM_TEXT.exec(latinDigits(text.trim())))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({
      adults: Number(match[1]),
      childrenWithBed: Number(match[2]),
      childrenNoBed: Number(match[3]),
      infants: Number(match[4]),
    }));
  return rooms.length > 0 ? rooms : null;
}

/**
 * The party spread over as few rooms as the room limits allow, adults first, then one child with
 * a bed per room, the other children without, each infant beside an adult: where the visitor starts.
 */
export function splitParty(party: Passengers): TourRoom[] {
  const count = Math.min(
    MAX_TOUR_ROOMS,
    Math.max(1, party.adults),
    Math.max(
      1,
      Math.ceil(party.adults / MAX_TOUR_ROOM_ADULTS),
      Math.ceil(party.children / (MAX_TOUR_ROOM_CHILDREN_WITH_BED + MAX_TOUR_ROOM_CHILDREN_NO_BED)),
    ),
  );
  const rooms: TourRoom[] = Array.from({ length: count }, () => ({ adults: 0, childrenWithBed: 0, childrenNoBed: 0, infants: 0 }));
  for (let adult = 0; adult < party.adults; adult += 1) rooms[adult % count]!.adults += 1;
  for (let child = 0; child < party.children; child += 1) {
    const room = rooms[child % count]!;
    if (room.childrenWithBed < MAX_TOUR_ROOM_CHILDREN_WITH_BED) room.childrenWithBed += 1;
    else room.childrenNoBed += 1;
  }
  for (let infant = 0; infant < party.infants; infant += 1) {
    const room = rooms.find((candidate) => candidate.infants < candidate.adults) ?? rooms[infant % count]!;
    room.infants += 1;
  }
  return rooms;
}

function partyFromQuery(query: URLSearchParams, rooms: TourRoom[]): Passengers {
  if (["adults", "children", "infants"].some((name) => query.has(name))) return partyOfQuery(query);
  // Back from the passengers page: its rooms are the party.
  if (rooms.length > 0 && rooms.every(isValidTourRoom)) return partyOfRooms(rooms);
  return { adults: 1, children: 0, infants: 0 };
}

export async function tourRoomsLoader(request: Request, context: AppLoadContext, tourId: string | undefined) {
  const departure = await departureOf(context, tourId);
  const locale = context.locale.locale;
  const query = new URL(request.url).searchParams;
  const hotelId = (query.get("hotel") ?? "").slice(0, MAX_HOTEL_ID);
  const hotel = departure.hotelOptions.find((option) => option.hotelId === hotelId);
  const asked = formRooms(query) ?? compactRooms(query);
  const party = partyFromQuery(query, asked ?? []);
  // No such hotel on this departure (an old link): its hotels, for the same travellers.
  if (!hotel) throw redirect(localizePath(locale, tourHotelsPath(departure.tourId, party)), { headers: NO_STORE });
  const rooms = asked ?? splitParty(party);

  const errors: Record<string, string> = {};
  for (const [field, code] of Object.entries(passengerErrors(party))) if (code) errors[field] = code;
  const views: RoomView[] = rooms.map((room, index) => {
    if (!isValidTourRoom(room)) {
      errors[`rooms.${index}`] = "TOUR_ROOM_INVALID";
      return { ...room, price: null, lines: [] };
    }
    const price = tourRoomPrice(room, hotel.prices);
    return { ...room, price, lines: explainedRoomPrice(hotel.prices, room, price) ?? [] };
  });
  if (Object.keys(errors).length === 0) {
    if (!roomsHoldParty(rooms, party)) errors.rooms = "TOUR_ROOMS_PARTY_MISMATCH";
    else if (seatsOfRooms(rooms) > departure.seatsLeft) errors.rooms = "SOLD_OUT";
  }
  const valid = Object.keys(errors).length === 0;
  const page: TourRoomsPage = {
    ...(await departureView(request, context, departure)),
    hotel,
    party,
    rooms: views,
    errors,
    total: views.every((room) => room.price !== null) ? views.reduce((sum, room) => sum + room.price!, 0) : null,
    continueHref: valid ? localizePath(locale, tourPassengersPath(departure, hotel.hotelId, rooms)) : null,
    hotelsHref: localizePath(locale, tourHotelsPath(departure.tourId, party)),
    canAdd: rooms.length < MAX_TOUR_ROOMS,
  };
  // Refusals are the page's own answer to its GET form (the stepper asks again at each press): 200, not an error.
  return data(page, { headers: PAGE_HEADERS });
}
