/* eslint-disable @typescript-eslint/require-await -- an in-memory fake answers at once, behind the supplier's promises */
import type { Locale } from "../i18n/locales.ts";
import type { SupplierHold, SupplierTicket } from "../suppliers/ports.ts";
import type { InsuranceCover, InsurancePlan, InsuranceZone } from "./insurance.ts";
import {
  bandedPriceTable,
  defaultCoverStart,
  durationBandOf,
  insuranceRefundTerms,
  listOffers,
  parseInsuranceOfferId,
  planOffered,
  priceOffer,
  type InsurancePriceTable,
  type PricedPlan,
} from "./rules.ts";
import type { InsuranceSupplier } from "./supplier.ts";

/**
 * Travel insurance for unit, API and page tests: three insurers, a Schengen plan under EUR 30,000
 * (the Schengen rule hides it), plans taking travellers up to 75 and up to 85, and a few countries
 * in each zone. Every price is a round number so a test can add them up by eye.
 */

type Names = Record<Locale, string>;

export interface TestInsurer {
  code: string;
  names: Names;
  /** Policy numbers start with it, as an Iranian insurer's do. */
  policyPrefix: string;
}

export interface TestInsurancePlan {
  planId: string;
  insurer: string;
  names: Names;
  zone: InsuranceZone;
  cover: InsuranceCover;
  maxAge: number;
  maxDays: number;
  prices: InsurancePriceTable;
}

export const TEST_INSURERS: TestInsurer[] = [
  { code: "saman", names: { fa: "بیمه سامان", en: "Saman Insurance", ar: "تأمين سامان" }, policyPrefix: "1203" },
  { code: "sina", names: { fa: "بیمه سینا", en: "Sina Insurance", ar: "تأمين سينا" }, policyPrefix: "4501" },
  { code: "pasargad", names: { fa: "بیمه پاسارگاد", en: "Pasargad Insurance", ar: "تأمين باسارغاد" }, policyPrefix: "7702" },
];

/** Destination → zone (and Schengen membership) for the countries tests use. */
export const TEST_INSURANCE_ZONES: Record<string, { zone: InsuranceZone; schengen: boolean }> = {
  TR: { zone: "neighbours", schengen: false },
  AE: { zone: "neighbours", schengen: false },
  GE: { zone: "neighbours", schengen: false },
  MY: { zone: "asia", schengen: false },
  DE: { zone: "schengen", schengen: true },
  FR: { zone: "schengen", schengen: true },
  GB: { zone: "europe", schengen: false },
  US: { zone: "worldwide", schengen: false },
};

/** Round factors, so a test can add prices up by eye: each length band half the first again, ages ×0.5 to ×5. */
const TEST_FACTORS = {
  length: { "1-7": 1, "8-15": 1.5, "16-23": 2, "24-31": 2.5, "32-45": 3, "46-62": 3.5, "63-92": 4, "93-180": 4.5, "181-365": 5 },
  age: { "0-12": 0.5, "13-65": 1, "66-70": 2, "71-75": 3, "76-80": 4, "81+": 5 },
} as const;

/** A test plan's table from its price for 1–7 days at 13–65. */
export function scaledPrices(base: number, maxAge: number, maxDays = 365): InsurancePriceTable {
  return bandedPriceTable(base, { maxAge, maxDays }, TEST_FACTORS);
}

const cover = (medical: number, extras: Partial<InsuranceCover> = {}): InsuranceCover => ({
  medical,
  evacuation: null,
  baggageLoss: null,
  flightDelay: null,
  covid: false,
  ...extras,
});

export function testInsurancePlans(): TestInsurancePlan[] {
  return [
    {
      planId: "saman-neighbours",
      insurer: "saman",
      names: { fa: "همسایگان", en: "Neighbours", ar: "الجيران" },
      zone: "neighbours",
      cover: cover(10_000, { evacuation: 5_000 }),
      maxAge: 75,
      maxDays: 92,
      prices: scaledPrices(400_000, 75),
    },
    {
      planId: "sina-asia",
      insurer: "sina",
      names: { fa: "آسیا", en: "Asia", ar: "آسيا" },
      zone: "asia",
      cover: cover(20_000, { evacuation: 10_000, covid: true }),
      maxAge: 85,
      maxDays: 180,
      prices: scaledPrices(600_000, 85),
    },
    {
      // Below the Schengen minimum: never listed for a Schengen destination, though its zone covers it.
      planId: "saman-schengen-basic",
      insurer: "saman",
      names: { fa: "شنگن پایه", en: "Schengen Basic", ar: "شنغن الأساسي" },
      zone: "schengen",
      cover: cover(20_000),
      maxAge: 75,
      maxDays: 92,
      prices: scaledPrices(700_000, 75),
    },
    {
      planId: "pasargad-schengen-gold",
      insurer: "pasargad",
      names: { fa: "شنگن طلایی", en: "Schengen Gold", ar: "شنغن الذهبي" },
      zone: "schengen",
      cover: cover(30_000, { evacuation: 15_000, baggageLoss: 500, flightDelay: 200, covid: true }),
      maxAge: 85,
      maxDays: 92,
      prices: scaledPrices(1_000_000, 85),
    },
    {
      planId: "sina-worldwide",
      insurer: "sina",
      names: { fa: "جهانی", en: "Worldwide", ar: "العالمي" },
      zone: "worldwide",
      cover: cover(50_000, { evacuation: 25_000, baggageLoss: 1_000, flightDelay: 300, covid: true }),
      maxAge: 75,
      maxDays: 365,
      prices: scaledPrices(1_800_000, 75),
    },
  ];
}

