import { z } from "zod";
import type { Account, SavedPassenger } from "#core/accounts/account.ts";
import { GENDERS } from "#core/passengers/passenger-rules.ts";
import { passengerRecord } from "#core/passengers/passenger-record.ts";
import { apiSchemas } from "../openapi.ts";

/**
 * The shapes the accounts API reads and answers (users, saved passengers), with the functions
 * that present the core's records in them. Nothing here decides anything: the rules are
 * core/accounts; this is what goes over the wire.
 */

export const MAX_NAME = 100;
/** PostgreSQL text cannot hold NUL; it is dropped rather than letting a client cause a fault. */
const withoutNul = (value: string) => value.replaceAll("\u0000", "");
export const text = (max: number) => z.string().max(max).transform(withoutNul);
export const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => value ?? undefined);
/** A profile field: a value, or null (or blank) to clear it; absent leaves it as it is. */
const profileText = (max: number) => text(max).nullable().optional();

const DATE_READ = "ISO (YYYY-MM-DD); a Persian (Jalali) y/m/d and Persian digits are read too.";

/** What `PATCH /api/v1/me` may change; anything else (the id, the mobile) is refused by name. */
export const profilePatchSchema = z
  .object({
    firstName: profileText(MAX_NAME).describe("Persian letters only."),
    lastName: profileText(MAX_NAME).describe("Persian letters only."),
    firstNameLatin: profileText(MAX_NAME).describe("Latin letters only."),
    lastNameLatin: profileText(MAX_NAME).describe("Latin letters only."),
    nationalCode: profileText(32).describe("A valid Iranian national code, any digits; stored as 10 Latin digits."),
    birthDate: profileText(32).describe(`${DATE_READ} Stored as ISO.`),
    gender: profileText(16).describe("male or female."),
    email: profileText(254),
  })
  .strict()
  .describe("Only the fields sent change; null (or an empty string) clears one. id and mobile cannot be changed (UNKNOWN_FIELD).");

const nullableText = z.string().nullable();

export const userSchema = z
  .object({
    id: z.string().describe("The account's public id (never its database key)."),
    mobile: z.string().describe("The number signed in with (09XXXXXXXXX); it cannot be changed here."),
    firstName: nullableText,
    lastName: nullableText,
    firstNameLatin: nullableText,
    lastNameLatin: nullableText,
    nationalCode: nullableText.describe("10 Latin digits."),
    birthDate: nullableText.describe("ISO."),
    gender: z.enum(GENDERS).nullable(),
    email: nullableText,
  })
  .strict();
userSchema.register(apiSchemas, { id: "User" });

/** The user as the API shows it: the public id, never the database key. */
export function apiUser(account: Pick<Account, "publicId" | "mobile" | "profile">): z.output<typeof userSchema> {
  const profile = account.profile;
  return {
    id: account.publicId,
    mobile: account.mobile,
    firstName: profile.firstName,
    lastName: profile.lastName,
    firstNameLatin: profile.firstNameLatin,
    lastNameLatin: profile.lastNameLatin,
    nationalCode: profile.nationalCode,
    birthDate: profile.birthDate,
    gender: profile.gender,
    email: profile.email,
  };
}

/** A saved passenger as sent: the booking form's fields without the type, which the birth date decides. */
export const savedPassengerInputSchema = z
  .object({
    nationality: optionalText(8).describe("ISO country code; IR when absent."),
    firstName: text(MAX_NAME).describe("Persian for Iranians."),
    lastName: text(MAX_NAME),
    firstNameLatin: optionalText(MAX_NAME),
    lastNameLatin: optionalText(MAX_NAME),
    gender: text(16).describe("male or female."),
    birthDate: text(32).describe(DATE_READ),
    nationalCode: optionalText(32).describe("Required for Iranians."),
    passportNumber: optionalText(32).describe("Required, with country and expiry, for everyone else."),
    passportCountry: optionalText(8),
    passportExpiry: optionalText(32).describe("Not passed yet."),
    wheelchair: z.boolean().nullish(),
  })
  .strict()
  .describe(
    "A person as the booking form takes one, checked by the same rules as of today; whether adult, child or infant follows from the birth date.",
  );

export const savedPassengerSchema = z
  .object({
    id: z.string().describe("The entry's id, for DELETE."),
    nationality: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    firstNameLatin: nullableText,
    lastNameLatin: nullableText,
    gender: z.enum(GENDERS),
    birthDate: z.string().describe("ISO."),
    nationalCode: nullableText,
    passportNumber: nullableText,
    passportCountry: nullableText,
    passportExpiry: nullableText,
    wheelchair: z.boolean(),
    updatedAt: z.string(),
  })
  .strict();
savedPassengerSchema.register(apiSchemas, { id: "SavedPassenger" });

export function apiSavedPassenger(passenger: SavedPassenger): z.output<typeof savedPassengerSchema> {
  return { id: passenger.id, ...passengerRecord(passenger), updatedAt: passenger.updatedAt.toISOString() };
}
