import { getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { AgeBandId, DurationBandId } from "#core/insurance/insurance.ts";
import type { InsurancePlanSeed, InsuranceZoneSeed, InsurerSeed } from "#seed/insurance/types.ts";
import type { Database } from "./client.ts";
import { insurancePlans, insurancePrices, insuranceZones, insurers } from "./schema.ts";

/** `excluded.<column>` for every column but the key: a re-run rewrites what changed. */
function excludedAll(table: PgTable, keys: readonly string[]) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([field]) => !keys.includes(field))
      .map(([field, column]) => [field, sql.raw(`excluded.${column.name}`)]),
  );
}

/**
 * Writes the house insurers: insurers, the country → zone table, plans and their price tables,
 * each rewritten when it changed; a price cell a plan no longer sells is removed. Holds and
 * policies are never touched. Safe to run on every start.
 */
export async function seedInsuranceInventory(
  db: Database,
  input: { insurers: readonly InsurerSeed[]; zones: Readonly<Record<string, InsuranceZoneSeed>>; plans: readonly InsurancePlanSeed[] },
): Promise<{ insurers: number; plans: number; prices: number; zones: number }> {
  const prices = input.plans.flatMap((plan) =>
    Object.entries(plan.prices).flatMap(([durationBand, row]) =>
      Object.entries(row ?? {}).map(([ageBand, price]) => ({
        planId: plan.id,
        durationBand: durationBand as DurationBandId,
        ageBand: ageBand as AgeBandId,
        price: price,
      })),
    ),
  );
  const zones = Object.entries(input.zones).map(([countryCode, zone]) => ({ countryCode, zone: zone.zone, schengen: zone.schengen }));
  await db.transaction(async (tx) => {
    await tx
      .insert(insurers)
      .values(
        input.insurers.map((insurer, position) => ({
          code: insurer.code,
          names: insurer.names,
          policyPrefix: insurer.policyPrefix,
          position,
        })),
      )
      .onConflictDoUpdate({ target: insurers.code, set: excludedAll(insurers, ["code"]) });
    await tx
      .insert(insuranceZones)
      .values(zones)
      .onConflictDoUpdate({ target: insuranceZones.countryCode, set: excludedAll(insuranceZones, ["countryCode"]) });
    await tx
      .insert(insurancePlans)
      .values(
        input.plans.map((plan) => ({
          id: plan.id,
          insurerCode: plan.insurer,
          names: plan.names,
          zone: plan.zone,
          medicalEur: plan.cover.medical,
          evacuationEur: plan.cover.evacuation,
          baggageLossEur: plan.cover.baggageLoss,
          flightDelayEur: plan.cover.flightDelay,
          covid: plan.cover.covid,
          maxAge: plan.maxAge,
          maxDays: plan.maxDays,
        })),
      )
      .onConflictDoUpdate({ target: insurancePlans.id, set: excludedAll(insurancePlans, ["id"]) });
    // A table is replaced whole: a cell the plan no longer sells (a band past its new limits) must go.
    await tx.delete(insurancePrices);
    await tx.insert(insurancePrices).values(prices);
  });
  return { insurers: input.insurers.length, plans: input.plans.length, prices: prices.length, zones: zones.length };
}