export interface TestInsuranceSupplier extends InsuranceSupplier {
  /** The policies issued so far, by hold (what a test inspects). */
  readonly policies: Map<string, SupplierTicket[]>;
}

interface Held {
  hold: SupplierHold;
  policies: SupplierTicket[] | null;
}

/**
 * An in-memory insurer: plans listed and priced by the shared rules, holds recorded (insurance has
 * no capacity), one policy per insured on issue with the insurer's prefix, asked again the same ones.
 */
export function testInsuranceSupplier(
  options: { name?: string; now?: () => Date; plans?: TestInsurancePlan[]; insurers?: TestInsurer[] } = {},
): TestInsuranceSupplier {
  const plans = options.plans ?? testInsurancePlans();
  const insurers = options.insurers ?? TEST_INSURERS;
  const now = options.now ?? (() => new Date());
  const holds = new Map<string, Held>();
  const policies = new Map<string, SupplierTicket[]>();
  let holdCounter = 0;
  let policyCounter = 0;

  const priced = (plan: TestInsurancePlan, locale: Locale = "fa"): PricedPlan => {
    const insurer = insurers.find((candidate) => candidate.code === plan.insurer)!;
    const view: InsurancePlan = {
      planId: plan.planId,
      insurer: { code: insurer.code, name: insurer.names[locale] },
      name: plan.names[locale],
      zone: plan.zone,
      cover: plan.cover,
      maxAge: plan.maxAge,
      maxDays: plan.maxDays,
    };
    return { plan: view, prices: plan.prices };
  };
  /** The offer's plan when it is still offered for its destination and length. */
  const planOf = (offerId: string) => {
    const key = parseInsuranceOfferId(offerId);
    const destination = key ? TEST_INSURANCE_ZONES[key.countryCode] : undefined;
    const plan = key ? plans.find((candidate) => candidate.planId === key.planId) : undefined;
    if (!key || !destination || !plan) return null;
    return planOffered(priced(plan).plan, destination, key.days) ? { key, plan } : null;
  };

  return {
    service: "insurance",
    name: options.name ?? "test-insurance",
    policies,
    async plans(query) {
      const destination = TEST_INSURANCE_ZONES[query.countryCode];
      if (!destination || durationBandOf(query.days) === null) return [];
      return listOffers(
        plans.map((plan) => priced(plan, query.locale)),
        { countryCode: query.countryCode, ...destination },
        { days: query.days, startDate: query.startDate ?? defaultCoverStart(now()), birthDates: query.birthDates },
      );
    },
    async quote(offerId, birthDates, locale) {
      const found = planOf(offerId);
      return found ? priceOffer(priced(found.plan, locale), found.key, birthDates) : null;
    },
    async zoneOf(countryCode) {
      return TEST_INSURANCE_ZONES[countryCode]?.zone ?? null;
    },
    async insurers(locale = "fa") {
      return insurers.map((insurer) => ({ code: insurer.code, name: insurer.names[locale] }));
    },
    async revalidate(offerId, locale) {
      const found = planOf(offerId);
      return found ? { ok: true, offer: priceOffer(priced(found.plan, locale), found.key, []) } : { ok: false, error: "NOT_FOUND" };
    },
    async hold(offerId, insured, until) {
      if (!planOf(offerId)) return { ok: false, error: "SOLD_OUT" };
      const hold = { holdId: `insurance-hold-${++holdCounter}`, offerId, seats: insured, expiresAt: until.toISOString() };
      holds.set(hold.holdId, { hold, policies: null });
      return { ok: true, hold };
    },
    async extend(hold, until) {
      const held = holds.get(hold.holdId);
      if (!held) return { ok: false, error: "HOLD_LOST" };
      held.hold = { ...held.hold, expiresAt: until.toISOString() };
      return { ok: true, hold: held.hold };
    },
    async issue(hold, travellers) {
      const held = holds.get(hold.holdId);
      const found = planOf(hold.offerId);
      if (!held || !found) return { ok: false, error: "ISSUE_FAILED" };
      const prefix = insurers.find((insurer) => insurer.code === found.plan.insurer)!.policyPrefix;
      const offer = priceOffer(priced(found.plan), found.key, []);
      held.policies ??= Array.from({ length: travellers ?? held.hold.seats }, (_unused, position) => {
        const policy = `${prefix}${String(++policyCounter).padStart(8, "0")}`;
        return {
          holdId: hold.holdId,
          pnr: policy,
          ticketNumber: policy,
          passengerPosition: position,
          leg: 0,
          placement: { policy, from: offer.startDate, to: offer.endDate },
        };
      });
      policies.set(hold.holdId, held.policies);
      return { ok: true, tickets: held.policies };
    },
    async cancel(target) {
      const ids = Array.isArray(target) ? target.map((policy) => policy.holdId) : [target.holdId];
      for (const id of ids) {
        holds.delete(id);
        policies.delete(id);
      }
      return { ok: true };
    },
    async refundTerms(offerId) {
      const key = parseInsuranceOfferId(offerId);
      if (!key || !plans.some((plan) => plan.planId === key.planId)) return null;
      return insuranceRefundTerms(key.startDate);
    },
  };
}
