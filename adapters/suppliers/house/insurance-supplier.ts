import { randomInt } from "node:crypto";
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { DurationBandId, InsuranceOffer, InsuranceZone } from "#core/insurance/insurance.ts";
import {
  defaultCoverStart,
  durationBandOf,
  insuranceRefundTerms,
  isCoverStartAllowed,
  listOffers,
  parseInsuranceOfferId,
  planOffered,
  priceOffer,
  tablePrices,
  type InsurancePriceTable,
  type OfferKey,
  type PricedPlan,
} from "#core/insurance/rules.ts";
import type { InsuranceSupplier } from "#core/insurance/supplier.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { Clock } from "#core/ports.ts";
import { dateText, isIsoDate, tehranToday } from "#core/search/dates.ts";
import type { SupplierHold, SupplierTicket } from "#core/suppliers/ports.ts";
import type { Database } from "#adapters/db/client.ts";
import { insuranceHolds, insurancePlans, insurancePolicies, insurancePrices, insuranceZones, insurers } from "#adapters/db/schema.ts";

type HoldRow = typeof insuranceHolds.$inferSelect;
type PlanRow = typeof insurancePlans.$inferSelect;
type InsurerRow = typeof insurers.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Eighteen travellers at most in one booking (nine seated and nine infants). */
const MAX_INSURED = 18;

const holdOf = (row: HoldRow): SupplierHold => ({
  holdId: row.id,
  offerId: row.offerId,
  seats: row.insured,
  expiresAt: row.expiresAt.toISOString(),
});

function policyOf(hold: HoldRow, row: { policyNumber: string; passengerPosition: number }): SupplierTicket {
  return {
    holdId: hold.id,
    pnr: row.policyNumber,
    ticketNumber: row.policyNumber,
    passengerPosition: row.passengerPosition,
    leg: 0,
    placement: { policy: row.policyNumber, from: hold.startDate, to: hold.endDate },
  };
}

/** The plan in the asked language with the price table rows read for it. */
function pricedPlan(plan: PlanRow, insurer: InsurerRow, prices: InsurancePriceTable, locale: Locale): PricedPlan {
  return {
    plan: {
      planId: plan.id,
      insurer: { code: insurer.code, name: insurer.names[locale] },
      name: plan.names[locale],
      zone: plan.zone as InsuranceZone,
      cover: {
        medical: plan.medicalEur,
        evacuation: plan.evacuationEur,
        baggageLoss: plan.baggageLossEur,
        flightDelay: plan.flightDelayEur,
        covid: plan.covid,
      },
      maxAge: plan.maxAge,
      maxDays: plan.maxDays,
    },
    prices,
  };
}

/**
 * The built-in house insurer (issue 21; README.md beside it): the plans of several Iranian
 * insurers on our own tables, priced by the shared rules (core/insurance/rules.ts) from each
 * plan's table by length band × age band. Insurance has no capacity: a hold records the plan,
 * destination, dates and number insured; issue writes one policy per insured traveller, numbered
 * with the insurer's prefix, once (asked again, the same policies).
 */
