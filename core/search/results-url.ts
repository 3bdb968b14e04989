import type { PlaceSuggestion } from "../places/place.ts";
import { readTrainTicketType, type SearchFields, type SearchService, type ValidSearch } from "./search-forms.ts";

/**
 * Where a search leads: each service's results route of spec §2, with readable route keys
 * (NOTES.md): airport codes for flights (`/flight/THR-MHD`), city slugs for trains, buses, hotels
 * and tours (`/train/tehran-mashhad`), country codes for insurance. Dates and travellers go in
 * the query, under the same names as the form's fields.
 */

/** The code of a place in a results route, or null when the place cannot stand in one. */
export function routeCode(service: SearchService, place: PlaceSuggestion): string | null {
  switch (service) {
    case "flight":
    case "internationalflight":
      return place.iata;
    case "insurance":
      return place.kind === "country" ? place.countryCode : null;
    case "train":
    case "bus":
    case "hotel":
    case "outHotel":
    case "tour":
      return place.cityId?.startsWith("city:") ? place.cityId.slice("city:".length) : null;
  }
}

function passengerQuery(search: ValidSearch, query: URLSearchParams): void {
  if (!search.passengers) return;
  query.set("adults", String(search.passengers.adults));
  query.set("children", String(search.passengers.children));
  query.set("infants", String(search.passengers.infants));
}

/** The results URL (path without a locale prefix, and query) of a valid search; null if a place has no code. */
export function resultsLocation(search: ValidSearch): string | null {
  const code = (field: string) => {
    const place = search.places[field];
    return place ? routeCode(search.service, place) : null;
  };
  const query = new URLSearchParams();
  const dates = () => {
    if (search.date) query.set("date", search.date);
    if (search.returnDate) query.set("returnDate", search.returnDate);
  };
  let path: string | null = null;
  const from = code("from");
  const to = code("to");
  switch (search.service) {
    case "flight":
    case "internationalflight":
      if (!from || !to) return null;
      path = search.service === "flight" ? `/flight/${from}-${to}` : `/internationalflight/search/${from}/${to}`;
      dates();
      passengerQuery(search, query);
      if (search.cabin) query.set("cabin", search.cabin);
      break;
    case "train":
      if (!from || !to) return null;
      path = `/train/${from}-${to}`;
      dates();
      passengerQuery(search, query);
      if (search.ticketType) query.set("ticketType", search.ticketType);
      if (search.wholeCompartment) query.set("coupe", "1");
      break;
    case "bus":
      if (!from || !to) return null;
      path = `/bus/${from}-${to}`;
      dates();
      passengerQuery(search, query);
      break;
    case "tour": {
      if (!from || !to) return null;
      const abroad = search.places.to?.countryCode !== "IR";
      path = abroad ? `/internationaltour/search/${from}/${to}` : `/tour/${to}`;
      if (!abroad) query.set("from", from);
      dates();
      passengerQuery(search, query);
      break;
    }
    case "hotel":
    case "outHotel": {
      const city = code("city");
      const place = search.places.city;
      if (!city || !place) return null;
      path = search.service === "hotel" ? `/hotel/${city}` : `/internationalhotel/search/${place.countryCode}/${city}`;
      if (search.checkIn) query.set("checkIn", search.checkIn);
      if (search.checkOut) query.set("checkOut", search.checkOut);
      for (const room of search.rooms ?? []) query.append("room", `${room.adults}-${room.children}`);
      break;
    }
    case "insurance": {
      const country = code("country");
      if (!country) return null;
      path = `/insurance/services/${country}`;
      if (search.days) query.set("days", String(search.days));
      for (const birth of search.birthDates ?? []) query.append("birth", birth);
      break;
    }
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Splits a route key such as `THR-MHD` or `tehran-bandar-abbas` at each hyphen, for the caller to try in turn. */
export function routeKeySplits(key: string): [string, string][] {
  const splits: [string, string][] = [];
  for (let index = key.indexOf("-"); index > 0 && index < key.length - 1; index = key.indexOf("-", index + 1)) {
    splits.push([key.slice(0, index), key.slice(index + 1)]);
  }
  return splits;
}

/**
 * The form fields that reproduce a results page's search, so the page can offer it for editing.
 * Places arrive resolved from the route; the rest is read from the query under the form's names.
 */
export function fieldsFromResults(service: SearchService, places: Record<string, PlaceSuggestion>, query: URLSearchParams): SearchFields {
  const fields: SearchFields = {};
  for (const [field, place] of Object.entries(places)) {
    fields[field] = place.id;
    fields[`${field}Text`] = place.name;
  }
  for (const name of [
    "date",
    "returnDate",
    "adults",
    "children",
    "infants",
    "cabin",
    "ticketType",
    "coupe",
    "checkIn",
    "checkOut",
    "days",
  ]) {
    const value = query.get(name);
    if (value) fields[name] = value.slice(0, 40);
  }
  if (fields.returnDate) fields.trip = "round";
  // Old links name one-gender compartments "men"/"women", and a checkbox may post "on": the form shows the current names.
  if (fields.ticketType) fields.ticketType = readTrainTicketType(fields.ticketType) ?? fields.ticketType;
  if (fields.coupe === "on") fields.coupe = "1";
  const rooms = query.getAll("room").slice(0, 4);
  if (rooms.length > 0) {
    fields.rooms = String(rooms.length);
    rooms.forEach((room, index) => {
      const [adults = "1", children = "0"] = room.split("-");
      fields[`room${index + 1}Adults`] = adults.slice(0, 2);
      fields[`room${index + 1}Children`] = children.slice(0, 2);
    });
  }
  const births = query.getAll("birth").slice(0, 9);
  if (births.length > 0) {
    fields.travellers = String(births.length);
    births.forEach((birth, index) => (fields[`birth${index + 1}`] = birth.slice(0, 20)));
  }
  return fields;
}
