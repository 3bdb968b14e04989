import { notInArray, sql } from "drizzle-orm";
import type { TourDepartureSeed, TourPackageSeed, TourRefundRuleSeed } from "#seed/tours/types.ts";
import { chunks, excludedAll, upsertRefundRules } from "./chunks.ts";
import type { Database } from "./client.ts";
import { tourDepartures, tourPackageHotels, tourPackages, tourRefundRules } from "./schema.ts";

/** Rows per insert: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 400;

/** "+03:30" as minutes east of UTC. */
function offsetMinutes(offset: string): number {
  const [hours, minutes] = offset.slice(1).split(":").map(Number);
  return (offset.startsWith("-") ? -1 : 1) * (hours! * 60 + minutes!);
}

/**
 * Writes the house tours: refund rules, packages and their hotels are rewritten when they changed
 * (a hotel a package no longer offers is removed from it); departures are inserted by their stable
 * key and left alone when they exist, so seats already sold stay sold. Safe to run on every start
 * and every day: new days roll in, old ones stay as history.
 */
export async function seedTourInventory(
  db: Database,
  input: { refundRules: readonly TourRefundRuleSeed[]; packages: readonly TourPackageSeed[]; departures: readonly TourDepartureSeed[] },
): Promise<{ packages: number; hotels: number; departures: number }> {
  const hotels = input.packages.flatMap((tour) => tour.hotels.map((hotel) => ({ ...hotel, packageId: tour.packageId })));
  let departures = 0;
  await db.transaction(async (tx) => {
    await upsertRefundRules(tx, tourRefundRules, input.refundRules);
    for (const part of chunks(input.packages, CHUNK))
      await tx
        .insert(tourPackages)
        .values(
          part.map((tour) => ({
            id: tour.packageId,
            scope: tour.scope,
            fromCity: tour.from,
            toCity: tour.to,
            countryCode: tour.countryCode,
            transport: tour.transport,
            carrierCode: tour.carrier.code,
            carrierNames: tour.carrier.names,
            nights: tour.nights,
            fromUtcOffset: offsetMinutes(tour.fromUtcOffset),
            toUtcOffset: offsetMinutes(tour.toUtcOffset),
            titles: tour.titles,
            descriptions: tour.descriptions,
            itinerary: tour.itinerary,
            inclusions: tour.inclusions,
            exclusions: tour.exclusions,
            transfer: tour.transfer,
            visa: tour.visa,
            fromAirports: tour.fromAirports,
            toAirports: tour.toAirports,
            refundRuleId: tour.refundRuleId,
            image: tour.image,
          })),
        )
        .onConflictDoUpdate({ target: tourPackages.id, set: excludedAll(tourPackages, "id") });
    for (const part of chunks(hotels, CHUNK))
      await tx
        .insert(tourPackageHotels)
        .values(
          part.map((hotel) => ({
            packageId: hotel.packageId,
            hotelId: hotel.hotelId,
            names: hotel.names,
            stars: hotel.stars,
            board: hotel.board,
            addresses: hotel.addresses,
            rating: hotel.rating,
            ...hotel.prices,
          })),
        )
        .onConflictDoUpdate({
          target: [tourPackageHotels.packageId, tourPackageHotels.hotelId],
          set: excludedAll(tourPackageHotels, "packageId", "hotelId"),
        });
    if (hotels.length > 0)
      await tx.delete(tourPackageHotels).where(
        notInArray(
          sql`${tourPackageHotels.packageId} || '/' || ${tourPackageHotels.hotelId}`,
          hotels.map((hotel) => `${hotel.packageId}/${hotel.hotelId}`),
        ),
      );
    for (const part of chunks(input.departures, CHUNK)) {
      const created = await tx
        .insert(tourDepartures)
        .values(
          part.map((departure) => ({
            id: departure.tourId,
            packageId: departure.packageId,
            departureDate: departure.departureDate,
            returnDate: departure.returnDate,
            departAt: departure.departAt,
            returnAt: departure.returnAt,
            capacity: departure.capacity,
            seatsSold: departure.soldElsewhere,
            pricePercent: departure.pricePercent,
          })),
        )
        .onConflictDoNothing({ target: tourDepartures.id })
        .returning({ id: tourDepartures.id });
      departures += created.length;
    }
  });
  // Fresh statistics after a large insert, so the planner keeps using the date index.
  if (departures > 0) await db.execute(sql`analyze tour_departures, tour_packages, tour_package_hotels`);
  return { packages: input.packages.length, hotels: hotels.length, departures };
}
