import { Link, useLocation } from "react-router";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { translate, type MessageKey } from "#core/i18n/messages.ts";
import type { CalendarKind } from "#core/search/dates.ts";
import { readableDate } from "#core/search/dates.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { TOUR_FILTER_PARAMS, type TourStarChoice } from "#core/tours/tour-filters.ts";
import { TOUR_SORTS, type TourSort } from "#core/tours/tour-sorting.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { TourResults, TourResultsOutcome } from "#app/search/tour-results.server.ts";
import { PriceRangeFilter, SortLinks, StaleNotice } from "../flights/result-parts.tsx";
import { STAR_FILTER_LABELS } from "../hotels/results-labels.ts";
import { FacetGroup, FilterForm, keptParams } from "../search/filter-form.tsx";
import { TRANSPORT_LABELS, TourCards } from "./tour-card.tsx";

const SORT_LABELS: Record<TourSort, MessageKey> = {
  departure: "tourResults.sort.departure",
  price: "tourResults.sort.price",
};

/** The star choices read as the hotel filter's (same three bands of spec §9). */
const STAR_LABELS: Record<TourStarChoice, MessageKey> = STAR_FILTER_LABELS;

/** The query without the tour filters: what the panel keeps in hidden fields and "clear" leads back to. */
function unfilteredTours(search: string): [string, string][] {
  return keptParams(search, TOUR_FILTER_PARAMS);
}

/**
 * The filter panel of spec §2 for tours: transport, nights, hotel stars and price per person, each
 * choice with how many departures it keeps; a GET form, so it works without JavaScript. A group
 * with a single choice says nothing and is left out.
 */
function TourFilters({ results }: { results: TourResults }) {
  const { t } = useI18n();
  const { search } = useLocation();
  const { facets, filters } = results;
  return (
    <FilterForm id="tour-filters" keep={unfilteredTours(search)}>
      {facets.transports.length > 1 ? (
        <FacetGroup
          legend={t("tourResults.filter.transport")}
          name="transport"
          choices={facets.transports.map(({ value, count }) => ({
            value,
            count,
            text: t(TRANSPORT_LABELS[value]),
            checked: filters.transports.includes(value),
          }))}
        />
      ) : null}
      {facets.nights.length > 1 ? (
        <FacetGroup
          legend={t("tourResults.filter.nights")}
          name="nights"
          choices={facets.nights.map(({ value, count }) => ({
            value: String(value),
            count,
            text: t("search.nights", { count: value }),
            checked: filters.nights.includes(value),
          }))}
        />
      ) : null}
      <FacetGroup
        legend={t("tourResults.filter.stars")}
        name="stars"
        choices={facets.stars.map(({ value, count }) => ({
          value,
          count,
          text: t(STAR_LABELS[value]),
          checked: filters.stars.includes(value),
        }))}
        disableEmpty
      />
      {facets.price ? <PriceRangeFilter range={facets.price} chosen={filters} legend="tourResults.filter.price" /> : null}
    </FilterForm>
  );
}

/** Nothing to list: no departure for the search (spec §8's empty message, with the city's other tours), or the filters hid every one. */
function Empty({ results, places }: { results: TourResults; places: Record<string, PlaceSuggestion> }) {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  if (results.found > 0)
    return (
      <div className="flight-empty" role="status">
        <p>{t("tourResults.emptyFiltered")}</p>
        <Link to={`${pathname}?${new URLSearchParams(unfilteredTours(search)).toString()}`} preventScrollReset replace>
          {t("flights.filter.clear")}
        </Link>
      </div>
    );
  const to = places.to;
  const city = to?.cityId?.replace(/^city:/, "");
  const origin = places.from?.cityId?.replace(/^city:/, "");
  // Without a query the route is its landing: every coming departure there.
  const landing = to?.countryCode === "IR" ? `/tour/${city}` : `/internationaltour/search/${origin ? `${origin}/` : ""}${city}`;
  return (
    <div className="flight-empty" role="status">
      <p>{t("tourResults.empty", { from: places.from?.name ?? "", to: to?.name ?? "" })}</p>
      {to && city ? <Link to={localizePath(locale, landing)}>{t("tourResults.emptyCity", { city: to.name })}</Link> : null}
    </div>
  );
}

function Results({ results, places, calendar }: { results: TourResults; places: Record<string, PlaceSuggestion>; calendar: CalendarKind }) {
  const { t, locale } = useI18n();
  const date = (iso: string) => readableDate(iso, locale, calendar, false);
  return (
    <div className="flight-results tour-results">
      <StaleNotice searchedAt={results.searchedAt} />
      <div className="flight-results-body">
        {results.found > 0 ? <TourFilters results={results} /> : null}
        <div>
          {results.found > 0 ? (
            <>
              <a href="#tour-filters" className="filters-jump">
                {t("flights.filters")}
              </a>
              <SortLinks
                sorts={TOUR_SORTS}
                current={results.sort}
                label={(sort) => SORT_LABELS[sort]}
                param={(sort) => (sort === results.defaultSort ? null : sort)}
              />
            </>
          ) : null}
          <section aria-labelledby="tour-list-title" className="flight-leg">
            <h2 id="tour-list-title" className="flight-leg-title">
              {t("tourResults.listTitle")}
            </h2>
            <p className="offer-meta">
              {t("tourResults.window", { first: date(results.window.date), last: date(results.window.lastDate) })}
            </p>
            <p className="flight-count" role="status">
              {results.packages.length === results.found
                ? t("tourResults.found", { count: results.found })
                : t("tourResults.shown", { count: results.packages.length, found: results.found })}
            </p>
            {results.packages.length === 0 ? (
              <Empty results={results} places={places} />
            ) : (
              <TourCards packages={results.packages} view={{ names: results.names, calendar, party: results.party }} />
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

/** Why a tour page has nothing to show: no supplier or a failing one, or a search past the tour time-out. */
export function TourFailureNotice({ error }: { error: "UNAVAILABLE" | "TIMEOUT" }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <div className="flight-empty" role="alert">
      <p>{t(error === "TIMEOUT" ? "tourResults.error.timeout" : "tourResults.error.unavailable")}</p>
      <Link to={`${pathname}${search}`} replace>
        {t("flights.searchAgain")}
      </Link>
    </div>
  );
}

/** The departures of a search (issue 21): filters, sorts and tour cards; or why there are none. */
export function TourResultsView({
  outcome,
  places,
  calendar,
}: {
  outcome: TourResultsOutcome;
  places: Record<string, PlaceSuggestion>;
  calendar: CalendarKind;
}) {
  if (outcome.ok) return <Results results={outcome} places={places} calendar={calendar} />;
  return <TourFailureNotice error={outcome.error} />;
}

/** A tour page's heading: the route when it has both ends, else "Tours to {city}". */
export function tourHeading(locale: Locale, places: Record<string, PlaceSuggestion>): string {
  if (places.from && places.to) return translate(locale, "results.heading.route", { from: places.from.name, to: places.to.name });
  return translate(locale, "tourLanding.city.title", { city: places.to?.name ?? "" });
}
