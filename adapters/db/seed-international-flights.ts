import { sql } from "drizzle-orm";
import type { Airline, RefundRule } from "#core/flights/flight.ts";
import type { GeneratedInternationalSegment } from "#seed/international-flights/generate.ts";
import { chunks, insertFromJson, insertNewByKey } from "./chunks.ts";
import { upsertRefundRules } from "./seed-flights.ts";
import type { Database } from "./client.ts";
import { airlines, intlFlightSegments, intlSegmentFares } from "./schema.ts";

// Segments per statement (their rows travel as one JSON parameter): few round trips, bounded memory.
const CHUNK = 5000;

/**
 * Writes the international house inventory. Carriers are added when missing (the domestic seed
 * owns the names of the Iranian ones); refund rules are upserted; segments are inserted by their
 * stable key and left alone when they exist, so seats already sold stay sold. Safe to run on every
 * start and every roll of the window.
 */
export async function seedInternationalFlightInventory(
  db: Database,
  input: { airlines: readonly Airline[]; refundRules: readonly RefundRule[]; segments: readonly GeneratedInternationalSegment[] },
): Promise<{ segments: number; fares: number }> {
  let insertedSegments = 0;
  let insertedFares = 0;
  await db.transaction(async (tx) => {
    if (input.airlines.length > 0) {
      await tx
        .insert(airlines)
        .values(input.airlines.map((airline) => ({ code: airline.code, names: airline.names, updatedAt: new Date() })))
        .onConflictDoNothing({ target: airlines.code });
    }
    await upsertRefundRules(tx, input.refundRules);
    for (const part of chunks(input.segments, CHUNK)) {
      const rows = part.map((segment) => ({
        key: segment.key,
        airlineCode: segment.airlineCode,
        flightNumber: segment.flightNumber,
        fromIata: segment.from,
        toIata: segment.to,
        departAt: segment.departAt,
        arriveAt: segment.arriveAt,
        departUtcOffset: segment.departOffset,
        arriveUtcOffset: segment.arriveOffset,
        aircraft: segment.aircraft,
        soldAlone: segment.soldAlone,
      }));
      const idOf = await insertNewByKey(tx, intlFlightSegments, rows);
      if (idOf.size === 0) continue;
      insertedSegments += idOf.size;
      const fares = part.flatMap((segment) => {
        const segmentId = idOf.get(segment.key);
        return segmentId
          ? segment.fares.map((fare) => ({
              segmentId,
              fareClass: fare.fareClass,
              cabin: fare.cabin,
              baseFare: fare.baseFare,
              taxes: fare.taxes,
              childPercent: fare.childPercent,
              infantPercent: fare.infantPercent,
              connectionPercent: fare.connectionPercent,
              roundTripPercent: fare.roundTripPercent,
              baggageKg: fare.baggageKg,
              baggagePieces: fare.baggagePieces,
              cabinKg: fare.cabinKg,
              refundRuleId: fare.refundRuleId,
              seatsTotal: fare.seats,
              seatsAvailable: fare.seats,
            }))
          : [];
      });
      if (fares.length > 0) await tx.execute(insertFromJson(intlSegmentFares, fares));
      insertedFares += fares.length;
    }
  });
  // Fresh statistics after a large insert, so the planner keeps using the airport indexes.
  if (insertedSegments > 0) await db.execute(sql`analyze intl_flight_segments, intl_segment_fares`);
  return { segments: insertedSegments, fares: insertedFares };
}
