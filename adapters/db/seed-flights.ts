import { sql } from "drizzle-orm";
import type { Airline, RefundRule } from "#core/flights/flight.ts";
import type { GeneratedFlight } from "#seed/flights/generate.ts";
import { chunks, insertFromJson, insertNewByKey } from "./chunks.ts";
import type { Database } from "./client.ts";
import { airlines, flightFares, flightRefundRules, flights } from "./schema.ts";

// Departures per statement (their rows travel as one JSON parameter): few round trips, bounded memory.
const CHUNK = 5000;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Refund rules are data of the release: each is written, or rewritten when it changed. Domestic and international fares share them. */
export async function upsertRefundRules(tx: Transaction, rules: readonly RefundRule[]): Promise<void> {
  if (rules.length === 0) return;
  await tx
    .insert(flightRefundRules)
    .values(rules.map((rule) => ({ ...rule })))
    .onConflictDoUpdate({
      target: flightRefundRules.id,
      set: {
        airlineCode: sql`excluded.airline_code`,
        fareClasses: sql`excluded.fare_classes`,
        charter: sql`excluded.charter`,
        refundable: sql`excluded.refundable`,
        windows: sql`excluded.windows`,
        afterDeparturePercent: sql`excluded.after_departure_percent`,
      },
    });
}

/**
 * Writes the house inventory: airlines and refund rules are upserted; departures are inserted by
 * their stable key and left alone when they exist, so seats already sold stay sold. Safe to run
 * on every start and every day (new days roll in, old ones stay as history).
 */
export async function seedFlightInventory(
  db: Database,
  input: { airlines: readonly Airline[]; refundRules: readonly RefundRule[]; flights: readonly GeneratedFlight[] },
): Promise<{ flights: number; fares: number }> {
  let insertedFlights = 0;
  let insertedFares = 0;
  await db.transaction(async (tx) => {
    if (input.airlines.length > 0) {
      await tx
        .insert(airlines)
        .values(input.airlines.map((airline) => ({ code: airline.code, names: airline.names, updatedAt: new Date() })))
        .onConflictDoUpdate({ target: airlines.code, set: { names: sql`excluded.names`, updatedAt: sql`excluded.updated_at` } });
    }
    await upsertRefundRules(tx, input.refundRules);
    for (const part of chunks(input.flights, CHUNK)) {
      const rows = part.map((flight) => ({
        key: flight.key,
        airlineCode: flight.airlineCode,
        flightNumber: flight.flightNumber,
        fromIata: flight.from,
        toIata: flight.to,
        departAt: flight.departAt,
        arriveAt: flight.arriveAt,
        aircraft: flight.aircraft,
        charter: flight.charter,
      }));
      const idOf = await insertNewByKey(tx, flights, rows);
      if (idOf.size === 0) continue;
      insertedFlights += idOf.size;
      const fares = part.flatMap((flight) => {
        const flightId = idOf.get(flight.key);
        return flightId
          ? flight.fares.map((fare) => ({
              flightId,
              fareClass: fare.fareClass,
              cabin: fare.cabin,
              adultPrice: fare.adultPrice,
              childPrice: fare.childPrice,
              infantPrice: fare.infantPrice,
              seatsTotal: fare.seats,
              seatsAvailable: fare.seats,
              baggageKg: fare.baggageKg,
              taxesPerSeat: fare.taxesPerSeat,
              refundRuleId: fare.refundRuleId,
            }))
          : [];
      });
      if (fares.length > 0) await tx.execute(insertFromJson(flightFares, fares));
      insertedFares += fares.length;
    }
  });
  // Fresh statistics after a large insert, so the planner keeps using the route index.
  if (insertedFlights > 0) await db.execute(sql`analyze flights, flight_fares`);
  return { flights: insertedFlights, fares: insertedFares };
}
