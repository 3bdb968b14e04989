import { sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/locales.ts";
import type { PlaceKind, PlaceNames, PlaceSuggestion } from "#core/places/place.ts";
import type { PlaceSearchPort } from "#core/places/suggest.ts";
import type { Database } from "./client.ts";

interface SuggestionRow {
  id: string;
  kind: PlaceKind;
  names: PlaceNames;
  iata: string | null;
  country_code: string;
  parent_names: PlaceNames | null;
  grandparent_names: PlaceNames | null;
}

/** Both drivers (node-postgres and PGlite) answer a raw query with an object holding `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The highest code point: appended to a prefix it bounds the range of keys that start with it. */
const PREFIX_END = "\u{10FFFF}";

function toSuggestion(row: SuggestionRow, locale: Locale): PlaceSuggestion {
  // An airport or station is described by its city; a city by its province (or country abroad).
  const parent = row.parent_names?.[locale] ?? null;
  const grandparent = row.grandparent_names?.[locale] ?? null;
  const separator = locale === "en" ? ", " : "، ";
  const detail = row.kind === "airport" || row.kind === "station" || row.kind === "terminal" ? [parent, grandparent].filter(Boolean).join(separator) || null : parent;
  return { id: row.id, kind: row.kind, name: row.names[locale], detail, iata: row.iata, countryCode: row.country_code };
}

export function createPlaceRepository(db: Database): PlaceSearchPort {
  return {
    async findByPrefix({ service, prefix, locale, limit }) {
      const result = rowsOf<SuggestionRow>(await db.execute(sql`
        select p.id, p.kind, p.names, p.iata, p.country_code, parent.names as parent_names, grandparent.names as grandparent_names
        from (
          select k.place_id, min(case when k.key = ${prefix} then 0 else 1 end) as exactness
          from place_search_keys k
          where (k.key collate "C") >= ${prefix} and (k.key collate "C") < ${prefix + PREFIX_END}
          group by k.place_id
        ) hits
        join places p on p.id = hits.place_id
        left join places parent on parent.id = p.parent_id
        left join places grandparent on grandparent.id = parent.parent_id
        where ${service} = any(p.services)
        -- A place named by its own code ("IKA") comes first, then exact names, then popularity.
        order by (p.iata is not null and lower(p.iata) = ${prefix}) desc, hits.exactness, p.popularity desc, p.id
        limit ${limit}
      `));
      return result.map((row) => toSuggestion(row, locale));
    },
    async byId(id, locale) {
      const result = rowsOf<SuggestionRow>(await db.execute(sql`
        select p.id, p.kind, p.names, p.iata, p.country_code, parent.names as parent_names, grandparent.names as grandparent_names
        from places p
        left join places parent on parent.id = p.parent_id
        left join places grandparent on grandparent.id = parent.parent_id
        where p.id = ${id}
      `));
      const row = result[0];
      return row ? toSuggestion(row, locale) : null;
    },
  };
}
