import { z } from "zod";
import { AGE_BANDS, DURATION_BANDS, INSURANCE_ZONES, type InsuranceChoicesInput } from "#core/insurance/insurance.ts";

/**
 * The bookings API's insurance parts (issue 21): the start of cover an insurance booking request
 * may move, and the insurance item and policy placement of a booking. The insured travellers are
 * the request's passengers (their birth dates price them); values are the core's to judge
 * (COVER_START_INVALID, INSURED_TOO_OLD …), only types and sizes are checked here.
 */

/** A policy's placement: its number and the days it covers. */
export const insurancePlacementSchema = z
  .object({ policy: z.string(), from: z.string().describe("YYYY-MM-DD."), to: z.string().describe("YYYY-MM-DD.") })
  .strict();

const coverSchema = z
  .object({
    medical: z.number().int(),
    evacuation: z.number().int().nullable(),
    baggageLoss: z.number().int().nullable(),
    flightDelay: z.number().int().nullable(),
    covid: z.boolean(),
  })
  .strict()
  .describe("What the plan covers, each in euros (null: not covered).");

/** An insurance item: one plan for the party, where and when it covers, each insured traveller's band and price. */
export function insuranceItemSchema<Shape extends z.ZodRawShape>(shared: Shape) {
  return z
    .object({
      ...shared,
      planId: z.string(),
      insurer: z.object({ code: z.string(), name: z.string() }).strict(),
      planName: z.string(),
      zone: z.enum(INSURANCE_ZONES),
      countryCode: z.string().describe("ISO 3166-1 alpha-2 of the destination."),
      days: z.number().int(),
      durationBand: z.enum(DURATION_BANDS.map((band) => band.id) as [string, ...string[]]),
      startDate: z.string().describe("First day of cover, YYYY-MM-DD; cover starts at 00:00 Tehran time."),
      endDate: z.string().describe("Last day of cover, YYYY-MM-DD."),
      cover: coverSchema,
      insured: z.array(
        z
          .object({
            passenger: z.number().int().describe("The insured's position in `passengers`."),
            ageBand: z.enum(AGE_BANDS.map((band) => band.id) as [string, ...string[]]),
            price: z.number().int(),
          })
          .strict(),
      ),
      refundable: z.literal(true).describe("Refunded in full until cover starts."),
    })
    .strict();
}

/** When cover starts (insurance only). */
export const coverStartRequestSchema = z
  .string()
  .max(40)
  .nullish()
  .describe(
    "Insurance only: the first day of cover, YYYY-MM-DD, from today to a year ahead in Tehran (COVER_START_INVALID otherwise); the offer's own start when absent. Each passenger's age on it prices them (INSURED_TOO_OLD on `passengers.N.birthDate` past the plan's oldest age).",
  );

/** The insurance request's choices as the selection reads them (InsuranceChoicesInput). */
export function insuranceChoicesOf(body: { startDate?: z.output<typeof coverStartRequestSchema> }): InsuranceChoicesInput {
  return body.startDate ? { startDate: body.startDate } : {};
}
