/* eslint-disable @typescript-eslint/require-await -- an in-memory fake answers at once, behind the supplier's promises */
import type { RefundRule } from "../flights/flight.ts";
import { addDays, daysBetween } from "../search/dates.ts";
import type { SupplierHold } from "../suppliers/ports.ts";
import {
  averagePerNight,
  type HeldHotelOffer,
  type HotelComment,
  type HotelDetails,
  type HotelListing,
  type HotelRoomOffer,
  type RoomType,
} from "./hotel.ts";
import type { HotelComments, HotelSupplier, HotelVoucher } from "./supplier.ts";

/**
 * Hotels for unit, API and page tests: two in Mashhad and one in Istanbul, each room type with a
 * number of rooms per night that tests may lower (`closeNight`) to draw the case they need.
 */
export interface TestRoomType {
  id: string;
  type: RoomType;
  name: string;
  capacity: number;
  extraBeds: number;
  breakfast: boolean;
  perNight: number;
  foreignPerNight: number | null;
  extraBedPerNight: number;
  rooms: number;
}

export interface TestHotel {
  details: HotelDetails;
  roomTypes: TestRoomType[];
  refundable: boolean;
}

function details(overrides: Partial<HotelDetails> & Pick<HotelDetails, "hotelId" | "city" | "name">): HotelDetails {
  return {
    countryCode: "IR",
    region: "iran",
    kind: "hotel",
    stars: 4,
    address: "Imam Reza Street",
    location: { lat: 36.2878, lng: 59.6157 },
    distanceKm: 0.8,
    rating: { total: 8.4, count: 120 },
    thumbnail: { src: `/hotel-images/${overrides.city}/${overrides.hotelId}/1.svg`, alt: overrides.name },
    facilities: ["wifi", "parking", "restaurant", "elevator"],
    description: "A hotel a short walk from the shrine.",
    gallery: [1, 2, 3].map((index) => ({ src: `/hotel-images/${overrides.city}/${overrides.hotelId}/${index}.svg`, alt: overrides.name })),
    rules: { base: ["Check-in from 14:00, check-out by 12:00."], other: ["Pets are not allowed."] },
    distances: [{ landmark: "Imam Reza shrine", km: 0.8 }],
    ratingBreakdown: {
      quality: 8.5,
      facilities: 8,
      location: 9.2,
      price: 7.9,
      food: 8.1,
      relaxation: 8.3,
      staff: 8.8,
      cleaning: 8.6,
      total: 8.4,
      count: 120,
    },
    checkInTime: "14:00",
    checkOutTime: "12:00",
    ...overrides,
  };
}

function room(id: string, type: RoomType, capacity: number, perNight: number, overrides: Partial<TestRoomType> = {}): TestRoomType {
  return {
    id,
    type,
    name: `${type} room`,
    capacity,
    extraBeds: 0,
    breakfast: true,
    perNight,
    foreignPerNight: null,
    extraBedPerNight: 0,
    rooms: 5,
    ...overrides,
  };
}

export function testHotels(): TestHotel[] {
  return [
    {
      details: details({ hotelId: "darvishi", city: "mashhad", name: "Darvishi Hotel", stars: 5, rating: { total: 9.1, count: 340 } }),
      refundable: true,
      roomTypes: [
        room("darvishi:double", "double", 2, 3_200_000, { extraBeds: 1, extraBedPerNight: 900_000, foreignPerNight: 4_100_000 }),
        room("darvishi:twin", "twin", 2, 3_000_000),
        room("darvishi:suite", "suite", 4, 7_500_000, { rooms: 2 }),
      ],
    },
    {
      details: details({
        hotelId: "razi",
        city: "mashhad",
        name: "Razi Hotel",
        stars: 3,
        distanceKm: 2.4,
        facilities: ["wifi", "elevator"],
      }),
      refundable: true,
      roomTypes: [room("razi:single", "single", 1, 1_100_000, { breakfast: false }), room("razi:triple", "triple", 3, 2_400_000)],
    },
    {
      details: details({
        hotelId: "golden-horn",
        city: "istanbul",
        countryCode: "TR",
        region: "abroad",
        name: "Golden Horn Hotel",
        address: "Sirkeci, Fatih",
        location: { lat: 41.0136, lng: 28.9766 },
      }),
      refundable: false,
      roomTypes: [room("golden-horn:double", "double", 2, 4_800_000)],
    },
  ];
}

/** Free until 3 days before check-in (14:00), then the first night (about 30% of a short stay), nothing back once the stay began. */
export const TEST_HOTEL_REFUND_RULE: RefundRule = {
  id: "hotel-test",
  airlineCode: "hotel",
  fareClasses: [],
  charter: false,
  refundable: true,
  windows: [
    { minutesBefore: 3 * 24 * 60, penaltyPercent: 0 },
    { minutesBefore: 0, penaltyPercent: 30 },
  ],
  afterDeparturePercent: 100,
};

export interface TestHotelSupplier extends HotelSupplier {
  /** Takes rooms of a type off sale for one night (sold elsewhere), to draw the case a test needs. */
  closeNight(roomTypeId: string, night: string, roomsLeft?: number): void;
}

