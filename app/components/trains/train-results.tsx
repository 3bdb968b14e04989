import { useState, type ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import type { StripDay } from "#core/flights/day-strip.ts";
import { localizePath } from "#core/i18n/locales.ts";
import { readableDate, type CalendarKind } from "#core/search/dates.ts";
import type { Passengers, ValidSearch } from "#core/search/search-forms.ts";
import { TRAIN_FILTER_PARAMS } from "#core/trains/filters.ts";
import { TRAIN_SORTS } from "#core/trains/sorting.ts";
import type { TrainOffer } from "#core/trains/train.ts";
import { useCurrentInView } from "#app/components/use-current-in-view.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { TrainLegResults, TrainResults, TrainResultsOutcome } from "#app/search/train-results.server.ts";
import { PriceRangeFilter, SortLinks, StaleNotice, TimeOfDayFilter, clockTime, useMoney, withParams } from "../flights/result-parts.tsx";
import { FacetGroup, FilterForm, keptParams } from "../search/filter-form.tsx";
import { TRAIN_SORT_LABELS, WAGON_BEDS } from "./labels.ts";
import { TrainOfferCard, useWagonText } from "./train-offer-card.tsx";
import { BuyOrWait } from "../fares/buy-or-wait.tsx";

/**
 * The search a Select carries to the passengers step, in the agreed shape:
 * `out`, optional `back`, then `date`, `returnDate`, the party, `ticketType` and `coupe` (0 or 1).
 */
function searchFields(search: ValidSearch): [string, string][] {
  const party = search.passengers ?? { adults: 1, children: 0, infants: 0 };
  const fields: [string, string][] = [["date", search.date ?? ""]];
  if (search.returnDate) fields.push(["returnDate", search.returnDate]);
  fields.push(
    ["adults", String(party.adults)],
    ["children", String(party.children)],
    ["infants", String(party.infants)],
    ["ticketType", search.ticketType ?? "general"],
    ["coupe", search.wholeCompartment ? "1" : "0"],
  );
  return fields;
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
              <span className="day-strip-price">{day.cheapest === null ? t("trains.noTrains") : money(day.cheapest)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The filter panel: operators, wagons, part of the day, car transport and the price of a seat. */
function Filters({ results }: { results: TrainResults }) {
  const { t } = useI18n();
  const wagonText = useWagonText();
  const { search } = useLocation();
  const { facets, filters } = results;
  return (
    <FilterForm id="train-filters" keep={keptParams(search, TRAIN_FILTER_PARAMS)}>
      <FacetGroup
        legend={t("trains.filter.operators")}
        name="operator"
        choices={facets.operators.map(({ code, name, count }) => ({
          value: code,
          text: name,
          count,
          checked: filters.operators.includes(code),
        }))}
      />
      <FacetGroup
        legend={t("trains.filter.wagons")}
        name="wagon"
        choices={facets.wagons.map(({ kind, count }) => ({
          value: kind,
          text: wagonText({ kind, bedsPerCompartment: WAGON_BEDS[kind] }),
          count,
          checked: filters.wagons.includes(kind),
        }))}
      />
      <TimeOfDayFilter name="departTime" legend={t("flights.filter.time")} counts={facets.departureTimes} chosen={filters.departureTimes} />
      {facets.carTransport > 0 || filters.carTransport ? (
        <FacetGroup
          legend={t("trains.filter.car")}
          name="car"
          choices={[{ value: "1", text: t("trains.filter.carOnly"), count: facets.carTransport, checked: filters.carTransport }]}
        />
      ) : null}
      {facets.price ? <PriceRangeFilter range={facets.price} chosen={filters} /> : null}
    </FilterForm>
  );
}

/** Nothing to show on a way: nothing runs (other days to try), or the filters hid everything (clear them). */
function Empty({
  leg,
  otherDates,
  calendar,
  inbound,
}: {
  leg: TrainLegResults;
  otherDates: string[];
  calendar: CalendarKind;
  inbound: boolean;
}) {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  if (leg.found > 0) {
    const keep = [...new URLSearchParams(search).entries()].filter(([name]) => !(TRAIN_FILTER_PARAMS as readonly string[]).includes(name));
    return (
      <div className="flight-empty" role="status">
        <p>{t("trains.emptyFiltered")}</p>
        <Link to={`${pathname}?${new URLSearchParams(keep).toString()}`} preventScrollReset replace>
          {t("flights.filter.clear")}
        </Link>
      </div>
    );
  }
  if (inbound)
    return (
      <div className="flight-empty" role="status">
        <p>{t("trains.emptyInbound")}</p>
      </div>
    );
  return (
    <div className="flight-empty" role="status">
      <p>{t("trains.empty")}</p>
      {otherDates.length > 0 ? (
        <>
          <p>{t("trains.otherDays")}</p>
          <ul className="intl-suggestions">
            {otherDates.map((date) => (
              <li key={date}>
                <Link to={withParams(search, { date })}>{t("trains.tryDate", { date: readableDate(date, locale, calendar, false) })}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t("trains.noOtherDays")}</p>
      )}
    </div>
  );
}

function Leg({
  title,
  leg,
  party,
  stations,
  heading,
  empty,
  choice,
  selectHref,
}: {
  title: string;
  leg: TrainLegResults;
  party: Passengers;
  stations: Record<string, string>;
  heading?: ReactNode;
  /** Shown when the list is empty. */
  empty: ReactNode;
  choice?: { name: "out" | "back"; chosen: string | null; onChoose: (offer: TrainOffer) => void };
  selectHref?: (offer: TrainOffer) => string;
}) {
  const { t } = useI18n();
  return (
    <section aria-label={title} className="flight-leg">
      {heading}
      <p className="flight-count" role="status">
        {leg.offers.length === leg.found
          ? t("trains.found", { count: leg.found })
          : t("trains.shown", { count: leg.offers.length, found: leg.found })}
      </p>
      {leg.offers.length === 0 ? empty : null}
      {leg.offers.length > 0 ? (
        <ol className="offer-list">
          {leg.offers.map((offer) => (
            <TrainOfferCard
              key={offer.offerId}
              offer={offer}
              party={party}
              stations={stations}
              choice={
                choice ? { name: choice.name, chosen: choice.chosen === offer.offerId, onChoose: () => choice.onChoose(offer) } : undefined
              }
              selectHref={selectHref?.(offer)}
            />
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** The pair chosen for a round trip and what it costs the party; submitting goes to the passengers step. */
function RoundTrip({ outbound, inbound }: { outbound: TrainOffer | null; inbound: TrainOffer | null }) {
  const { t, digits } = useI18n();
  const money = useMoney();
  const line = (offer: TrainOffer | null, label: string) => (
    <p>
      <strong>{label}: </strong>
      {offer ? (
        <>
          {offer.operator.name} {t("trains.trainNumber", { number: digits(offer.trainNumber), name: offer.trainName })} ·{" "}
          {digits(clockTime(offer.departAt))} · {money(offer.price.total)}
        </>
      ) : (
        t("flights.notChosen")
      )}
    </p>
  );
  return (
    <section aria-label={t("trains.roundTrip")} className="round-trip" aria-live="polite">
      <h2 className="flight-leg-title">{t("trains.roundTrip")}</h2>
      {line(outbound, t("trains.outbound"))}
      {line(inbound, t("trains.inbound"))}
      {outbound && inbound ? (
        <p className="round-trip-total">{t("flights.roundTripTotal", { amount: money(outbound.price.total + inbound.price.total) })}</p>
      ) : null}
      {/* Without JavaScript the radios are required: the browser asks for both before it goes. */}
      <button type="submit" className="offer-select">
        {t("flights.continueRoundTrip")}
      </button>
    </section>
  );
}

function Results({
  results,
  search,
  routeId,
  calendar,
}: {
  results: TrainResults;
  search: ValidSearch;
  routeId: string;
  calendar: CalendarKind;
}) {
  const { t, locale } = useI18n();
  const party = search.passengers ?? { adults: 1, children: 0, infants: 0 };
  const passengersPath = localizePath(locale, `/train/${routeId}/passengers`);
  const fields = searchFields(search);
  const [outbound, setOutbound] = useState<TrainOffer | null>(null);
  const [inbound, setInbound] = useState<TrainOffer | null>(null);
  const anything = results.outbound.found + (results.inbound?.found ?? 0) > 0;
  const oneWayHref = (offer: TrainOffer) => `${passengersPath}?${new URLSearchParams([["out", offer.offerId], ...fields]).toString()}`;
  const outboundLeg = (
    <Leg
      title={t("trains.outbound")}
      leg={results.outbound}
      party={party}
      stations={results.stations}
      choice={results.inbound ? { name: "out", chosen: outbound?.offerId ?? null, onChoose: setOutbound } : undefined}
      selectHref={results.inbound ? undefined : oneWayHref}
      heading={results.inbound ? <h2 className="flight-leg-title">{t("trains.outbound")}</h2> : null}
      empty={<Empty leg={results.outbound} otherDates={results.otherDates} calendar={calendar} inbound={false} />}
    />
  );
  return (
    <div className="flight-results train-results">
      <StaleNotice searchedAt={results.searchedAt} />
      <DayStrip days={results.strip} calendar={calendar} />
      <div className="flight-results-body">
        {anything ? <Filters results={results} /> : null}
        <div>
          {anything ? (
            <>
              <a href="#train-filters" className="filters-jump">
                {t("flights.filters")}
              </a>
              <SortLinks
                sorts={TRAIN_SORTS}
                current={results.sort}
                label={(sort) => TRAIN_SORT_LABELS[sort]}
                param={(sort) => (sort === "departure" ? null : sort)}
              />
            </>
          ) : null}
          <BuyOrWait data={results.fareHint} calendar={calendar} />
          {results.inbound ? (
            <Form method="get" action={passengersPath}>
              {outboundLeg}
              <Leg
                title={t("trains.inbound")}
                leg={results.inbound}
                party={party}
                stations={results.stations}
                choice={{ name: "back", chosen: inbound?.offerId ?? null, onChoose: setInbound }}
                heading={<h2 className="flight-leg-title">{t("trains.inbound")}</h2>}
                empty={<Empty leg={results.inbound} otherDates={[]} calendar={calendar} inbound />}
              />
              {fields.map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              {results.outbound.offers.length > 0 && results.inbound.offers.length > 0 ? (
                <RoundTrip outbound={outbound} inbound={inbound} />
              ) : null}
            </Form>
          ) : (
            outboundLeg
          )}
        </div>
      </div>
    </div>
  );
}

/** Why no trains are listed: the party does not fit any train that runs, or the search could not run. */
function Failure({ outcome }: { outcome: Exclude<TrainResultsOutcome, { ok: true }> }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  if (outcome.error === "TRAIN_CAPACITY")
    return (
      <div className="flight-empty" role="alert">
        <p className="font-bold">{t("trains.error.capacity")}</p>
        <p>{t(outcome.leg === "inbound" ? "trains.error.capacityBack" : "trains.error.capacityHint")}</p>
      </div>
    );
  return (
    <div className="flight-empty" role="alert">
      <p>{t(outcome.error === "STATIONS_UNAVAILABLE" ? "trains.error.stations" : "trains.error.unavailable")}</p>
      <Link to={`${pathname}${search}`} replace>
        {t("flights.searchAgain")}
      </Link>
    </div>
  );
}

/** The trains of a search (issue 18): day strip, filters, sorts and train cards; a round trip is chosen as a pair. */
export function TrainResultsView({
  outcome,
  search,
  routeId,
  calendar,
}: {
  outcome: TrainResultsOutcome;
  search: ValidSearch;
  routeId: string;
  calendar: CalendarKind;
}) {
  return outcome.ok ? <Results results={outcome} search={search} routeId={routeId} calendar={calendar} /> : <Failure outcome={outcome} />;
}
