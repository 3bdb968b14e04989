import { useId } from "react";
import type { FareHint, FarePoint } from "#core/fares/fare-history.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { addDays, dateLocaleTag, daysBetween, readableDate, type CalendarKind } from "#core/search/dates.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { BuyOrWaitData } from "#app/search/buy-or-wait.server.ts";

const HINT: Record<FareHint["kind"], MessageKey> = {
  rising: "fares.hint.rising",
  falling: "fares.hint.falling",
  steady: "fares.hint.steady",
};

/** Within this many percent of the usual price, today's price reads as "about the usual". */
const ABOUT_USUAL_PERCENT = 3;
const CHART_DAYS = 30;

// The chart's drawing box; the labels sit in the margins.
const WIDTH = 320;
const HEIGHT = 150;
const LEFT = 8;
const RIGHT = 8;
const TOP = 20;
const BOTTOM = 26;

const SHORT_DATES = new Map<string, Intl.DateTimeFormat>();
function shortDate(iso: string, locale: "fa" | "en" | "ar", calendar: CalendarKind): string {
  const tag = dateLocaleTag(locale, calendar);
  let format = SHORT_DATES.get(tag);
  if (!format) SHORT_DATES.set(tag, (format = new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", timeZone: "UTC" })));
  return format.format(new Date(`${iso}T00:00:00Z`));
}

/**
 * The last 30 days of the chosen departure's cheapest fare. Time runs from the reading start
 * (right in Persian and Arabic), the lowest and highest fares label the price axis, the first and
 * last days the time axis; the figures are also a table for anyone who does not see the line.
 */
function FareChart({ points, today, calendar }: { points: FarePoint[]; today: string; calendar: CalendarKind }) {
  const { t, number, locale, dir } = useI18n();
  const id = useId();
  const first = addDays(today, -(CHART_DAYS - 1));
  const fares = points.map((point) => point.cheapest);
  const lowest = Math.min(...fares);
  const highest = Math.max(...fares);
  const span = highest - lowest || 1;
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const xOf = (seenOn: string) => {
    const along = LEFT + (daysBetween(first, seenOn) / (CHART_DAYS - 1)) * plotWidth;
    return dir === "rtl" ? WIDTH - along : along;
  };
  const yOf = (fare: number) => TOP + (1 - (fare - lowest) / span) * plotHeight;
  const line = points.map((point) => `${xOf(point.seenOn).toFixed(1)},${yOf(point.cheapest).toFixed(1)}`).join(" ");
  const last = points.at(-1);
  // SVG text inherits the page's direction, so "start" is already the right edge in Persian and Arabic.
  const start = "start";
  const end = "end";
  const summary = t("fares.chart.summary", {
    points: number(points.length),
    lowest: number(lowest),
    highest: number(highest),
    today: number(last?.cheapest ?? 0),
  });
  return (
    <figure className="m-0 mt-3">
      <figcaption id={`${id}-title`} className="text-sm font-semibold text-gray-800">
        {t("fares.chart.title")}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
        className="mt-1 block h-auto w-full max-w-md text-gray-700"
      >
        <line x1={LEFT} x2={WIDTH - RIGHT} y1={TOP} y2={TOP} stroke="#d1d5db" strokeDasharray="3 3" />
        <line x1={LEFT} x2={WIDTH - RIGHT} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="#9ca3af" />
        <text x={dir === "rtl" ? WIDTH - LEFT : LEFT} y={TOP - 6} fontSize="11" fill="currentColor" textAnchor={start}>
          {number(highest)}
        </text>
        <text x={dir === "rtl" ? LEFT : WIDTH - RIGHT} y={HEIGHT - BOTTOM - 6} fontSize="11" fill="currentColor" textAnchor={end}>
          {number(lowest)}
        </text>
        <text x={xOf(first)} y={HEIGHT - 8} fontSize="11" fill="currentColor" textAnchor={start}>
          {shortDate(first, locale, calendar)}
        </text>
        <text x={xOf(today)} y={HEIGHT - 8} fontSize="11" fill="currentColor" textAnchor={end}>
          {shortDate(today, locale, calendar)}
        </text>
        {points.length > 1 ? (
          <polyline points={line} fill="none" stroke="var(--color-brand)" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
        ) : null}
        {last ? <circle cx={xOf(last.seenOn)} cy={yOf(last.cheapest)} r="4" fill="var(--color-brand)" /> : null}
      </svg>
      <p id={`${id}-summary`} className="sr-only">
        {summary}
      </p>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer text-[var(--color-link)]">{t("fares.chart.show")}</summary>
        <table className="mt-1 border-collapse text-sm">
          <caption className="sr-only">{t("fares.chart.title")}</caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-start font-semibold">
                {t("fares.chart.day")}
              </th>
              <th scope="col" className="px-2 py-1 text-start font-semibold">
                {t("fares.chart.fare")}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.seenOn} className="border-t border-gray-200">
                <td className="px-2 py-1">{shortDate(point.seenOn, locale, calendar)}</td>
                <td className="px-2 py-1">{number(point.cheapest)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * Buy now or wait (issue 22 §4): today's cheapest fare of the chosen day against the route's
 * usual price that many days ahead, the plain hint and the evidence. Nothing without a hint.
 */
export function BuyOrWait({ data, calendar }: { data: BuyOrWaitData | null | undefined; calendar: CalendarKind }) {
  const { t, number, locale } = useI18n();
  const id = useId();
  if (!data) return null;
  const { hint, evidence } = data;
  const today = addDays(data.departureDate, -evidence.daysBefore);
  const when = t("fares.daysBefore", { count: evidence.daysBefore });
  const prices = { price: number(hint.todayPrice), usual: number(hint.usualPrice), when };
  const compare =
    Math.abs(hint.percentVsUsual) < ABOUT_USUAL_PERCENT
      ? t("fares.compare.same", prices)
      : t(hint.percentVsUsual > 0 ? "fares.compare.above" : "fares.compare.below", {
          ...prices,
          percent: number(Math.abs(hint.percentVsUsual)),
        });
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="buy-or-wait my-4 rounded-lg border border-gray-300 bg-white p-4 text-gray-900"
      data-trend={hint.kind}
    >
      <h2 id={`${id}-heading`} className="m-0 text-base font-bold">
        {t("fares.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        {t("fares.forDate", { date: readableDate(data.departureDate, locale, calendar, false) })}
      </p>
      <p className="mt-2 font-semibold">{t(HINT[hint.kind])}</p>
      <p className="mt-1">{compare}</p>
      {evidence.lastDays.length > 0 ? <FareChart points={evidence.lastDays} today={today} calendar={calendar} /> : null}
      <p className="mt-2 text-sm text-gray-700">
        {t("fares.evidence", { departures: number(evidence.departures), days: number(evidence.historyDays) })}
      </p>
    </section>
  );
}
