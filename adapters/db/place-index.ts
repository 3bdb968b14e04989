import type { Locale } from "#core/i18n/locales.ts";
import type { PlaceKind, PlaceNames, PlaceService, PlaceSuggestion } from "#core/places/place.ts";
import { compareMatches } from "#core/places/rank.ts";
import type { PlaceSearchPort } from "#core/places/suggest.ts";
import type { Database } from "./client.ts";
import { placeSearchKeys, places } from "./schema.ts";

interface IndexedPlace {
  id: string;
  kind: PlaceKind;
  parentId: string | null;
  countryCode: string;
  iata: string | null;
  iataKey: string | null;
  names: PlaceNames;
  popularity: number;
  services: Set<string>;
}

interface Snapshot {
  /** Search keys in code-unit order, each with its place: a prefix is a contiguous run. */
  keys: { key: string; place: IndexedPlace }[];
  byId: Map<string, IndexedPlace>;
  /** A city's airports, most popular first. */
  airportsOf: Map<string, IndexedPlace[]>;
  /** Airports and cities by their upper-case code; an airport wins over a city of the same code. */
  byCode: Map<string, IndexedPlace[]>;
  loadedAt: number;
}

function cityOf(place: IndexedPlace, byId: Map<string, IndexedPlace>): string | null {
  if (place.kind === "city") return place.id;
  const parent = place.parentId ? byId.get(place.parentId) : undefined;
  return parent?.kind === "city" ? parent.id : null;
}

/**
 * The code a search of `service` uses for a place: an airport's own code; for a city, its first
 * airport offered for that service (Tehran is THR for domestic flights and IKA abroad).
 */
function codeFor(place: IndexedPlace, service: PlaceService | undefined, airportsOf: Map<string, IndexedPlace[]>): string | null {
  if (place.kind !== "city" || !service) return place.iata;
  const airport = (airportsOf.get(place.id) ?? []).find((candidate) => candidate.services.has(service));
  return airport?.iata ?? place.iata;
}

function describe(
  place: IndexedPlace,
  snapshot: Pick<Snapshot, "byId" | "airportsOf">,
  locale: Locale,
  service?: PlaceService,
): PlaceSuggestion {
  const { byId } = snapshot;
  const parent = place.parentId ? byId.get(place.parentId) : undefined;
  const grandparent = parent?.parentId ? byId.get(parent.parentId) : undefined;
  let detail: string | null = parent?.names[locale] ?? null;
  if (place.kind === "airport" || place.kind === "station" || place.kind === "terminal") {
    detail = [parent?.names[locale], grandparent?.names[locale]].filter(Boolean).join(locale === "en" ? ", " : "، ") || null;
  }
  return {
    id: place.id,
    kind: place.kind,
    name: place.names[locale],
    detail,
    iata: codeFor(place, service, snapshot.airportsOf),
    countryCode: place.countryCode,
    cityId: cityOf(place, byId),
  };
}

/** First index whose key is not below `prefix` (keys are sorted by code unit, like collation "C" for BMP text). */
function lowerBound(keys: Snapshot["keys"], prefix: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle]!.key < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Place search served from memory: the reference places are a few thousand rows that change with
 * releases, so each process keeps a sorted copy of the search keys and answers a prefix with a
 * binary search. The copy is reloaded from the database after `ttlMs`, so a re-seed shows up
 * everywhere without a restart. Ranking is the same as the SQL repository's.
 */
