import { z } from "zod";
import { localizeDigits, translate } from "../i18n/messages.ts";
import type { Locale } from "../i18n/locales.ts";
import { readableDate } from "../search/dates.ts";
import type { DescribeContext, PassengerRequirements } from "./service-module.ts";

/**
 * Texts and stored-offer checks every service module writes the same way: local clocks, place
 * labels, readable instants and the cabin of a fare.
 */

/** ISO 8601 with a UTC offset, as suppliers write times ("2026-01-10T08:30:00+03:30"). */
export const storedInstant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/);
/** Integer tomans. */
export const storedMoney = z.number().int().min(0);

/** "08:30" of "2026-01-10T08:30:00+03:30": the local clock where it happens, as the supplier wrote it. */
export function clockOf(iso: string): string {
  return iso.slice(11, 16);
}

/** "Mashhad (MHD)" with the place's name in the context's language; the code alone when it has none. */
export function placeLabel(code: string, context: DescribeContext): string {
  const name = context.placeName?.(code);
  return name && name !== code ? `${name} (${code})` : code;
}

/** An instant as the traveller reads it on a ticket: "Saturday 18 Mordad 1404، ۰۸:۳۰". */
export function readableInstant(iso: string, context: DescribeContext): string {
  const { locale } = context;
  const day = readableDate(iso.slice(0, 10), locale, context.calendar);
  return `${day}${locale === "en" ? ", " : "، "}${localizeDigits(locale, clockOf(iso))}`;
}

/** "Economy (Y)" / "Business (J)" in the language asked. */
export function cabinText(locale: Locale, fare: { cabin: string; fareClass: string }): string {
  return translate(locale, fare.cabin === "business" ? "flights.cabin.business" : "flights.cabin.economy", { fareClass: fare.fareClass });
}

/**
 * What travellers of a trip that ends on `lastDay` must give, at home or abroad: abroad every
 * traveller is booked by passport (Latin names, valid six months after that day); at home the
 * default rules (a national code for Iranians). Ages are judged on that day too.
 */
export function tripRequirements(lastDay: string, abroad: boolean): PassengerRequirements {
  return {
    lastFlightDate: lastDay,
    latinNamesRequired: abroad,
    passportForEveryone: abroad,
    passportValidMonths: abroad ? 6 : 0,
    foreignersAllowed: true,
  };
}

/** The latest of some ISO days (the last return or check-out of a booking's items). */
export function latestDay(days: readonly string[]): string {
  if (days.length === 0) throw new RangeError("the latest of no days");
  return days.reduce((a, b) => (a > b ? a : b));
}
