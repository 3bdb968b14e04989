import { sql } from "drizzle-orm";
import type { RefundRule } from "#core/flights/flight.ts";
import type { TrainExtraSeed } from "#seed/trains/extras.ts";
import type { TrainOperatorSeed } from "#seed/trains/operators.ts";
import { clockMinutes, type TrainSeed } from "#seed/trains/trains.ts";
import type { Database } from "./client.ts";
import { trainOperators, trainRefundRules, trains } from "./schema.ts";

/**
 * Writes the house train inventory's reference data: operators, refund rules and trains are data
 * of the release, each written or rewritten when it changed. No departure is written here: the
 * supplier makes a train's day, with its compartments, on the first search of that day within the
 * sales window (createHouseTrainSupplier), so a fresh start writes about a hundred rows, not the
 * window's millions of beds. Departures already made keep their times, prices and beds sold. Safe
 * to run on every start and every roll.
 */
export async function seedTrainInventory(
  db: Database,
  input: {
    operators: readonly TrainOperatorSeed[];
    refundRules: readonly RefundRule[];
    extras: readonly TrainExtraSeed[];
    trains: readonly TrainSeed[];
  },
): Promise<{ operators: number; trains: number }> {
  const extraOf = new Map(input.extras.map((extra) => [extra.code, extra]));
  await db.transaction(async (tx) => {
    if (input.operators.length > 0) {
      await tx
        .insert(trainOperators)
        .values(input.operators.map((operator) => ({ code: operator.code, names: operator.names, updatedAt: new Date() })))
        .onConflictDoUpdate({ target: trainOperators.code, set: { names: sql`excluded.names`, updatedAt: sql`excluded.updated_at` } });
    }
    if (input.refundRules.length > 0) {
      await tx
        .insert(trainRefundRules)
        .values(
          input.refundRules.map((rule) => ({
            id: rule.id,
            operatorCode: rule.airlineCode,
            fareClasses: rule.fareClasses,
            refundable: rule.refundable,
            windows: rule.windows,
            afterDeparturePercent: rule.afterDeparturePercent,
            freeMinutesAfterIssue: rule.freeMinutesAfterIssue ?? null,
          })),
        )
        .onConflictDoUpdate({
          target: trainRefundRules.id,
          set: {
            operatorCode: sql`excluded.operator_code`,
            fareClasses: sql`excluded.fare_classes`,
            refundable: sql`excluded.refundable`,
            windows: sql`excluded.windows`,
            afterDeparturePercent: sql`excluded.after_departure_percent`,
            freeMinutesAfterIssue: sql`excluded.free_minutes_after_issue`,
          },
        });
    }
    if (input.trains.length > 0) {
      await tx
        .insert(trains)
        .values(
          input.trains.map((train) => ({
            number: train.number,
            operatorCode: train.operatorCode,
            names: train.names,
            fromStation: train.from,
            toStation: train.to,
            departsMinute: clockMinutes(train.departs),
            durationMinutes: train.durationMinutes,
            weekdayPercents: train.weekdayPercents,
            foreignersAllowed: train.foreignersAllowed,
            carTransport: train.carTransport,
            wagons: train.wagons,
            fares: Object.fromEntries(
              Object.entries(train.fares).map(([kind, fare]) => [kind, { adult: fare.adult, child: fare.child, infant: fare.infant }]),
            ),
            // The catalog's names travel with the train, so an offer is made from its row alone.
            extras: train.extras.map((extra) => {
              const known = extraOf.get(extra.code);
              if (!known) throw new Error(`train ${train.number} sells an unknown extra "${extra.code}"`);
              return { code: extra.code, kind: known.kind, names: known.names, price: extra.price };
            }),
            refundRuleId: train.refundRuleId,
            updatedAt: new Date(),
          })),
        )
        .onConflictDoUpdate({
          target: trains.number,
          set: {
            operatorCode: sql`excluded.operator_code`,
            names: sql`excluded.names`,
            fromStation: sql`excluded.from_station`,
            toStation: sql`excluded.to_station`,
            departsMinute: sql`excluded.departs_minute`,
            durationMinutes: sql`excluded.duration_minutes`,
            weekdayPercents: sql`excluded.weekday_percents`,
            foreignersAllowed: sql`excluded.foreigners_allowed`,
            carTransport: sql`excluded.car_transport`,
            wagons: sql`excluded.wagons`,
            fares: sql`excluded.fares`,
            extras: sql`excluded.extras`,
            refundRuleId: sql`excluded.refund_rule_id`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }
  });
  return { operators: input.operators.length, trains: input.trains.length };
}
