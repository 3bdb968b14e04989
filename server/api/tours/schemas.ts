import { z } from "zod";
import {
  BOARD_BASES,
  MAX_TOUR_ROOM_ADULTS,
  MAX_TOUR_ROOM_CHILDREN_NO_BED,
  MAX_TOUR_ROOM_CHILDREN_WITH_BED,
  MAX_TOUR_ROOMS,
  OCCUPANCIES,
  TOUR_INCLUSIONS,
  TOUR_TRANSPORTS,
  VISA_KINDS,
  tourOfferId,
  type OccupancyPrices,
  type TourDetails,
  type TourHotelOption,
  type TourPackage,
} from "#core/tours/tour.ts";
import { apiSchemas } from "../openapi.ts";

/**
 * The tour API's answers (issue 21): a departure as lists show it, and its page with its hotels,
 * each with the offerId a booking takes and its per-person prices by occupancy. Each is built field
 * by field, so a supplier's own additions never leak.
 */

const money = z.number().int().min(0);

const visaSchema = z
  .object({
    kind: z.enum(VISA_KINDS),
    message: z.string().describe("What to do and when, in the request's language."),
    available: z.boolean().describe("The agency arranges it with the package."),
    processingDays: z.number().int().nullable(),
    fee: money.nullable().describe("Toman per person when the agency arranges it."),
  })
  .strict()
  .nullable()
  .describe("For an Iranian passport; null at home.");

const packageShared = {
  tourId: z.string().describe("The departure; ask GET /api/v1/tours/{tourId} for its hotels and prices."),
  packageId: z.string(),
  scope: z.enum(["domestic", "international"]),
  title: z.string(),
  from: z.string().describe("Departure city slug."),
  to: z.string().describe("Destination city slug."),
  countryCode: z.string(),
  transport: z.enum(TOUR_TRANSPORTS),
  carrier: z.object({ code: z.string(), name: z.string() }).strict().describe("Empty code for a land-only package."),
  departureDate: z.string().describe("YYYY-MM-DD, local."),
  returnDate: z.string(),
  departAt: z.string().describe("ISO 8601 with the departure city's offset."),
  returnAt: z.string(),
  nights: z.number().int(),
  seatsLeft: z.number().int().describe("Seats for adults and children (infants sit on a lap)."),
  inclusions: z.array(z.enum(TOUR_INCLUSIONS)),
  transfer: z
    .enum(["withPackage", "ownFlight"])
    .describe("ownFlight: land only; a booking must give the traveller's own flight (airline, number, arrival)."),
  visa: visaSchema,
  image: z.string().describe("A path this storefront serves."),
};

export const tourPackageSchema = z
  .object({
    ...packageShared,
    hotelCount: z.number().int(),
    fromPrice: money.describe("The cheapest per-person double-room price among its hotels, in tomans."),
    stars: z.object({ min: z.number().int(), max: z.number().int() }).strict(),
  })
  .strict();
tourPackageSchema.register(apiSchemas, { id: "TourPackage" });

const pricesSchema = z
  .object(Object.fromEntries(OCCUPANCIES.map((occupancy) => [occupancy, money])) as Record<(typeof OCCUPANCIES)[number], typeof money>)
  .strict()
  .describe("Per person for the whole package: an adult pays the rate of the room's adult count (single, double, triple).");

const hotelOptionSchema = z
  .object({
    offerId: z.string().describe("Book this departure at this hotel by it, with the rooms."),
    hotelId: z.string(),
    name: z.string(),
    stars: z.number().int(),
    board: z.enum(BOARD_BASES),
    address: z.string(),
    rating: z.number().nullable(),
    prices: pricesSchema,
  })
  .strict();

export const tourDetailsSchema = z
  .object({
    ...packageShared,
    description: z.string(),
    itinerary: z.array(z.string()).describe("One line per day."),
    exclusions: z.array(z.string()),
    fromAirports: z.array(z.string()),
    toAirports: z.array(z.string()),
    refundable: z.boolean(),
    cancellationPolicy: z.string(),
    hotels: z.array(hotelOptionSchema).describe("Cheapest double-room rate first."),
    roomLimits: z
      .object({
        rooms: z.number().int(),
        adults: z.number().int(),
        childrenWithBed: z.number().int(),
        childrenNoBed: z.number().int(),
      })
      .strict()
      .describe("At most this many rooms, and in each room 1 to `adults` adults, these children, and no more infants than adults."),
  })
  .strict();
tourDetailsSchema.register(apiSchemas, { id: "TourDetails" });

function shared(tour: TourPackage | TourDetails): z.infer<z.ZodObject<typeof packageShared>> {
  return {
    tourId: tour.tourId,
    packageId: tour.packageId,
    scope: tour.scope,
    title: tour.title,
    from: tour.from,
    to: tour.to,
    countryCode: tour.countryCode,
    transport: tour.transport,
    carrier: { code: tour.carrier.code, name: tour.carrier.name },
    departureDate: tour.departureDate,
    returnDate: tour.returnDate,
    departAt: tour.departAt,
    returnAt: tour.returnAt,
    nights: tour.nights,
    seatsLeft: tour.seatsLeft,
    inclusions: [...tour.inclusions],
    transfer: tour.transfer,
    visa: tour.visa
      ? {
          kind: tour.visa.kind,
          message: tour.visa.message,
          available: tour.visa.available,
          processingDays: tour.visa.processingDays,
          fee: tour.visa.fee,
        }
      : null,
    image: tour.image,
  };
}

export function presentPackage(tour: TourPackage): z.infer<typeof tourPackageSchema> {
  return { ...shared(tour), hotelCount: tour.hotelCount, fromPrice: tour.fromPrice, stars: { min: tour.stars.min, max: tour.stars.max } };
}

const pricesOf = (prices: OccupancyPrices): OccupancyPrices =>
  Object.fromEntries(OCCUPANCIES.map((occupancy) => [occupancy, prices[occupancy]])) as OccupancyPrices;

function presentHotel(tourId: string, hotel: TourHotelOption): z.infer<typeof hotelOptionSchema> {
  return {
    offerId: tourOfferId(tourId, hotel.hotelId),
    hotelId: hotel.hotelId,
    name: hotel.name,
    stars: hotel.stars,
    board: hotel.board,
    address: hotel.address,
    rating: hotel.rating,
    prices: pricesOf(hotel.prices),
  };
}

export function presentDetails(tour: TourDetails): z.infer<typeof tourDetailsSchema> {
  return {
    ...shared(tour),
    description: tour.description,
    itinerary: [...tour.itinerary],
    exclusions: [...tour.exclusions],
    fromAirports: [...tour.fromAirports],
    toAirports: [...tour.toAirports],
    refundable: tour.refundable,
    cancellationPolicy: tour.cancellationPolicy,
    hotels: [...tour.hotelOptions].sort((a, b) => a.prices.double - b.prices.double).map((hotel) => presentHotel(tour.tourId, hotel)),
    roomLimits: {
      rooms: MAX_TOUR_ROOMS,
      adults: MAX_TOUR_ROOM_ADULTS,
      childrenWithBed: MAX_TOUR_ROOM_CHILDREN_WITH_BED,
      childrenNoBed: MAX_TOUR_ROOM_CHILDREN_NO_BED,
    },
  };
}
