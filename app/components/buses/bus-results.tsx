import { Link, useLocation } from "react-router";
import { BUS_FILTER_PARAMS } from "#core/buses/filters.ts";
import { BUS_SORTS } from "#core/buses/sorting.ts";
import { readableDate, type CalendarKind } from "#core/search/dates.ts";
import type { ValidSearch } from "#core/search/search-forms.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { BusResults, BusResultsOutcome, ChosenBus } from "#app/search/bus-results.server.ts";
import { PriceRangeFilter, SortLinks, StaleNotice, TimeOfDayFilter, withParams } from "../flights/result-parts.tsx";
import { FacetGroup, FilterForm, keptParams } from "../search/filter-form.tsx";
import { BusOfferCard } from "./bus-offer-card.tsx";
import { BusSeatMap } from "./bus-seat-map.tsx";
import { BUS_CLASS_LABELS, BUS_SORT_LABELS } from "./labels.ts";
import { BuyOrWait } from "../fares/buy-or-wait.tsx";

/** The query without the filters (and without an open seat map): what "clear the filters" keeps. */
function unfiltered(search: string): [string, string][] {
  return keptParams(search, [...BUS_FILTER_PARAMS, "bus"]);
}

/** The filter panel: companies, classes, terminals, part of the day and the price of a seat. */
function Filters({ results }: { results: BusResults }) {
  const { t } = useI18n();
  const { search } = useLocation();
  const { facets, filters } = results;
  return (
    <FilterForm id="bus-filters" keep={unfiltered(search)}>
      <FacetGroup
        legend={t("bus.filter.companies")}
        name="company"
        choices={facets.companies.map(({ code, name, count }) => ({
          value: code,
          text: name,
          count,
          checked: filters.companies.includes(code),
        }))}
      />
      <FacetGroup
        legend={t("bus.filter.class")}
        name="busClass"
        choices={facets.classes.map(({ busClass, count }) => ({
          value: busClass,
          text: t(BUS_CLASS_LABELS[busClass]),
          count,
          checked: filters.classes.includes(busClass),
        }))}
      />
      <FacetGroup
        legend={t("bus.filter.terminals")}
        name="terminal"
        choices={facets.terminals.map(({ code, name, count }) => ({
          value: code,
          text: name,
          count,
          checked: filters.terminals.includes(code),
        }))}
      />
      <TimeOfDayFilter name="departTime" legend={t("flights.filter.time")} counts={facets.departureTimes} chosen={filters.departureTimes} />
      {facets.price ? <PriceRangeFilter range={facets.price} chosen={filters} legend="bus.filter.price" /> : null}
    </FilterForm>
  );
}

/** Nothing to list: no bus that day (other days to try), or the filters hid every bus (clear them). */
function Empty({ results, calendar }: { results: BusResults; calendar: CalendarKind }) {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  if (results.found > 0)
    return (
      <div className="flight-empty" role="status">
        <p>{t("bus.emptyFiltered")}</p>
        <Link to={`${pathname}?${new URLSearchParams(unfiltered(search)).toString()}`} preventScrollReset replace>
          {t("flights.filter.clear")}
        </Link>
      </div>
    );
  return (
    <div className="flight-empty" role="status">
      <p>{t("bus.empty")}</p>
      {results.otherDates.length > 0 ? (
        <>
          <p>{t("bus.otherDays")}</p>
          <ul className="intl-suggestions">
            {results.otherDates.map((date) => (
              <li key={date}>
                <Link to={withParams(search, { date, bus: null })}>
                  {t("bus.tryDate", { date: readableDate(date, locale, calendar, false) })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t("bus.noOtherDays")}</p>
      )}
    </div>
  );
}

/** Why a chosen bus has no map: it left the list (sold out, departed) or the supplier could not draw it. */
function MapFailure({ chosen }: { chosen: Extract<ChosenBus, { ok: false }> }) {
  const { t } = useI18n();
  const { search } = useLocation();
  return (
    <div id="seats" className="flight-empty" role="alert">
      <p>{t(chosen.error === "GONE" ? "bus.map.gone" : "bus.map.unavailable")}</p>
      <Link to={withParams(search, { bus: null })} preventScrollReset replace>
        {t("bus.map.back")}
      </Link>
    </div>
  );
}

function Results({ results, search, calendar }: { results: BusResults; search: ValidSearch; calendar: CalendarKind }) {
  const { t } = useI18n();
  const { search: query } = useLocation();
  const party = search.passengers ?? { adults: 1, children: 0, infants: 0 };
  const chosen = results.chosen;
  return (
    <div className="flight-results bus-results">
      <StaleNotice searchedAt={results.searchedAt} />
      <div className="flight-results-body">
        {results.found > 0 ? <Filters results={results} /> : null}
        <div>
          {results.found > 0 ? (
            <>
              <a href="#bus-filters" className="filters-jump">
                {t("flights.filters")}
              </a>
              <SortLinks
                sorts={BUS_SORTS}
                current={results.sort}
                label={(sort) => BUS_SORT_LABELS[sort]}
                param={(sort) => (sort === "departure" ? null : sort)}
              />
            </>
          ) : null}
          <BuyOrWait data={results.fareHint} calendar={calendar} />
          <section aria-label={t("bus.listTitle")} className="flight-leg">
            <p className="flight-count" role="status">
              {results.offers.length === results.found
                ? t("bus.found", { count: results.found })
                : t("bus.shown", { count: results.offers.length, found: results.found })}
            </p>
            {chosen && !chosen.ok ? <MapFailure chosen={chosen} /> : null}
            {results.offers.length === 0 ? (
              <Empty results={results} calendar={calendar} />
            ) : (
              <ol className="offer-list">
                {results.offers.map((offer) => {
                  const open = chosen?.ok && chosen.offer.offerId === offer.offerId ? chosen : null;
                  return (
                    <BusOfferCard
                      key={offer.offerId}
                      offer={offer}
                      party={party}
                      chooseHref={`${withParams(query, { bus: offer.offerId })}#seats`}
                      closeHref={withParams(query, { bus: null })}
                      seatMap={open ? <BusSeatMap chosen={open} party={party} date={search.date ?? ""} routeId={results.routeId} /> : null}
                    />
                  );
                })}
              </ol>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

/** The buses of a search (issue 19): filters, sorts, bus cards and the chosen bus's seat map; or why there are none. */
export function BusResultsView({ outcome, search, calendar }: { outcome: BusResultsOutcome; search: ValidSearch; calendar: CalendarKind }) {
  const { t } = useI18n();
  const { pathname, search: query } = useLocation();
  if (outcome.ok) return <Results results={outcome} search={search} calendar={calendar} />;
  return (
    <div className="flight-empty" role="alert">
      <p>{t("bus.error.unavailable")}</p>
      <Link to={`${pathname}${query}`} replace>
        {t("flights.searchAgain")}
      </Link>
    </div>
  );
}
