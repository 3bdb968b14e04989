import { z } from "zod";
import { BOARD_BASES, TOUR_TRANSPORTS, type TourChoicesInput } from "#core/tours/tour.ts";

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

/** More entries than any party fills; the core refuses more than MAX_TOUR_ROOMS on `rooms` in the visitor's language. */
const MAX_ROOM_ENTRIES = 12;
const MAX_FLIGHT_TEXT = 100;
const count = z.number().int().nullish();

/** The rooms of a tour booking: who sleeps in each; together exactly the party. */
export const tourRoomsRequestSchema = z
  .array(z.object({ adults: z.number().int(), childrenWithBed: count, childrenNoBed: count, infants: count }))
  .max(MAX_ROOM_ENTRIES);

/** The traveller's own flight, which a land-only package's transfer meets. */
export const ownFlightRequestSchema = z
  .object({
    airline: z.string().max(MAX_FLIGHT_TEXT).nullish(),
    flightNumber: z.string().max(MAX_FLIGHT_TEXT).nullish().describe('Such as "IR 451" or "W5 1234".'),
    arrivesAt: z
      .string()
      .max(MAX_FLIGHT_TEXT)
      .nullish()
      .describe("Local arrival at the destination, YYYY-MM-DDTHH:mm, on the departure day or the day before."),
  })
  .nullish()
  .describe(
    "Tours only, when the departure's transfer is ownFlight (land only): all three are required (OWN_FLIGHT_REQUIRED) and must be a real flight (OWN_FLIGHT_INVALID).",
  );

type TourRoomsRequest = z.output<typeof tourRoomsRequestSchema>;

/** Whether a request's `rooms` are a tour's (occupancies) rather than a hotel's (offers and guests). */
export function isTourRoomsRequest(rooms: unknown): rooms is TourRoomsRequest {
  return Array.isArray(rooms) && rooms.length > 0 && rooms.every((room) => typeof room === "object" && room !== null && "adults" in room);
}

/** The tour request's rooms and own flight as the selection reads them (TourChoicesInput); absent counts are none. */
export function tourChoicesOf(body: { rooms?: unknown; ownFlight?: z.output<typeof ownFlightRequestSchema> }): TourChoicesInput {
  const rooms = isTourRoomsRequest(body.rooms) ? body.rooms : [];
  return {
    rooms: rooms.map((room) => ({
      adults: room.adults,
      childrenWithBed: room.childrenWithBed ?? 0,
      childrenNoBed: room.childrenNoBed ?? 0,
      infants: room.infants ?? 0,
    })),
    ...(body.ownFlight
      ? {
          ownFlight: {
            airline: body.ownFlight.airline ?? undefined,
            flightNumber: body.ownFlight.flightNumber ?? undefined,
            arrivesAt: body.ownFlight.arrivesAt ?? undefined,
          },
        }
      : {}),
  };
}
