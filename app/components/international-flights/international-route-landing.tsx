import { Link, useLocation } from "react-router";
import { localizePath } from "#core/i18n/locales.ts";
import { readableDate } from "#core/search/dates.ts";
import { SearchFormIsland } from "#app/components/search/search-form-island.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { BuyOrWait } from "#app/components/fares/buy-or-wait.tsx";
import type { InternationalAirlineOnRoute, InternationalLandingData } from "#app/search/international-flight-landing.server.ts";

function BaggageNote({ baggage }: { baggage: InternationalAirlineOnRoute["baggage"] }) {
  const { t } = useI18n();
  if (baggage.pieces && baggage.pieces > 0)
    return (
      <>
        {baggage.kg
          ? t("intlFlights.baggage.piecesKg", { count: baggage.pieces, kg: baggage.kg })
          : t("intlFlights.baggage.pieces", { count: baggage.pieces })}
      </>
    );
  if (baggage.kg && baggage.kg > 0) return <>{t("intlFlights.baggage.kg", { kg: baggage.kg })}</>;
  return <>{t("intlFlights.baggage.none")}</>;
}

/** `/internationalflight/IKA-IST`: the route's cheapest days, its airlines, the rules of flying abroad, and the form. */
export function InternationalRouteLanding({ data }: { data: InternationalLandingData }) {
  const { t, locale, number } = useI18n();
  const { pathname } = useLocation();
  const from = data.places.from;
  const to = data.places.to;
  if (!from || !to) return null;
  const searchHref = (date: string) =>
    `${localizePath(locale, `/internationalflight/search/${from.iata ?? ""}/${to.iata ?? ""}`)}?${new URLSearchParams({
      date,
      adults: "1",
      children: "0",
      infants: "0",
      cabin: "economy",
    }).toString()}`;
  const calendar = data.form.calendar;
  return (
    <article className="results-page">
      <h1 className="mb-3 text-2xl font-bold">{t("intlLanding.title", { from: from.name, to: to.name })}</h1>
      <section aria-labelledby="intl-landing-form" className="mb-6">
        <h2 id="intl-landing-form" className="landing-title">
          {t("intlLanding.search")}
        </h2>
        <div className="search-card">
          <SearchFormIsland key={JSON.stringify(data.form.fields) + JSON.stringify(data.form.errors)} state={data.form} action={pathname} />
        </div>
      </section>
      <div className="route-landing">
        <BuyOrWait data={data.fareHint} calendar={calendar} />
        <section aria-labelledby="intl-landing-days">
          <h2 id="intl-landing-days" className="landing-title">
            {t("intlLanding.days")}
          </h2>
          {data.days.some((day) => day.cheapest !== null) ? (
            <>
              <p className="search-hint">{t("intlLanding.choose")}</p>
              <ul className="landing-month">
                {data.days.map((day) => (
                  <li key={day.date}>
                    <Link
                      to={searchHref(day.date)}
                      className="landing-day"
                      aria-current={day.date === data.sampleDate ? "date" : undefined}
                    >
                      <span className="day-strip-date">{readableDate(day.date, locale, calendar, false)}</span>
                      <span className="day-strip-price">
                        {day.cheapest === null ? t("flights.noFlights") : t("flights.toman", { amount: number(day.cheapest) })}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="flight-empty">{t("intlLanding.noFares")}</p>
          )}
        </section>

        {data.airlines.length > 0 ? (
          <section aria-labelledby="intl-landing-airlines">
            <h2 id="intl-landing-airlines" className="landing-title">
              {t("intlLanding.airlines")}
            </h2>
            <ul className="landing-airlines">
              {data.airlines.map((airline) => (
                <li key={airline.code}>
                  <span className="offer-airline-code" aria-hidden="true">
                    {airline.code}
                  </span>
                  <span>
                    <strong>{airline.name}</strong>
                    <span className="search-hint">
                      {" · "}
                      {t("intlLanding.airlineFrom", { price: t("flights.toman", { amount: number(airline.from) }) })}
                      {" · "}
                      {airline.direct ? t("intlFlights.stops.0") : t("intlLanding.withStops")}
                      {" · "}
                      <BaggageNote baggage={airline.baggage} />
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="intl-landing-rules">
          <h2 id="intl-landing-rules" className="landing-title">
            {t("intlLanding.rules")}
          </h2>
          <ul className="landing-rules">
            <li>{t("intlLanding.rule.baggage")}</li>
            <li>{t("intlLanding.rule.passport")}</li>
            <li>{t("intlLanding.rule.visa", { country: to.detail ?? to.name })}</li>
            <li>{t("intlLanding.rule.names")}</li>
          </ul>
        </section>
      </div>
    </article>
  );
}
