import { z } from "zod";
import { BUS_TYPES, type BusChoicesInput } from "#core/buses/bus.ts";
import { hotelPlacementSchema } from "./schemas-hotel.ts";
import { insurancePlacementSchema } from "./schemas-insurance.ts";
import { ticketPlacementSchema as trainPlacementSchema, placementOf as trainPlacementOf } from "./schemas-train.ts";

/**
 * The bookings API's bus parts (issue 19): the seats a bus booking request chooses, and the bus
 * item and ticket seat of a booking. Values are the core's to judge (SEAT_FIRST_ROW_WOMEN,
 * SEAT_TAKEN …); only types and sizes are checked here.
 */

/** More entries than a party of nine sends. */
const MAX_SEATS = 20;

/** The seats of a bus booking: one per adult and child, each for a passenger by position. */
export const seatsRequestSchema = z
  .array(
    z.object({
      number: z.number().int().describe("A seat number of GET /api/v1/buses/{offerId}/seats."),
      passenger: z.number().int().describe("The traveller's position in `passengers` (from 0); infants take no seat."),
    }),
  )
  .max(MAX_SEATS)
  .nullish()
  .describe(
    "Buses only: one seat per adult and child. The seat rules apply with each passenger's own gender: first-row seats are not sold to women (SEAT_FIRST_ROW_WOMEN), and a seat beside a traveller of another booking only to someone of that traveller's gender (SEAT_NEIGHBOUR_GENDER).",
  );

/** The bus request's seats as the selection reads them, each with its passenger's own gender; absent seats are none chosen. */
export function busChoicesOf(body: {
  passengers: readonly { gender: string }[];
  seats?: z.output<typeof seatsRequestSchema>;
}): BusChoicesInput {
  return {
    seats: (body.seats ?? []).map(({ number, passenger }) => ({
      number,
      passenger,
      gender: Number.isInteger(passenger) && passenger >= 0 ? body.passengers[passenger]?.gender : undefined,
    })),
  };
}

const place = z.object({ code: z.string(), name: z.string() }).strict();

/** A bus item: the departure, its terminals and each seated passenger's seat. */
export function busItemSchema<Shape extends z.ZodRawShape>(shared: Shape) {
  return z
    .object({
      ...shared,
      company: place.describe('The cooperative, e.g. {code: "seir-o-safar", name: "Seir-o-Safar"}.'),
      busType: z.enum(BUS_TYPES).describe("vip25 and vip29: VIP 2+1 coaches; ordinary40 and ordinary44: 2+2."),
      from: z.string().describe("City slug."),
      to: z.string().describe("City slug."),
      originTerminal: place,
      destinationTerminal: place,
      departAt: z.string().describe("ISO 8601 with Tehran's offset."),
      arriveAt: z.string().describe("ISO 8601 with Tehran's offset."),
      chosenSeats: z
        .array(z.object({ number: z.number().int(), passenger: z.number().int() }).strict())
        .describe("The seat of each seated passenger (position in `passengers`)."),
      refundable: z.boolean(),
    })
    .strict();
}

const busPlacementSchema = z.object({ seat: z.number().int() }).strict();

/** Where an issued ticket sits: a train's wagon, compartment and bed, a bus's seat; null for a flight or an infant on a lap. */
export const ticketPlacementSchema = z
  .union([trainPlacementSchema.unwrap(), busPlacementSchema, hotelPlacementSchema, insurancePlacementSchema])
  .nullable()
  .describe(
    "A train ticket's wagon, compartment (null in a salon wagon) and bed or seat; a bus ticket's seat; a hotel voucher's confirmation number and room; an insurance policy's number and cover dates; null for a flight.",
  );

/** A stored placement in the API's shape: a bus's seat, a hotel voucher's room, a policy's dates, a train's place, or null for anything else. */
export function placementOf(stored: unknown): z.output<typeof ticketPlacementSchema> {
  const seat = busPlacementSchema.safeParse(stored);
  if (seat.success) return seat.data;
  const voucher = hotelPlacementSchema.safeParse(stored);
  if (voucher.success) return voucher.data;
  const policy = insurancePlacementSchema.safeParse(stored);
  return policy.success ? policy.data : trainPlacementOf(stored);
}
