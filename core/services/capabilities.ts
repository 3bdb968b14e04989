import type { SearchService } from "../search/search-forms.ts";

/**
 * Which services already show results. A search form of a service that is not ready still
 * validates and leads to its results route, which says honestly that online booking opens soon.
 * Each service's issue switches its flag on when its results are real.
 */
export const RESULTS_READY: Record<SearchService, boolean> = {
  flight: true,
  internationalflight: false,
  train: false,
  bus: false,
  hotel: false,
  outHotel: false,
  tour: false,
  insurance: false,
};
