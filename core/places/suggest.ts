import type { Locale } from "../i18n/locales.ts";
import { PLACE_SERVICES, type PlaceService, type PlaceSuggestion } from "./place.ts";
import { searchPrefix } from "./normalize.ts";

export const DEFAULT_SUGGESTION_LIMIT = 10;
export const MAX_SUGGESTION_LIMIT = 20;

export interface PlaceSearchPort {
  /** Places of a service with a search key starting with `prefix` (already normalised), best first. */
  findByPrefix(input: { service: PlaceService; prefix: string; locale: Locale; limit: number }): Promise<PlaceSuggestion[]>;
  /** One place by id; with a service, only if the place is offered for it. */
  byId(id: string, locale: Locale, service?: PlaceService): Promise<PlaceSuggestion | null>;
  /**
   * The place a results route names: an airport or city code (`THR`, `IST`) for flights, a city
   * slug (`bandar-abbas`) for trains, buses, hotels and tours, a country code (`TR`) for insurance.
   */
  byRouteCode(code: string, service: PlaceService, locale: Locale): Promise<PlaceSuggestion | null>;
}

export function isPlaceService(value: unknown): value is PlaceService {
  return typeof value === "string" && (PLACE_SERVICES as readonly string[]).includes(value);
}

/**
 * Suggestions for what a traveller has typed so far. Anything unsearchable (empty, only
 * punctuation, an unknown service) is simply no suggestions, never an error.
 */
export async function suggestPlaces(
  input: { service: unknown; query: unknown; locale: Locale; limit?: number },
  deps: { places: PlaceSearchPort },
): Promise<PlaceSuggestion[]> {
  if (!isPlaceService(input.service)) return [];
  const prefix = searchPrefix(typeof input.query === "string" ? input.query : null);
  if (prefix === null) return [];
  const limit = Math.min(MAX_SUGGESTION_LIMIT, Math.max(1, Math.trunc(input.limit ?? DEFAULT_SUGGESTION_LIMIT)));
  return deps.places.findByPrefix({ service: input.service, prefix, locale: input.locale, limit });
}
