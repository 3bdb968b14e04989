import { randomBytes, randomInt } from "node:crypto";
import { and, asc, count, eq, gt, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { HeldHotelOffer, HotelRegion } from "#core/hotels/hotel.ts";
import type { HotelSupplier, HotelVoucher } from "#core/hotels/supplier.ts";
import type { Clock } from "#core/ports.ts";
import { tehranToday } from "#core/search/dates.ts";
import type { SupplierHold } from "#core/suppliers/ports.ts";
import type { Database } from "#adapters/db/client.ts";
import { hotelHolds, hotelRoomNights, hotels } from "#adapters/db/schema.ts";
import { roomsSoldElsewhere } from "#seed/hotels/nights.ts";
import { hotelReads } from "./hotel-reads.ts";
import {
  hotelDetailsOf,
  hotelListingOf,
  hotelOfferOf,
  nightsOf,
  parseHotelOfferId,
  refundRuleOf,
  sellableStay,
  type Stay,
} from "./hotel-offers.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type HoldRow = typeof hotelHolds.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** At most this many rooms of one type in one hold (a booking's nine travellers). */
const MAX_ROOMS = 9;
const CONFIRMATION_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Thrown inside a hold's transaction to undo the rows it made when a night has no room left. */
class CapacityFull extends Error {}

/** A check violation: the room-night's own guard refused a sale past its total. */
function isCheckViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause)
    if ((current as { code?: unknown }).code === "23514") return true;
  return false;
}

const holdOf = (row: HoldRow): SupplierHold => ({
  holdId: row.id,
  offerId: row.offerId,
  seats: row.rooms,
  expiresAt: row.expiresAt.toISOString(),
});

function voucherOf(row: HoldRow): HotelVoucher {
  return {
    holdId: row.id,
    pnr: row.confirmation!,
    ticketNumber: row.voucherNumber!,
    passengerPosition: row.leadPassenger,
    leg: 0,
    placement: { confirmation: row.confirmation!, room: row.roomTypeId },
  };
}

/** The lead guest the selection chose for this room (room k's lead is passenger k). */
function leadOf(chosen: unknown): number {
  const lead = (chosen as Partial<HeldHotelOffer> | undefined)?.leadPassenger;
  return Number.isInteger(lead) && (lead as number) >= 0 ? (lead as number) : 0;
}

const staySpan = (roomTypeId: string, stay: Stay) =>
  and(eq(hotelRoomNights.roomTypeId, roomTypeId), gte(hotelRoomNights.night, stay.checkIn), lt(hotelRoomNights.night, stay.checkOut));

/**
 * The built-in house supplier of hotels at home and abroad (issue 20; README.md beside it), on
 * our own tables. The unit is a room-night: a night of a room type is a row only once someone of
 * ours held a room of it; before that it has the seeded total and the rooms sold elsewhere
 * (seed/hotels/nights.ts), which searches read without writing. A hold makes the stay's missing
 * rows, locks them in date order and takes a room of each in one transaction; the row's check
 * (rooms sold never above the total) is what keeps a room-night from being sold twice.
 */
