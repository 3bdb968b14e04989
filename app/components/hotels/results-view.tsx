import { Link, useLocation } from "react-router";
import { HOTEL_SORTS } from "#core/hotels/hotel.ts";
import type { ValidSearch } from "#core/search/search-forms.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { HotelResults, HotelResultsOutcome } from "#app/search/hotel-results.server.ts";
import { SortLinks, StaleNotice } from "../flights/result-parts.tsx";
import { HotelCard } from "./hotel-card.tsx";
import { HotelFilters, unfilteredHotels } from "./hotel-filters.tsx";
import { HotelMap } from "./hotel-map.tsx";
import { HOTEL_SORT_LABELS } from "./results-labels.ts";

/** Nothing to list: no hotel has rooms for the stay (spec §8's empty message), or the filters hid every one (clear them). */
function Empty({ results }: { results: HotelResults }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  if (results.found > 0)
    return (
      <div className="flight-empty" role="status">
        <p>{t("hotelResults.emptyFiltered")}</p>
        <Link to={`${pathname}?${new URLSearchParams(unfilteredHotels(search)).toString()}`} preventScrollReset replace>
          {t("flights.filter.clear")}
        </Link>
      </div>
    );
  return (
    <div className="flight-empty" role="status">
      <p>{t("hotelResults.empty")}</p>
    </div>
  );
}

function Results({ results, search }: { results: HotelResults; search: ValidSearch }) {
  const { t } = useI18n();
  const stay = { checkIn: search.checkIn ?? "", checkOut: search.checkOut ?? "", rooms: results.rooms };
  return (
    <div className="flight-results hotel-results">
      <StaleNotice searchedAt={results.searchedAt} />
      <div className="flight-results-body">
        {results.found > 0 ? <HotelFilters panel={results.panel} /> : null}
        <div>
          {results.found > 0 ? (
            <>
              <a href="#hotel-filters" className="filters-jump">
                {t("flights.filters")}
              </a>
              <SortLinks
                sorts={HOTEL_SORTS}
                current={results.sort}
                label={(sort) => HOTEL_SORT_LABELS[sort]}
                param={(sort) => (sort === results.defaultSort ? null : sort)}
              />
            </>
          ) : null}
          <section aria-label={t("hotelResults.listTitle")} className="flight-leg">
            <p className="flight-count" role="status">
              {results.hotels.length === results.found
                ? t("hotelResults.found", { count: results.found })
                : t("hotelResults.shown", { count: results.hotels.length, found: results.found })}
            </p>
            {results.hotels.length === 0 ? (
              <Empty results={results} />
            ) : (
              <ol className="offer-list hotel-list">
                {results.hotels.map((hotel, index) => (
                  <HotelCard key={hotel.hotelId} hotel={hotel} stay={stay} position={index} />
                ))}
              </ol>
            )}
          </section>
          <HotelMap hotels={results.hotels} mapped={results.mapped} />
        </div>
      </div>
    </div>
  );
}

/** The hotels of a stay (issue 20 §2): filters, sorts, hotel cards and where they are; or why there are none. */
export function HotelResultsView({ outcome, search }: { outcome: HotelResultsOutcome; search: ValidSearch }) {
  const { t } = useI18n();
  const { pathname, search: query } = useLocation();
  if (outcome.ok) return <Results results={outcome} search={search} />;
  return (
    <div className="flight-empty" role="alert">
      <p>{t("hotelResults.error.unavailable")}</p>
      <Link to={`${pathname}${query}`} replace>
        {t("flights.searchAgain")}
      </Link>
    </div>
  );
}
