import { latinDigits } from "../i18n/digits.ts";

/**
 * Dates of a search: ISO (Gregorian) strings everywhere but on the screen. Travellers type dates
 * in the Persian or the Gregorian calendar, and the year tells which: Persian years are in the
 * 1300s and 1400s, Gregorian ones in the 1900s and 2000s.
 *
 * Plain arithmetic on day numbers, without a date library: this module is in the first load of
 * every page with a search form, and the calendar grid (which needs the library) comes on demand.
 * dates.test.ts checks the conversions against @internationalized/date day by day.
 */
export type CalendarKind = "persian" | "gregorian";

export const TRAVEL_TIME_ZONE = "Asia/Tehran";

const MS_PER_DAY = 86_400_000;
/** The Julian day number of 1970-01-01, the first of the day numbers used here. */
const UNIX_EPOCH_JULIAN_DAY = 2_440_588;
/** The Julian day before 1 Farvardin of year 1 (the arithmetic Persian calendar, as ICU has it). */
const PERSIAN_EPOCH_JULIAN_DAY = 1_948_320;
/** Days before each Persian month: six months of 31 days, five of 30, then Esfand. */
const PERSIAN_MONTH_START = [0, 31, 62, 93, 124, 155, 186, 216, 246, 276, 306, 336];

interface YearMonthDay {
  year: number;
  month: number;
  day: number;
}

const pad = (value: number, width: number) => String(value).padStart(width, "0");
const isoOf = ({ year, month, day }: YearMonthDay) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

/** Days since 1970-01-01 of a proleptic Gregorian date (setUTCFullYear, since Date.UTC maps years 0–99 to the 1900s). */
function gregorianToDays({ year, month, day }: YearMonthDay): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / MS_PER_DAY);
}

function daysToGregorian(days: number): YearMonthDay {
  const date = new Date(days * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function gregorianDaysInMonth(year: number, month: number): number {
  return daysToGregorian(gregorianToDays({ year, month: month + 1, day: 1 }) - 1).day;
}

function persianToDays({ year, month, day }: YearMonthDay): number {
  const julianDay =
    PERSIAN_EPOCH_JULIAN_DAY - 1 + 365 * (year - 1) + Math.floor((8 * year + 21) / 33) + PERSIAN_MONTH_START[month - 1]! + day;
  return julianDay - UNIX_EPOCH_JULIAN_DAY;
}

function daysToPersian(days: number): YearMonthDay {
  const sinceEpoch = days + UNIX_EPOCH_JULIAN_DAY - PERSIAN_EPOCH_JULIAN_DAY;
  const year = 1 + Math.floor((33 * sinceEpoch + 3) / 12_053);
  const dayOfYear = sinceEpoch - (365 * (year - 1) + Math.floor((8 * year + 21) / 33));
  const monthIndex = dayOfYear < 216 ? Math.floor(dayOfYear / 31) : Math.floor((dayOfYear - 6) / 30);
  return { year, month: monthIndex + 1, day: dayOfYear - PERSIAN_MONTH_START[monthIndex]! + 1 };
}

function persianDaysInMonth(year: number, month: number): number {
  if (month <= 6) return 31;
  if (month <= 11) return 30;
  // Leap years: 8 in every 33.
  return (((25 * year + 11) % 33) + 33) % 33 < 8 ? 30 : 29;
}

/** Year, month and day of a valid ISO date; null for anything else. */
function parseIso(text: string): YearMonthDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > gregorianDaysInMonth(year, month)) return null;
  return { year, month, day };
}

function requireIso(text: string): YearMonthDay {
  const date = parseIso(text);
  if (!date) throw new RangeError(`Not an ISO date: ${text}`);
  return date;
}

