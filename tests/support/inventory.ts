import { inArray, sql } from "drizzle-orm";
import { flightFares, intlSegmentFares } from "#adapters/db/schema.ts";
import type { DatabaseHandle } from "#adapters/db/client.ts";

/**
 * Gives fares exactly `seats` seats left, raising their capacity when the generated day sold more.
 * Tests set the seats they rely on: how many a generated fare has depends on the calendar day.
 */
export async function setFlightFareSeats(db: DatabaseHandle["db"], fareIds: string[], seats: number): Promise<void> {
  await db
    .update(flightFares)
    .set({ seatsAvailable: seats, seatsTotal: sql`greatest(${flightFares.seatsTotal}, ${seats})` })
    .where(inArray(flightFares.id, fareIds));
}

/** The same for the segment fares of international flights. */
export async function setInternationalFareSeats(db: DatabaseHandle["db"], fareIds: string[], seats: number): Promise<void> {
  await db
    .update(intlSegmentFares)
    .set({ seatsAvailable: seats, seatsTotal: sql`greatest(${intlSegmentFares.seatsTotal}, ${seats})` })
    .where(inArray(intlSegmentFares.id, fareIds));
}
