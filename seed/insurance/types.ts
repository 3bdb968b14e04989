import type { InsuranceCover, InsuranceZone } from "#core/insurance/insurance.ts";
import type { InsurancePriceTable } from "#core/insurance/rules.ts";

/** A name in the three languages. */
export type InsuranceNames = { fa: string; en: string; ar: string };

export interface InsurerSeed {
  code: string;
  names: InsuranceNames;
  /** Four digits every policy number of the insurer starts with (its branch code for travel policies). */
  policyPrefix: string;
}

export interface InsurancePlanSeed {
  /** "<insurer>-<plan>", never a colon (offer ids are colon-separated). */
  id: string;
  insurer: string;
  names: InsuranceNames;
  zone: InsuranceZone;
  cover: InsuranceCover;
  maxAge: number;
  maxDays: number;
  prices: InsurancePriceTable;
}

export interface InsuranceZoneSeed {
  zone: InsuranceZone;
  schengen: boolean;
}