export function createHouseInsuranceSupplier(db: Database, clock: Clock): InsuranceSupplier & { releaseExpired(): Promise<number> } {
  const today = () => tehranToday(clock.now());

  async function zoneRow(countryCode: string) {
    if (!/^[A-Z]{2}$/.test(countryCode)) return null;
    const [row] = await db.select().from(insuranceZones).where(eq(insuranceZones.countryCode, countryCode)).limit(1);
    return row ?? null;
  }

  /** Plans (all, or one) with their insurer and their prices for one length band, in the asked language. */
  async function pricedPlans(band: DurationBandId, locale: Locale, planId?: string): Promise<PricedPlan[]> {
    const rows = await db
      .select({ plan: insurancePlans, insurer: insurers })
      .from(insurancePlans)
      .innerJoin(insurers, eq(insurers.code, insurancePlans.insurerCode))
      .where(planId === undefined ? undefined : eq(insurancePlans.id, planId))
      .orderBy(asc(insurers.position), asc(insurancePlans.id));
    if (rows.length === 0) return [];
    const cells = await db
      .select()
      .from(insurancePrices)
      .where(
        and(
          eq(insurancePrices.durationBand, band),
          inArray(
            insurancePrices.planId,
            rows.map((row) => row.plan.id),
          ),
        ),
      );
    const tables = new Map<string, InsurancePriceTable>();
    for (const cell of cells) {
      const table = tables.get(cell.planId) ?? {};
      table[band] = { ...table[band], [cell.ageBand]: cell.price };
      tables.set(cell.planId, table);
    }
    return rows.map((row) => pricedPlan(row.plan, row.insurer, tables.get(row.plan.id) ?? {}, locale));
  }

  /** The offer's plan when it is still sold for its destination and length, with its key. */
  async function planOf(offerId: string, locale: Locale): Promise<{ key: OfferKey; priced: PricedPlan } | null> {
    const key = parseInsuranceOfferId(offerId);
    if (!key) return null;
    const destination = await zoneRow(key.countryCode);
    const band = durationBandOf(key.days)!;
    const [priced] = destination ? await pricedPlans(band, locale, key.planId) : [];
    if (!destination || !priced) return null;
    const sold = planOffered(priced.plan, { zone: destination.zone as InsuranceZone, schengen: destination.schengen }, key.days);
    return sold && tablePrices(priced, band) ? { key, priced } : null;
  }

  /** A new policy number: the insurer's prefix, the Persian year's last two digits and eight random digits. */
  function policyNumber(prefix: string): string {
    const year = dateText(today(), "persian").slice(2, 4);
    return `${prefix}${year}${String(randomInt(100_000_000)).padStart(8, "0")}`;
  }

  async function readPolicies(hold: HoldRow): Promise<SupplierTicket[]> {
    const rows = await db
      .select()
      .from(insurancePolicies)
      .where(eq(insurancePolicies.holdId, hold.id))
      .orderBy(asc(insurancePolicies.passengerPosition));
    return rows.map((row) => policyOf(hold, row));
  }

  return {
    service: "insurance",
    name: "house",

    async plans(query) {
      const band = durationBandOf(query.days);
      const startDate = query.startDate ?? defaultCoverStart(clock.now());
      if (band === null || !isCoverStartAllowed(startDate, clock.now()) || !query.birthDates.every((birth) => isIsoDate(birth))) return [];
      const destination = await zoneRow(query.countryCode);
      if (!destination) return [];
      return listOffers(
        await pricedPlans(band, query.locale ?? "fa"),
        { countryCode: query.countryCode, zone: destination.zone as InsuranceZone, schengen: destination.schengen },
        { days: query.days, startDate, birthDates: query.birthDates },
      );
    },

    async quote(offerId, birthDates, locale) {
      if (!birthDates.every((birth) => isIsoDate(birth))) return null;
      const found = await planOf(offerId, locale ?? "fa");
      return found ? priceOffer(found.priced, found.key, birthDates) : null;
    },

    async zoneOf(countryCode) {
      return ((await zoneRow(countryCode))?.zone as InsuranceZone | undefined) ?? null;
    },

    async insurers(locale = "fa") {
      const rows = await db.select().from(insurers).orderBy(asc(insurers.position));
      return rows.map((row) => ({ code: row.code, name: row.names[locale] }));
    },

    async revalidate(offerId, locale) {
      const found = await planOf(offerId, locale ?? "fa");
      if (!found) return { ok: false, error: "NOT_FOUND" } as const;
      const offer: InsuranceOffer = priceOffer(found.priced, found.key, []);
      return { ok: true, offer } as const;
    },

    /** Records the hold: nothing runs out, but a cover that has already started is not sold. */
    async hold(offerId, insured, until) {
      const found = await planOf(offerId, "fa");
      if (!found || !Number.isInteger(insured) || insured < 1 || insured > MAX_INSURED || found.key.startDate < today())
        return { ok: false, error: "SOLD_OUT" } as const;
      const offer = priceOffer(found.priced, found.key, []);
      const [row] = await db
        .insert(insuranceHolds)
        .values({
          offerId,
          planId: offer.planId,
          countryCode: offer.countryCode,
          startDate: offer.startDate,
          endDate: offer.endDate,
          insured,
          expiresAt: until,
        })
        .returning();
      return { ok: true, hold: holdOf(row!) } as const;
    },

    async extend(hold, until) {
      if (!UUID.test(hold.holdId)) return { ok: false, error: "HOLD_LOST" } as const;
      const [row] = await db
        .update(insuranceHolds)
        .set({ expiresAt: sql`greatest(${insuranceHolds.expiresAt}, ${until})`, updatedAt: clock.now() })
        .where(and(eq(insuranceHolds.id, hold.holdId), eq(insuranceHolds.status, "held"), gt(insuranceHolds.expiresAt, clock.now())))
        .returning();
      return row ? ({ ok: true, hold: holdOf(row) } as const) : ({ ok: false, error: "HOLD_LOST" } as const);
    },

    /** One policy per insured traveller, written once under the hold's lock; asked again, the same policies. */
    async issue(hold, travellers) {
      if (!UUID.test(hold.holdId)) return { ok: false, error: "ISSUE_FAILED" } as const;
      const issued = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(insuranceHolds).where(eq(insuranceHolds.id, hold.holdId)).for("update");
        if (!row) return null;
        if (row.status === "issued") return row;
        if (row.status !== "held") return null;
        const [plan] = await tx
          .select({ prefix: insurers.policyPrefix })
          .from(insurancePlans)
          .innerJoin(insurers, eq(insurers.code, insurancePlans.insurerCode))
          .where(eq(insurancePlans.id, row.planId));
        const count = travellers ?? row.insured;
        for (let position = 0; position < count;) {
          // A number drawn twice (one in a hundred million) is drawn again rather than failing the issue.
          const [written] = await tx
            .insert(insurancePolicies)
            .values({ policyNumber: policyNumber(plan!.prefix), holdId: row.id, passengerPosition: position })
            .onConflictDoNothing({ target: insurancePolicies.policyNumber })
            .returning();
          if (written) position += 1;
        }
        const [done] = await tx
          .update(insuranceHolds)
          .set({ status: "issued", updatedAt: clock.now() })
          .where(eq(insuranceHolds.id, row.id))
          .returning();
        return done!;
      });
      return issued ? ({ ok: true, tickets: await readPolicies(issued) } as const) : ({ ok: false, error: "ISSUE_FAILED" } as const);
    },

    /** Cancels a hold or its policies (the refund before cover starts). */
    async cancel(target) {
      const holdId = Array.isArray(target) ? target[0]?.holdId : target.holdId;
      if (!holdId || !UUID.test(holdId)) return { ok: false, error: "CANCEL_FAILED" } as const;
      const cancelled = await db
        .update(insuranceHolds)
        .set({ status: "cancelled", updatedAt: clock.now() })
        .where(and(eq(insuranceHolds.id, holdId), inArray(insuranceHolds.status, ["held", "issued"])))
        .returning({ id: insuranceHolds.id });
      return cancelled.length > 0 ? ({ ok: true } as const) : ({ ok: false, error: "CANCEL_FAILED" } as const);
    },

    /** Holds past their expiry end; returns how many. */
    async releaseExpired() {
      const expired = await db
        .update(insuranceHolds)
        .set({ status: "expired", updatedAt: clock.now() })
        .where(and(eq(insuranceHolds.status, "held"), lte(insuranceHolds.expiresAt, clock.now())))
        .returning({ id: insuranceHolds.id });
      return expired.length;
    },

    /** Refunded in full until cover starts at 00:00 Tehran time, nothing after. */
    async refundTerms(offerId) {
      const key = parseInsuranceOfferId(offerId);
      if (!key) return null;
      const [plan] = await db.select({ id: insurancePlans.id }).from(insurancePlans).where(eq(insurancePlans.id, key.planId)).limit(1);
      return plan ? insuranceRefundTerms(key.startDate) : null;
    },
  };
}
