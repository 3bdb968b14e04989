import { parseDate } from "@internationalized/date";
import type { RefundRule } from "../flights/flight.ts";
import type { RefundTerms } from "../refunds/terms.ts";
import { addDays, addYears, daysBetween, isIsoDate, tehranToday } from "../search/dates.ts";
import {
  AGE_BANDS,
  DURATION_BANDS,
  INSURANCE_ZONES,
  SCHENGEN_MIN_COVER_EUR,
  type AgeBandId,
  type DurationBandId,
  type InsuranceOffer,
  type InsurancePlan,
  type InsuranceZone,
  type InsuredQuote,
} from "./insurance.ts";

/**
 * How travel insurance is priced and who it takes (facts: Tours and insurance), shared by every
 * insurer we sell: a trip's length band, each traveller's age band on the first day of cover, the
 * Schengen visa rule, and the plan's price table by length band × age band.
 */

/** Longest trip any plan can cover, in days (the last length band's end). */
export const MAX_TRIP_DAYS = DURATION_BANDS[DURATION_BANDS.length - 1]!.max;

/** Cover may start from today up to this many days ahead (Tehran dates). */
export const MAX_COVER_START_DAYS = 365;

/** A plan's prices in tomans per traveller: `prices[durationBand][ageBand]`; a missing age band is one the plan does not sell. */
export type InsurancePriceTable = Partial<Record<DurationBandId, Partial<Record<AgeBandId, number>>>>;

/**
 * A price table grown from one price (1–7 days at 13–65) by a factor per length band and per age
 * band, rounded to a thousand tomans: how insurers publish their tariffs. Bands past the plan's
 * longest trip or oldest age are left out, as the plan does not sell them.
 */
export function bandedPriceTable(
  base: number,
  limits: { maxAge: number; maxDays: number },
  factors: { length: Record<DurationBandId, number>; age: Record<AgeBandId, number> },
): InsurancePriceTable {
  const table: InsurancePriceTable = {};
  for (const band of DURATION_BANDS) {
    if (band.min > limits.maxDays) continue;
    const row: Partial<Record<AgeBandId, number>> = {};
    for (const ages of AGE_BANDS)
      if (ages.min <= limits.maxAge) row[ages.id] = Math.round((base * factors.length[band.id] * factors.age[ages.id]) / 1000) * 1000;
    table[band.id] = row;
  }
  return table;
}

/** A plan with the table it is priced by: what an insurer keeps, whatever it stores it in. */
export interface PricedPlan {
  plan: InsurancePlan;
  prices: InsurancePriceTable;
}

/** The length band a trip of `days` falls in, or null outside 1..MAX_TRIP_DAYS (or not a whole number). */
export function durationBandOf(days: number): DurationBandId | null {
  if (!Number.isInteger(days)) return null;
  return DURATION_BANDS.find((band) => days >= band.min && days <= band.max)?.id ?? null;
}

/** Whole years from `birthIso` to `onIso` (a 29 February birthday falls on 28 February in other years); negative before birth. */
export function ageOn(birthIso: string, onIso: string): number {
  const years = parseDate(onIso).year - parseDate(birthIso).year;
  return daysBetween(addYears(birthIso, years), onIso) < 0 ? years - 1 : years;
}

/** The age band of an age in whole years (0 and up). */
export function ageBandOf(age: number): AgeBandId {
  const band = AGE_BANDS.find((candidate) => age >= candidate.min && (candidate.max === null || age <= candidate.max));
  return band?.id ?? AGE_BANDS[0].id;
}

/** A plan of zone `planZone` covers its own zone and every one before it in INSURANCE_ZONES (a Europe plan covers Schengen). */
export function planCoversZone(planZone: InsuranceZone, destination: InsuranceZone): boolean {
  return INSURANCE_ZONES.indexOf(planZone) >= INSURANCE_ZONES.indexOf(destination);
}

/** The Schengen visa rule: a Schengen destination lists only plans with medical cover of at least SCHENGEN_MIN_COVER_EUR. */
export function meetsSchengenRule(plan: InsurancePlan, schengenDestination: boolean): boolean {
  return !schengenDestination || plan.cover.medical >= SCHENGEN_MIN_COVER_EUR;
}

/** Last day of cover: a trip of `days` days starting on `startDate` ends on start + days − 1. */
export function coverEndDate(startDate: string, days: number): string {
  return addDays(startDate, days - 1);
}

/** The default first day of cover: tomorrow in Tehran. */
export function defaultCoverStart(now: Date): string {
  return addDays(tehranToday(now), 1);
}

/** Whether cover may start on `startDate`: a real date from today to MAX_COVER_START_DAYS ahead, in Tehran. */
export function isCoverStartAllowed(startDate: unknown, now: Date): startDate is string {
  if (!isIsoDate(startDate)) return false;
  const ahead = daysBetween(tehranToday(now), startDate);
  return ahead >= 0 && ahead <= MAX_COVER_START_DAYS;
}

/**
 * One traveller's price under a plan for a length band: refused (TOO_OLD) over the plan's oldest
 * age. A plan's table covers every age band up to its oldest age; a missing cell is a data error.
 */
export function quoteTraveller(priced: PricedPlan, band: DurationBandId, birthDate: string, startDate: string): InsuredQuote {
  const age = Math.max(0, ageOn(birthDate, startDate));
  if (age > priced.plan.maxAge) return { accepted: false, age, reason: "TOO_OLD" };
  const ageBand = ageBandOf(age);
  const price = priced.prices[band]?.[ageBand];
  if (price === undefined) throw new Error(`Insurance plan ${priced.plan.planId} has no price for ${band} days at age ${ageBand}`);
  return { accepted: true, ageBand, age, price };
}

