import { z } from "zod";
import { TRAIN_TICKET_TYPES, VEHICLE_TYPES, WAGON_KINDS, type TrainChoicesInput } from "#core/trains/train.ts";

/**
 * The bookings API's train parts (issue 18): what a train booking request adds (per-passenger
 * meals and services, a car) and the train item and ticket place of a booking. Values are the
 * core's to judge (EXTRA_UNAVAILABLE, PLATE_INVALID …); only types and sizes are checked here.
 */

/** More than any traveller orders on one trip. */
const MAX_SERVICES_PER_PASSENGER = 20;
const code = z
  .string()
  .max(60)
  .transform((value) => value.replaceAll("\u0000", ""));
const optionalCode = code.nullish().transform((value) => value ?? null);

/** A passenger's meals and services on a train booking, each for a leg. */
export const passengerServicesSchema = z
  .array(
    z.object({
      leg: z.number().int().describe("0 the outbound train, 1 the return."),
      code: code.describe("An extra's code from the train search's offer (`extras[].code`)."),
    }),
  )
  .max(MAX_SERVICES_PER_PASSENGER)
  .nullish()
  .describe("Trains only: meals and optional services for this passenger; at most one meal per leg.");

/** The car a train booking takes along. */
export const vehicleRequestSchema = z
  .object({
    ownerPassenger: z.number().int().describe("The owner's position in `passengers` (from 0): the owner travels."),
    plate: optionalCode.describe(
      "An Iranian plate, e.g. 12ب345-67 (any digits and separators; a Latin letter is read as the plate letter).",
    ),
    chassis: optionalCode.describe("The 17-character chassis number (VIN), when there is no plate."),
    type: z
      .string()
      .max(40)
      .describe(`One of ${VEHICLE_TYPES.join(", ")}: its rate is the train's.`),
    legs: z.array(z.number().int()).max(2).optional().describe("The legs it travels on (0, 1); every leg when absent."),
  })
  .nullish()
  .describe("Trains only: a car on a train that carries cars (`carTransport` in the search).");

/** The train request's parts as the selection reads them: the passengers' services by position, and the car. */
export function trainChoicesOf(body: {
  passengers: readonly { services?: z.output<typeof passengerServicesSchema> }[];
  vehicle?: z.output<typeof vehicleRequestSchema>;
}): TrainChoicesInput {
  return {
    passengers: body.passengers.map((passenger) => ({ services: passenger.services ?? [] })),
    vehicle: body.vehicle ?? null,
  };
}

const money = z.number().int();

/** A train item: one per train of the booking (a round trip has the outbound and the return). */
export function trainItemSchema<Shape extends z.ZodRawShape>(shared: Shape) {
  return z
    .object({
      ...shared,
      operator: z.object({ code: z.string(), name: z.string() }).strict(),
      trainNumber: z.string(),
      trainName: z.string(),
      from: z.string().describe("Station slug."),
      to: z.string().describe("Station slug."),
      departAt: z.string().describe("ISO 8601 with Tehran's offset."),
      arriveAt: z.string().describe("ISO 8601 with Tehran's offset."),
      wagon: z.object({ kind: z.enum(WAGON_KINDS), bedsPerCompartment: z.number().int() }).strict(),
      ticketType: z.enum(TRAIN_TICKET_TYPES),
      coupe: z.boolean().describe("Whole compartments bought: every bed paid."),
      services: z
        .array(
          z
            .object({
              passenger: z.number().int(),
              code: z.string(),
              kind: z.enum(["meal", "service"]),
              name: z.string(),
              price: money,
            })
            .strict(),
        )
        .describe("Meals and services on this train, each for a passenger (position), with its price in tomans."),
      vehicle: z
        .object({
          ownerPassenger: z.number().int(),
          plate: z.string().nullable(),
          chassis: z.string().nullable(),
          type: z.enum(VEHICLE_TYPES),
          price: money,
        })
        .strict()
        .nullable(),
      refundable: z.boolean(),
    })
    .strict();
}

/** Where an issued ticket sits: a train's wagon, compartment (null in a salon) and bed or seat; null for other services. */
export const ticketPlacementSchema = z
  .object({ wagon: z.number().int(), compartment: z.number().int().nullable(), bed: z.number().int() })
  .strict()
  .nullable()
  .describe("A train ticket's wagon, compartment (null in a salon wagon) and bed or seat; null for a flight.");

const storedPlacement = z.object({ wagon: z.number().int(), compartment: z.number().int().nullable(), bed: z.number().int() });

/** A stored placement in the API's shape: a train's wagon, compartment and bed, or null for anything else. */
export function placementOf(stored: unknown): z.output<typeof ticketPlacementSchema> {
  const parsed = storedPlacement.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
