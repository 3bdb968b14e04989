/**
 * The 22-character tax id of an official invoice (Moadian): the seller's fiscal memory id (6
 * characters), the issue day as days since 1970-01-01 in hex (5), the seller's serial of the
 * invoice in hex (10, zero padded) and one Verhoeff check digit. The check digit is computed over
 * the decimal form of the same three parts: the memory id with each letter written as its ASCII
 * code (digits kept), the day as 6 decimal digits and the serial as 12 decimal digits.
 */
import { tehranToday } from "../search/dates.ts";

export const TAX_ID_LENGTH = 22;
/** Ten hex digits of serial: the most invoices one memory id can number. */
export const MAX_TAX_SERIAL = 0xff_ffff_ffff;
const MEMORY_ID = /^[A-Z0-9]{6}$/;

// Verhoeff's tables: the dihedral group D5's multiplication, the position permutation, the inverse.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
] as const;
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
] as const;
const INVERSE = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9] as const;

function verhoeffRun(digits: string, offset: number): number {
  if (!/^\d+$/.test(digits)) throw new RangeError("Verhoeff works on decimal digits only");
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    c = D[c]![P[(i + offset) % 8]![digit]!]!;
  }
  return c;
}

/** The digit that, appended, makes `digits` a valid Verhoeff number. */
export function verhoeffCheckDigit(digits: string): number {
  return INVERSE[verhoeffRun(digits, 1)]!;
}

/** Whether `digits` (its last digit the check digit) passes Verhoeff's check. */
export function verhoeffValid(digits: string): boolean {
  return /^\d+$/.test(digits) && verhoeffRun(digits, 0) === 0;
}

/** Whole days from 1970-01-01 to the day of `at` in Tehran (the day the invoice is dated). */
export function taxDayOf(at: Date): number {
  return Math.round(Date.parse(`${tehranToday(at)}T00:00:00Z`) / 86_400_000);
}

export function isMemoryId(value: string): boolean {
  return MEMORY_ID.test(value);
}

/** The decimal form the check digit is computed over. */
export function taxIdDecimalForm(memoryId: string, day: number, serial: number): string {
  const memory = [...memoryId].map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0)))).join("");
  return `${memory}${String(day).padStart(6, "0")}${String(serial).padStart(12, "0")}`;
}

/** The tax id of the invoice numbered `serial` by the memory `memoryId`, issued at `issuedAt`. */
export function makeTaxId(input: { memoryId: string; issuedAt: Date; serial: number }): string {
  const memoryId = input.memoryId.toUpperCase();
  if (!isMemoryId(memoryId)) throw new RangeError("A fiscal memory id is 6 Latin letters or digits");
  if (!Number.isSafeInteger(input.serial) || input.serial < 1 || input.serial > MAX_TAX_SERIAL)
    throw new RangeError("A tax serial is a whole number from 1 to 16^10 - 1");
  const day = taxDayOf(input.issuedAt);
  const check = verhoeffCheckDigit(taxIdDecimalForm(memoryId, day, input.serial));
  return `${memoryId}${day.toString(16).padStart(5, "0")}${input.serial.toString(16).padStart(10, "0")}${check}`.toUpperCase();
}

/** The parts of a well-formed tax id whose check digit holds, else null. */
export function parseTaxId(taxId: string): { memoryId: string; day: number; serial: number } | null {
  const match = /^([A-Z0-9]{6})([0-9A-F]{5})([0-9A-F]{10})(\d)$/.exec(taxId);
  if (!match) return null;
  const [, memoryId, dayHex, serialHex, check] = match;
  const day = parseInt(dayHex!, 16);
  const serial = parseInt(serialHex!, 16);
  return verhoeffValid(`${taxIdDecimalForm(memoryId!, day, serial)}${check}`) ? { memoryId: memoryId!, day, serial } : null;
}
