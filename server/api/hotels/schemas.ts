import { z } from "zod";
import { BED_OPTIONS, HOTEL_FACILITIES, HOTEL_KINDS, PRICE_BANDS, ROOM_TYPES, STAR_FILTERS } from "#core/hotels/hotel.ts";
import type { HotelDetails, HotelListing, HotelRoomOffer } from "#core/hotels/hotel.ts";
import type { HotelFacets } from "#core/hotels/filters.ts";
import { apiSchemas } from "../openapi.ts";

/**
 * The hotel API's answers (issue 20): a hotel as the results list it, the facet counts of the
 * filter panel, and a hotel's page with its rooms for a stay. Each is built field by field, so a
 * supplier's own additions never leak.
 */

const money = z.number().int().min(0);
const image = z.object({ src: z.string().describe("A path this storefront serves."), alt: z.string() }).strict();
const region = z.enum(["iran", "abroad"]);

const hotelShared = {
  hotelId: z.string().describe("Slug unique across all cities; ask GET /api/v1/hotels/{hotelId} for its rooms."),
  name: z.string(),
  city: z.string().describe("City slug."),
  countryCode: z.string(),
  region,
  kind: z.enum(HOTEL_KINDS),
  stars: z.number().int().describe("0 for an unrated house."),
  address: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }).strict(),
  distanceKm: z.number().describe("Kilometres to the city's centre (or its shrine, old town)."),
  rating: z.object({ total: z.number(), count: z.number().int() }).strict(),
  thumbnail: image,
  facilities: z.array(z.enum(HOTEL_FACILITIES)),
};

export const hotelListingSchema = z
  .object({
    ...hotelShared,
    beds: z.array(z.number().int()).describe("Capacities of the room types free for the whole stay."),
    cheapestTotal: money.describe("The cheapest rooms for every room asked, for the whole stay, in tomans."),
    cheapestPerNight: money.describe("That per room per night: what the price bands filter by."),
    breakfast: z.boolean(),
  })
  .strict();
hotelListingSchema.register(apiSchemas, { id: "HotelListing" });

const facet = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.object({ value: z.enum(values), count: z.number().int() }).strict());

export const hotelFacetsSchema = z
  .object({
    stars: facet(STAR_FILTERS),
    priceBands: facet(PRICE_BANDS.map((band) => band.id) as [string, ...string[]]),
    beds: facet(BED_OPTIONS),
    facilities: facet(HOTEL_FACILITIES),
  })
  .strict()
  .describe("How many hotels each choice of a filter would show, the other filters applied.");

export const hotelRoomSchema = z
  .object({
    offerId: z.string().describe("Opaque; book a room by it (repeat it for two rooms of the type)."),
    type: z.enum(ROOM_TYPES),
    name: z.string(),
    capacity: z.number().int().describe("Guests the room sleeps without an extra bed."),
    extraBeds: z.number().int().describe("0 or 1: one more guest on an extra bed, priced apart."),
    extraBedPerNight: money,
    breakfast: z.boolean(),
    nights: z.number().int(),
    total: money.describe("One room for the stay at the Iranian rate, without an extra bed."),
    foreignTotal: money.nullable().describe("The same at the hotel's rate for foreign guests; null when it has none."),
    roomsLeft: z.number().int(),
    refundable: z.boolean(),
    cancellationPolicy: z.string(),
    checkInAt: z.string().describe("ISO 8601 with the city's offset."),
    checkOutAt: z.string(),
  })
  .strict();

export const hotelDetailsSchema = z
  .object({
    ...hotelShared,
    description: z.string(),
    gallery: z.array(image),
    rules: z.object({ base: z.array(z.string()), other: z.array(z.string()) }).strict(),
    distances: z.array(z.object({ landmark: z.string(), km: z.number() }).strict()),
    ratingBreakdown: z
      .record(z.string(), z.number())
      .describe("quality, facilities, location, price, food, relaxation, staff, cleaning, total (0–10) and count."),
    checkInTime: z.string(),
    checkOutTime: z.string(),
    rooms: z.array(hotelRoomSchema).describe("Room types free on every night of the stay, cheapest first."),
  })
  .strict();
hotelDetailsSchema.register(apiSchemas, { id: "HotelDetails" });

function shared(hotel: HotelListing | HotelDetails) {
  return {
    hotelId: hotel.hotelId,
    name: hotel.name,
    city: hotel.city,
    countryCode: hotel.countryCode,
    region: hotel.region,
    kind: hotel.kind,
    stars: hotel.stars,
    address: hotel.address,
    location: { lat: hotel.location.lat, lng: hotel.location.lng },
    distanceKm: hotel.distanceKm,
    rating: { total: hotel.rating.total, count: hotel.rating.count },
    thumbnail: { src: hotel.thumbnail.src, alt: hotel.thumbnail.alt },
    facilities: [...hotel.facilities],
  };
}

export function presentListing(hotel: HotelListing): z.infer<typeof hotelListingSchema> {
  return {
    ...shared(hotel),
    beds: [...hotel.beds],
    cheapestTotal: hotel.cheapestTotal,
    cheapestPerNight: hotel.cheapestPerNight,
    breakfast: hotel.breakfast,
  };
}

export function presentFacets(facets: HotelFacets): z.infer<typeof hotelFacetsSchema> {
  return facets;
}

export function presentRoom(offer: HotelRoomOffer): z.infer<typeof hotelRoomSchema> {
  const sum = (nights: readonly number[]) => nights.reduce((total, night) => total + night, 0);
  return {
    offerId: offer.offerId,
    type: offer.roomType,
    name: offer.roomName,
    capacity: offer.capacity,
    extraBeds: offer.extraBeds,
    extraBedPerNight: offer.extraBedPerNight,
    breakfast: offer.breakfast,
    nights: offer.nights,
    total: offer.total,
    foreignTotal: offer.foreignNightPrices === null ? null : sum(offer.foreignNightPrices),
    roomsLeft: offer.roomsLeft,
    refundable: offer.refundable,
    cancellationPolicy: offer.cancellationPolicy,
    checkInAt: offer.checkInAt,
    checkOutAt: offer.checkOutAt,
  };
}

export function presentDetails(hotel: HotelDetails, rooms: readonly HotelRoomOffer[]): z.infer<typeof hotelDetailsSchema> {
  const { ratingBreakdown: rating } = hotel;
  return {
    ...shared(hotel),
    description: hotel.description,
    gallery: hotel.gallery.map(({ src, alt }) => ({ src, alt })),
    rules: { base: [...hotel.rules.base], other: [...hotel.rules.other] },
    distances: hotel.distances.map(({ landmark, km }) => ({ landmark, km })),
    ratingBreakdown: { ...rating },
    checkInTime: hotel.checkInTime,
    checkOutTime: hotel.checkOutTime,
    rooms: [...rooms].sort((a, b) => a.total - b.total).map(presentRoom),
  };
}