export function createPlaceIndex(
  db: Database,
  options: { ttlMs: number; now?: () => number },
): PlaceSearchPort & { reload(): Promise<void> } {
  const now = options.now ?? Date.now;
  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;

  async function load(): Promise<Snapshot> {
    const [placeRows, keyRows] = await Promise.all([db.select().from(places), db.select().from(placeSearchKeys)]);
    const byId = new Map<string, IndexedPlace>();
    for (const row of placeRows) {
      byId.set(row.id, {
        id: row.id,
        kind: row.kind as PlaceKind,
        parentId: row.parentId,
        countryCode: row.countryCode,
        iata: row.iata,
        iataKey: row.iata?.toLowerCase() ?? null,
        names: row.names,
        popularity: row.popularity,
        services: new Set(row.services),
      });
    }
    const keys = keyRows.flatMap((row) => {
      const place = byId.get(row.placeId);
      return place ? [{ key: row.key, place }] : [];
    });
    keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const airportsOf = new Map<string, IndexedPlace[]>();
    const byCode = new Map<string, IndexedPlace[]>();
    for (const place of byId.values()) {
      if (place.kind === "airport" && place.parentId) airportsOf.set(place.parentId, [...(airportsOf.get(place.parentId) ?? []), place]);
      if (place.iata && (place.kind === "airport" || place.kind === "city"))
        byCode.set(place.iata, [...(byCode.get(place.iata) ?? []), place]);
    }
    for (const list of airportsOf.values()) list.sort((a, b) => b.popularity - a.popularity || (a.id < b.id ? -1 : 1));
    for (const list of byCode.values()) list.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "airport" ? -1 : 1));
    return { keys, byId, airportsOf, byCode, loadedAt: now() };
  }

  async function current(): Promise<Snapshot> {
    if (snapshot && now() - snapshot.loadedAt < options.ttlMs) return snapshot;
    // One load at a time; meanwhile a stale copy keeps answering.
    loading ??= load()
      .then((fresh) => (snapshot = fresh))
      .finally(() => (loading = null));
    return snapshot ?? loading;
  }

  return {
    async reload() {
      snapshot = await load();
    },
    async findByPrefix({ service, prefix, locale, limit }: { service: PlaceService; prefix: string; locale: Locale; limit: number }) {
      const snapshot = await current();
      const { keys } = snapshot;
      const hits = new Map<IndexedPlace, number>();
      for (let index = lowerBound(keys, prefix); index < keys.length; index += 1) {
        const entry = keys[index]!;
        if (!entry.key.startsWith(prefix)) break;
        if (!entry.place.services.has(service)) continue;
        const exactness = entry.key === prefix ? 0 : 1;
        const seen = hits.get(entry.place);
        if (seen === undefined || exactness < seen) hits.set(entry.place, exactness);
      }
      const match = (place: IndexedPlace, exactness: number) => ({
        id: place.id,
        codeKey: place.iataKey,
        popularity: place.popularity,
        exact: exactness === 0,
      });
      return [...hits.entries()]
        .sort(([a, exactA], [b, exactB]) => compareMatches(prefix, match(a, exactA), match(b, exactB)))
        .slice(0, limit)
        .map(([place]) => describe(place, snapshot, locale, service));
    },
    async byId(id, locale, service) {
      const snapshot = await current();
      const place = snapshot.byId.get(id);
      if (!place || (service && !place.services.has(service))) return null;
      return describe(place, snapshot, locale, service);
    },
    async byRouteCode(code, service, locale) {
      const snapshot = await current();
      let place: IndexedPlace | undefined;
      if (/^[A-Z]{3}$/.test(code) && (service === "flight" || service === "internationalflight")) {
        const airport = snapshot.byCode.get(code)?.find((candidate) => candidate.kind === "airport" && candidate.services.has(service));
        const city = airport?.parentId ? snapshot.byId.get(airport.parentId) : undefined;
        // A city's own code for the service names the city ("Mashhad", not its airport), as the form chose it.
        place = city && city.services.has(service) && codeFor(city, service, snapshot.airportsOf) === code ? city : airport;
      } else if (/^[A-Z]{2}$/.test(code) && service === "insurance") {
        place = snapshot.byId.get(`country:${code}`);
      } else if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(code)) {
        // A bus item's ends are terminals ("tehran-south"); a city's slug names the city first.
        place = snapshot.byId.get(`city:${code}`) ?? (service === "bus" ? snapshot.byId.get(`terminal:${code}`) : undefined);
      }
      if (!place || !place.services.has(service)) return null;
      return describe(place, snapshot, locale, service);
    },
  };
}
