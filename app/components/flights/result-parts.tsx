import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import type { TimeOfDay } from "#core/flights/filters.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

/**
 * Pieces every flight results page shares (domestic and international): the money and clock
 * texts, the price filter, the filter buttons, the sort links and the "fares may have changed" notice.
 */

/** After this long on the page the fares may have changed (spec §8). */
const STALE_AFTER_MS = 15 * 60_000;

export const TIME_LABELS: Record<TimeOfDay, MessageKey> = {
  early: "flights.time.early",
  morning: "flights.time.morning",
  afternoon: "flights.time.afternoon",
  evening: "flights.time.evening",
};

/** "13:15" of "2026-11-25T13:15:00+03:30": the local time at the airport, as the supplier wrote it. */
export function clockTime(iso: string): string {
  return iso.slice(11, 16);
}

/** The current query with some parameters set (or removed with null), as a link's search. */
export function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  return `?${params.toString()}`;
}

export function useMoney() {
  const { t, number } = useI18n();
  return (tomans: number) => t("flights.toman", { amount: number(tomans) });
}

export function Duration({ minutes }: { minutes: number }) {
  const { t } = useI18n();
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return <>{hours > 0 ? t("flights.duration", { hours, minutes: rest }) : t("flights.durationMinutes", { minutes: rest })}</>;
}

/** A departure (or arrival) time-of-day filter: one checkbox per part of the day with its count; an empty part cannot be chosen unless it already is. */
export function TimeOfDayFilter({
  name,
  legend,
  counts,
  chosen,
}: {
  name: string;
  legend: string;
  counts: readonly { time: TimeOfDay; count: number }[];
  chosen: readonly TimeOfDay[];
}) {
  const { t, number } = useI18n();
  return (
    <fieldset>
      <legend>{legend}</legend>
      {counts.map(({ time, count }) => (
        <label key={time} className="filter-option">
          <input
            type="checkbox"
            name={name}
            value={time}
            defaultChecked={chosen.includes(time)}
            disabled={count === 0 && !chosen.includes(time)}
          />
          <span>{t(TIME_LABELS[time])}</span>
          <span className="filter-count">{number(count)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The adult price bounds of the filter form, the offers' own range as placeholders; `legend` names what is priced (a bus seat). */
export function PriceRangeFilter({
  range,
  chosen,
  legend = "flights.filter.price",
}: {
  range: { min: number; max: number };
  chosen: { priceMin: number | null; priceMax: number | null };
  legend?: MessageKey;
}) {
  const { t, number } = useI18n();
  const bound = (name: "priceMin" | "priceMax", value: number | null, placeholder: number) => (
    <label>
      {t(name === "priceMin" ? "flights.filter.priceMin" : "flights.filter.priceMax")}
      <input
        type="text"
        inputMode="numeric"
        name={name}
        defaultValue={value === null ? "" : number(value, { useGrouping: false })}
        placeholder={number(placeholder, { useGrouping: false })}
        className="search-input"
      />
    </label>
  );
  return (
    <fieldset className="filter-price">
      <legend>{t(legend)}</legend>
      {bound("priceMin", chosen.priceMin, range.min)}
      {bound("priceMax", chosen.priceMax, range.max)}
    </fieldset>
  );
}

/** Apply (the form works without JavaScript) and clear (the search kept, every filter dropped). */
export function FilterActions({ keep }: { keep: [string, string][] }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <div className="filter-actions">
      <button type="submit" className="search-submit">
        {t("flights.filter.apply")}
      </button>
      <Link to={`${pathname}?${new URLSearchParams(keep).toString()}`} preventScrollReset replace>
        {t("flights.filter.clear")}
      </Link>
    </div>
  );
}

/** The sort links; `param(sort)` is the value of `sort` in the URL (null for the default). */
export function SortLinks<Sort extends string>({
  sorts,
  current,
  label,
  param,
}: {
  sorts: readonly Sort[];
  current: string;
  label: (sort: Sort) => MessageKey;
  param: (sort: Sort) => string | null;
}) {
  const { t } = useI18n();
  const { search } = useLocation();
  return (
    <nav aria-label={t("flights.sort.label")} className="flight-sorts">
      <span>{t("flights.sort.label")}:</span>
      <ul>
        {sorts.map((sort) => (
          <li key={sort}>
            <Link
              to={withParams(search, { sort: param(sort) })}
              aria-current={current === sort ? "true" : undefined}
              preventScrollReset
              replace
            >
              {t(label(sort))}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Once the results are older than the fares' shelf life, an alert with a link that searches again. */
export function StaleNotice({ searchedAt }: { searchedAt: string }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const [stale, setStale] = useState(false);
  useEffect(() => {
    const left = new Date(searchedAt).getTime() + STALE_AFTER_MS - Date.now();
    const timer = setTimeout(() => setStale(true), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [searchedAt]);
  if (!stale) return null;
  return (
    <div className="results-stale" role="alert">
      <p>{t("flights.stale")}</p>
      <Link to={`${pathname}${search}`} replace>
        {t("flights.searchAgain")}
      </Link>
    </div>
  );
}
