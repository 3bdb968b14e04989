import type { HotelRefundRuleSeed, HotelSeed } from "#seed/hotels/types.ts";
import { chunks, excludedAll, upsertRefundRules } from "./chunks.ts";
import type { Database } from "./client.ts";
import { hotelRefundRules, hotelRoomTypes, hotels } from "./schema.ts";

/** Rows per insert: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 200;

/**
 * Writes the house hotels: refund rules, hotels and room types, each rewritten when it changed.
 * No room-night is written here: a night is a row only once someone holds a room of it
 * (createHouseHotelSupplier). Safe to run on every start.
 */
export async function seedHotelInventory(
  db: Database,
  input: { refundRules: readonly HotelRefundRuleSeed[]; hotels: readonly HotelSeed[] },
): Promise<{ hotels: number; roomTypes: number }> {
  const roomTypes = input.hotels.flatMap((hotel) => hotel.roomTypes.map((type) => ({ ...type, hotelId: hotel.hotelId })));
  await db.transaction(async (tx) => {
    await upsertRefundRules(tx, hotelRefundRules, input.refundRules);
    for (const chunk of chunks(input.hotels, CHUNK))
      await tx
        .insert(hotels)
        .values(
          chunk.map((hotel) => ({
            id: hotel.hotelId,
            city: hotel.city,
            countryCode: hotel.countryCode,
            region: hotel.region,
            utcOffset: hotel.utcOffset,
            kind: hotel.kind,
            stars: hotel.stars,
            names: hotel.names,
            addresses: hotel.addresses,
            descriptions: hotel.descriptions,
            lat: hotel.location.lat,
            lng: hotel.location.lng,
            facilities: hotel.facilities,
            rules: hotel.rules,
            distances: hotel.distances,
            rating: hotel.rating,
            images: hotel.images,
            refundRuleId: hotel.refundRuleId,
          })),
        )
        .onConflictDoUpdate({ target: hotels.id, set: excludedAll(hotels, "id") });
    for (const chunk of chunks(roomTypes, CHUNK))
      await tx
        .insert(hotelRoomTypes)
        .values(
          chunk.map((type) => ({
            id: type.id,
            hotelId: type.hotelId,
            roomType: type.type,
            names: type.names,
            capacity: type.capacity,
            extraBeds: type.extraBeds,
            breakfast: type.breakfast,
            perNight: type.perNight,
            foreignPerNight: type.foreignPerNight,
            extraBedPerNight: type.extraBedPerNight,
            rooms: type.rooms,
          })),
        )
        .onConflictDoUpdate({ target: hotelRoomTypes.id, set: excludedAll(hotelRoomTypes, "id") });
  });
  return { hotels: input.hotels.length, roomTypes: roomTypes.length };
}
