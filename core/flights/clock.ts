import { isIsoDate } from "../search/dates.ts";

/**
 * Departure and arrival instants of a flight offer: ISO 8601 (RFC 3339) text with an explicit UTC
 * offset, e.g. `2026-11-22T08:30:00+03:30` or `2026-11-22T05:00:00Z`. The text is read here, by
 * hand, rather than by `Date.parse`: a string without an offset would be read in the server's own
 * time zone, which silently shifts every time-of-day bucket.
 */

/** Tehran is UTC+03:30 all year (no daylight saving time since 2022). */
export const TEHRAN_OFFSET_MINUTES = 3 * 60 + 30;
const MINUTES_PER_DAY = 24 * 60;

const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2}))$/;

interface Instant {
  date: string;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Minutes east of UTC. */
  offset: number;
}

function readInstant(text: unknown): Instant | null {
  // Nothing longer is an instant; the bound keeps odd supplier data cheap to reject.
  if (typeof text !== "string" || text.length > 40) return null;
  const match = INSTANT.exec(text);
  if (!match) return null;
  const [, date, hh, mm, ss, fraction, zone, sign, offsetHours, offsetMinutes] = match;
  if (!isIsoDate(date)) return null;
  const hour = Number(hh);
  const minute = Number(mm);
  const second = ss === undefined ? 0 : Number(ss);
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offset = 0;
  if (zone !== "Z") {
    const hours = Number(offsetHours);
    const minutes = Number(offsetMinutes);
    if (hours > 23 || minutes > 59) return null;
    offset = (sign === "-" ? -1 : 1) * (hours * 60 + minutes);
  }
  const millisecond = fraction === undefined ? 0 : Number(fraction.slice(0, 3).padEnd(3, "0"));
  return { date, hour, minute, second, millisecond, offset };
}

/** Milliseconds since the epoch of an instant, or null when the text is not an instant with an offset. */
export function instantMillis(text: unknown): number | null {
  const instant = readInstant(text);
  if (!instant) return null;
  const [year, month, day] = instant.date.split("-").map(Number) as [number, number, number];
  const value = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  value.setUTCFullYear(year, month - 1, day);
  value.setUTCHours(instant.hour, instant.minute, instant.second, instant.millisecond);
  return value.getTime() - instant.offset * 60_000;
}

/** Minutes since midnight, Tehran time, of an instant (0–1439); null when the text is not an instant with an offset. */
export function tehranMinuteOfDay(text: unknown): number | null {
  const instant = readInstant(text);
  if (!instant) return null;
  const local = instant.hour * 60 + instant.minute - instant.offset + TEHRAN_OFFSET_MINUTES;
  return ((local % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}