/** Each traveller's quote in order, the accepted ones' sum, and whether the plan takes the whole party. */
export function quoteParty(
  priced: PricedPlan,
  band: DurationBandId,
  birthDates: readonly string[],
  startDate: string,
): { quotes: InsuredQuote[]; total: number; acceptsAll: boolean } {
  const quotes = birthDates.map((birthDate) => quoteTraveller(priced, band, birthDate, startDate));
  const total = quotes.reduce((sum, quote) => sum + (quote.accepted ? quote.price : 0), 0);
  return { quotes, total, acceptsAll: quotes.every((quote) => quote.accepted) };
}

/** What an offer is made of; its id carries all of it but the travellers. */
export interface OfferKey {
  planId: string;
  countryCode: string;
  days: number;
  startDate: string;
}

const OFFER_PREFIX = "ins1";

/** `ins1:{planId}:{countryCode}:{days}:{startDate}` (plan ids never hold a colon). */
export function insuranceOfferId(key: OfferKey): string {
  return [OFFER_PREFIX, key.planId, key.countryCode, key.days, key.startDate].join(":");
}

/** The offer id's parts, or null when it is not one (wrong shape, unknown length band, not a date). */
export function parseInsuranceOfferId(offerId: string): OfferKey | null {
  const parts = offerId.split(":");
  if (parts.length !== 5 || parts[0] !== OFFER_PREFIX) return null;
  const [, planId = "", countryCode = "", daysText = "", startDate = ""] = parts;
  const days = /^\d{1,3}$/.test(daysText) ? Number(daysText) : NaN;
  if (!planId || !/^[A-Z]{2}$/.test(countryCode) || durationBandOf(days) === null || !isIsoDate(startDate)) return null;
  return { planId, countryCode, days, startDate };
}

/** A plan priced for a destination, a length, a start and the travellers' birth dates (none: the plan as revalidated). */
export function priceOffer(priced: PricedPlan, key: Omit<OfferKey, "planId">, birthDates: readonly string[]): InsuranceOffer {
  const band = durationBandOf(key.days);
  if (band === null) throw new Error(`No insurance length band holds ${key.days} days`);
  const party = quoteParty(priced, band, birthDates, key.startDate);
  return {
    ...priced.plan,
    offerId: insuranceOfferId({ planId: priced.plan.planId, ...key }),
    countryCode: key.countryCode,
    days: key.days,
    durationBand: band,
    startDate: key.startDate,
    endDate: coverEndDate(key.startDate, key.days),
    ...party,
  };
}

/** Whether a plan's table prices a length band for every age it takes (a table is incomplete only when its data is). */
export function tablePrices(priced: PricedPlan, band: DurationBandId): boolean {
  const row = priced.prices[band];
  return row !== undefined && AGE_BANDS.every((ages) => ages.min > priced.plan.maxAge || row[ages.id] !== undefined);
}

/** Whether a plan may be offered for a destination and a length: its zone covers the destination's, the trip fits, and the Schengen rule. */
export function planOffered(plan: InsurancePlan, destination: { zone: InsuranceZone; schengen: boolean }, days: number): boolean {
  return planCoversZone(plan.zone, destination.zone) && days <= plan.maxDays && meetsSchengenRule(plan, destination.schengen);
}

/**
 * The plans a query lists, priced: only those offered for the destination and length, the ones
 * taking the whole party first, then cheapest (ties by insurer and plan, so the order is stable).
 */
export function listOffers(
  plans: readonly PricedPlan[],
  destination: { countryCode: string; zone: InsuranceZone; schengen: boolean },
  query: { days: number; startDate: string; birthDates: readonly string[] },
): InsuranceOffer[] {
  const band = durationBandOf(query.days);
  if (band === null) return [];
  return plans
    .filter((priced) => planOffered(priced.plan, destination, query.days) && tablePrices(priced, band))
    .map((priced) =>
      priceOffer(priced, { countryCode: destination.countryCode, days: query.days, startDate: query.startDate }, query.birthDates),
    )
    .sort(
      (a, b) =>
        Number(b.acceptsAll) - Number(a.acceptsAll) ||
        a.total - b.total ||
        a.insurer.code.localeCompare(b.insurer.code) ||
        a.planId.localeCompare(b.planId),
    );
}

/** For traveller `index` of a query, the plans that still accept them (what a refused traveller is shown). */
export function plansAccepting(offers: readonly InsuranceOffer[], index: number): InsuranceOffer[] {
  return offers.filter((offer) => offer.quotes[index]?.accepted === true);
}

/** Cover starts at 00:00 Tehran time on its first day (Iran keeps +03:30 all year). */
export function coverStartsAt(startDate: string): string {
  return `${startDate}T00:00:00+03:30`;
}

/** Cover ends at the end of its last day, Tehran time. */
export function coverEndsAt(endDate: string): string {
  return `${endDate}T23:59:59+03:30`;
}

/** Every insurer we sell refunds a policy in full until cover starts, and nothing after. */
export const INSURANCE_REFUND_RULE: RefundRule = {
  id: "insurance",
  airlineCode: "insurance",
  fareClasses: [],
  charter: false,
  refundable: true,
  windows: [{ minutesBefore: 0, penaltyPercent: 0 }],
  afterDeparturePercent: 100,
};

/** The refund terms of a policy starting on `startDate`: penalty windows count back from the start of cover. */
export function insuranceRefundTerms(startDate: string): RefundTerms {
  return { rule: INSURANCE_REFUND_RULE, departAt: new Date(coverStartsAt(startDate)), cancelledByAirline: false };
}
