import { eq } from "drizzle-orm";
import type { Database } from "./client.ts";
import { busTrips, flights, tourPackages, trains } from "./schema.ts";

/** The routes the house inventories serve, as the keys of their landing pages (the sitemap lists them). */
export interface RouteLandingKeys {
  /** THR-MHD */
  flight: string[];
  /** tehran-mashhad */
  train: string[];
  /** tehran-isfahan */
  bus: string[];
  /** kish (a domestic package's destination city) */
  tour: string[];
}

/** Distinct routes of each inventory; a few hundred rows at most, read when a sitemap is asked for. */
export function createRouteLandingKeys(db: Database): () => Promise<RouteLandingKeys> {
  return async () => {
    const [flightRows, trainRows, busRows, tourRows] = await Promise.all([
      db.selectDistinct({ from: flights.fromIata, to: flights.toIata }).from(flights),
      db.selectDistinct({ from: trains.fromStation, to: trains.toStation }).from(trains),
      db.selectDistinct({ from: busTrips.fromCity, to: busTrips.toCity }).from(busTrips),
      db.selectDistinct({ city: tourPackages.toCity }).from(tourPackages).where(eq(tourPackages.scope, "domestic")),
    ]);
    const pair = (rows: { from: string; to: string }[]) => rows.map((row) => `${row.from}-${row.to}`).sort();
    return {
      flight: pair(flightRows),
      train: pair(trainRows),
      bus: pair(busRows),
      tour: tourRows.map((row) => row.city).sort(),
    };
  };
}
