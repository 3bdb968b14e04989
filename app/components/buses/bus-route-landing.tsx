import { Link } from "react-router";
import { localizePath } from "#core/i18n/locales.ts";
import { readableDate, type CalendarKind } from "#core/search/dates.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { BusLandingData } from "#app/search/bus-results.server.ts";
import { useMoney } from "../flights/result-parts.tsx";
import { BuyOrWait } from "../fares/buy-or-wait.tsx";

/** A bus route asked for without a date: each day of the coming week with its cheapest seat, a link to that day's buses. */
export function BusRouteLanding({
  data,
  places,
  routeId,
  calendar,
}: {
  data: BusLandingData;
  places: Record<string, PlaceSuggestion>;
  routeId: string;
  calendar: CalendarKind;
}) {
  const { t, locale } = useI18n();
  const money = useMoney();
  const names = { from: places.from?.name ?? "", to: places.to?.name ?? "" };
  if (data.unavailable)
    return (
      <p className="flight-empty" role="status">
        {t("bus.landing.unavailable")}
      </p>
    );
  return (
    <section aria-labelledby="bus-week" className="bus-landing">
      <h2 id="bus-week" className="flight-leg-title">
        {t("bus.landing.week", names)}
      </h2>
      <ul className="intl-suggestions">
        {data.week.map(({ date, cheapest }) => (
          <li key={date}>
            {cheapest === null ? (
              <span>
                {readableDate(date, locale, calendar, false)}: {t("bus.landing.noBus")}
              </span>
            ) : (
              <Link to={`${localizePath(locale, `/bus/${routeId}`)}?date=${date}&adults=1`}>
                {readableDate(date, locale, calendar, false)}: {t("bus.landing.from", { price: money(cheapest) })}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <BuyOrWait data={data.fareHint} calendar={calendar} />
    </section>
  );
}
