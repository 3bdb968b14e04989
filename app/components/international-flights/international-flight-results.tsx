import { Suspense } from "react";
import { Await, Link, useLocation } from "react-router";
import { BAGGAGE_OPTIONS, INTERNATIONAL_FILTER_PARAMS, type BaggageOption, type StopOption } from "#core/international-flights/filters.ts";
import type { FlightLeg, FlightSegment, InternationalFlightOffer } from "#core/international-flights/international-flight.ts";
import { INTERNATIONAL_FLIGHT_SORTS, type InternationalFlightSort } from "#core/international-flights/sorting.ts";
import { localizePath } from "#core/i18n/locales.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { daysBetween, readableDate, type CalendarKind } from "#core/search/dates.ts";
import type { ValidSearch } from "#core/search/search-forms.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { InternationalResults, InternationalResultsOutcome } from "#app/search/international-flight-results.server.ts";
import {
  Duration,
  PriceRangeFilter,
  SortLinks,
  StaleNotice,
  TimeOfDayFilter,
  clockTime,
  useMoney,
  withParams,
} from "../flights/result-parts.tsx";
import { WAIT_PARAM } from "./params.ts";
import { FilterForm, keptParams } from "../search/filter-form.tsx";
import { BuyOrWait } from "../fares/buy-or-wait.tsx";

const STOP_LABELS: Record<StopOption, MessageKey> = {
  "0": "intlFlights.stops.0",
  "1": "intlFlights.stops.1",
  "2": "intlFlights.stops.2",
};
const BAGGAGE_LABELS: Record<BaggageOption, MessageKey> = {
  checked: "intlFlights.baggageOption.checked",
  cabin: "intlFlights.baggageOption.cabin",
};
const SORT_LABELS: Record<InternationalFlightSort, MessageKey> = {
  price: "intlFlights.sort.price",
  departure: "intlFlights.sort.departure",
  duration: "intlFlights.sort.duration",
  stops: "intlFlights.sort.stops",
};
const FAILURE_MESSAGES: Record<Exclude<InternationalResultsOutcome, { ok: true }>["error"], MessageKey> = {
  UNKNOWN_PLACE: "intlFlights.unknownPlace.short",
  TIMEOUT: "intlFlights.timeout",
  UNAVAILABLE: "intlFlights.unavailable",
};

/** Calendar days between two local dates (an overnight arrival is +1). */
function dayShift(departAt: string, arriveAt: string): number {
  return daysBetween(departAt.slice(0, 10), arriveAt.slice(0, 10));
}

/** Shown at once while the supplier is still answering: the page is alive and says what it is doing. */
export function InternationalSearchProgress({ from, to }: { from: string; to: string }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <div className="intl-progress" role="status" aria-live="polite" data-testid="intl-progress">
      <p className="intl-progress-title">{t("intlFlights.searching", { from, to })}</p>
      <p className="intl-progress-body">{t("intlFlights.searchingBody")}</p>
      {/* An animation drawn by CSS alone: it moves before any JavaScript arrives. */}
      <div className="intl-progress-bar" aria-hidden="true">
        <span />
      </div>
      <noscript>
        <p className="intl-progress-body">
          <a href={`${pathname}${withParams(search, { [WAIT_PARAM]: "1" })}`}>{t("intlFlights.noScript")}</a>
        </p>
      </noscript>
    </div>
  );
}

