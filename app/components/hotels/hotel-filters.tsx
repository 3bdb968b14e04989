import { useLocation } from "react-router";
import { HOTEL_FILTER_PARAMS } from "#core/hotels/filters.ts";
import { PRICE_BANDS, type PriceBandId } from "#core/hotels/hotel.ts";
import { MAX_PARAM_LENGTH } from "#core/search/trip-params.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { HotelFacetChoice, HotelFilterPanel } from "#app/search/hotel-results.server.ts";
import { FacetGroup, FilterForm, keptParams, type FacetChoice } from "../search/filter-form.tsx";
import { BED_LABELS, FACILITY_LABELS, STAR_FILTER_LABELS } from "./results-labels.ts";

/** The query without the hotel filters: what the panel keeps in hidden fields and "clear" leads back to. */
export function unfilteredHotels(search: string): [string, string][] {
  return keptParams(search, Object.values(HOTEL_FILTER_PARAMS));
}

/** A price band as a traveller reads it, in millions as the spec writes them: "1.5 to 3 million toman", "Over 6 million toman". */
function useBandText() {
  const { t, number } = useI18n();
  const millions = (tomans: number) => number(tomans / 1_000_000, { maximumFractionDigits: 1 });
  return (id: PriceBandId) => {
    const band = PRICE_BANDS.find((candidate) => candidate.id === id)!;
    return band.max === null
      ? t("hotelResults.band.over", { min: millions(band.min) })
      : t("hotelResults.band.range", { min: millions(band.min), max: millions(band.max) });
  };
}

/** The panel's choices of one filter with their names on the page. */
function labelled<Value extends string>(choices: readonly HotelFacetChoice<Value>[], text: (value: Value) => string): FacetChoice[] {
  return choices.map((choice) => ({ ...choice, text: text(choice.value) }));
}

/**
 * The hotel filter panel (spec §2/§9): name, stars, price per room-night by band, beds and
 * facilities, each choice with how many hotels of the search it keeps; a GET form, so it works
 * without JavaScript.
 */
export function HotelFilters({ panel }: { panel: HotelFilterPanel }) {
  const { t } = useI18n();
  const { search } = useLocation();
  const bandText = useBandText();
  return (
    <FilterForm id="hotel-filters" keep={unfilteredHotels(search)}>
      <div className="hotel-name-filter">
        <label htmlFor="hotel-name">{t("hotelResults.filter.name")}</label>
        <input
          id="hotel-name"
          type="search"
          name={HOTEL_FILTER_PARAMS.name}
          defaultValue={panel.name}
          maxLength={MAX_PARAM_LENGTH}
          className="search-input"
          autoComplete="off"
        />
      </div>
      <FacetGroup
        legend={t("hotelResults.filter.stars")}
        name={HOTEL_FILTER_PARAMS.stars}
        choices={labelled(panel.stars, (value) => t(STAR_FILTER_LABELS[value]))}
        disableEmpty
      />
      <FacetGroup
        legend={t("hotelResults.filter.price")}
        name={HOTEL_FILTER_PARAMS.priceBands}
        choices={labelled(panel.priceBands, bandText)}
        disableEmpty
      />
      <FacetGroup
        legend={t("hotelResults.filter.beds")}
        name={HOTEL_FILTER_PARAMS.beds}
        choices={labelled(panel.beds, (value) => t(BED_LABELS[value]))}
        disableEmpty
      />
      {panel.facilities.length > 0 ? (
        <FacetGroup
          legend={t("hotelResults.filter.facilities")}
          name={HOTEL_FILTER_PARAMS.facilities}
          choices={labelled(panel.facilities, (value) => t(FACILITY_LABELS[value]))}
        />
      ) : null}
    </FilterForm>
  );
}
