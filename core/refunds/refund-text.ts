import type { Locale } from "../i18n/locales.ts";
import { localizeDigits, translate, type MessageKey } from "../i18n/messages.ts";
import { TRAVEL_TIME_ZONE, readableDate, tehranToday, type CalendarKind } from "../search/dates.ts";
import type { RefundInPersonOnly, RefundStage } from "./penalty.ts";

/**
 * A refund window in words, as the traveller reads it before confirming: "Free cancellation until
 * 14:30", "10% penalty until 12:00 on Tuesday 25 November", "30% penalty until 3 hours before
 * departure", "50% penalty until departure". Times are Tehran's, where every trip is sold; the
 * day is left out when the window ends today, and written in the page's calendar and digits
 * otherwise.
 */
export interface RefundTextContext {
  locale: Locale;
  calendar: CalendarKind;
  /** The moment of the quote: a window ending on its Tehran day is told by the hour alone. */
  now: Date;
  /** What windows count back from (the service document's `refundFrom`); departure when left out. */
  from?: MessageKey;
}

const TEHRAN_CLOCK = new Intl.DateTimeFormat("en-GB", {
  timeZone: TRAVEL_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export function refundWindowText(stage: RefundStage, context: RefundTextContext): string {
  const { locale } = context;
  const percent = stage.penaltyPercent;
  const from = translate(locale, context.from ?? "refund.from.departure");
  if (stage.label === "airline-cancelled") return translate(locale, "refund.window.cancelled");
  if (stage.label === "after-departure" || stage.endsAt === null)
    return percent >= 100
      ? translate(locale, "refund.window.noneAfterDeparture", { from })
      : translate(locale, "refund.window.afterDeparture", { percent, from });
  if (stage.label === "in-person")
    return translate(locale, "refund.window.inPerson", { percent, duration: durationText(locale, stage.minutesBefore ?? 0) });
  const free = percent <= 0;

  if (stage.label === "last" || (stage.minutesBefore !== null && stage.minutesBefore <= 0))
    return free
      ? translate(locale, "refund.window.free.departure", { from })
      : translate(locale, "refund.window.penalty.departure", { percent, from });
  if (stage.minutesBefore !== null) {
    const duration = durationText(locale, stage.minutesBefore);
    return free
      ? translate(locale, "refund.window.free.before", { duration, from })
      : translate(locale, "refund.window.penalty.before", { percent, duration, from });
  }

  // A window to an instant of the calendar: the free period after issue, noon the day before.
  const ends = new Date(stage.endsAt);
  const time = localizeDigits(locale, TEHRAN_CLOCK.format(ends));
  const day = tehranToday(ends);
  if (day === tehranToday(context.now))
    return free
      ? translate(locale, "refund.window.free.time", { time })
      : translate(locale, "refund.window.penalty.time", { percent, time });
  const date = readableDate(day, locale, context.calendar, false);
  return free
    ? translate(locale, "refund.window.free.dateTime", { time, date })
    : translate(locale, "refund.window.penalty.dateTime", { percent, time, date });
}

/**
 * Why online refund is refused now, and what is left (a bus 2 h before departure): "Online refund is
 * closed 2 hours before departure. 50% of the fare is refunded in person at the bus terminal until departure."
 */
export function refundInPersonText(refusal: Pick<RefundInPersonOnly, "penaltyPercent" | "window">, locale: Locale): string {
  return translate(locale, "refund.inPersonOnly", refundInPersonParams(refusal, locale));
}

/** The values of `refund.inPersonOnly`: how long before departure online refund closes, and the part refunded at the counter. */
export function refundInPersonParams(
  refusal: Pick<RefundInPersonOnly, "penaltyPercent" | "window">,
  locale: Locale,
): { duration: string; percent: number } {
  return { duration: durationText(locale, refusal.window.minutesBefore ?? 0), percent: 100 - refusal.penaltyPercent };
}

/** "3 hours", "90 minutes": whole hours when the window is counted in them. */
function durationText(locale: Locale, minutes: number): string {
  return minutes % 60 === 0
    ? translate(locale, "refund.duration.hours", { count: minutes / 60 })
    : translate(locale, "refund.duration.minutes", { count: minutes });
}
