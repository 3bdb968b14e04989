import { sql } from "drizzle-orm";
import type { RefundRule } from "#core/flights/flight.ts";
import type { BusCompanySeed } from "#seed/buses/companies.ts";
import type { BusLayoutSeed } from "#seed/buses/layouts.ts";
import { busClockMinutes, type BusTripSeed } from "#seed/buses/schedules.ts";
import type { TerminalSeed } from "#seed/places/types.ts";
import type { Database } from "./client.ts";
import { busCompanies, busLayouts, busRefundRules, busTerminals, busTrips } from "./schema.ts";

/**
 * Writes the house bus inventory's reference data: companies, the terminals trips use, layouts,
 * refund rules and the timetable, each written or rewritten when it changed. No departure or
 * seat is written here: the supplier makes a trip's day on the first search of it within the
 * sales window (createHouseBusSupplier), and a seat is a row only once someone holds it.
 * Departures already made keep their times, prices and seats sold. Safe to run on every start.
 */
export async function seedBusInventory(
  db: Database,
  input: {
    companies: readonly BusCompanySeed[];
    terminals: readonly TerminalSeed[];
    layouts: readonly BusLayoutSeed[];
    refundRules: readonly RefundRule[];
    trips: readonly BusTripSeed[];
  },
): Promise<{ companies: number; trips: number }> {
  const used = new Set(input.trips.flatMap((trip) => [trip.fromTerminal, trip.toTerminal]));
  const terminals = input.terminals.filter((terminal) => used.has(terminal.slug));
  await db.transaction(async (tx) => {
    if (input.companies.length > 0)
      await tx
        .insert(busCompanies)
        .values(input.companies.map((company) => ({ code: company.code, names: company.names, updatedAt: new Date() })))
        .onConflictDoUpdate({ target: busCompanies.code, set: { names: sql`excluded.names`, updatedAt: sql`excluded.updated_at` } });
    if (terminals.length > 0)
      await tx
        .insert(busTerminals)
        .values(terminals.map((terminal) => ({ code: terminal.slug, city: terminal.city, names: terminal.names })))
        .onConflictDoUpdate({ target: busTerminals.code, set: { city: sql`excluded.city`, names: sql`excluded.names` } });
    if (input.layouts.length > 0)
      await tx
        .insert(busLayouts)
        .values(input.layouts.map((seed) => ({ busType: seed.type, layout: seed.layout, seats: seed.seats, seatCount: seed.seats.length })))
        .onConflictDoUpdate({
          target: busLayouts.busType,
          set: { layout: sql`excluded.layout`, seats: sql`excluded.seats`, seatCount: sql`excluded.seat_count` },
        });
    if (input.refundRules.length > 0)
      await tx
        .insert(busRefundRules)
        .values(
          input.refundRules.map((rule) => ({
            id: rule.id,
            companyCode: rule.airlineCode,
            fareClasses: rule.fareClasses,
            refundable: rule.refundable,
            windows: rule.windows,
            afterDeparturePercent: rule.afterDeparturePercent,
            freeMinutesAfterIssue: rule.freeMinutesAfterIssue ?? null,
            inPersonFromMinutesBefore: rule.inPersonFromMinutesBefore ?? null,
            inPersonPenaltyPercent: rule.inPersonPenaltyPercent ?? null,
          })),
        )
        .onConflictDoUpdate({
          target: busRefundRules.id,
          set: {
            companyCode: sql`excluded.company_code`,
            fareClasses: sql`excluded.fare_classes`,
            refundable: sql`excluded.refundable`,
            windows: sql`excluded.windows`,
            afterDeparturePercent: sql`excluded.after_departure_percent`,
            freeMinutesAfterIssue: sql`excluded.free_minutes_after_issue`,
            inPersonFromMinutesBefore: sql`excluded.in_person_from_minutes_before`,
            inPersonPenaltyPercent: sql`excluded.in_person_penalty_percent`,
          },
        });
    if (input.trips.length > 0)
      await tx
        .insert(busTrips)
        .values(
          input.trips.map((trip) => ({
            code: trip.code,
            companyCode: trip.companyCode,
            busType: trip.busType,
            fromCity: trip.fromCity,
            toCity: trip.toCity,
            fromTerminal: trip.fromTerminal,
            toTerminal: trip.toTerminal,
            departsMinute: busClockMinutes(trip.departs),
            durationMinutes: trip.durationMinutes,
            price: trip.price,
            weekdays: [...trip.weekdays],
            refundRuleId: trip.refundRuleId,
            updatedAt: new Date(),
          })),
        )
        .onConflictDoUpdate({
          target: busTrips.code,
          set: {
            companyCode: sql`excluded.company_code`,
            busType: sql`excluded.bus_type`,
            fromCity: sql`excluded.from_city`,
            toCity: sql`excluded.to_city`,
            fromTerminal: sql`excluded.from_terminal`,
            toTerminal: sql`excluded.to_terminal`,
            departsMinute: sql`excluded.departs_minute`,
            durationMinutes: sql`excluded.duration_minutes`,
            price: sql`excluded.price`,
            weekdays: sql`excluded.weekdays`,
            refundRuleId: sql`excluded.refund_rule_id`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
  });
  return { companies: input.companies.length, trips: input.trips.length };
}