const TEHRAN_DAY = new Intl.DateTimeFormat("en-US", {
  timeZone: TRAVEL_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

/** Today's date in Tehran, where every trip of the storefront is sold. */
export function tehranToday(now: Date): string {
  const parts = TEHRAN_DAY.formatToParts(now);
  const part = (type: "year" | "month" | "day") => Number(parts.find((piece) => piece.type === type)?.value);
  return isoOf({ year: part("year"), month: part("month"), day: part("day") });
}

export function isIsoDate(text: unknown): text is string {
  return typeof text === "string" && parseIso(text) !== null;
}

/** Days from `from` to `to` (both ISO): positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return gregorianToDays(requireIso(to)) - gregorianToDays(requireIso(from));
}

export function addDays(iso: string, days: number): string {
  return isoOf(daysToGregorian(gregorianToDays(requireIso(iso)) + days));
}

/** The same day some years later; 29 February becomes the 28th in a year without it. */
export function addYears(iso: string, years: number): string {
  const { year, month, day } = requireIso(iso);
  return isoOf({ year: year + years, month, day: Math.min(day, gregorianDaysInMonth(year + years, month)) });
}

/**
 * Reads a date as typed: year, month and day in that order, separated by `/`, `-`, `.` or spaces,
 * in any of the three digit sets. Returns the ISO date, or null when it is not a real date.
 */
export function parseDateText(input: string): string | null {
  const text = latinDigits(input.trim());
  // ISO text goes through the same path: "1405-09-01" is a Persian date written with dashes.
  const match = /^(\d{4})\s*[/\-.\s]\s*(\d{1,2})\s*[/\-.\s]\s*(\d{1,2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const persian = year >= 1200 && year < 1700;
  if ((!persian && !(year >= 1800 && year < 2300)) || month < 1 || month > 12 || day < 1) return null;
  if (day > (persian ? persianDaysInMonth(year, month) : gregorianDaysInMonth(year, month))) return null;
  return persian ? isoOf(daysToGregorian(persianToDays({ year, month, day }))) : isoOf({ year, month, day });
}

/** An ISO date as the traveller types it: `1405/09/05` in the Persian calendar, `2026/11/26` in the Gregorian one (Latin digits). */
export function dateText(iso: string, calendar: CalendarKind): string {
  const gregorian = requireIso(iso);
  const date = calendar === "persian" ? daysToPersian(gregorianToDays(gregorian)) : gregorian;
  return `${pad(date.year, 4)}/${pad(date.month, 2)}/${pad(date.day, 2)}`;
}

/** A date in the form field's text when it is a valid ISO date; anything else is shown as it was typed. */
export function displayDateValue(value: string, calendar: CalendarKind): string {
  return isIsoDate(value) ? dateText(value, calendar) : value;
}

/** The BCP 47 tag for showing dates of a calendar in a language (Persian or Arabic-Indic digits where they belong). */
export function dateLocaleTag(locale: "fa" | "en" | "ar", calendar: CalendarKind): string {
  const ca = calendar === "persian" ? "persian" : "gregory";
  if (locale === "fa") return `fa-IR-u-ca-${ca}-nu-arabext`;
  if (locale === "ar") return `ar-u-ca-${ca}-nu-arab`;
  return `en-GB-u-ca-${ca}-nu-latn`;
}

const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

/** A readable date ("Tuesday 4 Azar 1405"), for the line under a date field and summaries. */
export function readableDate(iso: string, locale: "fa" | "en" | "ar", calendar: CalendarKind, withYear = true): string {
  const tag = dateLocaleTag(locale, calendar);
  const key = `${tag}|${withYear}`;
  let formatter = FORMATTERS.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag, {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: withYear ? "numeric" : undefined,
      timeZone: "UTC",
    });
    FORMATTERS.set(key, formatter);
  }
  const date = new Date(`${iso}T12:00:00Z`);
  if (locale !== "fa") return formatter.format(date);
  // CLDR's Persian pattern puts the year first ("۱۴۰۵ آذر ۶, جمعه"); Iranians write "جمعه ۶ آذر ۱۴۰۵".
  const parts = formatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((piece) => piece.type === type)?.value;
  return [part("weekday"), part("day"), part("month"), withYear ? part("year") : undefined].filter(Boolean).join(" ");
}
