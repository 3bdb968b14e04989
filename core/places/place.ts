import type { Locale } from "../i18n/locales.ts";

/** The `service` values of the places API: one per search form. */
export const PLACE_SERVICES = ["flight", "internationalflight", "train", "bus", "hotel", "outHotel", "tour", "insurance"] as const;
export type PlaceService = (typeof PLACE_SERVICES)[number];

export const PLACE_KINDS = ["province", "city", "airport", "station", "terminal", "country"] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export type PlaceNames = Record<Locale, string>;

/** A place as stored: a city, an airport, a rail station, a bus terminal, a country… */
export interface Place {
  /** Stable public id, e.g. "city:mashhad", "airport:MHD", "country:TR". */
  id: string;
  kind: PlaceKind;
  /** The place it belongs to: an airport's city, a city's province. */
  parentId: string | null;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** IATA code of an airport, or the main airport of a city. */
  iata: string | null;
  names: PlaceNames;
  /** Higher is more popular: the order of suggestions when matches are equally good. */
  popularity: number;
  services: PlaceService[];
}

/** One suggestion of the places API, in the request's language. */
export interface PlaceSuggestion {
  id: string;
  kind: PlaceKind;
  name: string;
  /** Where it is: the city of an airport, the province of a city, the country abroad. */
  detail: string | null;
  /** The code a search of the asked service uses: for a city, its main airport for that service. */
  iata: string | null;
  countryCode: string;
  /** The city the place is in (itself for a city); null for provinces and countries. */
  cityId: string | null;
}
