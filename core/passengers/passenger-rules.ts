import { parseDate } from "@internationalized/date";
import { isPhoneNumberValid, phoneNumberNormalizer, verifyIranianNationalId } from "@persian-tools/persian-tools";
import { latinDigits } from "../i18n/digits.ts";
import { addYears, daysBetween, parseDateText } from "../search/dates.ts";

/**
 * The passengers of a purchase (spec §3 passenger fields, §5 validation; domain facts "People and
 * identity"): who may travel as what, and the identity each one must give. The same functions run
 * in the browser, for instant messages, and on the server, which decides.
 */
export type PassengerType = "adult" | "child" | "infant";
export const PASSENGER_TYPES: readonly PassengerType[] = ["adult", "child", "infant"];
export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

/** Facts: infant under 2, child 2 to under 12, adult 12 and over; at least 10 days old. */
export const INFANT_UNDER_YEARS = 2;
export const CHILD_UNDER_YEARS = 12;
export const MINIMUM_AGE_DAYS = 10;
export const IRAN = "IR";

export interface PassengerInput {
  type: PassengerType;
  firstName: string;
  lastName: string;
  firstNameLatin?: string;
  lastNameLatin?: string;
  gender: string;
  /** As typed: any digit set, Persian or Gregorian year/month/day, or ISO. */
  birthDate: string;
  nationalCode?: string;
  /** ISO country code; "IR" (or absent) for Iranians. */
  nationality?: string;
  passportNumber?: string;
  passportCountry?: string;
  passportExpiry?: string;
  wheelchair?: boolean;
}

/** Refusals that depend on the trip (who the operator sells to), never raised for a saved passenger or a profile. */
export type TripPassengerError = "FOREIGN_NOT_ALLOWED" | "GENDER_NOT_ALLOWED";

/** A refusal of a person's own details; checks without a trip never set the context that raises a trip's refusals. */
export function personError(code: PassengerError): Exclude<PassengerError, TripPassengerError> {
  if (code === "FOREIGN_NOT_ALLOWED" || code === "GENDER_NOT_ALLOWED") throw new Error(`${code} raised without a trip`);
  return code;
}

export type PassengerError =
  | "REQUIRED"
  | "PERSIAN_ONLY"
  | "LATIN_ONLY"
  | "NATIONAL_CODE_INVALID"
  | "NATIONAL_CODE_DUPLICATE"
  | "BIRTH_DATE_INVALID"
  | "TOO_YOUNG"
  | "AGE_NOT_ADULT"
  | "AGE_NOT_CHILD"
  | "AGE_NOT_INFANT"
  | "GENDER_INVALID"
  | "PASSPORT_INVALID"
  | "DATE_INVALID"
  | "PASSPORT_EXPIRES"
  | "PASSPORT_SIX_MONTHS"
  | "PASSPORT_IRAN_FORMAT"
  | "PASSPORT_DUPLICATE"
  | "COUNTRY_INVALID"
  | "FOREIGN_NOT_ALLOWED"
  | "GENDER_NOT_ALLOWED";

export interface NormalizedPassenger {
  type: PassengerType;
  iranian: boolean;
  /** Upper-case ISO country code. */
  nationality: string;
  /** Persian for Iranians; for others the name as given, or the Latin one. */
  firstName: string;
  lastName: string;
  firstNameLatin?: string;
  lastNameLatin?: string;
  gender: Gender;
  /** ISO. */
  birthDate: string;
  /** 10 Latin digits. */
  nationalCode?: string;
  passportNumber?: string;
  passportCountry?: string;
  /** ISO. */
  passportExpiry?: string;
  wheelchair: boolean;
}

export interface PassengerContext {
  /** ISO date of the last leg: ages and passport validity are judged on it. */
  lastFlightDate: string;
  /** Today in Tehran, ISO. */
  today: string;
  latinNamesRequired: boolean;
  /** Everyone gives a passport, Iranians too (travel abroad); otherwise only foreigners must. */
  passportForEveryone?: boolean;
  /** Months a passport must stay valid after `lastFlightDate` (six for travel abroad); 0 when absent. */
  passportValidMonths?: number;
  /** false when the operator sells to Iranians only (some trains): a foreign national is refused on the nationality field. */
  foreignersAllowed?: boolean;
  /** Only travellers of this gender (a brothers-only or sisters-only train compartment). */
  genderOnly?: Gender;
}

export type PassengerCheck = { ok: true; passengers: NormalizedPassenger[] } | { ok: false; errors: Record<string, PassengerError> };

