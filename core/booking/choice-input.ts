import { latinDigits } from "../i18n/digits.ts";

/**
 * Reading a service's purchase choices as a client sent them (JSON from the API, text from a
 * page's form): unchecked input, so every reader answers null rather than throwing.
 */

/** A whole number as JSON or a form carries it (any digit set); null when it is anything else. */
export function wholeNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = latinDigits(value.trim());
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

/** The fields of an object sent as one; an empty record for anything else. */
export function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
