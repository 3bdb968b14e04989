import { latinDigits } from "../i18n/digits.ts";
import { daysBetween, parseDateText, tehranToday } from "../search/dates.ts";
import { MAX_SEATED_PASSENGERS } from "../search/search-forms.ts";
import type { InsuranceQuery } from "./insurance.ts";
import { defaultCoverStart, isCoverStartAllowed, MAX_TRIP_DAYS } from "./rules.ts";

/**
 * Reading an insurance search as typed (the /insurance form, the plans API): a destination
 * country, the trip's length, each traveller's birth date (any digit set, Persian or Gregorian
 * calendar) and the first day of cover. Each refusal names its field: `country`, `days`, `birth`
 * (none, too many) or `birth.{k}` (traveller k's), `start`.
 */

export type InsuranceQueryError =
  "COUNTRY_INVALID" | "DAYS_INVALID" | "BIRTH_REQUIRED" | "BIRTH_INVALID" | "TRAVELLERS_TOO_MANY" | "START_INVALID";

/** At most this many travellers in one search: a booking's seated passengers. */
export const MAX_INSURED_TRAVELLERS = MAX_SEATED_PASSENGERS;

export interface InsuranceQueryInput {
  country: string | null;
  days: string | null;
  births: readonly string[];
  start: string | null;
}

export type ParsedInsuranceQuery =
  | { ok: true; query: Required<Pick<InsuranceQuery, "countryCode" | "days" | "birthDates" | "startDate">> }
  | { ok: false; errors: Record<string, InsuranceQueryError> };

export function parseInsuranceQuery(input: InsuranceQueryInput, now: Date): ParsedInsuranceQuery {
  const errors: Record<string, InsuranceQueryError> = {};
  const countryCode = (input.country ?? "").trim().toUpperCase();
  // Iran is home, not a destination: its travellers need no travel insurance from us.
  if (!/^[A-Z]{2}$/.test(countryCode) || countryCode === "IR") errors.country = "COUNTRY_INVALID";

  const daysText = latinDigits((input.days ?? "").trim());
  const days = /^\d{1,3}$/.test(daysText) ? Number(daysText) : NaN;
  if (!(days >= 1 && days <= MAX_TRIP_DAYS)) errors.days = "DAYS_INVALID";

  const today = tehranToday(now);
  const births = input.births.map((text) => text.trim()).filter((text) => text !== "");
  if (births.length === 0) errors.birth = "BIRTH_REQUIRED";
  else if (births.length > MAX_INSURED_TRAVELLERS) errors.birth = "TRAVELLERS_TOO_MANY";
  const birthDates = births.map((text, index) => {
    const birth = text.length <= 20 ? parseDateText(text) : null;
    if (birth === null || daysBetween(birth, today) < 0) errors[`birth.${index}`] = "BIRTH_INVALID";
    return birth ?? "";
  });

  const startText = (input.start ?? "").trim();
  const startDate = startText === "" ? defaultCoverStart(now) : startText.length <= 20 ? parseDateText(startText) : null;
  if (!isCoverStartAllowed(startDate, now)) errors.start = "START_INVALID";

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, query: { countryCode, days, birthDates, startDate: startDate! } };
}
