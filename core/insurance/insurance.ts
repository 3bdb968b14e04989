import type { Locale } from "../i18n/locales.ts";

/**
 * Travel insurance (issue 21). Iranian insurers (Saman, Iran, Sina, Kowsar, Taavon, Pasargad…)
 * price a plan by the destination's zone, the trip's length band and each traveller's age band
 * (facts: Tours and insurance). A policy is issued at once, one per insured traveller, with a
 * policy number. Money is integer tomans; cover is in euros, as insurers state it.
 */

/** Where a destination country falls; a plan covers one zone (and every cheaper one it names). */
export const INSURANCE_ZONES = ["neighbours", "asia", "schengen", "europe", "worldwide"] as const;
export type InsuranceZone = (typeof INSURANCE_ZONES)[number];

/** Facts: trip length bands in days, the last two for long stays; a trip of N days is priced by the band holding N. */
export const DURATION_BANDS = [
  { id: "1-7", min: 1, max: 7 },
  { id: "8-15", min: 8, max: 15 },
  { id: "16-23", min: 16, max: 23 },
  { id: "24-31", min: 24, max: 31 },
  { id: "32-45", min: 32, max: 45 },
  { id: "46-62", min: 46, max: 62 },
  { id: "63-92", min: 63, max: 92 },
  { id: "93-180", min: 93, max: 180 },
  { id: "181-365", min: 181, max: 365 },
] as const;
export type DurationBandId = (typeof DURATION_BANDS)[number]["id"];

/** Facts: age bands, in whole years at the start of cover; the last is open-ended. */
export const AGE_BANDS = [
  { id: "0-12", min: 0, max: 12 },
  { id: "13-65", min: 13, max: 65 },
  { id: "66-70", min: 66, max: 70 },
  { id: "71-75", min: 71, max: 75 },
  { id: "76-80", min: 76, max: 80 },
  { id: "81+", min: 81, max: null },
] as const;
export type AgeBandId = (typeof AGE_BANDS)[number]["id"];

/** Facts: a Schengen destination needs medical cover of at least EUR 30,000 (the visa rule). */
export const SCHENGEN_MIN_COVER_EUR = 30_000;

/** What a plan covers, each in euros (null: not covered). */
export interface InsuranceCover {
  medical: number;
  evacuation: number | null;
  baggageLoss: number | null;
  flightDelay: number | null;
  covid: boolean;
}

/** An insurer's plan: its zone, cover, oldest age accepted and prices by length band and age band. */
export interface InsurancePlan {
  planId: string;
  /** Insurer code ("saman") and name in the asked language. */
  insurer: { code: string; name: string };
  /** "Schengen Gold", in the asked language. */
  name: string;
  zone: InsuranceZone;
  cover: InsuranceCover;
  /** Oldest age (whole years at the start of cover) the plan accepts. */
  maxAge: number;
  /** Longest trip the plan covers, in days. */
  maxDays: number;
}

export interface InsuranceQuery {
  /** ISO 3166-1 alpha-2 of the destination (not IR). */
  countryCode: string;
  /** Trip length in days. */
  days: number;
  /** Each traveller's ISO birth date, in the order the form gave them. */
  birthDates: string[];
  /** First day of cover (ISO); ages are judged on it. Tomorrow in Tehran when absent. */
  startDate?: string;
  locale?: Locale;
}

/** One traveller's price under a plan, or why the plan does not take them. */
export type InsuredQuote =
  { accepted: true; ageBand: AgeBandId; age: number; price: number } | { accepted: false; age: number; reason: "TOO_OLD" };

/**
 * A plan priced for a query: what /insurance/services lists and a booking holds. `offerId` is
 * `ins1:{planId}:{countryCode}:{days}:{startDate}`; the travellers' prices depend on their
 * birth dates, which the booking's passengers carry.
 */
export interface InsuranceOffer extends InsurancePlan {
  offerId: string;
  countryCode: string;
  days: number;
  durationBand: DurationBandId;
  startDate: string;
  /** Last day of cover (start + days − 1). */
  endDate: string;
  /** One quote per traveller of the query, in order. */
  quotes: InsuredQuote[];
  /** Sum of the accepted travellers' prices; the plan is bookable for the query only when every traveller is accepted. */
  total: number;
  acceptsAll: boolean;
}

/** The offer an insurance booking item stores: the plan as revalidated with each insured's price as charged. */
export interface HeldInsuranceOffer extends InsuranceOffer {
  /** Each insured traveller's birth date and price, in passenger order. */
  insured: { birthDate: string; ageBand: AgeBandId; price: number }[];
  price: number;
}

/** An insurance purchase's choices as a client sends them: the start of cover (the birth dates come with the travellers). */
export interface InsuranceChoicesInput {
  startDate?: unknown;
  /** Without travellers (a page pricing before its form is sent): the birth dates of the query. */
  birthDates?: unknown;
}

/** A policy's placement on its ticket row: the policy number and the cover dates. */
export type InsurancePlacement = { policy: string; from: string; to: string };
