import type { AppLoadContext } from "react-router";
import { TEHRAN_OFFSET_MINUTES } from "#core/flights/clock.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { dateText, parseDateText } from "#core/search/dates.ts";
import { calendarOf } from "#app/search/search-page.server.ts";

/**
 * Dates on the operations screens: an instant as Tehran's day and clock in the page's calendar and
 * digits, and a typed day read in that calendar (the filters' "from" and "to").
 */
export function whenOf(request: Request, context: AppLoadContext) {
  const locale = context.locale.locale;
  const calendar = calendarOf(request, locale);
  return {
    /** `{ at: ISO, date, time }` of an instant, for a <time> element. */
    format(at: Date) {
      const shifted = new Date(at.getTime() + TEHRAN_OFFSET_MINUTES * 60_000).toISOString();
      return {
        at: at.toISOString(),
        date: localizeDigits(locale, dateText(shifted.slice(0, 10), calendar)),
        time: localizeDigits(locale, shifted.slice(11, 16)),
      };
    },
    /** A typed day as an ISO day; undefined when empty, null when it is not a day. */
    day(text: string): string | null | undefined {
      return text ? parseDateText(text) : undefined;
    },
    /** How a day is typed in this calendar, for the hint and the error. */
    example: localizeDigits(locale, calendar === "persian" ? "1405/09/05" : "2026/11/26"),
  };
}

export interface When {
  at: string;
  date: string;
  time: string;
}
