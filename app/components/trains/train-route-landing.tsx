import { Link, useLocation, useRouteLoaderData } from "react-router";
import { faqJsonLd, serializeJsonLd } from "#core/content/json-ld.ts";
import { localizePath } from "#core/i18n/locales.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { readableDate, type CalendarKind } from "#core/search/dates.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { RootData } from "#app/root-data.ts";
import type { TrainLandingData } from "#app/search/train-landing.server.ts";
import { Duration, useMoney } from "../flights/result-parts.tsx";
import { WAGON_BEDS, isWagonKind } from "./labels.ts";
import { useWagonText } from "./train-offer-card.tsx";
import { BuyOrWait } from "../fares/buy-or-wait.tsx";

/** `?date=…` of a day's trains for one adult, the form's defaults otherwise. */
function dayQuery(date: string): string {
  return `?${new URLSearchParams({ date, adults: "1", children: "0", infants: "0", ticketType: "general" }).toString()}`;
}

/** "+1" after an arrival clock on a later day than the departure (an overnight train). */
function ArrivalDay({ departs, minutes }: { departs: string; minutes: number }) {
  const { t, number } = useI18n();
  const [hours = 0, mins = 0] = departs.split(":").map(Number);
  const days = Math.floor((hours * 60 + mins + minutes) / (24 * 60));
  if (!(days > 0)) return null;
  return (
    <sup className="intl-day-shift" title={t("intlFlights.arrivesLater", { count: days })}>
      +{number(days)}
      <span className="sr-only"> {t("intlFlights.arrivesLater", { count: days })}</span>
    </sup>
  );
}

/**
 * A train route's landing page (`/train/tehran-mashhad` without a date): the coming week's fares
 * with its cheapest day, the timetable, the operators, whether trains run back, the rules of
 * travelling by train, and questions with their FAQ JSON-LD. The search form is above it.
 */
export function TrainRouteLanding({
  data,
  places,
  calendar,
}: {
  data: TrainLandingData;
  places: Record<string, PlaceSuggestion>;
  calendar: CalendarKind;
}) {
  const { t, locale, digits } = useI18n();
  const money = useMoney();
  const wagonText = useWagonText();
  const { pathname } = useLocation();
  const origin = useRouteLoaderData<RootData>("root")?.origin ?? "";
  const faq = faqJsonLd({ questions: data.questions, locale }, `${origin}${pathname}`);
  const names = { from: places.from?.name ?? "", to: places.to?.name ?? "" };
  const back = { from: names.to, to: names.from };
  if (data.unavailable)
    return (
      <p className="flight-empty" role="status">
        {t("trainLanding.unavailable")}
      </p>
    );
  return (
    <div className="route-landing">
      <BuyOrWait data={data.fareHint} calendar={calendar} />
      <section aria-labelledby="train-landing-week">
        <h2 id="train-landing-week" className="landing-title">
          {t("trainLanding.week")}
        </h2>
        {data.cheapestDayInWeek ? (
          <>
            <p className="train-cheapest-day">
              {t("trainLanding.cheapest", {
                date: readableDate(data.cheapestDayInWeek.date, locale, calendar, false),
                price: money(data.cheapestDayInWeek.price),
              })}
            </p>
            <p className="search-hint">{t("trainLanding.choose")}</p>
            <ul className="landing-month">
              {data.week.map((day) => (
                <li key={day.date}>
                  <Link
                    to={dayQuery(day.date)}
                    className="landing-day"
                    aria-current={day.date === data.cheapestDayInWeek?.date ? "date" : undefined}
                  >
                    <span className="day-strip-date">{readableDate(day.date, locale, calendar, false)}</span>
                    <span className="day-strip-price">{day.cheapest === null ? t("trains.noTrains") : money(day.cheapest)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="flight-empty">{t("trainLanding.noFares")}</p>
        )}
      </section>

      {data.timetable.length > 0 ? (
        <section aria-labelledby="train-landing-timetable">
          <h2 id="train-landing-timetable" className="landing-title">
            {t("trainLanding.timetable")}
          </h2>
          <p className="search-hint">{t("trainLanding.timetableNote")}</p>
          <div className="landing-table-wrap" tabIndex={0} role="region" aria-labelledby="train-landing-timetable">
            <table className="landing-table">
              <thead>
                <tr>
                  <th scope="col">{t("trainLanding.col.train")}</th>
                  <th scope="col">{t("trainLanding.col.operator")}</th>
                  <th scope="col">{t("trainLanding.col.departs")}</th>
                  <th scope="col">{t("trainLanding.col.arrives")}</th>
                  <th scope="col">{t("trainLanding.col.duration")}</th>
                  <th scope="col">{t("trainLanding.col.wagons")}</th>
                  <th scope="col">{t("trainLanding.col.cars")}</th>
                </tr>
              </thead>
              <tbody>
                {data.timetable.map((entry) => (
                  <tr key={`${entry.trainNumber}-${entry.departs}`}>
                    <th scope="row">{t("trains.trainNumber", { number: digits(entry.trainNumber), name: entry.trainName })}</th>
                    <td>{entry.operator.name}</td>
                    <td>{digits(entry.departs)}</td>
                    <td>
                      {digits(entry.arrives)}
                      <ArrivalDay departs={entry.departs} minutes={entry.durationMinutes} />
                    </td>
                    <td>
                      <Duration minutes={entry.durationMinutes} />
                    </td>
                    <td>
                      {entry.wagonKinds
                        .filter(isWagonKind)
                        .map((kind) => wagonText({ kind, bedsPerCompartment: WAGON_BEDS[kind] }))
                        .join(t("search.listSeparator"))}
                    </td>
                    <td>{entry.carTransport ? t("trainLanding.carsYes") : t("trainLanding.carsNo")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      {data.operators.length > 0 ? (
        <section aria-labelledby="train-landing-operators">
          <h2 id="train-landing-operators" className="landing-title">
            {t("trainLanding.operators")}
          </h2>
          <ul className="landing-airlines">
            {data.operators.map((operator) => (
              <li key={operator.code}>
                <span className="offer-airline-code train-operator-mark" aria-hidden="true">
                  {operator.name.slice(0, 2)}
                </span>
                <span>
                  <strong>{operator.name}</strong>
                  <span className="search-hint"> · {t("trainLanding.operatorTrains", { count: operator.trains })}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="train-landing-return">
        <h2 id="train-landing-return" className="landing-title">
          {t("trainLanding.return")}
        </h2>
        {data.trainHasReturn ? (
          <p>
            <Link to={localizePath(locale, `/train/${data.returnRouteId}`)}>{t("trainLanding.returnLink", back)}</Link>
          </p>
        ) : (
          <p>{t("trainLanding.a.noReturn", back)}</p>
        )}
      </section>

      <section aria-labelledby="train-landing-rules">
        <h2 id="train-landing-rules" className="landing-title">
          {t("trainLanding.rules")}
        </h2>
        <ul className="landing-rules">
          <li>{t("trainLanding.rule.id")}</li>
          <li>{t("trainLanding.rule.arrive")}</li>
          <li>{t("trainLanding.rule.compartments")}</li>
          <li>{t("trainLanding.rule.foreigners")}</li>
        </ul>
      </section>

      {data.questions.length > 0 ? (
        <section aria-labelledby="train-landing-faq">
          <h2 id="train-landing-faq" className="landing-title">
            {t("trainLanding.faq")}
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
