import { addYears, parseDateText } from "../search/dates.ts";
import {
  checkPassengers,
  isEmail,
  passengerTypeOn,
  type Gender,
  type PassengerError,
  personError,
  type TripPassengerError,
  type PassengerType,
} from "../passengers/passenger-rules.ts";
import type { Profile } from "./account.ts";

/**
 * A traveller's own details (issue 9): every one optional, each checked when given by the rules
 * of the booking form's passengers, so a profile obeys one set of rules whichever way it is
 * edited (the panel's form, the API's PATCH).
 */
export const PROFILE_FIELDS = [
  "firstName",
  "lastName",
  "firstNameLatin",
  "lastNameLatin",
  "nationalCode",
  "birthDate",
  "gender",
  "email",
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** A field's refusal: the passenger rules' codes, and the e-mail's. */
export type ProfileError = Exclude<PassengerError, TripPassengerError> | "EMAIL_INVALID";

export type ProfileCheck = { ok: true; profile: Profile } | { ok: false; errors: Partial<Record<ProfileField, ProfileError>> };

/**
 * Valid stand-ins for the fields the passenger rules require and a profile may leave empty. The
 * rules judge a whole person, so an empty field is filled with one of these, its verdict ignored
 * and its value dropped: the given fields get exactly the passenger form's rules and messages.
 */
const STAND_INS = { firstName: "نام", lastName: "نام", gender: "male", nationalCode: "0010350829" } as const;

/** Checks a profile as typed (any digits, dates in either calendar); `today` is Tehran's, ISO. */
export function checkProfile(values: Partial<Record<ProfileField, string>>, today: string): ProfileCheck {
  const given = (field: ProfileField) => (values[field] ?? "").trim();
  const birth = given("birthDate") ? parseDateText(given("birthDate")) : null;
  // The type follows from the birth date, so no "not an adult" verdict can arise; the rules still refuse a date to come.
  const age = birth ? passengerTypeOn(birth, today) : "adult";
  const type: PassengerType = age === "too-young" ? "infant" : age;
  const result = checkPassengers(
    [
      {
        type,
        firstName: given("firstName") || STAND_INS.firstName,
        lastName: given("lastName") || STAND_INS.lastName,
        firstNameLatin: given("firstNameLatin"),
        lastNameLatin: given("lastNameLatin"),
        gender: given("gender") || STAND_INS.gender,
        birthDate: given("birthDate") || addYears(today, -30),
        nationalCode: given("nationalCode") || STAND_INS.nationalCode,
      },
    ],
    { lastFlightDate: today, today, latinNamesRequired: false },
  );
  const errors: Partial<Record<ProfileField, ProfileError>> = {};
  if (!result.ok) {
    for (const [path, code] of Object.entries(result.errors)) {
      const field = path.replace(/^0\./, "") as ProfileField;
      if (PROFILE_FIELDS.includes(field) && given(field)) errors[field] = personError(code);
    }
  }
  const email = given("email");
  if (email && !isEmail(email)) errors.email = "EMAIL_INVALID";
  if (!result.ok || Object.keys(errors).length > 0) return { ok: false, errors };

  const person = result.passengers[0]!;
  const kept = <T>(field: ProfileField, value: T): T | null => (given(field) ? value : null);
  return {
    ok: true,
    profile: {
      firstName: kept("firstName", person.firstName),
      lastName: kept("lastName", person.lastName),
      firstNameLatin: person.firstNameLatin ?? null,
      lastNameLatin: person.lastNameLatin ?? null,
      nationalCode: kept("nationalCode", person.nationalCode ?? null),
      birthDate: kept("birthDate", person.birthDate),
      gender: kept<Gender>("gender", person.gender),
      email: email || null,
    },
  };
}

/** A change of some fields: a value sets one, null (or blank) clears it, absent leaves it as it is. */
export type ProfilePatch = Partial<Record<ProfileField, string | null>>;

/** A change laid over the stored profile and judged whole by checkProfile. */
export function patchProfile(current: Profile, patch: ProfilePatch, today: string): ProfileCheck {
  const values: Partial<Record<ProfileField, string>> = {};
  for (const field of PROFILE_FIELDS) {
    const value = patch[field] === undefined ? current[field] : patch[field];
    if (value) values[field] = value;
  }
  return checkProfile(values, today);
}
