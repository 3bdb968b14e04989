import { Link } from "react-router";
import { localizePath } from "#core/i18n/locales.ts";
import { readableDate } from "#core/search/dates.ts";
import type { TourDetails } from "#core/tours/tour.ts";
import { useToman } from "#app/components/booking/trip-summary.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { DepartureView } from "./departure-data.ts";

/**
 * A departure as its hotels and rooms pages show it (issue 21): where and how it goes, when, for
 * how long, and — on the hotels page — what is and is not in the price, the days, the cancellation
 * policy and, abroad, the visa facts the traveller needs before paying.
 */

/** Few enough seats that the page says how many. */
const FEW_SEATS = 9;

/** Tours at home or abroad, then the destination's departures: where this page sits. */
export function DepartureBreadcrumb({ view, current }: { view: DepartureView; current: string }) {
  const { t, locale } = useI18n();
  const { departure } = view;
  const abroad = departure.scope === "international";
  const list = abroad ? `/internationaltour/search/${departure.from}/${departure.to}` : `/tour/${departure.to}`;
  return (
    <nav aria-label={t("tourPurchase.breadcrumb")} className="hotel-breadcrumb">
      <ol>
        <li>
          <Link to={localizePath(locale, "/tour")}>{t("nav.tour")}</Link>
        </li>
        <li>
          <Link to={localizePath(locale, list)}>{t("tourPurchase.route", { from: view.fromName, to: view.toName })}</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

/** "Wednesday 3 Azar 1405, 08:30" in the page's calendar and digits. */
function useWhen(view: DepartureView) {
  const { t, locale, digits } = useI18n();
  return (day: string, instant: string) =>
    t("tourPurchase.when", { date: readableDate(day, locale, view.calendar), time: digits(instant.slice(11, 16)) });
}

/** Transport and carrier, the two days, the length, the airports and the seats left. */
export function DepartureFacts({ view }: { view: DepartureView }) {
  const { t, dir } = useI18n();
  const when = useWhen(view);
  const { departure } = view;
  const airports = departure.fromAirports.length > 0 && departure.toAirports.length > 0;
  return (
    <dl className="tour-facts">
      <div>
        <dt>{t("tourPurchase.travel")}</dt>
        <dd>
          {t("tourPurchase.carrier", { transport: t(`tourPurchase.transport.${departure.transport}`), carrier: departure.carrier.name })}
        </dd>
      </div>
      <div>
        <dt>{t("tourPurchase.leaves")}</dt>
        <dd>
          <time dateTime={departure.departAt}>{when(departure.departureDate, departure.departAt)}</time>
        </dd>
      </div>
      <div>
        <dt>{t("tourPurchase.returns")}</dt>
        <dd>
          <time dateTime={departure.returnAt}>{when(departure.returnDate, departure.returnAt)}</time>
        </dd>
      </div>
      <div>
        <dt>{t("tourPurchase.length")}</dt>
        <dd>{t("search.nights", { count: departure.nights })}</dd>
      </div>
      {airports ? (
        <div>
          <dt>{t("tourPurchase.airports")}</dt>
          <dd>
            {/* Codes are Latin: isolated, so the arrow keeps the reading direction. */}
            <bdi dir="ltr">{departure.fromAirports.join(" / ")}</bdi> <span aria-hidden="true">{dir === "rtl" ? "←" : "→"}</span>{" "}
            <bdi dir="ltr">{departure.toAirports.join(" / ")}</bdi>
          </dd>
        </div>
      ) : null}
      {departure.seatsLeft <= FEW_SEATS ? (
        <div className="tour-seats">
          <dt className="sr-only">{t("tourPurchase.seatsLeft", { count: departure.seatsLeft })}</dt>
          <dd>{departure.seatsLeft > 0 ? t("tourPurchase.seatsLeft", { count: departure.seatsLeft }) : t("tourPurchase.soldOut")}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Abroad: the visa for an Iranian passport, whether the agency arranges it, how long it takes and its fee. */
export function VisaFacts({ departure }: { departure: TourDetails }) {
  const { t } = useI18n();
  const toman = useToman();
  const visa = departure.visa;
  if (!visa) return null;
  return (
    <section className="tour-visa" aria-labelledby="tour-visa-heading">
      <h2 id="tour-visa-heading" className="tour-section-title">
        {t("tourPurchase.visa.heading")}: {t(`tourPurchase.visa.kind.${visa.kind}`)}
      </h2>
      <p>{visa.message}</p>
      {visa.kind === "none" ? null : visa.available ? (
        <p>
          {visa.processingDays !== null ? t("tourPurchase.visa.arranged", { count: visa.processingDays }) : null}
          {visa.fee !== null ? ` ${t("tourPurchase.visa.fee", { price: toman(visa.fee) })}` : null}
        </p>
      ) : (
        <p>{t("tourPurchase.visa.notArranged")}</p>
      )}
    </section>
  );
}

/** What is and is not in the price, the days and the cancellation policy. */
export function DepartureDetails({ departure }: { departure: TourDetails }) {
  const { t } = useI18n();
  return (
    <div className="tour-details">
      <section aria-labelledby="tour-inclusions-heading">
        <h2 id="tour-inclusions-heading" className="tour-section-title">
          {t("tourPurchase.inclusions.heading")}
        </h2>
        <ul className="tour-list tour-included">
          {departure.inclusions.map((inclusion) => (
            <li key={inclusion}>{t(`tourPurchase.inclusion.${inclusion}`)}</li>
          ))}
        </ul>
      </section>
      {departure.exclusions.length > 0 ? (
        <section aria-labelledby="tour-exclusions-heading">
          <h2 id="tour-exclusions-heading" className="tour-section-title">
            {t("tourPurchase.exclusions.heading")}
          </h2>
          <ul className="tour-list tour-excluded">
            {departure.exclusions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {departure.itinerary.length > 0 ? (
        <section aria-labelledby="tour-itinerary-heading">
          <h2 id="tour-itinerary-heading" className="tour-section-title">
            {t("tourPurchase.itinerary.heading")}
          </h2>
          <ol className="tour-itinerary">
            {departure.itinerary.map((line, index) => (
              <li key={index}>
                <strong>{t("tourPurchase.itinerary.day", { n: index + 1 })}</strong> {line}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <section aria-labelledby="tour-cancellation-heading">
        <h2 id="tour-cancellation-heading" className="tour-section-title">
          {t("tourPurchase.cancellation.heading")}
        </h2>
        <p>
          <strong>{departure.refundable ? t("flights.refundable") : t("flights.nonRefundable")}</strong>
          {departure.cancellationPolicy ? ` · ${departure.cancellationPolicy}` : null}
        </p>
      </section>
    </div>
  );
}
