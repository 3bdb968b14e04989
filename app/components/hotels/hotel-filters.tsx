import { useLocation } from "react-router";
import { HOTEL_FILTER_PARAMS } from "#core/hotels/filters.ts";
import { PRICE_BANDS, type PriceBandId } from "#core/hotels/hotel.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { HotelFilterPanel } from "#app/search/hotel-results.server.ts";
import { FacetGroup, FilterForm, keptParams } from "../search/filter-form.tsx";
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

/**
 * The hotel filter panel (spec §2/§9): name, stars, price per room-night by band, beds and
 * facilities, each choice with how many hotels of the search it keeps; a GET form, so it works
 * without JavaScript.
 */
export function HotelFilters({ panel }: { panel: HotelFilterPanel }) {
  const { t } = useI18n();
  const { search } = useLocation();
  const bandText = useBandText();
  const choices = <Value extends string>(
    list: HotelFilterPanel["stars" | "beds" | "priceBands" | "facilities"],
    text: (value: Value) => string,
  ) => list.map((choice) => ({ ...choice, text: text(choice.value as Value) }));
  return (
    <FilterForm id="hotel-filters" keep={unfilteredHotels(search)}>
      <div className="hotel-name-filter">
        <label htmlFor="hotel-name">{t("hotelResults.filter.name")}</label>
        <input
          id="hotel-name"
          type="search"
          name="name"
          defaultValue={panel.name}
          maxLength={60}
          className="search-input"
          autoComplete="off"
        />
      </div>
      <FacetGroup
        legend={t("hotelResults.filter.stars")}
        name={HOTEL_FILTER_PARAMS.stars}
        choices={choices(panel.stars, (value: keyof typeof STAR_FILTER_LABELS) => t(STAR_FILTER_LABELS[value]))}
        disableEmpty
      />
      <FacetGroup
        legend={t("hotelResults.filter.price")}
        name={HOTEL_FILTER_PARAMS.priceBands}
        choices={choices(panel.priceBands, bandText)}
        disableEmpty
      />
      <FacetGroup
        legend={t("hotelResults.filter.beds")}
        name={HOTEL_FILTER_PARAMS.beds}
        choices={choices(panel.beds, (value: keyof typeof BED_LABELS) => t(BED_LABELS[value]))}
        disableEmpty
      />
      {panel.facilities.length > 0 ? (
        <FacetGroup
          legend={t("hotelResults.filter.facilities")}
          name={HOTEL_FILTER_PARAMS.facilities}
          choices={choices(panel.facilities, (value: keyof typeof FACILITY_LABELS) => t(FACILITY_LABELS[value]))}
        />
      ) : null}
    </FilterForm>
  );
}
