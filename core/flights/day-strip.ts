import { addDays, daysBetween, isIsoDate } from "../search/dates.ts";
import { BOOKING_HORIZON_DAYS } from "../search/search-forms.ts";

/**
 * The strip of days above the flight results: the chosen date with the days around it, each with
 * the cheapest adult price known for it, so a traveller can hop to a cheaper day.
 */
export interface StripDay {
  date: string;
  /** Cheapest adult price of the day in tomans; null when no price is known. */
  cheapest: number | null;
  selected: boolean;
}

/** The cheapest adult price of each date, dates in order. Entries with an invalid date or price are skipped. */
export function cheapestByDay(entries: readonly { date: string; adultPrice: number }[]): Map<string, number> {
  const cheapest = new Map<string, number>();
  for (const { date, adultPrice } of entries) {
    if (!isIsoDate(date) || !Number.isSafeInteger(adultPrice) || adultPrice < 0) continue;
    const known = cheapest.get(date);
    if (known === undefined || adultPrice < known) cheapest.set(date, adultPrice);
  }
  // ISO dates sort as text.
  return new Map([...cheapest].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The 2·radius+1 days around `center`, within what can be sold: never before `today`, never after
 * today + BOOKING_HORIZON_DAYS. Near either end the window slides inwards, so it keeps its width,
 * and the chosen day is then off-centre. A `center` outside that range leaves the window at the
 * nearer end with no day selected. Throws RangeError when a date is not ISO or the radius is not a
 * whole number ≥ 0.
 */
export function dayStrip(center: string, today: string, cheapest: ReadonlyMap<string, number>, radius = 3): StripDay[] {
  if (!isIsoDate(center) || !isIsoDate(today)) throw new RangeError("dayStrip needs ISO dates");
  if (!Number.isSafeInteger(radius) || radius < 0 || radius > BOOKING_HORIZON_DAYS)
    throw new RangeError(`radius must be a whole number from 0 to ${BOOKING_HORIZON_DAYS}`);
  const width = 2 * radius + 1;
  const lastOffset = BOOKING_HORIZON_DAYS;
  const centerOffset = daysBetween(today, center);
  // Offsets from today: slide back from the horizon first, then forward from today.
  const start = Math.max(0, Math.min(centerOffset - radius, lastOffset - width + 1));
  const end = Math.min(lastOffset, start + width - 1);
  const days: StripDay[] = [];
  for (let offset = start; offset <= end; offset += 1) {
    const date = addDays(today, offset);
    days.push({ date, cheapest: cheapest.get(date) ?? null, selected: date === center });
  }
  return days;
}