interface Held {
  hold: SupplierHold;
  roomTypeId: string;
  nights: string[];
  lead: number;
  vouchers: HotelVoucher[] | null;
}

const OFFER_SEPARATOR = "|";

/** The stay's nights: check-in to the night before check-out. */
export function stayNights(checkIn: string, checkOut: string): string[] {
  return Array.from({ length: Math.max(0, daysBetween(checkIn, checkOut)) }, (_unused, index) => addDays(checkIn, index));
}

/**
 * An in-memory hotel supplier: room-nights per room type and night, one hold takes one room for
 * every night of its stay or nothing, one voucher per held room for its lead guest.
 */
export function testHotelSupplier(
  hotels: readonly TestHotel[] = testHotels(),
  options: { name?: string; rule?: RefundRule } = {},
): TestHotelSupplier {
  const closed = new Map<string, number>();
  const holds = new Map<string, Held>();
  let counter = 0;

  const hotelOf = (roomTypeId: string) => hotels.find((hotel) => hotel.roomTypes.some((type) => type.id === roomTypeId));
  const left = (type: TestRoomType, night: string) => {
    const taken = [...holds.values()].filter((held) => held.roomTypeId === type.id && held.nights.includes(night)).length;
    return (closed.get(`${type.id}@${night}`) ?? type.rooms) - taken;
  };
  const offerOf = (hotel: TestHotel, type: TestRoomType, checkIn: string, checkOut: string): HotelRoomOffer => {
    const nights = stayNights(checkIn, checkOut);
    const { details: hotelDetails } = hotel;
    return {
      offerId: [type.id, checkIn, checkOut].join(OFFER_SEPARATOR),
      hotelId: hotelDetails.hotelId,
      hotelName: hotelDetails.name,
      city: hotelDetails.city,
      countryCode: hotelDetails.countryCode,
      region: hotelDetails.region,
      stars: hotelDetails.stars,
      address: hotelDetails.address,
      roomType: type.type,
      roomName: type.name,
      capacity: type.capacity,
      extraBeds: type.extraBeds,
      breakfast: type.breakfast,
      checkIn,
      checkOut,
      nights: nights.length,
      nightPrices: nights.map(() => type.perNight),
      foreignNightPrices: type.foreignPerNight === null ? null : nights.map(() => type.foreignPerNight!),
      extraBedPerNight: type.extraBedPerNight,
      total: type.perNight * nights.length,
      roomsLeft: Math.min(...nights.map((night) => left(type, night))),
      refundable: hotel.refundable,
      cancellationPolicy: hotel.refundable ? "Free until 3 days before check-in, then 30%." : "Non-refundable.",
      checkInAt: `${checkIn}T14:00:00+03:30`,
      checkOutAt: `${checkOut}T12:00:00+03:30`,
    };
  };
  const parse = (offerId: string) => {
    const [roomTypeId = "", checkIn = "", checkOut = ""] = offerId.split(OFFER_SEPARATOR);
    const hotel = hotelOf(roomTypeId);
    const type = hotel?.roomTypes.find((candidate) => candidate.id === roomTypeId);
    return hotel && type && daysBetween(checkIn, checkOut) > 0 ? { hotel, type, checkIn, checkOut } : null;
  };

  return {
    service: "hotel",
    name: options.name ?? "test-hotels",
    closeNight(roomTypeId, night, roomsLeft = 0) {
      closed.set(`${roomTypeId}@${night}`, roomsLeft);
    },
    async searchHotels(query) {
      const listings: HotelListing[] = [];
      for (const hotel of hotels) {
        if (hotel.details.city !== query.city || hotel.details.region !== query.region) continue;
        const offers = hotel.roomTypes
          .map((type) => offerOf(hotel, type, query.checkIn, query.checkOut))
          .filter((offer) => offer.roomsLeft > 0);
        // Each room of the party takes the cheapest type it fits while rooms of it are left.
        const used = new Map<string, number>();
        let total = 0;
        let fits = true;
        for (const wanted of query.rooms) {
          const choice = offers
            .filter(
              (offer) =>
                wanted.adults + wanted.children <= offer.capacity + offer.extraBeds && offer.roomsLeft > (used.get(offer.offerId) ?? 0),
            )
            .sort((a, b) => a.total - b.total)[0];
          if (!choice) {
            fits = false;
            break;
          }
          used.set(choice.offerId, (used.get(choice.offerId) ?? 0) + 1);
          const extra = wanted.adults + wanted.children > choice.capacity ? choice.extraBedPerNight * choice.nights : 0;
          total += choice.total + extra;
        }
        if (!fits || offers.length === 0) continue;
        const nights = daysBetween(query.checkIn, query.checkOut);
        const {
          description: _description,
          gallery: _gallery,
          rules: _rules,
          distances: _distances,
          ratingBreakdown: _rating,
          checkInTime: _in,
          checkOutTime: _out,
          ...listing
        } = hotel.details;
        listings.push({
          ...listing,
          beds: [...new Set(offers.map((offer) => offer.capacity))].sort((a, b) => a - b),
          cheapestTotal: total,
          cheapestPerNight: averagePerNight(total, nights, query.rooms.length),
          breakfast: offers.some((offer) => offer.breakfast),
        });
      }
      return listings;
    },
    async hotel(city, hotelId) {
      return hotels.find((hotel) => hotel.details.city === city && hotel.details.hotelId === hotelId)?.details ?? null;
    },
    async rooms(city, hotelId, stay) {
      const hotel = hotels.find((candidate) => candidate.details.city === city && candidate.details.hotelId === hotelId);
      if (!hotel) return [];
      return hotel.roomTypes.map((type) => offerOf(hotel, type, stay.checkIn, stay.checkOut)).filter((offer) => offer.roomsLeft > 0);
    },
    async cities(region) {
      const counts = new Map<string, { city: string; countryCode: string; hotels: number }>();
      for (const { details: hotel } of hotels)
        if (hotel.region === region) {
          const entry = counts.get(hotel.city) ?? { city: hotel.city, countryCode: hotel.countryCode, hotels: 0 };
          entry.hotels += 1;
          counts.set(hotel.city, entry);
        }
      return [...counts.values()];
    },
    async revalidate(offerId) {
      const parsed = parse(offerId);
      if (!parsed) return { ok: false, error: "NOT_FOUND" };
      const offer = offerOf(parsed.hotel, parsed.type, parsed.checkIn, parsed.checkOut);
      return offer.roomsLeft > 0 ? { ok: true, offer } : { ok: false, error: "SOLD_OUT" };
    },
    async hold(offerId, rooms, until, chosen) {
      const parsed = parse(offerId);
      if (!parsed) return { ok: false, error: "SOLD_OUT" };
      const nights = stayNights(parsed.checkIn, parsed.checkOut);
      if (nights.some((night) => left(parsed.type, night) < rooms)) return { ok: false, error: "CAPACITY_FULL" };
      const hold = { holdId: `hotel-hold-${++counter}`, offerId, seats: rooms, expiresAt: until.toISOString() };
      holds.set(hold.holdId, {
        hold,
        roomTypeId: parsed.type.id,
        nights,
        lead: (chosen as HeldHotelOffer | undefined)?.leadPassenger ?? 0,
        vouchers: null,
      });
      return { ok: true, hold };
    },
    async extend(hold, until) {
      const held = holds.get(hold.holdId);
      if (!held) return { ok: false, error: "HOLD_LOST" };
      held.hold = { ...held.hold, expiresAt: until.toISOString() };
      return { ok: true, hold: held.hold };
    },
    async issue(hold) {
      const held = holds.get(hold.holdId);
      if (!held) return { ok: false, error: "ISSUE_FAILED" };
      const confirmation = `HT${hold.holdId.replace(/\D/g, "").padStart(6, "0")}`;
      held.vouchers ??= [
        {
          holdId: hold.holdId,
          pnr: confirmation,
          ticketNumber: `${confirmation}-1`,
          passengerPosition: held.lead,
          leg: 0,
          placement: { confirmation, room: held.roomTypeId },
        },
      ];
      return { ok: true, tickets: held.vouchers };
    },
    async cancel(target) {
      const ids = Array.isArray(target) ? target.map((voucher) => voucher.holdId) : [target.holdId];
      // The room-nights go back on sale at once.
      for (const id of ids) holds.delete(id);
      return { ok: true };
    },
    async refundTerms(offerId) {
      const parsed = parse(offerId);
      if (!parsed) return null;
      const rule = parsed.hotel.refundable
        ? (options.rule ?? TEST_HOTEL_REFUND_RULE)
        : { ...TEST_HOTEL_REFUND_RULE, id: "hotel-test-nonref", refundable: false, windows: [] };
      return { rule, departAt: new Date(`${parsed.checkIn}T14:00:00+03:30`), cancelledByAirline: false };
    },
  };
}

/** Comments kept in memory: a user "stayed" when the test says so. */
export function testHotelComments(
  stayed: (userId: string, hotelId: string) => boolean = () => true,
): HotelComments & { comments: HotelComment[] } {
  const comments: HotelComment[] = [];
  const authors = new Set<string>();
  return {
    comments,
    async list({ hotelId }, { limit, offset }) {
      const mine = comments.filter((comment) => comment.hotelId === hotelId);
      return { total: mine.length, comments: mine.slice(offset, offset + limit) };
    },
    async add(input) {
      if (!stayed(input.userId, input.hotelId)) return { ok: false, error: "NOT_STAYED" };
      if (authors.has(`${input.userId}@${input.hotelId}`)) return { ok: false, error: "ALREADY_COMMENTED" };
      authors.add(`${input.userId}@${input.hotelId}`);
      const comment = {
        id: `comment-${comments.length + 1}`,
        hotelId: input.hotelId,
        author: input.author,
        score: input.score,
        text: input.text,
        createdAt: "2026-11-20T10:00:00+03:30",
      };
      comments.push(comment);
      return { ok: true, comment };
    },
  };
}
