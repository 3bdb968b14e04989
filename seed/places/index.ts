import { IRAN_AIRPORTS } from "./airports.ts";
import { buildPlaces, type PlaceRow } from "./build.ts";
import { COUNTRIES } from "./countries.ts";
import { FOREIGN_CITIES } from "./foreign-cities.ts";
import { IRAN_CITIES } from "./iran-cities.ts";
import { PROVINCES } from "./provinces.ts";
import { IRAN_STATIONS } from "./stations.ts";
import { IRAN_TERMINALS } from "./terminals.ts";

/** Every reference place of the product, built from the data files beside this one. */
export function referencePlaces(): PlaceRow[] {
  return buildPlaces({
    provinces: PROVINCES,
    cities: IRAN_CITIES,
    airports: IRAN_AIRPORTS,
    stations: IRAN_STATIONS,
    terminals: IRAN_TERMINALS,
    countries: COUNTRIES,
    foreignCities: FOREIGN_CITIES,
  });
}
