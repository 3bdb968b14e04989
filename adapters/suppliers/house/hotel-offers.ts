import type { RefundRule } from "#core/flights/flight.ts";
import {
  averagePerNight,
  MAX_NIGHTS_ABROAD,
  MAX_NIGHTS_IRAN,
  HOTEL_DAYS_AHEAD,
  ROOM_TYPES,
  type HotelDetails,
  type HotelFacility,
  type HotelKind,
  type HotelListing,
  type HotelRegion,
  type HotelRoomOffer,
  type RoomType,
} from "#core/hotels/hotel.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { addDays, daysBetween, isIsoDate } from "#core/search/dates.ts";
import type { hotelRefundRules, hotelRoomTypes, hotels } from "#adapters/db/schema.ts";
import { hotelNightPrice } from "#seed/hotels/nights.ts";
import { IMAGE_SUBJECTS } from "#seed/hotels/words.ts";

/**
 * The house hotel supplier's pure parts: offer ids, which stays it sells, and how its rows read as
 * listings, pages and offers in the asked language.
 */
export type HotelRow = typeof hotels.$inferSelect;
export type RoomTypeRow = typeof hotelRoomTypes.$inferSelect;
export type RefundRuleRow = typeof hotelRefundRules.$inferSelect;
export interface Stay {
  checkIn: string;
  checkOut: string;
}

const OFFER_ID = new RegExp(`^hotel1:([a-z0-9-]{1,80}:(?:${ROOM_TYPES.join("|")})):(\\d{4}-\\d{2}-\\d{2}):(\\d{4}-\\d{2}-\\d{2})$`);

/** "hotel1:<room type id>:<check-in>:<check-out>": stable for a room type and a stay. */
export function hotelOfferId(roomTypeId: string, stay: Stay): string {
  return `hotel1:${roomTypeId}:${stay.checkIn}:${stay.checkOut}`;
}

export function parseHotelOfferId(offerId: unknown): ({ roomTypeId: string } & Stay) | null {
  if (typeof offerId !== "string" || offerId.length > 120) return null;
  const match = OFFER_ID.exec(offerId);
  if (!match || !isIsoDate(match[2]) || !isIsoDate(match[3])) return null;
  return { roomTypeId: match[1]!, checkIn: match[2], checkOut: match[3] };
}

/** The nights of a stay: check-in to the night before check-out. */
export function nightsOf(stay: Stay): string[] {
  return Array.from({ length: Math.max(0, daysBetween(stay.checkIn, stay.checkOut)) }, (_, index) => addDays(stay.checkIn, index));
}

/** Whether the supplier sells this stay: a night or more, within the region's longest stay and the 180 days from today. */
export function sellableStay(stay: Stay, region: HotelRegion, today: string): boolean {
  if (!isIsoDate(stay.checkIn) || !isIsoDate(stay.checkOut)) return false;
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  const longest = region === "abroad" ? MAX_NIGHTS_ABROAD : MAX_NIGHTS_IRAN;
  return nights >= 1 && nights <= longest && stay.checkIn >= today && daysBetween(today, stay.checkOut) <= HOTEL_DAYS_AHEAD;
}

export function hotelImage(hotel: HotelRow, index: number, locale: Locale) {
  const subject = IMAGE_SUBJECTS[(index - 1) % IMAGE_SUBJECTS.length]!;
  return { src: `/hotel-images/${hotel.city}/${hotel.id}/${index}.svg`, alt: `${hotel.names[locale]} — ${subject[locale]}` };
}

/** What a listing and a page share: the hotel as a card shows it. */
function hotelSummary(hotel: HotelRow, locale: Locale) {
  return {
    hotelId: hotel.id,
    city: hotel.city,
    countryCode: hotel.countryCode,
    region: hotel.region as HotelRegion,
    kind: hotel.kind as HotelKind,
    name: hotel.names[locale],
    stars: hotel.stars,
    address: hotel.addresses[locale],
    location: { lat: hotel.lat, lng: hotel.lng },
    distanceKm: hotel.distances[0]?.km ?? 0,
    rating: { total: hotel.rating.total, count: hotel.rating.count },
    thumbnail: hotelImage(hotel, 1, locale),
    facilities: hotel.facilities as HotelFacility[],
  };
}

