import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import type { HotelRoomOffer } from "#core/hotels/hotel.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { Database } from "#adapters/db/client.ts";
import { hotelRefundRules, hotelRoomNights, hotelRoomTypes, hotels } from "#adapters/db/schema.ts";
import { roomsSoldElsewhere } from "#seed/hotels/nights.ts";
import { hotelOfferOf, nightsOf, type HotelRow, type RoomTypeRow, type Stay } from "./hotel-offers.ts";

/**
 * What the house hotel supplier reads without writing: rooms left over a stay (made nights and
 * seeded ones alike), a city's offers in three queries, and the room type an offer names.
 */
export function hotelReads(db: Database) {
  /** Rooms left per room type over the stay, from the rows made and the seeded nights not made. */
  async function roomsLeft(types: readonly RoomTypeRow[], stay: Stay): Promise<Map<string, number>> {
    const left = new Map<string, number>();
    if (types.length === 0) return left;
    const rows = await db
      .select()
      .from(hotelRoomNights)
      .where(
        and(
          inArray(
            hotelRoomNights.roomTypeId,
            types.map((type) => type.id),
          ),
          gte(hotelRoomNights.night, stay.checkIn),
          lt(hotelRoomNights.night, stay.checkOut),
        ),
      );
    const made = new Map(rows.map((row) => [`${row.roomTypeId}@${row.night}`, row.roomsTotal - row.roomsSold]));
    const nights = nightsOf(stay);
    for (const type of types)
      left.set(
        type.id,
        Math.min(...nights.map((night) => made.get(`${type.id}@${night}`) ?? type.rooms - roomsSoldElsewhere(type.id, night, type.rooms))),
      );
    return left;
  }

  /** Offers of these hotels' room types for a stay with a room left, by hotel. */
  async function offersOf(hotelRows: readonly HotelRow[], stay: Stay, locale: Locale): Promise<Map<string, HotelRoomOffer[]>> {
    const byHotel = new Map<string, HotelRoomOffer[]>();
    if (hotelRows.length === 0) return byHotel;
    const types = await db
      .select()
      .from(hotelRoomTypes)
      .where(
        inArray(
          hotelRoomTypes.hotelId,
          hotelRows.map((hotel) => hotel.id),
        ),
      )
      .orderBy(asc(hotelRoomTypes.perNight), asc(hotelRoomTypes.id));
    const rules = new Map((await db.select().from(hotelRefundRules)).map((rule) => [rule.id, rule]));
    const left = await roomsLeft(types, stay);
    const hotelOf = new Map(hotelRows.map((hotel) => [hotel.id, hotel]));
    for (const type of types) {
      const hotel = hotelOf.get(type.hotelId)!;
      const free = left.get(type.id) ?? 0;
      if (free < 1) continue;
      const offers = byHotel.get(hotel.id) ?? [];
      offers.push(hotelOfferOf(hotel, type, rules.get(hotel.refundRuleId)!, stay, free, locale));
      byHotel.set(hotel.id, offers);
    }
    return byHotel;
  }

  /** The room type an offer names, with its hotel and rule, or null. */
  async function roomTypeOf(roomTypeId: string) {
    const [row] = await db
      .select({ type: hotelRoomTypes, hotel: hotels, rule: hotelRefundRules })
      .from(hotelRoomTypes)
      .innerJoin(hotels, eq(hotelRoomTypes.hotelId, hotels.id))
      .innerJoin(hotelRefundRules, eq(hotels.refundRuleId, hotelRefundRules.id))
      .where(eq(hotelRoomTypes.id, roomTypeId))
      .limit(1);
    return row ?? null;
  }
  return { roomsLeft, offersOf, roomTypeOf };
}
