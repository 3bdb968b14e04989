import { Link, useLocation, useRouteLoaderData } from "react-router";
import { faqJsonLd, serializeJsonLd } from "#core/content/json-ld.ts";
import { dateLocaleTag, readableDate, type CalendarKind } from "#core/search/dates.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { BuyOrWait } from "#app/components/fares/buy-or-wait.tsx";
import type { RootData } from "#app/root-data.ts";
import type { FlightLandingData } from "#app/search/flight-landing.server.ts";

/** Iranian weeks start on Saturday: ISO weekdays in that order. */
const IRANIAN_WEEK = [6, 7, 1, 2, 3, 4, 5];
/** A Monday, to name each ISO weekday through Intl. */
const A_MONDAY = Date.UTC(2026, 0, 5, 12);

function weekdayName(tag: string, isoDay: number): string {
  return new Intl.DateTimeFormat(tag, { weekday: "short", timeZone: "UTC" }).format(new Date(A_MONDAY + (isoDay - 1) * 86_400_000));
}

/** A route's landing page (`/flight/THR-MHD` without a date): fares of the month, timetable, airlines, rules, questions. */
export function FlightRouteLanding({ data, calendar }: { data: FlightLandingData; calendar: CalendarKind }) {
  const { t, locale, number, digits } = useI18n();
  const { pathname } = useLocation();
  const tag = dateLocaleTag(locale, calendar);
  const origin = useRouteLoaderData<RootData>("root")?.origin ?? "";
  const faq = faqJsonLd({ questions: data.questions, locale }, `${origin}${pathname}`);
  return (
    <div className="route-landing">
      <BuyOrWait data={data.fareHint} calendar={calendar} />
      <section aria-labelledby="landing-month">
        <h2 id="landing-month" className="landing-title">
          {t("flightLanding.month")}
        </h2>
        <p className="search-hint">{t("flightLanding.choose")}</p>
        <ul className="landing-month">
          {data.month.map((day) => (
            <li key={day.date}>
              <Link to={`?date=${day.date}&adults=1&children=0&infants=0&cabin=economy`} className="landing-day">
                <span className="day-strip-date">{readableDate(day.date, locale, calendar, false)}</span>
                <span className="day-strip-price">
                  {day.cheapest === null ? t("flights.noFlights") : t("flights.toman", { amount: number(day.cheapest) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {data.timetable.length > 0 ? (
        <section aria-labelledby="landing-timetable">
          <h2 id="landing-timetable" className="landing-title">
            {t("flightLanding.timetable")}
          </h2>
          <p className="search-hint">{t("flightLanding.timetableNote")}</p>
          <div className="landing-table-wrap">
            <table className="landing-table">
              <thead>
                <tr>
                  <th scope="col">{t("flightLanding.col.flight")}</th>
                  <th scope="col">{t("flightLanding.col.airline")}</th>
                  <th scope="col">{t("flightLanding.col.departs")}</th>
                  <th scope="col">{t("flightLanding.col.duration")}</th>
                  <th scope="col">{t("flightLanding.col.aircraft")}</th>
                  <th scope="col">{t("flightLanding.col.days")}</th>
                </tr>
              </thead>
              <tbody>
                {data.timetable.map((entry) => (
                  <tr key={`${entry.flightNumber}-${entry.departs}`}>
                    <td>
                      <bdi dir="ltr">{entry.flightNumber}</bdi>
                    </td>
                    <td>{entry.airlineName}</td>
                    <td>{digits(entry.departs)}</td>
                    <td>{t("flights.durationMinutes", { minutes: entry.durationMinutes })}</td>
                    <td>
                      <bdi dir="ltr">{entry.aircraft}</bdi>
                    </td>
                    <td>
                      {IRANIAN_WEEK.filter((day) => entry.weekdays.includes(day))
                        .map((day) => weekdayName(tag, day))
                        .join(t("search.listSeparator"))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      {data.airlines.length > 0 ? (
        <section aria-labelledby="landing-airlines">
          <h2 id="landing-airlines" className="landing-title">
            {t("flightLanding.airlines")}
          </h2>
          <ul className="landing-airlines">
            {data.airlines.map((airline) => (
              <li key={airline.code}>
                <span className="offer-airline-code" aria-hidden="true">
                  {airline.code}
                </span>
                <span>
                  <strong>{airline.name}</strong>
                  <span className="search-hint"> · {t("flightLanding.perWeek", { count: airline.perWeek })}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="landing-rules">
        <h2 id="landing-rules" className="landing-title">
          {t("flightLanding.rules")}
        </h2>
        <ul className="landing-rules">
          <li>{t("flightLanding.rule1")}</li>
          <li>{t("flightLanding.rule2")}</li>
          <li>{t("flightLanding.rule3")}</li>
        </ul>
      </section>

      {data.questions.length > 0 ? (
        <section aria-labelledby="landing-faq">
          <h2 id="landing-faq" className="landing-title">
            {t("flightLanding.faq")}
          </h2>
          <dl className="landing-faq">
            {data.questions.map((entry) => (
              <div key={entry.question}>
                <dt>{entry.question}</dt>
                <dd>{entry.answer}</dd>
              </div>
            ))}
          </dl>
          {faq ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(faq) }} /> : null}
        </section>
      ) : null}
    </div>
  );
}
