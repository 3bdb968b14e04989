import type { Booking } from "../booking/booking.ts";
import type { PlaceService } from "../places/place.ts";
import { moduleOfBooking } from "./service-modules.ts";

/** Names of places by kind and code, in one language: what DescribeContext.placeName reads. */
export type PlaceNames = ReadonlyMap<string, string>;

const keyOf = (places: PlaceService, code: string) => `${places}:${code}`;

/**
 * The names of every place the bookings' items name, each looked up once in the kind of place
 * its service stores (airports for flights, stations for trains…). A place that cannot be named
 * is left out, and its code is shown.
 */
export async function placeNamesOf(
  bookings: readonly Pick<Booking, "service" | "items">[],
  lookup: (code: string, places: PlaceService) => Promise<string | null>,
): Promise<PlaceNames> {
  const wanted = new Map<string, { code: string; places: PlaceService }>();
  for (const booking of bookings) {
    const module = moduleOfBooking(booking);
    for (const item of booking.items) {
      const { from, to } = module.facts(item.offer);
      const lookIn = module.placesOf(item.offer);
      for (const code of [from, to, ...module.namedPlaces(item.offer)])
        if (code) wanted.set(keyOf(module.places, code), { code, places: lookIn });
    }
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([key, { code, places }]) => {
      const name = await lookup(code, places).catch(() => null);
      if (name) names.set(key, name);
    }),
  );
  return names;
}

/** DescribeContext.placeName for one service's places. */
export function placeNameIn(names: PlaceNames, places: PlaceService): (code: string) => string | undefined {
  return (code) => names.get(keyOf(places, code));
}
