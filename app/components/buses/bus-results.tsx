import { Form, Link, useLocation, useSubmit } from "react-router";
import { BUS_FILTER_PARAMS } from "#core/buses/filters.ts";
import { BUS_SORTS } from "#core/buses/sorting.ts";
import { readableDate, type CalendarKind } from "#core/search/dates.ts";
import type { ValidSearch } from "#core/search/search-forms.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { BusResults, BusResultsOutcome, ChosenBus } from "#app/search/bus-results.server.ts";
import { FilterActions, PriceRangeFilter, SortLinks, StaleNotice, TimeOfDayFilter, withParams } from "../flights/result-parts.tsx";
import { BusOfferCard } from "./bus-offer-card.tsx";
import { BusSeatMap } from "./bus-seat-map.tsx";
import { BUS_CLASS_LABELS, BUS_SORT_LABELS } from "./labels.ts";

/** The query without the filters (and without an open seat map): what "clear the filters" keeps. */
function unfiltered(search: string): [string, string][] {
  const dropped: readonly string[] = [...BUS_FILTER_PARAMS, "bus"];
  return [...new URLSearchParams(search).entries()].filter(([name]) => !dropped.includes(name));
}

/** One checkbox of a list filter, with how many buses it keeps. */
function Choice({ name, value, checked, text, count }: { name: string; value: string; checked: boolean; text: string; count: number }) {
  const { number } = useI18n();
  return (
    <label className="filter-option">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} />
      <span>{text}</span>
      <span className="filter-count">{number(count)}</span>
    </label>
  );
}

/** The filter panel: a GET form to the same page (no JavaScript needed); with JavaScript a change applies at once. */
function Filters({ results }: { results: BusResults }) {
  const { t } = useI18n();
  const submit = useSubmit();
  const { pathname, search } = useLocation();
  const { facets, filters } = results;
  const keep = unfiltered(search);
  return (
    <Form
      id="bus-filters"
      method="get"
      action={pathname}
      className="flight-filters"
      aria-label={t("flights.filters")}
      onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true, replace: true })}
    >
      {keep.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <h2 className="flight-filters-title">{t("flights.filters")}</h2>
      <fieldset>
        <legend>{t("bus.filter.companies")}</legend>
        {facets.companies.map((company) => (
          <Choice
            key={company.code}
            name="company"
            value={company.code}
            checked={filters.companies.includes(company.code)}
            text={company.name}
            count={company.count}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t("bus.filter.class")}</legend>
        {facets.classes.map(({ busClass, count }) => (
          <Choice
            key={busClass}
            name="busClass"
            value={busClass}
            checked={filters.classes.includes(busClass)}
            text={t(BUS_CLASS_LABELS[busClass])}
            count={count}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t("bus.filter.terminals")}</legend>
        {facets.terminals.map((terminal) => (
          <Choice
            key={terminal.code}
            name="terminal"
            value={terminal.code}
            checked={filters.terminals.includes(terminal.code)}
            text={terminal.name}
            count={terminal.count}
          />
        ))}
      </fieldset>
      <TimeOfDayFilter name="departTime" legend={t("flights.filter.time")} counts={facets.departureTimes} chosen={filters.departureTimes} />
      {facets.price ? <PriceRangeFilter range={facets.price} chosen={filters} legend="bus.filter.price" /> : null}
      <FilterActions keep={keep} />
    </Form>
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
