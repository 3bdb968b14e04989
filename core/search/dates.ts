import {
  CalendarDate,
  GregorianCalendar,
  PersianCalendar,
  fromAbsolute,
  parseDate,
  toCalendar,
  toCalendarDate,
} from "@internationalized/date";
import { latinDigits } from "../i18n/digits.ts";

/**
 * Dates of a search: ISO (Gregorian) strings everywhere but on the screen. Travellers type dates
 * in the Persian or the Gregorian calendar, and the year tells which: Persian years are in the
 * 1300s and 1400s, Gregorian ones in the 1900s and 2000s.
 */
export type CalendarKind = "persian" | "gregorian";

export const TRAVEL_TIME_ZONE = "Asia/Tehran";
const GREGORIAN = new GregorianCalendar();
const PERSIAN = new PersianCalendar();

/** Today's date in Tehran, where every trip of the storefront is sold. */
export function tehranToday(now: Date): string {
  return toCalendarDate(fromAbsolute(now.getTime(), TRAVEL_TIME_ZONE)).toString();
}

export function isIsoDate(text: unknown): text is string {
  if (typeof text !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  try {
    return parseDate(text).toString() === text;
  } catch {
    return false;
  }
}

/** Days from `from` to `to` (both ISO): positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return parseDate(to).compare(parseDate(from));
}

export function addDays(iso: string, days: number): string {
  return parseDate(iso).add({ days }).toString();
}

export function addYears(iso: string, years: number): string {
  return parseDate(iso).add({ years }).toString();
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
  const calendar = year >= 1200 && year < 1700 ? PERSIAN : year >= 1800 && year < 2300 ? GREGORIAN : null;
  if (!calendar || month < 1 || month > 12 || day < 1) return null;
  const date = new CalendarDate(calendar, year, month, 1);
  if (day > calendar.getDaysInMonth(date)) return null;
  return toCalendar(date.set({ day }), GREGORIAN).toString();
}

/** An ISO date as the traveller types it: `1405/09/05` in the Persian calendar, `2026/11/26` in the Gregorian one (Latin digits). */
export function dateText(iso: string, calendar: CalendarKind): string {
  const date = calendar === "persian" ? toCalendar(parseDate(iso), PERSIAN) : parseDate(iso);
  return `${String(date.year).padStart(4, "0")}/${String(date.month).padStart(2, "0")}/${String(date.day).padStart(2, "0")}`;
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