export function hotelDetailsOf(hotel: HotelRow, locale: Locale): HotelDetails {
  return {
    ...hotelSummary(hotel, locale),
    description: hotel.descriptions[locale],
    gallery: Array.from({ length: hotel.images }, (_, index) => hotelImage(hotel, index + 1, locale)),
    rules: { base: hotel.rules.base.map((rule) => rule[locale]), other: hotel.rules.other.map((rule) => rule[locale]) },
    distances: hotel.distances.map((distance) => ({ landmark: distance.landmark[locale], km: distance.km })),
    ratingBreakdown: hotel.rating,
    checkInTime: "14:00",
    checkOutTime: "12:00",
  };
}

export function hotelOfferOf(
  hotel: HotelRow,
  type: RoomTypeRow,
  rule: RefundRuleRow,
  stay: Stay,
  roomsLeft: number,
  locale: Locale,
): HotelRoomOffer {
  const region = hotel.region as HotelRegion;
  const nights = nightsOf(stay);
  const nightPrices = nights.map((night) => hotelNightPrice(type.perNight, night, region));
  const foreign = type.foreignPerNight;
  return {
    offerId: hotelOfferId(type.id, stay),
    hotelId: hotel.id,
    hotelName: hotel.names[locale],
    city: hotel.city,
    countryCode: hotel.countryCode,
    region,
    stars: hotel.stars,
    address: hotel.addresses[locale],
    roomType: type.roomType as RoomType,
    roomName: type.names[locale],
    capacity: type.capacity,
    extraBeds: type.extraBeds,
    breakfast: type.breakfast,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    nights: nights.length,
    nightPrices,
    foreignNightPrices: foreign === null ? null : nights.map((night) => hotelNightPrice(foreign, night, region)),
    extraBedPerNight: type.extraBedPerNight,
    total: nightPrices.reduce((sum, price) => sum + price, 0),
    roomsLeft,
    refundable: rule.refundable,
    cancellationPolicy: rule.policy[locale],
    checkInAt: `${stay.checkIn}T14:00:00${hotel.utcOffset}`,
    checkOutAt: `${stay.checkOut}T12:00:00${hotel.utcOffset}`,
  };
}

/**
 * The cheapest way to put each room of the party in a free room type (an extra bed where one more
 * guest needs it), or null when some room of the party fits nowhere.
 */
export function cheapestChoice(offers: readonly HotelRoomOffer[], party: readonly { adults: number; children: number }[]) {
  const used = new Map<string, number>();
  let total = 0;
  for (const room of party) {
    const guests = room.adults + room.children;
    const priced = offers
      .filter((offer) => guests <= offer.capacity + offer.extraBeds && offer.roomsLeft > (used.get(offer.offerId) ?? 0))
      .map((offer) => ({ offer, price: offer.total + (guests > offer.capacity ? offer.extraBedPerNight * offer.nights : 0) }))
      .sort((a, b) => a.price - b.price)[0];
    if (!priced) return null;
    used.set(priced.offer.offerId, (used.get(priced.offer.offerId) ?? 0) + 1);
    total += priced.price;
  }
  const breakfast = offers.filter((offer) => used.has(offer.offerId)).every((offer) => offer.breakfast);
  return { total, breakfast };
}

export function hotelListingOf(
  hotel: HotelRow,
  offers: readonly HotelRoomOffer[],
  party: readonly { adults: number; children: number }[],
  locale: Locale,
): HotelListing | null {
  const choice = party.length > 0 ? cheapestChoice(offers, party) : null;
  if (!choice) return null;
  const smallest = Math.min(...party.map((room) => room.adults + room.children));
  const nights = offers[0]?.nights ?? 1;
  return {
    ...hotelSummary(hotel, locale),
    beds: [...new Set(offers.filter((offer) => offer.capacity + offer.extraBeds >= smallest).map((offer) => offer.capacity))].sort(
      (a, b) => a - b,
    ),
    cheapestTotal: choice.total,
    cheapestPerNight: averagePerNight(choice.total, nights, party.length),
    breakfast: choice.breakfast,
  };
}

/** The rule as refunds read it; the hotel stands where an airline would. */
export function refundRuleOf(rule: RefundRuleRow, hotelId: string): RefundRule {
  return {
    id: rule.id,
    airlineCode: hotelId,
    fareClasses: [],
    charter: false,
    refundable: rule.refundable,
    windows: rule.windows,
    afterDeparturePercent: rule.afterDeparturePercent,
  };
}
