import { parseDateText } from "../search/dates.ts";
import {
  checkPassengers,
  passengerTypeOn,
  type PassengerError,
  personError,
  type TripPassengerError,
  type PassengerInput,
  type PassengerType,
} from "../passengers/passenger-rules.ts";
import type { SavedPassengerFields } from "./account.ts";

/** A field's refusal: the passenger rules' codes, a passport judged on today reading as expired. */
export type SavedPassengerError = Exclude<PassengerError, "PASSPORT_EXPIRES" | TripPassengerError> | "PASSPORT_EXPIRED";

export type SavedPassengerCheck = { ok: true; person: SavedPassengerFields } | { ok: false; errors: Record<string, SavedPassengerError> };

/**
 * A person for the previous-passengers list, judged by the booking form's rules as of today:
 * their type follows from their birth date (too young to fly at all is an infant the rules
 * refuse), and a passport valid today is kept for any trip. Errors are keyed by field name.
 */
export function checkSavedPassenger(input: Omit<PassengerInput, "type">, today: string): SavedPassengerCheck {
  const birth = parseDateText(input.birthDate);
  const age = birth ? passengerTypeOn(birth, today) : "adult";
  const type: PassengerType = age === "too-young" ? "infant" : age;
  const result = checkPassengers([{ ...input, type }], { lastFlightDate: today, today, latinNamesRequired: false });
  if (result.ok) {
    const { type: _type, ...person } = result.passengers[0]!;
    return { ok: true, person };
  }
  const errors: Record<string, SavedPassengerError> = {};
  for (const [path, code] of Object.entries(result.errors)) {
    const personal = personError(code);
    errors[path.replace(/^0\./, "")] = personal === "PASSPORT_EXPIRES" ? "PASSPORT_EXPIRED" : personal;
  }
  return { ok: false, errors };
}
