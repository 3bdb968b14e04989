import { z } from "zod";
import { BOARD_BASES, TOUR_TRANSPORTS } from "#core/tours/tour.ts";

/**
 * The bookings API's tour parts (issue 21): the rooms and own flight a tour booking request takes,
 * and the tour item of a booking. Values are the core's to judge (TOUR_ROOM_INVALID,
 * TOUR_ROOMS_PARTY_MISMATCH, OWN_FLIGHT_REQUIRED …); only types and sizes are checked here. A
 * voucher's placement (the operator's confirmation and the traveller's room) has the hotel's shape.
 */

const roomSchema = z
  .object({
    adults: z.number().int(),
    childrenWithBed: z.number().int(),
    childrenNoBed: z.number().int(),
    infants: z.number().int(),
    price: z.number().int(),
  })
  .strict();

/** A tour item: one departure at one hotel, every room of the party as charged, the traveller's own flight when the transfer meets it. */
export function tourItemSchema<Shape extends z.ZodRawShape>(shared: Shape) {
  return z
    .object({
      ...shared,
      tourId: z.string(),
      packageId: z.string(),
      scope: z.enum(["domestic", "international"]),
      title: z.string(),
      from: z.string().describe("Departure city slug."),
      to: z.string().describe("Destination city slug."),
      countryCode: z.string(),
      transport: z.enum(TOUR_TRANSPORTS),
      carrier: z
        .object({ code: z.string(), name: z.string() })
        .strict()
        .describe("Empty code for a land-only package (the traveller's own flight)."),
      departAt: z.string().describe("ISO 8601 with the departure city's offset."),
      returnAt: z.string().describe("ISO 8601 with the offset where the return leaves."),
      nights: z.number().int(),
      hotel: z.object({ hotelId: z.string(), name: z.string(), stars: z.number().int(), board: z.enum(BOARD_BASES) }).strict(),
      rooms: z.array(roomSchema).describe("Each room's occupancy and its price for the whole package (integer tomans)."),
      transfer: z.enum(["withPackage", "ownFlight"]),
      ownFlight: z
        .object({ airline: z.string(), flightNumber: z.string(), arrivesAt: z.string().describe("Local arrival, YYYY-MM-DDTHH:mm.") })
        .strict()
        .nullable(),
      visa: z.object({ kind: z.string(), message: z.string() }).strict().nullable().describe("Abroad: the visa an Iranian passport needs."),
      refundable: z.boolean(),
      cancellationPolicy: z.string(),
    })
    .strict();
}
