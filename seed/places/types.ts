import type { PlaceNames } from "#core/places/place.ts";

/**
 * The reference data files are written in these shapes; seed/places/build.ts turns them into
 * places and search keys. Popularity: 0–100, higher is more searched.
 */
export interface ProvinceSeed {
  /** e.g. "razavi-khorasan" */
  slug: string;
  names: PlaceNames;
}

export interface CitySeed {
  /** e.g. "mashhad"; unique among Iranian cities. */
  slug: string;
  province: string;
  names: PlaceNames;
  /** Other spellings people type: Persian variants, older Latin spellings, Arabic forms. */
  aliases?: string[];
  popularity: number;
  /** Has hotels worth listing (domestic hotel search). */
  hotels?: boolean;
  /** A tour origin or destination. */
  tours?: boolean;
}

export interface AirportSeed {
  iata: string;
  /** City slug (Iranian city) or foreign city slug. */
  city: string;
  names: PlaceNames;
  aliases?: string[];
  /** Has international flights (for Iranian airports). */
  international?: boolean;
  /** Has domestic flights (for Iranian airports; default true). */
  domestic?: boolean;
}

export interface StationSeed {
  /** e.g. "mashhad" — one main station per city. */
  slug: string;
  city: string;
  names: PlaceNames;
  aliases?: string[];
}

export interface TerminalSeed {
  /** e.g. "tehran-south" */
  slug: string;
  city: string;
  names: PlaceNames;
  aliases?: string[];
}

export interface CountrySeed {
  /** ISO 3166-1 alpha-2, e.g. "TR". */
  code: string;
  names: PlaceNames;
  aliases?: string[];
  /** How often Iranians travel there; also orders insurance destinations. */
  popularity: number;
}

export interface ForeignCitySeed {
  /** e.g. "istanbul" */
  slug: string;
  country: string;
  names: PlaceNames;
  aliases?: string[];
  popularity: number;
  airports: { iata: string; names: PlaceNames; aliases?: string[] }[];
  /** Hotels can be booked there (foreign hotel search); default true. */
  hotels?: boolean;
}