function Filters({ results }: { results: InternationalResults }) {
  const { t, number } = useI18n();
  const { search } = useLocation();
  const { facets, filters } = results;
  return (
    <FilterForm id="intl-filters" keep={keptParams(search, INTERNATIONAL_FILTER_PARAMS)}>
      <fieldset>
        <legend>{t("intlFlights.filter.stops")}</legend>
        {facets.stops.map(({ stops, count }) => (
          <label key={stops} className="filter-option">
            <input
              type="checkbox"
              name="stops"
              value={stops}
              defaultChecked={filters.stops.includes(stops)}
              disabled={count === 0 && !filters.stops.includes(stops)}
            />
            <span>{t(STOP_LABELS[stops])}</span>
            <span className="filter-count">{number(count)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t("flights.filter.airlines")}</legend>
        {facets.airlines.map((airline) => (
          <label key={airline.code} className="filter-option">
            <input type="checkbox" name="airline" value={airline.code} defaultChecked={filters.airlines.includes(airline.code)} />
            <span>{airline.name}</span>
            <span className="filter-count">{number(airline.count)}</span>
          </label>
        ))}
      </fieldset>
      <TimeOfDayFilter
        name="departTime"
        legend={t("intlFlights.filter.departure")}
        counts={facets.departureTimes}
        chosen={filters.departureTimes}
      />
      <TimeOfDayFilter
        name="arriveTime"
        legend={t("intlFlights.filter.arrival")}
        counts={facets.arrivalTimes}
        chosen={filters.arrivalTimes}
      />
      {facets.baggage.length > 1 || filters.baggage.length > 0 ? (
        <fieldset>
          <legend>{t("intlFlights.filter.baggage")}</legend>
          {BAGGAGE_OPTIONS.map((option) => (
            <label key={option} className="filter-option">
              <input type="checkbox" name="baggage" value={option} defaultChecked={filters.baggage.includes(option)} />
              <span>{t(BAGGAGE_LABELS[option])}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {facets.cabins.length > 1 || filters.cabins.length > 0 ? (
        <fieldset>
          <legend>{t("flights.filter.cabin")}</legend>
          {facets.cabins.map((cabin) => (
            <label key={cabin} className="filter-option">
              <input type="checkbox" name="fareCabin" value={cabin} defaultChecked={filters.cabins.includes(cabin)} />
              <span>{t(`search.cabin.${cabin}`)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {facets.price ? <PriceRangeFilter range={facets.price} chosen={filters} /> : null}
    </FilterForm>
  );
}

function Segment({ segment, airports, validating }: { segment: FlightSegment; airports: Record<string, string>; validating: string }) {
  const { t, digits, number } = useI18n();
  const shift = dayShift(segment.departAt, segment.arriveAt);
  return (
    <div className="intl-segment">
      <div className="intl-segment-times">
        <p>
          <time dateTime={segment.departAt} className="offer-time">
            {digits(clockTime(segment.departAt))}
          </time>
          <span className="offer-code">
            <abbr title={airports[segment.from] ?? segment.from}>{segment.from}</abbr>
          </span>
        </p>
        <p className="offer-duration">
          <Duration minutes={segment.durationMinutes} />
        </p>
        <p>
          <time dateTime={segment.arriveAt} className="offer-time">
            {digits(clockTime(segment.arriveAt))}
            {shift > 0 ? (
              <sup className="intl-day-shift" title={t("intlFlights.arrivesLater", { count: shift })}>
                +{number(shift)}
              </sup>
            ) : null}
          </time>
          <span className="offer-code">
            <abbr title={airports[segment.to] ?? segment.to}>{segment.to}</abbr>
          </span>
        </p>
      </div>
      <p className="offer-meta">
        {segment.airline.code !== validating ? `${t("intlFlights.operatedBy", { airline: segment.airline.name })} · ` : null}
        <bdi dir="ltr">{segment.flightNumber}</bdi> ·{" "}
        <bdi dir="ltr" className="whitespace-nowrap">
          {segment.aircraft}
        </bdi>
      </p>
    </div>
  );
}

function Leg({
  leg,
  title,
  airports,
  validating,
  calendar,
}: {
  leg: FlightLeg;
  title: string;
  airports: Record<string, string>;
  validating: string;
  calendar: CalendarKind;
}) {
  const { t, locale } = useI18n();
  const first = leg.segments[0];
  const stops = leg.segments.length - 1;
  return (
    <section className="intl-leg" aria-label={title}>
      <h3 className="intl-leg-title">
        <span>{title}</span>
        {first ? <span className="intl-leg-date">{readableDate(first.departAt.slice(0, 10), locale, calendar, false)}</span> : null}
        <span className="intl-leg-summary">
          {stops === 0 ? t("intlFlights.stops.0") : t("intlFlights.legStops", { count: stops })} ·{" "}
          <Duration minutes={leg.durationMinutes} />
        </span>
      </h3>
      <ol className="intl-segments">
        {leg.segments.map((segment, index) => {
          const layover = leg.layoverMinutes[index];
          return (
            <li key={`${segment.flightNumber}-${segment.departAt}`} className="intl-segment-item">
              <Segment segment={segment} airports={airports} validating={validating} />
              {index < leg.segments.length - 1 && layover !== undefined ? (
                <p className="intl-layover">
                  {t("intlFlights.layover", { airport: airports[segment.to] ?? segment.to, code: segment.to })} ·{" "}
                  <Duration minutes={layover} />
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function BaggageText({ offer }: { offer: InternationalFlightOffer }) {
  const { t } = useI18n();
  const { kg, pieces, cabinKg } = offer.baggage;
  let checked: string;
  if (pieces && pieces > 0)
    checked = kg ? t("intlFlights.baggage.piecesKg", { count: pieces, kg }) : t("intlFlights.baggage.pieces", { count: pieces });
  else if (kg && kg > 0) checked = t("intlFlights.baggage.kg", { kg });
  else checked = t("intlFlights.baggage.none");
  return (
    <>
      <li>{checked}</li>
      <li>{t("intlFlights.baggage.cabin", { kg: cabinKg })}</li>
    </>
  );
}

function OfferCard({
  offer,
  search,
  airports,
  calendar,
}: {
  offer: InternationalFlightOffer;
  search: ValidSearch;
  airports: Record<string, string>;
  calendar: CalendarKind;
}) {
  const { t, locale } = useI18n();
  const money = useMoney();
  const party = search.passengers ?? { adults: 1, children: 0, infants: 0 };
  const travellers = party.adults + party.children + party.infants;
  // The passengers step is built on the shared purchase pipeline; it gets the party and the price shown (to catch a change).
  const query = new URLSearchParams({
    adults: String(party.adults),
    children: String(party.children),
    infants: String(party.infants),
    fare: String(offer.price.total),
  });
  const selectHref = `${localizePath(locale, `/internationalflight/${encodeURIComponent(offer.offerId)}/passengers`)}?${query.toString()}`;
  return (
    <li className="offer-card intl-offer">
      <div className="offer-airline">
        <span className="offer-airline-code" aria-hidden="true">
          {offer.validatingAirline.code}
        </span>
        <p className="offer-airline-name">{offer.validatingAirline.name}</p>
      </div>
      <div className="intl-legs">
        {offer.legs.map((leg, index) => (
          <Leg
            key={index}
            leg={leg}
            title={t(index === 0 ? "intlFlights.outbound" : "intlFlights.return")}
            airports={airports}
            validating={offer.validatingAirline.code}
            calendar={calendar}
          />
        ))}
      </div>
      <ul className="offer-facts">
        <li>{t("intlFlights.cabinClass", { cabin: t(`search.cabin.${offer.cabin}`), fareClass: offer.fareClass })}</li>
        <BaggageText offer={offer} />
        <li className={offer.refundable ? "" : "offer-warning"}>
          {offer.refundable ? t("flights.refundable") : t("flights.nonRefundable")}
        </li>
        <li className={offer.seatsLeft < 10 ? "offer-warning" : ""}>{t("flights.seatsLeft", { count: offer.seatsLeft })}</li>
      </ul>
      <div className="offer-price">
        <p className="offer-price-adult">{money(offer.price.adult)}</p>
        <p className="offer-price-note">{t("flights.perAdult")}</p>
        <p className="offer-price-total">{t("flights.total", { count: travellers, amount: money(offer.price.total) })}</p>
        <Link
          to={selectHref}
          className="offer-select"
          aria-label={t("intlFlights.selectOffer", { airline: offer.validatingAirline.name, price: money(offer.price.total) })}
        >
          {t("flights.select")}
        </Link>
      </div>
    </li>
  );
}

/** Nothing found: say so, and offer what to do next (other dates, the route's cheapest days). */
function Empty({
  results,
  places,
  calendar,
}: {
  results: InternationalResults;
  places: Record<string, PlaceSuggestion>;
  calendar: CalendarKind;
}) {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  if (results.found > 0) {
    const keep = [...new URLSearchParams(search).entries()].filter(
      ([name]) => !(INTERNATIONAL_FILTER_PARAMS as readonly string[]).includes(name),
    );
    return (
      <div className="flight-empty" role="status">
        <p>{t("intlFlights.emptyFiltered")}</p>
        <Link to={`${pathname}?${new URLSearchParams(keep).toString()}`} preventScrollReset replace>
          {t("flights.filter.clear")}
        </Link>
      </div>
    );
  }
  const from = places.from?.iata;
  const to = places.to?.iata;
  return (
    <div className="flight-empty" role="status">
      <p>{t("intlFlights.empty")}</p>
      <ul className="intl-suggestions">
        {results.otherDates.map((date) => (
          <li key={date}>
            <Link to={withParams(search, { date })}>{t("intlFlights.tryDate", { date: readableDate(date, locale, calendar, false) })}</Link>
          </li>
        ))}
        {from && to ? (
          <li>
            <Link to={localizePath(locale, `/internationalflight/${from}-${to}`)}>{t("intlFlights.routeDays")}</Link>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

function Results({
  results,
  search,
  places,
  calendar,
}: {
  results: InternationalResults;
  search: ValidSearch;
  places: Record<string, PlaceSuggestion>;
  calendar: CalendarKind;
}) {
  const { t } = useI18n();
  return (
    <div className="flight-results intl-results">
      <StaleNotice searchedAt={results.searchedAt} />
      <div className="flight-results-body">
        {results.found > 0 ? <Filters results={results} /> : null}
        <div>
          {results.found > 0 ? (
            <a href="#intl-filters" className="filters-jump">
              {t("flights.filters")}
            </a>
          ) : null}
          {results.found > 0 ? (
            <SortLinks
              sorts={INTERNATIONAL_FLIGHT_SORTS}
              current={results.sort}
              label={(sort) => SORT_LABELS[sort]}
              param={(sort) => (sort === "price" ? null : sort)}
            />
          ) : null}
          <BuyOrWait data={results.fareHint} calendar={calendar} />
          <p className="flight-count" role="status">
            {results.offers.length === results.found
              ? t("intlFlights.found", { count: results.found })
              : t("intlFlights.shown", { count: results.offers.length, found: results.found })}
          </p>
          {results.offers.length === 0 ? (
            <Empty results={results} places={places} calendar={calendar} />
          ) : (
            <ol className="offer-list">
              {results.offers.map((offer) => (
                <OfferCard key={offer.offerId} offer={offer} search={search} airports={results.airports} calendar={calendar} />
              ))}
            </ol>
          )}
        </div>
      </div>
    </div>
  );
}

function Failure({ error }: { error: keyof typeof FAILURE_MESSAGES }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <div className="flight-empty" role="alert">
      <p>{t(FAILURE_MESSAGES[error])}</p>
      {error === "UNKNOWN_PLACE" ? null : (
        <Link to={`${pathname}${search}`} replace>
          {t("flights.searchAgain")}
        </Link>
      )}
    </div>
  );
}

/**
 * The offers of an international search (issue 17), streamed: the progress state renders at once,
 * the offers replace it when the supplier answers (in the same response without JavaScript).
 */
export function InternationalFlightResults({
  results,
  search,
  places,
  calendar,
}: {
  results: Promise<InternationalResultsOutcome> | InternationalResultsOutcome;
  search: ValidSearch;
  places: Record<string, PlaceSuggestion>;
  calendar: CalendarKind;
}) {
  const settled = (outcome: InternationalResultsOutcome) =>
    outcome.ok ? <Results results={outcome} search={search} places={places} calendar={calendar} /> : <Failure error={outcome.error} />;
  if (!(results instanceof Promise)) return settled(results);
  const fallback = <InternationalSearchProgress from={places.from?.name ?? ""} to={places.to?.name ?? ""} />;
  return (
    <Suspense fallback={fallback}>
      <Await resolve={results} errorElement={<Failure error="UNAVAILABLE" />}>
        {settled}
      </Await>
    </Suspense>
  );
}