/** The type a person born on `birthIso` travels as on `onIso`; "too-young" under 10 days (or not born yet). */
export function passengerTypeOn(birthIso: string, onIso: string): PassengerType | "too-young" {
  if (daysBetween(birthIso, onIso) < MINIMUM_AGE_DAYS) return "too-young";
  if (daysBetween(addYears(birthIso, INFANT_UNDER_YEARS), onIso) < 0) return "infant";
  if (daysBetween(addYears(birthIso, CHILD_UNDER_YEARS), onIso) < 0) return "child";
  return "adult";
}

const AGE_ERROR: Record<PassengerType, PassengerError> = { adult: "AGE_NOT_ADULT", child: "AGE_NOT_CHILD", infant: "AGE_NOT_INFANT" };

/** Persian letters (Arabic yeh and kaf accepted, hamza forms too), single spaces or ZWNJ between words. */
const PERSIAN_LETTER = "[\u0621-\u0626\u0627-\u063A\u0641\u0642\u0643\u0644-\u0648\u064A\u067E\u0686\u0698\u06A9\u06AF\u06CC]";
const PERSIAN_NAME = new RegExp(`^${PERSIAN_LETTER}+(?:[ \u200C]${PERSIAN_LETTER}+)*$`);

/** Whether a cleaned name is written in Persian letters (the rule of every Persian name field). */
export function isPersianName(name: string): boolean {
  return PERSIAN_NAME.test(name);
}
/** Latin letters, with one space, hyphen or apostrophe between parts ("Anne-Marie", "O'Neil"). */
const LATIN_NAME = /^[A-Za-z]+(?:[ '-][A-Za-z]+)*$/;
const COUNTRY = /^[A-Z]{2}$/;
const PASSPORT_NUMBER = /^[A-Z0-9]{5,15}$/;
/** An Iranian passport number: one letter, then eight digits ("K12345678"). */
const IRANIAN_PASSPORT_NUMBER = /^[A-Z]\d{8}$/;

/** Trimmed, runs of spaces as one, Arabic yeh/kaf as Persian. */
export function cleanName(value: string | undefined): string {
  return (value ?? "")
    .replace(/[\u064A\u0649]/g, "\u06CC")
    .replace(/\u0643/g, "\u06A9")
    .replace(/\s+/g, " ")
    .replace(/ ?\u200C+ ?/g, "\u200C")
    .trim();
}

/** 10 Latin digits, or null: Persian/Arabic digits accepted, spaces and dashes ignored, 8–9 digits left-padded. */
export function normalizeNationalCode(input: string): string | null {
  const digits = latinDigits(input).replace(/[\s-]/g, "");
  if (!/^\d{8,10}$/.test(digits)) return null;
  const code = digits.padStart(10, "0");
  return verifyIranianNationalId(code) ? code : null;
}

export function checkPassengers(passengers: PassengerInput[], context: PassengerContext): PassengerCheck {
  const errors: Record<string, PassengerError> = {};
  const normalized: NormalizedPassenger[] = [];
  const seenCodes = new Set<string>();
  const seenPassports = new Set<string>();

  passengers.forEach((input, index) => {
    const fail = (field: string, error: PassengerError) => {
      errors[`${index}.${field}`] ??= error;
    };
    const nationality = (input.nationality ?? "").trim().toUpperCase() || IRAN;
    const iranian = nationality === IRAN;
    if (!iranian && !COUNTRY.test(nationality)) fail("nationality", "COUNTRY_INVALID");
    else if (!iranian && context.foreignersAllowed === false) fail("nationality", "FOREIGN_NOT_ALLOWED");

    const out: NormalizedPassenger = {
      type: input.type,
      iranian,
      nationality,
      firstName: "",
      lastName: "",
      gender: "male",
      birthDate: "",
      wheelchair: input.wheelchair === true,
    };

    // Names.
    const latinRequired = !iranian || context.latinNamesRequired;
    for (const [field, latinField] of [
      ["firstName", "firstNameLatin"],
      ["lastName", "lastNameLatin"],
    ] as const) {
      const latin = cleanName(input[latinField]);
      if (!latin) {
        if (latinRequired) fail(latinField, "REQUIRED");
      } else if (!LATIN_NAME.test(latin)) fail(latinField, "LATIN_ONLY");
      else out[latinField] = latin;

      const name = cleanName(input[field]);
      if (iranian) {
        // Abroad the passport's Latin name is the one that counts; a Persian one is optional there.
        if (!name) {
          if (!context.passportForEveryone) fail(field, "REQUIRED");
        } else if (!PERSIAN_NAME.test(name)) fail(field, "PERSIAN_ONLY");
      } else if (name && !PERSIAN_NAME.test(name) && !LATIN_NAME.test(name)) fail(field, "LATIN_ONLY");
      out[field] = name || latin;
    }

    // Gender.
    const gender = input.gender.trim().toLowerCase();
    if (!gender) fail("gender", "REQUIRED");
    else if (!(GENDERS as readonly string[]).includes(gender)) fail("gender", "GENDER_INVALID");
    else if (context.genderOnly && gender !== context.genderOnly) fail("gender", "GENDER_NOT_ALLOWED");
    else out.gender = gender as Gender;

    // Birth date and type, judged on the last leg.
    if (!PASSENGER_TYPES.includes(input.type)) fail("type", "REQUIRED");
    if (!input.birthDate.trim()) fail("birthDate", "REQUIRED");
    else {
      const birth = parseDateText(input.birthDate);
      if (!birth || daysBetween(birth, context.today) < 0) fail("birthDate", "BIRTH_DATE_INVALID");
      else {
        out.birthDate = birth;
        const actual = passengerTypeOn(birth, context.lastFlightDate);
        if (actual === "too-young") fail("birthDate", "TOO_YOUNG");
        else if (PASSENGER_TYPES.includes(input.type) && actual !== input.type) fail("birthDate", AGE_ERROR[input.type]);
      }
    }

    // Identity: national code for Iranians, passport for everyone else.
    if (iranian) {
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
    checkPassport(input, context, !iranian || context.passportForEveryone === true, fail, out);
    if (out.passportNumber) {
      // One traveller per passport: a second use of a number is a typing slip.
      if (seenPassports.has(out.passportNumber)) fail("passportNumber", "PASSPORT_DUPLICATE");
      seenPassports.add(out.passportNumber);
    }

    normalized.push(out);
  });

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, passengers: normalized };
}

/** The last day a passport must still be valid on: the last flight, plus the months the trip asks for. */
function validUntil(context: PassengerContext): string {
  const months = context.passportValidMonths ?? 0;
  return months > 0 ? parseDate(context.lastFlightDate).add({ months }).toString() : context.lastFlightDate;
}

/** Required for non-Iranians; an Iranian's passport, when given, obeys the same rules. */
function checkPassport(
  input: PassengerInput,
  context: PassengerContext,
  required: boolean,
  fail: (field: string, error: PassengerError) => void,
  out: NormalizedPassenger,
) {
  const number = latinDigits(input.passportNumber ?? "")
    .trim()
    .toUpperCase();
  const country = (input.passportCountry ?? "").trim().toUpperCase();
  const expiryText = (input.passportExpiry ?? "").trim();
  if (!required && !number && !country && !expiryText) return;

  if (!number) fail("passportNumber", "REQUIRED");
  else if (!PASSPORT_NUMBER.test(number)) fail("passportNumber", "PASSPORT_INVALID");
  // Travel abroad checks an Iranian passport's own shape, which border controls read.
  else if (context.passportForEveryone && country === "IR" && !IRANIAN_PASSPORT_NUMBER.test(number))
    fail("passportNumber", "PASSPORT_IRAN_FORMAT");
  else out.passportNumber = number;

  if (!country) fail("passportCountry", "REQUIRED");
  else if (!COUNTRY.test(country)) fail("passportCountry", "COUNTRY_INVALID");
  else out.passportCountry = country;

  if (!expiryText) fail("passportExpiry", "REQUIRED");
  else {
    const expiry = parseDateText(expiryText);
    if (!expiry) fail("passportExpiry", "DATE_INVALID");
    else if (daysBetween(validUntil(context), expiry) < 0)
      fail("passportExpiry", (context.passportValidMonths ?? 0) > 0 ? "PASSPORT_SIX_MONTHS" : "PASSPORT_EXPIRES");
    else out.passportExpiry = expiry;
  }
}

/** A mobile number as `09XXXXXXXXX`, from `09…`, `+989…`, `00989…`, `989…`, `9…`, in any digit set; null when invalid. */
export function normalizeMobile(input: string): string | null {
  const text = latinDigits(input).replace(/[\s\-()]/g, "");
  if (!/^\+?\d{10,14}$/.test(text) || !isPhoneNumberValid(text)) return null;
  const mobile = phoneNumberNormalizer(text, "0");
  return /^09\d{9}$/.test(mobile) ? mobile : null;
}

/** A pragmatic e-mail check: local part, one @, a dotted domain with a letter TLD; no spaces. */
export function isEmail(input: string): boolean {
  const text = input.trim();
  if (text.length > 254) return false;
  return /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/.test(
    text,
  );
}
