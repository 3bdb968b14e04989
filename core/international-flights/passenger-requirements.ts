import { parseDate } from "@internationalized/date";
import { latinDigits } from "../i18n/digits.ts";
import type { MessageKey, Params } from "../i18n/messages.ts";
import {
  GENDERS,
  IRAN,
  MINIMUM_AGE_DAYS,
  PASSENGER_TYPES,
  cleanName,
  isPersianName,
  normalizeNationalCode,
  passengerTypeOn,
  type Gender,
  type PassengerType,
} from "../passengers/passenger-rules.ts";
import { daysBetween, parseDateText } from "../search/dates.ts";
import type { InternationalFlightOffer } from "./international-flight.ts";

/**
 * Who may board an international flight and what each traveller must give (issue 17): Latin
 * names as in the passport, gender, birth date, nationality and a passport that is still valid
 * six months after the last flight; Iranians also give their national code. Ages are judged on
 * the date of the last leg, exactly as for domestic flights (passenger-rules.ts). Every refusal
 * is a code on its field with the catalog message that explains it, so the browser and the server
 * say the same thing in fa, en and ar.
 */

/** Months a passport must stay valid after the last flight (the common rule of airlines and border controls). */
export const PASSPORT_VALID_MONTHS_AFTER_TRIP = 6;
/** Passport numbers: Latin letters and digits only. */
export const PASSPORT_MIN_LENGTH = 6;
export const PASSPORT_MAX_LENGTH = 9;
const PASSPORT_NUMBER = new RegExp(`^[A-Z0-9]{${PASSPORT_MIN_LENGTH},${PASSPORT_MAX_LENGTH}}$`);
/** An Iranian passport number: one letter, then eight digits (e.g. "K12345678"). */
const IRANIAN_PASSPORT_NUMBER = /^[A-Z]\d{8}$/;
/** Latin letters, with one space, hyphen or apostrophe between parts ("Anne-Marie", "O'Neil"). */
const LATIN_NAME = /^[A-Za-z]+(?:[ '-][A-Za-z]+)*$/;

export type InternationalPassengerError =
  | "REQUIRED"
  | "LATIN_ONLY"
  | "PERSIAN_ONLY"
  | "GENDER_INVALID"
  | "BIRTH_DATE_INVALID"
  | "TOO_YOUNG"
  | "AGE_NOT_ADULT"
  | "AGE_NOT_CHILD"
  | "AGE_NOT_INFANT"
  | "COUNTRY_INVALID"
  | "NATIONAL_CODE_INVALID"
  | "NATIONAL_CODE_DUPLICATE"
  | "PASSPORT_FORMAT"
  | "PASSPORT_FORMAT_IRAN"
  | "PASSPORT_DUPLICATE"
  | "EXPIRY_DATE_INVALID"
  | "PASSPORT_SIX_MONTHS";

/** The catalog message of each code; a Record over the union, so a new code without a message fails the type check. */
export const INTERNATIONAL_PASSENGER_ERROR_MESSAGE: Record<InternationalPassengerError, MessageKey> = {
  REQUIRED: "booking.error.REQUIRED",
  LATIN_ONLY: "intlPassenger.error.LATIN_ONLY",
  PERSIAN_ONLY: "booking.error.PERSIAN_ONLY",
  GENDER_INVALID: "booking.error.GENDER_INVALID",
  BIRTH_DATE_INVALID: "booking.error.BIRTH_DATE_INVALID",
  TOO_YOUNG: "booking.error.TOO_YOUNG",
  AGE_NOT_ADULT: "booking.error.AGE_NOT_ADULT",
  AGE_NOT_CHILD: "booking.error.AGE_NOT_CHILD",
  AGE_NOT_INFANT: "booking.error.AGE_NOT_INFANT",
  COUNTRY_INVALID: "booking.error.COUNTRY_INVALID",
  NATIONAL_CODE_INVALID: "booking.error.NATIONAL_CODE_INVALID",
  NATIONAL_CODE_DUPLICATE: "booking.error.NATIONAL_CODE_DUPLICATE",
  PASSPORT_FORMAT: "intlPassenger.error.PASSPORT_FORMAT",
  PASSPORT_FORMAT_IRAN: "intlPassenger.error.PASSPORT_FORMAT_IRAN",
  PASSPORT_DUPLICATE: "intlPassenger.error.PASSPORT_DUPLICATE",
  EXPIRY_DATE_INVALID: "intlPassenger.error.EXPIRY_DATE_INVALID",
  PASSPORT_SIX_MONTHS: "intlPassenger.error.PASSPORT_SIX_MONTHS",
};

/** One refusal: the code, and the message with the parameters it needs (numbers are localised by translate). */
export interface RequirementIssue {
  code: InternationalPassengerError;
  message: MessageKey;
  params?: Params;
}

export interface InternationalPassengerInput {
  type: PassengerType;
  /** As in the passport, Latin letters. */
  firstNameLatin: string;
  lastNameLatin: string;
  /** Optional for international flights; an Iranian's, when given, is in Persian letters. */
  firstName?: string;
  lastName?: string;
  gender: string;
  /** As typed: any digit set, Persian or Gregorian year/month/day, or ISO. */
  birthDate: string;
  /** ISO 3166-1 alpha-2, e.g. "IR", "TR". */
  nationality: string;
  /** Iranians only. */
  nationalCode?: string;
  passportNumber: string;
  passportCountry: string;
  /** As typed, like the birth date. */
  passportExpiry: string;
}

export interface InternationalPassenger {
  type: PassengerType;
  iranian: boolean;
  firstNameLatin: string;
  lastNameLatin: string;
  firstName?: string;
  lastName?: string;
  gender: Gender;
  /** ISO. */
  birthDate: string;
  nationality: string;
  /** 10 Latin digits, Iranians only. */
  nationalCode?: string;
  passportNumber: string;
  passportCountry: string;
  /** ISO. */
  passportExpiry: string;
}

export interface RequirementContext {
  /** ISO date of the last leg (the return date of a round trip): ages and passport validity are judged on it. */
  lastFlightDate: string;
  /** Today in Tehran, ISO. */
  today: string;
}

export type RequirementCheck =
  | { ok: true; passengers: InternationalPassenger[] }
  /** Keyed `{index}.{field}`, e.g. "0.passportExpiry"; one issue per field, the first rule it broke. */
  | { ok: false; errors: Record<string, RequirementIssue> };

/**
 * The date a trip's ages and passports are judged on: the local departure date of its last leg
 * (the way back on a round trip). Times carry their airport's offset, so the date part is local.
 */
export function lastFlightDateOf(offer: Pick<InternationalFlightOffer, "legs">): string {
  const leg = offer.legs[offer.legs.length - 1];
  const departAt = leg?.segments[0]?.departAt;
  if (!departAt) throw new Error("An offer without a leg has no last flight");
  return departAt.slice(0, 10);
}

/** The first day a passport may expire for this trip: six months after the last flight (the 31st falls back to the month's last day). */
export function passportValidUntil(lastFlightDate: string): string {
  return parseDate(lastFlightDate).add({ months: PASSPORT_VALID_MONTHS_AFTER_TRIP }).toString();
}

const REGION_NAMES = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
/** Codes ICU names that no passport is issued by (groupings, reserved and withdrawn codes). */
const NOT_ISSUING = new Set(["EU", "EZ", "UN", "QO", "ZZ", "XA", "XB", "AN", "CS", "DD", "SU", "YU", "ZR", "BU", "TP", "UK"]);

/** A real ISO 3166-1 country code (upper case), by the runtime's own region data rather than a list kept by hand. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_ISSUING.has(code)) return false;
  try {
    return REGION_NAMES.of(code) !== undefined;
  } catch {
    return false;
  }
}

/** A passport number as stored: any digit set, spaces and dashes dropped, upper case. */
export function normalizePassportNumber(input: string): string {
  return latinDigits(input).replace(/[\s-]/g, "").toUpperCase();
}

function issue(code: InternationalPassengerError, params?: Params): RequirementIssue {
  return params
    ? { code, message: INTERNATIONAL_PASSENGER_ERROR_MESSAGE[code], params }
    : { code, message: INTERNATIONAL_PASSENGER_ERROR_MESSAGE[code] };
}

const AGE_ERROR: Record<PassengerType, InternationalPassengerError> = {
  adult: "AGE_NOT_ADULT",
  child: "AGE_NOT_CHILD",
  infant: "AGE_NOT_INFANT",
};

export function checkInternationalPassengers(passengers: InternationalPassengerInput[], context: RequirementContext): RequirementCheck {
  const errors: Record<string, RequirementIssue> = {};
  const normalized: InternationalPassenger[] = [];
  const seenCodes = new Set<string>();
  const seenPassports = new Set<string>();

  passengers.forEach((input, index) => {
    const fail = (field: string, code: InternationalPassengerError, params?: Params) => {
      errors[`${index}.${field}`] ??= issue(code, params);
    };
    const out: InternationalPassenger = {
      type: input.type,
      iranian: false,
      firstNameLatin: "",
      lastNameLatin: "",
      gender: "male",
      birthDate: "",
      nationality: "",
      passportNumber: "",
      passportCountry: "",
      passportExpiry: "",
    };

    // Nationality first: it decides whether a national code is asked for.
    const nationality = (input.nationality ?? "").trim().toUpperCase();
    if (!nationality) fail("nationality", "REQUIRED");
    else if (!isCountryCode(nationality)) fail("nationality", "COUNTRY_INVALID");
    else out.nationality = nationality;
    out.iranian = nationality === IRAN;

    // Names as in the passport, in Latin letters for everyone.
    for (const field of ["firstNameLatin", "lastNameLatin"] as const) {
      const name = cleanName(input[field]);
      if (!name) fail(field, "REQUIRED");
      else if (!LATIN_NAME.test(name)) fail(field, "LATIN_ONLY");
      else out[field] = name;
    }
    // A Persian name is optional here; an Iranian's, when given, is checked like on domestic tickets.
    for (const field of ["firstName", "lastName"] as const) {
      const name = cleanName(input[field]);
      if (!name) continue;
      if (out.iranian && !isPersianName(name)) fail(field, "PERSIAN_ONLY");
      else out[field] = name;
    }

    const gender = (input.gender ?? "").trim().toLowerCase();
    if (!gender) fail("gender", "REQUIRED");
    else if (!(GENDERS as readonly string[]).includes(gender)) fail("gender", "GENDER_INVALID");
    else out.gender = gender as Gender;

    // Birth date and the age band on the day of the last leg.
    if (!PASSENGER_TYPES.includes(input.type)) fail("type", "REQUIRED");
    if (!(input.birthDate ?? "").trim()) fail("birthDate", "REQUIRED");
    else {
      const birth = parseDateText(input.birthDate);
      if (!birth || daysBetween(birth, context.today) < 0) fail("birthDate", "BIRTH_DATE_INVALID");
      else {
        out.birthDate = birth;
        const actual = passengerTypeOn(birth, context.lastFlightDate);
        if (actual === "too-young") fail("birthDate", "TOO_YOUNG", { days: MINIMUM_AGE_DAYS });
        else if (PASSENGER_TYPES.includes(input.type) && actual !== input.type) fail("birthDate", AGE_ERROR[input.type]);
      }
    }

    // Iranians: the national code, one per traveller.
    if (out.iranian) {
      const raw = (input.nationalCode ?? "").trim();
      const code = raw ? normalizeNationalCode(raw) : null;
      if (!raw) fail("nationalCode", "REQUIRED");
      else if (!code) fail("nationalCode", "NATIONAL_CODE_INVALID");
      else if (seenCodes.has(code)) fail("nationalCode", "NATIONAL_CODE_DUPLICATE");
      else {
        seenCodes.add(code);
        out.nationalCode = code;
      }
    }

    // The passport: its country first, since an Iranian passport has its own number format.
    const country = (input.passportCountry ?? "").trim().toUpperCase();
    if (!country) fail("passportCountry", "REQUIRED");
    else if (!isCountryCode(country)) fail("passportCountry", "COUNTRY_INVALID");
    else out.passportCountry = country;

    const number = normalizePassportNumber(input.passportNumber ?? "");
    if (!number) fail("passportNumber", "REQUIRED");
    else if (!PASSPORT_NUMBER.test(number))
      fail("passportNumber", "PASSPORT_FORMAT", { min: PASSPORT_MIN_LENGTH, max: PASSPORT_MAX_LENGTH });
    else if (country === IRAN && !IRANIAN_PASSPORT_NUMBER.test(number)) fail("passportNumber", "PASSPORT_FORMAT_IRAN");
    else if (seenPassports.has(`${country}:${number}`)) fail("passportNumber", "PASSPORT_DUPLICATE");
    else {
      seenPassports.add(`${country}:${number}`);
      out.passportNumber = number;
    }

    const expiryText = (input.passportExpiry ?? "").trim();
    if (!expiryText) fail("passportExpiry", "REQUIRED");
    else {
      const expiry = parseDateText(expiryText);
      const validUntil = passportValidUntil(context.lastFlightDate);
      if (!expiry) fail("passportExpiry", "EXPIRY_DATE_INVALID");
      else if (daysBetween(validUntil, expiry) < 0)
        fail("passportExpiry", "PASSPORT_SIX_MONTHS", { months: PASSPORT_VALID_MONTHS_AFTER_TRIP });
      else out.passportExpiry = expiry;
    }

    normalized.push(out);
  });

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, passengers: normalized };
}
