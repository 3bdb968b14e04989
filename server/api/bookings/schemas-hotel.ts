import { z } from "zod";
import { ROOM_TYPES } from "#core/hotels/hotel.ts";

/**
 * The bookings API's hotel parts (issue 20): the rooms a hotel booking request takes, and the hotel
 * item (one room) and voucher placement of a booking. Values are the core's to judge
 * (ROOM_GUESTS_EXCEED, ROOM_LEAD_REQUIRED …); only types and sizes are checked here.
 */

const guestsSchema = z.object({ adults: z.number().int(), children: z.number().int() }).strict();

/** A hotel item: one room of one stay, who sleeps in it and which passenger is its lead guest. */
export function hotelItemSchema<Shape extends z.ZodRawShape>(shared: Shape) {
  return z
    .object({
      ...shared,
      hotelId: z.string(),
      hotelName: z.string(),
      city: z.string().describe("City slug."),
      countryCode: z.string(),
      region: z.enum(["iran", "abroad"]),
      stars: z.number().int(),
      roomType: z.enum(ROOM_TYPES),
      roomName: z.string(),
      checkIn: z.string().describe("YYYY-MM-DD."),
      checkOut: z.string().describe("YYYY-MM-DD."),
      checkInAt: z.string().describe("ISO 8601 with the city's offset."),
      checkOutAt: z.string().describe("ISO 8601 with the city's offset."),
      nights: z.number().int(),
      breakfast: z.boolean(),
      guests: guestsSchema,
      extraBed: z.boolean(),
      leadPassenger: z.number().int().describe("The lead guest's position in `passengers`."),
      foreignRate: z.boolean().describe("The hotel's rate for foreign guests applied (the lead guest is not Iranian)."),
      refundable: z.boolean(),
      cancellationPolicy: z.string(),
    })
    .strict();
}
