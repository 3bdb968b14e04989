/**
 * The optional Persian first and last name given on /register. The rules are the passenger form's
 * (core/passengers/passenger-rules.ts keeps its own copy unexported): Persian letters, Arabic yeh
 * and kaf accepted and stored as Persian, single spaces or ZWNJ between words.
 */
const PERSIAN_LETTER = "[\u0621-\u0626\u0627-\u063A\u0641\u0642\u0643\u0644-\u0648\u064A\u067E\u0686\u0698\u06A9\u06AF\u06CC]";
const PERSIAN_NAME = new RegExp(`^${PERSIAN_LETTER}+(?:[ \u200C]${PERSIAN_LETTER}+)*$`);
export const MAX_NAME_LENGTH = 50;

export function cleanName(value: string): string {
  return value
    .replace(/[\u064A\u0649]/g, "\u06CC")
    .replace(/\u0643/g, "\u06A9")
    .replace(/\s+/g, " ")
    .replace(/ ?\u200C+ ?/g, "\u200C")
    .trim();
}

/** "" (not given), the cleaned name, or null when it is not a Persian name. */
export function optionalPersianName(value: string): string | null {
  const name = cleanName(value);
  if (name === "") return "";
  return name.length <= MAX_NAME_LENGTH && PERSIAN_NAME.test(name) ? name : null;
}
