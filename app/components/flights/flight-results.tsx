import { useState, type ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import type { StripDay } from "#core/flights/day-strip.ts";
import { FILTER_PARAMS, type FlightFilters } from "#core/flights/filters.ts";
import type { FlightOffer } from "#core/flights/flight.ts";
import { FLIGHT_SORTS } from "#core/flights/sorting.ts";
import { readableDate, type CalendarKind } from "#core/search/dates.ts";
import type { ValidSearch } from "#core/search/search-forms.ts";
import { useCurrentInView } from "#app/components/use-current-in-view.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { Duration, PriceRangeFilter, SortLinks, StaleNotice, TimeOfDayFilter, clockTime, useMoney, withParams } from "./result-parts.tsx";
import type { FlightLeg, FlightResultsData } from "#app/search/flight-results.server.ts";
import { FilterForm, keptParams } from "../search/filter-form.tsx";
import { BuyOrWait } from "../fares/buy-or-wait.tsx";

/** The passengers step for one offer, with the party searched for and the price shown (to catch a change). */
function passengersHref(pathname: string, search: ValidSearch, offer: FlightOffer): string {
  const query = new URLSearchParams({
    outbound: offer.offerId,
    adults: String(search.passengers?.adults ?? 1),
    children: String(search.passengers?.children ?? 0),
    infants: String(search.passengers?.infants ?? 0),
    fare: String(offer.price.total),
  });
  return `${pathname}/passengers?${query.toString()}`;
}

function DayStrip({ days, calendar }: { days: StripDay[]; calendar: CalendarKind }) {
  const { t, locale } = useI18n();
  const money = useMoney();
  const { search } = useLocation();
  const listRef = useCurrentInView<HTMLUListElement>(days.find((day) => day.selected)?.date);
  return (
    <nav aria-label={t("flights.days")} className="day-strip">
      <ul ref={listRef}>
        {days.map((day) => (
          <li key={day.date}>
            <Link
              to={withParams(search, { date: day.date })}
              className="day-strip-day"
              aria-current={day.selected ? "date" : undefined}
              preventScrollReset
            >
              <span className="day-strip-date">{readableDate(day.date, locale, calendar, false)}</span>
              <span className="day-strip-price">{day.cheapest === null ? t("flights.noFlights") : money(day.cheapest)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Filters({ leg, filters }: { leg: FlightLeg; filters: FlightFilters }) {
  const { t, number } = useI18n();
  const { search } = useLocation();
  const { facets } = leg;
  return (
    <FilterForm id="flight-filters" keep={keptParams(search, FILTER_PARAMS)}>
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
      <TimeOfDayFilter name="time" legend={t("flights.filter.time")} counts={facets.times} chosen={filters.times} />
      {facets.cabins.length > 1 ? (
        <fieldset>
          <legend>{t("flights.filter.cabin")}</legend>
          {facets.cabins.map((cabin) => (
            <label key={cabin} className="filter-option">
              <input type="checkbox" name="cabin" value={cabin} defaultChecked={filters.cabins.includes(cabin)} />
              <span>{t(`search.cabin.${cabin}`)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {facets.kinds.length > 1 || filters.kinds.length > 0 ? (
        <fieldset>
          <legend>{t("flights.filter.kind")}</legend>
          {(["systemic", "charter"] as const).map((kind) => (
            <label key={kind} className="filter-option">
              <input type="checkbox" name="kind" value={kind} defaultChecked={filters.kinds.includes(kind)} />
              <span>{t(`flights.kind.${kind}`)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {facets.price ? <PriceRangeFilter range={facets.price} chosen={filters} /> : null}
    </FilterForm>
  );
}

interface Choice {
  leg: "outbound" | "inbound";
  chosen: boolean;
  onChoose: () => void;
}

function OfferCard({
  offer,
  passengers,
  choice,
  selectHref,
}: {
  offer: FlightOffer;
  passengers: number;
  choice?: Choice;
  selectHref?: string;
}) {
  const { t, digits } = useI18n();
  const money = useMoney();
  return (
    <li className={`offer-card${choice?.chosen ? " offer-card-chosen" : ""}`}>
      <div className="offer-airline">
        <span className="offer-airline-code" aria-hidden="true">
          {offer.airline.code}
        </span>
        <div>
          <p className="offer-airline-name">{offer.airline.name}</p>
          <p className="offer-meta">
            <bdi dir="ltr">{offer.flightNumber}</bdi> ·{" "}
            <bdi dir="ltr" className="whitespace-nowrap">
              {offer.aircraft}
            </bdi>
          </p>
        </div>
      </div>
      <div className="offer-times">
        <p>
          <time dateTime={offer.departAt} className="offer-time">
            {digits(clockTime(offer.departAt))}
          </time>
          <span className="offer-code">{offer.from}</span>
        </p>
        <p className="offer-duration">
          <Duration minutes={offer.durationMinutes} />
        </p>
        <p>
          <time dateTime={offer.arriveAt} className="offer-time">
            {digits(clockTime(offer.arriveAt))}
          </time>
          <span className="offer-code">{offer.to}</span>
        </p>
      </div>
      <ul className="offer-facts">
        <li>{t(`flights.cabin.${offer.cabin}`, { fareClass: offer.fareClass })}</li>
        <li>{offer.charter ? t("flights.kind.charter") : t("flights.kind.systemic")}</li>
        <li>{t("flights.baggage", { kg: offer.baggageKg })}</li>
        <li className={offer.refundable ? "" : "offer-warning"}>
          {offer.refundable ? t("flights.refundable") : t("flights.nonRefundable")}
        </li>
        {offer.seatsLeft < 10 ? <li className="offer-warning">{t("flights.seatsLeft", { count: offer.seatsLeft })}</li> : null}
      </ul>
      <div className="offer-price">
        <p className="offer-price-adult">{money(offer.price.adult)}</p>
        <p className="offer-price-note">{t("flights.perAdult")}</p>
        {passengers > 1 ? (
          <p className="offer-price-total">{t("flights.total", { count: passengers, amount: money(offer.price.total) })}</p>
        ) : null}
        {choice ? (
          <label className="offer-choose">
            <input type="radio" name={choice.leg} value={offer.offerId} checked={choice.chosen} onChange={choice.onChoose} />
            {t(choice.leg === "outbound" ? "flights.chooseOutbound" : "flights.chooseInbound")}
          </label>
        ) : null}
        {selectHref ? (
          <Link
            to={selectHref}
            className="offer-select"
            aria-label={t("flights.selectFlight", {
              flight: `${offer.airline.name} ${offer.flightNumber}`,
              time: digits(clockTime(offer.departAt)),
            })}
          >
            {t("flights.select")}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function Leg({
  title,
  leg,
  passengers,
  children,
  choice,
  selectHref,
}: {
  title: string;
  leg: FlightLeg;
  passengers: number;
  children?: ReactNode;
  choice?: { leg: Choice["leg"]; chosen: string | null; onChoose: (offer: FlightOffer) => void };
  selectHref?: (offer: FlightOffer) => string;
}) {
  const { t } = useI18n();
  return (
    <section aria-label={title} className="flight-leg">
      {children}
      <p className="flight-count" role="status">
        {leg.offers.length === leg.found
          ? t("flights.found", { count: leg.found })
          : t("flights.shown", { count: leg.offers.length, found: leg.found })}
      </p>
      {leg.offers.length === 0 ? (
        <p className="flight-empty">{t("flights.empty")}</p>
      ) : (
        <ol className="offer-list">
          {leg.offers.map((offer) => (
            <OfferCard
              key={offer.offerId}
              offer={offer}
              passengers={passengers}
              choice={
                choice ? { leg: choice.leg, chosen: choice.chosen === offer.offerId, onChoose: () => choice.onChoose(offer) } : undefined
              }
              selectHref={selectHref?.(offer)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The pair chosen for a round trip and what it costs the party. */
function RoundTrip({ outbound, inbound }: { outbound: FlightOffer | null; inbound: FlightOffer | null }) {
  const { t, digits } = useI18n();
  const money = useMoney();
  const line = (offer: FlightOffer | null, label: string) => (
    <p>
      <strong>{label}: </strong>
      {offer ? (
        <>
          {offer.airline.name} <bdi dir="ltr">{offer.flightNumber}</bdi> · {digits(clockTime(offer.departAt))} · {money(offer.price.total)}
        </>
      ) : (
        t("flights.notChosen")
      )}
    </p>
  );
  return (
    <section aria-label={t("flights.roundTrip")} className="round-trip" aria-live="polite">
      <h2 className="flight-leg-title">{t("flights.roundTrip")}</h2>
      {line(outbound, t("flights.outbound"))}
      {line(inbound, t("flights.inbound"))}
      {outbound && inbound ? (
        <p className="round-trip-total">{t("flights.roundTripTotal", { amount: money(outbound.price.total + inbound.price.total) })}</p>
      ) : null}
      {outbound && inbound ? <input type="hidden" name="fare" value={outbound.price.total + inbound.price.total} /> : null}
      <button
        type="submit"
        className="offer-select"
        aria-disabled={outbound && inbound ? undefined : true}
        onClick={(event) => (outbound && inbound ? undefined : event.preventDefault())}
      >
        {t("flights.continueRoundTrip")}
      </button>
    </section>
  );
}

/** The domestic flight results of a search (issue 5): day strip, filters, sorts and offer cards. */
export function FlightResults({ data, search, calendar }: { data: FlightResultsData; search: ValidSearch; calendar: CalendarKind }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const passengers = (search.passengers?.adults ?? 1) + (search.passengers?.children ?? 0) + (search.passengers?.infants ?? 0);
  // A round trip is chosen as a pair: one outbound and one return, priced together.
  const [outbound, setOutbound] = useState<FlightOffer | null>(null);
  const [inbound, setInbound] = useState<FlightOffer | null>(null);
  return (
    <div className="flight-results">
      <StaleNotice searchedAt={data.searchedAt} />
      <DayStrip days={data.strip} calendar={calendar} />
      <div className="flight-results-body">
        <Filters leg={data.outbound} filters={data.filters} />
        <Form method="get" action={`${pathname}/passengers`}>
          {/* The chosen pair goes to the passengers step with the party searched for. */}
          <input type="hidden" name="adults" value={search.passengers?.adults ?? 1} />
          <input type="hidden" name="children" value={search.passengers?.children ?? 0} />
          <input type="hidden" name="infants" value={search.passengers?.infants ?? 0} />
          {data.inbound ? <input type="hidden" name="trip" value="round" /> : null}
          <a href="#flight-filters" className="filters-jump">
            {t("flights.filters")}
          </a>
          <SortLinks sorts={FLIGHT_SORTS} current={data.sort} label={(sort) => `flights.sort.${sort}`} param={(sort) => sort} />
          <BuyOrWait data={data.fareHint} calendar={calendar} />
          <Leg
            title={t("flights.outbound")}
            leg={data.outbound}
            passengers={passengers}
            choice={data.inbound ? { leg: "outbound", chosen: outbound?.offerId ?? null, onChoose: setOutbound } : undefined}
            selectHref={data.inbound ? undefined : (offer) => passengersHref(pathname, search, offer)}
          >
            {data.inbound ? <h2 className="flight-leg-title">{t("flights.outbound")}</h2> : null}
          </Leg>
          {data.inbound ? (
            <Leg
              title={t("flights.inbound")}
              leg={data.inbound}
              passengers={passengers}
              choice={{ leg: "inbound", chosen: inbound?.offerId ?? null, onChoose: setInbound }}
            >
              <h2 className="flight-leg-title">{t("flights.inbound")}</h2>
            </Leg>
          ) : null}
          {data.inbound ? <RoundTrip outbound={outbound} inbound={inbound} /> : null}
        </Form>
      </div>
    </div>
  );
}
