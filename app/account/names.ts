import { cleanName, isPersianName } from "#core/passengers/passenger-rules.ts";

/** The optional Persian first and last name given on /register, by the passenger form's own rule. */
export const MAX_NAME_LENGTH = 50;

export { cleanName };

/** "" (not given), the cleaned name, or null when it is not a Persian name. */
export function optionalPersianName(value: string): string | null {
  const name = cleanName(value);
  if (name === "") return "";
  return name.length <= MAX_NAME_LENGTH && isPersianName(name) ? name : null;
}
