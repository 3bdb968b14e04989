import type { Gender, NormalizedPassenger } from "./passenger-rules.ts";

/**
 * A person's fields as database rows and API bodies hold them: every optional field present,
 * null when not given. The core's passengers leave such fields out instead, which is how forms
 * tell "not given"; these two functions are the one place that converts between the two.
 */
export interface PassengerRecord {
  nationality: string;
  firstName: string;
  lastName: string;
  firstNameLatin: string | null;
  lastNameLatin: string | null;
  gender: Gender;
  birthDate: string;
  nationalCode: string | null;
  passportNumber: string | null;
  passportCountry: string | null;
  passportExpiry: string | null;
  wheelchair: boolean;
}

export function passengerRecord(passenger: Omit<NormalizedPassenger, "type" | "iranian">): PassengerRecord {
  return {
    nationality: passenger.nationality,
    firstName: passenger.firstName,
    lastName: passenger.lastName,
    firstNameLatin: passenger.firstNameLatin ?? null,
    lastNameLatin: passenger.lastNameLatin ?? null,
    gender: passenger.gender,
    birthDate: passenger.birthDate,
    nationalCode: passenger.nationalCode ?? null,
    passportNumber: passenger.passportNumber ?? null,
    passportCountry: passenger.passportCountry ?? null,
    passportExpiry: passenger.passportExpiry ?? null,
    wheelchair: passenger.wheelchair,
  };
}

/** A stored person back as the core holds one (Iranian by nationality; empty fields left out). */
export function passengerFromRecord(record: Omit<PassengerRecord, "gender"> & { gender: string }): Omit<NormalizedPassenger, "type"> {
  return {
    iranian: record.nationality === "IR",
    nationality: record.nationality,
    firstName: record.firstName,
    lastName: record.lastName,
    ...(record.firstNameLatin ? { firstNameLatin: record.firstNameLatin } : {}),
    ...(record.lastNameLatin ? { lastNameLatin: record.lastNameLatin } : {}),
    gender: record.gender as Gender,
    birthDate: record.birthDate,
    ...(record.nationalCode ? { nationalCode: record.nationalCode } : {}),
    ...(record.passportNumber ? { passportNumber: record.passportNumber } : {}),
    ...(record.passportCountry ? { passportCountry: record.passportCountry } : {}),
    ...(record.passportExpiry ? { passportExpiry: record.passportExpiry } : {}),
    wheelchair: record.wheelchair,
  };
}
