import { z } from "zod";
import { ROOM_TYPES, type HotelChoicesInput } from "#core/hotels/hotel.ts";
import { MAX_ROOMS } from "#core/search/search-forms.ts";

/**
 * The bookings API's hotel parts (issue 20): the rooms a hotel booking request takes, and the hotel
 * item (one room) and voucher placement of a booking. Values are the core's to judge
 * (ROOM_GUESTS_EXCEED, ROOM_LEAD_REQUIRED …); only types and sizes are checked here.
 */

/** A voucher's placement: the hotel's confirmation number and the room type booked. */
export const hotelPlacementSchema = z.object({ confirmation: z.string(), room: z.string() }).strict();

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

/** The rooms of a hotel booking: one entry per room, its offer and who sleeps in it; room k's lead guest is passenger k. */
export const roomsRequestSchema = z
  .array(
    z.object({
      offerId: z.string().max(200).describe("A room's offerId of GET /api/v1/hotels/{hotelId}; the same one twice books two such rooms."),
      guests: z
        .object({ adults: z.number().int(), children: z.number().int().nullish() })
        .describe("Who sleeps in the room: one guest past its capacity takes an extra bed, priced apart (ROOM_GUESTS_EXCEED beyond)."),
    }),
  )
  .max(MAX_ROOMS)
  .nullish()
  .describe(
    "Hotels only (hotel, intHotel): 1–4 rooms of one hotel for one stay. `passengers` are the rooms' lead guests, one adult per room in room order (ROOM_LEAD_REQUIRED); a lead guest who is not Iranian pays the hotel's foreign-guest rate.",
  );

/** The offers a hotel request books, one per room in order. */
export function hotelOfferIdsOf(body: { rooms?: z.output<typeof roomsRequestSchema> }): string[] {
  return (body.rooms ?? []).map((room) => room.offerId);
}

/** The hotel request's rooms as the selection reads them (HotelChoicesInput). */
export function hotelChoicesOf(body: { rooms?: z.output<typeof roomsRequestSchema> }): HotelChoicesInput {
  return { rooms: (body.rooms ?? []).map(({ guests }) => ({ guests: { adults: guests.adults, children: guests.children ?? 0 } })) };
}