export function createHouseHotelSupplier(db: Database, clock: Clock): HotelSupplier & { releaseExpired(): Promise<number> } {
  const today = () => tehranToday(clock.now());

  const { roomsLeft, offersOf, roomTypeOf } = hotelReads(db);

  /** Rooms of these holds go back on sale: their nights are locked in date order, then given back. */
  async function giveBack(tx: Transaction, holds: readonly HoldRow[]): Promise<void> {
    const ordered = [...holds].sort((a, b) => a.roomTypeId.localeCompare(b.roomTypeId) || a.checkIn.localeCompare(b.checkIn));
    for (const hold of ordered) {
      await tx
        .select({ night: hotelRoomNights.night })
        .from(hotelRoomNights)
        .where(staySpan(hold.roomTypeId, hold))
        .orderBy(asc(hotelRoomNights.night))
        .for("update");
      await tx
        .update(hotelRoomNights)
        .set({ roomsSold: sql`${hotelRoomNights.roomsSold} - ${hold.rooms}` })
        .where(staySpan(hold.roomTypeId, hold));
    }
  }

  /** Holds past their expiry (of one room type, or all) end and give their rooms back. */
  async function expireHolds(roomTypeId?: string): Promise<number> {
    return db.transaction(async (tx) => {
      const expired = await tx
        .update(hotelHolds)
        .set({ status: "expired", updatedAt: clock.now() })
        .where(
          and(
            eq(hotelHolds.status, "held"),
            lte(hotelHolds.expiresAt, clock.now()),
            roomTypeId ? eq(hotelHolds.roomTypeId, roomTypeId) : undefined,
          ),
        )
        .returning();
      await giveBack(tx, expired);
      return expired.length;
    });
  }

  return {
    service: "hotel",
    name: "house",

    async searchHotels(query) {
      const stay = { checkIn: query.checkIn, checkOut: query.checkOut };
      const party = query.rooms;
      if (!sellableStay(stay, query.region, today()) || party.length === 0 || party.length > MAX_ROOMS) return [];
      const locale = query.locale ?? "fa";
      const hotelRows = await db
        .select()
        .from(hotels)
        .where(and(eq(hotels.city, query.city), eq(hotels.region, query.region)))
        .orderBy(asc(hotels.id));
      const offers = await offersOf(hotelRows, stay, locale);
      return hotelRows.flatMap((hotel) => hotelListingOf(hotel, offers.get(hotel.id) ?? [], party, locale) ?? []);
    },

    async hotel(city, hotelId, locale) {
      const [row] = await db
        .select()
        .from(hotels)
        .where(and(eq(hotels.city, city), eq(hotels.id, hotelId)))
        .limit(1);
      return row ? hotelDetailsOf(row, locale ?? "fa") : null;
    },

    async rooms(city, hotelId, stay, locale) {
      const [row] = await db
        .select()
        .from(hotels)
        .where(and(eq(hotels.city, city), eq(hotels.id, hotelId)))
        .limit(1);
      if (!row || !sellableStay(stay, row.region as HotelRegion, today())) return [];
      return (await offersOf([row], stay, locale ?? "fa")).get(row.id) ?? [];
    },

    async cities(region) {
      const rows = await db
        .select({ city: hotels.city, countryCode: hotels.countryCode, hotels: count() })
        .from(hotels)
        .where(eq(hotels.region, region))
        .groupBy(hotels.city, hotels.countryCode)
        .orderBy(asc(hotels.city));
      return rows.map((row) => ({ ...row, hotels: Number(row.hotels) }));
    },

    async revalidate(offerId, locale) {
      const parsed = parseHotelOfferId(offerId);
      const found = parsed ? await roomTypeOf(parsed.roomTypeId) : null;
      if (!parsed || !found || !sellableStay(parsed, found.hotel.region as HotelRegion, today()))
        return { ok: false, error: "NOT_FOUND" } as const;
      const left = (await roomsLeft([found.type], parsed)).get(found.type.id) ?? 0;
      const offer = hotelOfferOf(found.hotel, found.type, found.rule, parsed, left, locale ?? "fa");
      return left < 1 ? ({ ok: false, error: "SOLD_OUT" } as const) : ({ ok: true, offer } as const);
    },

    /** Takes `rooms` rooms of the offer's type on every night of its stay, or nothing (CAPACITY_FULL). */
    async hold(offerId, rooms, until, chosen) {
      const parsed = parseHotelOfferId(offerId);
      const found = parsed ? await roomTypeOf(parsed.roomTypeId) : null;
      if (!parsed || !found || !Number.isInteger(rooms) || rooms < 1 || rooms > MAX_ROOMS) return { ok: false, error: "SOLD_OUT" } as const;
      if (!sellableStay(parsed, found.hotel.region as HotelRegion, today())) return { ok: false, error: "SOLD_OUT" } as const;
      const { type } = found;
      // Expired holds of this type give their rooms back first, in their own transaction (no lock held across).
      await expireHolds(type.id);
      const nights = nightsOf(parsed);
      try {
        return await db.transaction(async (tx) => {
          await tx
            .insert(hotelRoomNights)
            .values(
              nights.map((night) => ({
                roomTypeId: type.id,
                night,
                roomsTotal: type.rooms,
                roomsSold: roomsSoldElsewhere(type.id, night, type.rooms),
              })),
            )
            .onConflictDoNothing();
          // Locked in date order: two holds of overlapping stays queue instead of deadlocking.
          const locked = await tx
            .select()
            .from(hotelRoomNights)
            .where(staySpan(type.id, parsed))
            .orderBy(asc(hotelRoomNights.night))
            .for("update");
          if (locked.length !== nights.length || locked.some((night) => night.roomsTotal - night.roomsSold < rooms))
            throw new CapacityFull();
          await tx
            .update(hotelRoomNights)
            .set({ roomsSold: sql`${hotelRoomNights.roomsSold} + ${rooms}` })
            .where(staySpan(type.id, parsed));
          const [row] = await tx
            .insert(hotelHolds)
            .values({
              offerId,
              roomTypeId: type.id,
              checkIn: parsed.checkIn,
              checkOut: parsed.checkOut,
              rooms,
              leadPassenger: leadOf(chosen),
              expiresAt: until,
            })
            .returning();
          return { ok: true, hold: holdOf(row!) } as const;
        });
      } catch (error) {
        if (error instanceof CapacityFull || isCheckViolation(error)) return { ok: false, error: "CAPACITY_FULL" } as const;
        throw error;
      }
    },

    async extend(hold, until) {
      if (!UUID.test(hold.holdId)) return { ok: false, error: "HOLD_LOST" } as const;
      const [row] = await db
        .update(hotelHolds)
        .set({ expiresAt: sql`greatest(${hotelHolds.expiresAt}, ${until})`, updatedAt: clock.now() })
        .where(and(eq(hotelHolds.id, hold.holdId), eq(hotelHolds.status, "held"), gt(hotelHolds.expiresAt, clock.now())))
        .returning();
      return row ? ({ ok: true, hold: holdOf(row) } as const) : ({ ok: false, error: "HOLD_LOST" } as const);
    },

    /** One voucher per hold, in the lead guest's name; asked again, the same voucher. */
    async issue(hold) {
      if (!UUID.test(hold.holdId)) return { ok: false, error: "ISSUE_FAILED" } as const;
      const [existing] = await db.select().from(hotelHolds).where(eq(hotelHolds.id, hold.holdId)).limit(1);
      if (existing?.status === "issued") return { ok: true, tickets: [voucherOf(existing)] } as const;
      const confirmation = `H${Array.from(randomBytes(7), (byte) => CONFIRMATION_LETTERS[byte % CONFIRMATION_LETTERS.length]).join("")}`;
      const voucherNumber = `HV${String(randomInt(1e6)).padStart(6, "0")}${String(randomInt(1e6)).padStart(6, "0")}`;
      const [row] = await db
        .update(hotelHolds)
        .set({ status: "issued", confirmation, voucherNumber, updatedAt: clock.now() })
        .where(and(eq(hotelHolds.id, hold.holdId), eq(hotelHolds.status, "held")))
        .returning();
      if (row) return { ok: true, tickets: [voucherOf(row)] } as const;
      // Issued by a concurrent call between the read and the update: the voucher it made.
      const [again] = await db.select().from(hotelHolds).where(eq(hotelHolds.id, hold.holdId)).limit(1);
      return again?.status === "issued"
        ? ({ ok: true, tickets: [voucherOf(again)] } as const)
        : ({ ok: false, error: "ISSUE_FAILED" } as const);
    },

    /** Cancels a hold or its voucher; its room-nights are on sale again the moment this returns. */
    async cancel(target) {
      const holdId = Array.isArray(target) ? target[0]?.holdId : target.holdId;
      if (!holdId || !UUID.test(holdId)) return { ok: false, error: "CANCEL_FAILED" } as const;
      return db.transaction(async (tx) => {
        const cancelled = await tx
          .update(hotelHolds)
          .set({ status: "cancelled", updatedAt: clock.now() })
          .where(and(eq(hotelHolds.id, holdId), inArray(hotelHolds.status, ["held", "issued"])))
          .returning();
        if (cancelled.length === 0) return { ok: false, error: "CANCEL_FAILED" } as const;
        await giveBack(tx, cancelled);
        return { ok: true } as const;
      });
    },

    /** Holds past their expiry give their rooms back; returns how many holds expired. */
    releaseExpired: () => expireHolds(),

    /** The hotel's cancellation rule, counted back from check-in at 14:00 on the city's clock. */
    async refundTerms(offerId) {
      const parsed = parseHotelOfferId(offerId);
      const found = parsed ? await roomTypeOf(parsed.roomTypeId) : null;
      if (!parsed || !found) return null;
      return {
        rule: refundRuleOf(found.rule, found.hotel.id),
        departAt: new Date(`${parsed.checkIn}T14:00:00${found.hotel.utcOffset}`),
        cancelledByAirline: false,
      };
    },
  };
}
