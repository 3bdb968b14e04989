import { searchKeys } from "#core/places/normalize.ts";
import type { Place, PlaceNames, PlaceService } from "#core/places/place.ts";
import type { AirportSeed, CitySeed, CountrySeed, ForeignCitySeed, ProvinceSeed, StationSeed, TerminalSeed } from "./types.ts";

export interface PlaceRow extends Place {
  keys: string[];
}

export interface ReferenceData {
  provinces: ProvinceSeed[];
  cities: CitySeed[];
  airports: AirportSeed[];
  stations: StationSeed[];
  terminals: TerminalSeed[];
  countries: CountrySeed[];
  foreignCities: ForeignCitySeed[];
}

function keysOf(names: PlaceNames, aliases: readonly string[] = [], codes: readonly (string | null)[] = []): string[] {
  const all = [names.fa, names.en, names.ar, ...aliases, ...codes.filter((code): code is string => Boolean(code))];
  return [...new Set(all.flatMap(searchKeys))];
}

/**
 * Turns the reference data files into places with their services and search keys. A city is
 * offered to a service when it has what that service needs: an airport for flights, a station
 * for trains, a terminal for buses; an airport is found by its city's names too.
 */
export function buildPlaces(data: ReferenceData): PlaceRow[] {
  const rows: PlaceRow[] = [];
  const cityNames = new Map<string, { names: PlaceNames; aliases: string[] }>();

  for (const province of data.provinces) {
    rows.push({
      id: `province:${province.slug}`,
      kind: "province",
      parentId: null,
      countryCode: "IR",
      iata: null,
      names: province.names,
      popularity: 0,
      services: [],
      keys: [],
    });
  }

  for (const city of data.cities) {
    const airports = data.airports.filter((airport) => airport.city === city.slug);
    const domestic = airports.filter((airport) => airport.domestic !== false);
    const international = airports.filter((airport) => airport.international === true);
    const services = new Set<PlaceService>();
    if (domestic.length > 0) services.add("flight");
    if (international.length > 0) services.add("internationalflight");
    if (data.stations.some((station) => station.city === city.slug)) services.add("train");
    if (data.terminals.some((terminal) => terminal.city === city.slug)) services.add("bus");
    if (city.hotels) services.add("hotel");
    if (city.tours) services.add("tour");
    const iata = domestic[0]?.iata ?? airports[0]?.iata ?? null;
    cityNames.set(city.slug, { names: city.names, aliases: city.aliases ?? [] });
    rows.push({
      id: `city:${city.slug}`,
      kind: "city",
      parentId: `province:${city.province}`,
      countryCode: "IR",
      iata,
      names: city.names,
      popularity: city.popularity,
      services: [...services],
      keys: keysOf(
        city.names,
        city.aliases,
        airports.map((airport) => airport.iata),
      ),
    });
  }

  const cityPopularity = new Map(data.cities.map((city) => [city.slug, city.popularity]));
  const cityKeys = (slug: string) => {
    const city = cityNames.get(slug);
    return city ? keysOf(city.names, city.aliases) : [];
  };

  for (const airport of data.airports) {
    const services: PlaceService[] = [];
    if (airport.domestic !== false) services.push("flight");
    if (airport.international) services.push("internationalflight");
    rows.push({
      id: `airport:${airport.iata}`,
      kind: "airport",
      parentId: `city:${airport.city}`,
      countryCode: "IR",
      iata: airport.iata,
      names: airport.names,
      // Just below its city, so "Tehran" lists the city first and then its airports.
      popularity: Math.max(0, (cityPopularity.get(airport.city) ?? 0) - 1),
      services,
      keys: [...new Set([...keysOf(airport.names, airport.aliases, [airport.iata]), ...cityKeys(airport.city)])],
    });
  }

  for (const station of data.stations) {
    rows.push({
      id: `station:${station.slug}`,
      kind: "station",
      parentId: `city:${station.city}`,
      countryCode: "IR",
      iata: null,
      names: station.names,
      popularity: Math.max(0, (cityPopularity.get(station.city) ?? 0) - 1),
      services: ["train"],
      keys: [...new Set([...keysOf(station.names, station.aliases), ...cityKeys(station.city)])],
    });
  }

  for (const terminal of data.terminals) {
    rows.push({
      id: `terminal:${terminal.slug}`,
      kind: "terminal",
      parentId: `city:${terminal.city}`,
      countryCode: "IR",
      iata: null,
      names: terminal.names,
      popularity: Math.max(0, (cityPopularity.get(terminal.city) ?? 0) - 1),
      services: ["bus"],
      keys: [...new Set([...keysOf(terminal.names, terminal.aliases), ...cityKeys(terminal.city)])],
    });
  }

  for (const country of data.countries) {
    rows.push({
      id: `country:${country.code}`,
      kind: "country",
      parentId: null,
      countryCode: country.code,
      iata: null,
      names: country.names,
      popularity: country.popularity,
      services: country.code === "IR" ? [] : ["insurance"],
      keys: keysOf(country.names, country.aliases, [country.code]),
    });
  }

  for (const city of data.foreignCities) {
    const services = new Set<PlaceService>(["tour"]);
    if (city.airports.length > 0) services.add("internationalflight");
    if (city.hotels !== false) services.add("outHotel");
    rows.push({
      id: `city:${city.slug}`,
      kind: "city",
      parentId: `country:${city.country}`,
      countryCode: city.country,
      iata: city.airports[0]?.iata ?? null,
      names: city.names,
      popularity: city.popularity,
      services: [...services],
      keys: keysOf(
        city.names,
        city.aliases,
        city.airports.map((airport) => airport.iata),
      ),
    });
    for (const airport of city.airports) {
      rows.push({
        id: `airport:${airport.iata}`,
        kind: "airport",
        parentId: `city:${city.slug}`,
        countryCode: city.country,
        iata: airport.iata,
        names: airport.names,
        popularity: Math.max(0, city.popularity - 1),
        services: ["internationalflight"],
        keys: [...new Set([...keysOf(airport.names, airport.aliases, [airport.iata]), ...keysOf(city.names, city.aliases)])],
      });
    }
  }
  return rows;
}
