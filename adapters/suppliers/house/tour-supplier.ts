import { randomBytes, randomInt } from "node:crypto";
import { and, asc, eq, exists, getTableColumns, gt, gte, inArray, lte, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/locales.ts";
import type { Clock } from "#core/ports.ts";
import { addDays, isIsoDate, tehranToday } from "#core/search/dates.ts";
import type { SupplierHold, SupplierTicket } from "#core/suppliers/ports.ts";
import type { TourSupplier } from "#core/tours/supplier.ts";
import { roomOfEachTraveller } from "#core/tours/occupancy.ts";
import { isTourId, parseTourOfferId, TOUR_TRANSPORTS, type TourPlacement, type TourScope } from "#core/tours/tour.ts";
import type { Database } from "#adapters/db/client.ts";
import { tourDepartures, tourHolds, tourPackageHotels, tourPackages, tourRefundRules, tourVouchers } from "#adapters/db/schema.ts";
import {
  roomsOf,
  seatsLeftOn,
  tourCardOf,
  tourDetailsOf,
  tourOfferOf,
  tourRefundRuleOf,
  type HotelStats,
  type PackageHotelRow,
} from "./tour-offers.ts";

/** The package columns a card reads. */
const {
  descriptions: _descriptions,
  itinerary: _itinerary,
  exclusions: _exclusions,
  fromAirports: _fromAirports,
  toAirports: _toAirports,
  refundRuleId: _refundRuleId,
  ...CARD_COLUMNS
} = getTableColumns(tourPackages);
/** A package's hotels summed up in the query: how many, the cheapest double, the stars' span. */
const HOTEL_STATS = sql<HotelStats>`json_build_object('count', count(*)::int, 'cheapestDouble', min(${tourPackageHotels.double}), 'minStars', min(${tourPackageHotels.stars}), 'maxStars', max(${tourPackageHotels.stars}))`;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type HoldRow = typeof tourHolds.$inferSelect;
type VoucherRow = typeof tourVouchers.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** At most this many seats in one hold: four rooms of three adults, a child on an extra bed and two sharing beds. */
const MAX_SEATS = 24;
/** At most this many travellers on one hold's vouchers (the seats and their infants). */
const MAX_TRAVELLERS = 40;
/** A search without a last day looks a month ahead. */
const DEFAULT_SPAN_DAYS = 30;
const CONFIRMATION_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

const holdOf = (row: HoldRow): SupplierHold => ({
  holdId: row.id,
  offerId: row.offerId,
  seats: row.seats,
  expiresAt: row.expiresAt.toISOString(),
});

function voucherOf(hold: HoldRow, voucher: VoucherRow): SupplierTicket {
  const placement: TourPlacement = { confirmation: hold.confirmation!, room: voucher.room };
  return {
    holdId: hold.id,
    pnr: hold.confirmation!,
    ticketNumber: voucher.voucherNumber,
    passengerPosition: voucher.passengerPosition,
    leg: 0,
    placement,
  };
}

/**
 * The built-in house supplier of package tours at home and abroad (issue 21; README.md beside
 * it), on our own tables. The unit is a seat on a departure, whichever hotel the booking chose: a
 * hold takes its seats in one guarded UPDATE (never below zero, never after departure), and the
 * row's check (seats sold never above capacity) is the last word. Departures are rolled in daily
 * (rollTourInventory); searching writes nothing.
 */
export function createHouseTourSupplier(db: Database, clock: Clock): TourSupplier & { releaseExpired(): Promise<number> } {
  const today = () => tehranToday(clock.now());

  /** Departures not yet gone with at least this many seats left. */
  const sellable = (seats: number) =>
    and(gt(tourDepartures.departAt, clock.now()), gte(sql`${tourDepartures.capacity} - ${tourDepartures.seatsSold}`, seats));

  async function hotelsOf(packageIds: readonly string[]): Promise<Map<string, PackageHotelRow[]>> {
    const byPackage = new Map<string, PackageHotelRow[]>();
    if (packageIds.length === 0) return byPackage;
    const rows = await db
      .select()
      .from(tourPackageHotels)
      .where(inArray(tourPackageHotels.packageId, [...new Set(packageIds)]))
      .orderBy(asc(tourPackageHotels.stars), asc(tourPackageHotels.double), asc(tourPackageHotels.hotelId));
    for (const row of rows) byPackage.set(row.packageId, [...(byPackage.get(row.packageId) ?? []), row]);
    return byPackage;
  }

  /** A departure with its package and cancellation rule, or null. */
  async function departureOf(tourId: string) {
    if (!isTourId(tourId)) return null;
    const [row] = await db
      .select({ departure: tourDepartures, tour: tourPackages, rule: tourRefundRules })
      .from(tourDepartures)
      .innerJoin(tourPackages, eq(tourDepartures.packageId, tourPackages.id))
      .innerJoin(tourRefundRules, eq(tourPackages.refundRuleId, tourRefundRules.id))
      .where(eq(tourDepartures.id, tourId))
      .limit(1);
    return row ?? null;
  }

  /** The departure and the hotel an offer names, or null when either is unknown. */
  async function offerParts(offerId: string) {
    const parsed = parseTourOfferId(offerId);
    const found = parsed ? await departureOf(parsed.tourId) : null;
    if (!parsed || !found) return null;
    const [hotel] = await db
      .select()
      .from(tourPackageHotels)
      .where(and(eq(tourPackageHotels.packageId, found.tour.id), eq(tourPackageHotels.hotelId, parsed.hotelId)))
      .limit(1);
    return hotel ? { ...found, hotel } : null;
  }

  /** Seats of these holds go back to their departures (locked in id order, so two give-backs queue instead of deadlocking). */
  async function giveBack(tx: Transaction, holds: readonly HoldRow[]): Promise<void> {
    const seatsBy = new Map<string, number>();
    for (const hold of holds) seatsBy.set(hold.departureId, (seatsBy.get(hold.departureId) ?? 0) + hold.seats);
    for (const [departureId, seats] of [...seatsBy].sort(([a], [b]) => a.localeCompare(b)))
      await tx
        .update(tourDepartures)
        .set({ seatsSold: sql`${tourDepartures.seatsSold} - ${seats}` })
        .where(eq(tourDepartures.id, departureId));
  }

  /** Holds past their expiry (of one departure, or all) are released and give their seats back. */
  async function releaseHolds(departureId?: string): Promise<number> {
    return db.transaction(async (tx) => {
      const released = await tx
        .update(tourHolds)
        .set({ status: "released", updatedAt: clock.now() })
        .where(
          and(
            eq(tourHolds.status, "held"),
            lte(tourHolds.expiresAt, clock.now()),
            departureId ? eq(tourHolds.departureId, departureId) : undefined,
          ),
        )
        .returning();
      await giveBack(tx, released);
      return released.length;
    });
  }

  /** Packages of a scope with a departure still to leave within the sales window. */
  const upcomingOf = (scope: TourScope) =>
    and(
      eq(tourPackages.scope, scope),
      exists(
        db
          .select({ one: sql`1` })
          .from(tourDepartures)
          .where(and(eq(tourDepartures.packageId, tourPackages.id), sellable(1))),
      ),
    );

  async function vouchersOf(hold: HoldRow): Promise<SupplierTicket[]> {
    const rows = await db.select().from(tourVouchers).where(eq(tourVouchers.holdId, hold.id)).orderBy(asc(tourVouchers.passengerPosition));
    return rows.map((row) => voucherOf(hold, row));
  }

  return {
    service: "tour",
    name: "house",

    async searchTours(query) {
      const locale: Locale = query.locale ?? "fa";
      const seats = query.seats ?? 1;
      const first = query.date ?? today();
      if (!isIsoDate(first) || !Number.isInteger(seats) || seats < 1 || seats > MAX_SEATS) return [];
      const last = query.lastDate ?? addDays(first, DEFAULT_SPAN_DAYS);
      if (!isIsoDate(last) || last < first) return [];
      // The packages first (a hundred or so rows, without their pages' long texts) with their hotels summed up…
      const packages = await db
        .select({ ...CARD_COLUMNS, hotels: HOTEL_STATS })
        .from(tourPackages)
        .innerJoin(tourPackageHotels, eq(tourPackageHotels.packageId, tourPackages.id))
        .where(
          and(
            eq(tourPackages.scope, query.scope),
            query.from ? eq(tourPackages.fromCity, query.from) : undefined,
            query.to ? eq(tourPackages.toCity, query.to) : undefined,
            query.transport ? eq(tourPackages.transport, query.transport) : undefined,
          ),
        )
        .groupBy(tourPackages.id);
      if (packages.length === 0) return [];
      const byId = new Map(packages.map((tour) => [tour.id, tour]));
      // …then their departures in the dates: narrow rows.
      const departures = await db
        .select()
        .from(tourDepartures)
        .where(
          and(
            inArray(tourDepartures.packageId, [...byId.keys()]),
            gte(tourDepartures.departureDate, first < today() ? today() : first),
            lte(tourDepartures.departureDate, last),
            sellable(seats),
          ),
        );
      // Soonest first, sorted here: on PGlite, sorting by the text id in the query took as long as the query itself.
      departures.sort((a, b) => a.departAt.getTime() - b.departAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return departures.flatMap((departure) => {
        const tour = byId.get(departure.packageId)!;
        return tourCardOf(departure, tour, tour.hotels, locale) ?? [];
      });
    },

    async tour(tourId, locale) {
      const found = await departureOf(tourId);
      if (!found) return null;
      const hotels = (await hotelsOf([found.tour.id])).get(found.tour.id) ?? [];
      return tourDetailsOf(found.departure, found.tour, hotels, found.rule, locale ?? "fa");
    },

    async destinations(scope) {
      const rows = await db
        .select({
          city: tourPackages.toCity,
          countryCode: tourPackages.countryCode,
          departures: sql<number>`count(distinct ${tourDepartures.id})`.mapWith(Number),
          // The cheapest double-room price in each departure's season, rounded as the cards round it.
          fromPrice:
            sql<number>`min(greatest(10000, round(${tourPackageHotels.double}::numeric * ${tourDepartures.pricePercent} / 1000000) * 10000))`.mapWith(
              Number,
            ),
        })
        .from(tourDepartures)
        .innerJoin(tourPackages, eq(tourDepartures.packageId, tourPackages.id))
        .innerJoin(tourPackageHotels, eq(tourPackageHotels.packageId, tourPackages.id))
        .where(and(eq(tourPackages.scope, scope), gte(tourDepartures.departureDate, today()), sellable(1)))
        .groupBy(tourPackages.toCity, tourPackages.countryCode)
        .orderBy(asc(tourPackages.toCity));
      return rows;
    },

    async origins(scope) {
      const rows = await db
        .selectDistinct({ city: tourPackages.fromCity })
        .from(tourPackages)
        .where(upcomingOf(scope))
        .orderBy(asc(tourPackages.fromCity));
      return rows.map((row) => row.city);
    },

    async transports(scope) {
      const rows = await db.selectDistinct({ transport: tourPackages.transport }).from(tourPackages).where(upcomingOf(scope));
      const used = new Set(rows.map((row) => row.transport));
      return TOUR_TRANSPORTS.filter((transport) => used.has(transport));
    },

    async revalidate(offerId, locale) {
      const found = await offerParts(offerId);
      if (!found) return { ok: false, error: "NOT_FOUND" } as const;
      if (found.departure.departAt <= clock.now() || seatsLeftOn(found.departure) < 1) return { ok: false, error: "SOLD_OUT" } as const;
      return { ok: true, offer: tourOfferOf(found.departure, found.tour, found.hotel, found.rule, locale ?? "fa") } as const;
    },

    /** Takes `seats` seats of the departure in one guarded statement, or none (CAPACITY_FULL). */
    async hold(offerId, seats, until, chosen) {
      const found = await offerParts(offerId);
      if (!found || !Number.isInteger(seats) || seats < 1 || seats > MAX_SEATS) return { ok: false, error: "SOLD_OUT" } as const;
      const { departure } = found;
      if (departure.departAt <= clock.now()) return { ok: false, error: "SOLD_OUT" } as const;
      // Lapsed holds of this departure give their seats back first, in their own transaction.
      await releaseHolds(departure.id);
      return db.transaction(async (tx) => {
        const [taken] = await tx
          .update(tourDepartures)
          .set({ seatsSold: sql`${tourDepartures.seatsSold} + ${seats}` })
          .where(and(eq(tourDepartures.id, departure.id), sellable(seats)))
          .returning({ id: tourDepartures.id });
        // Fewer seats left than asked (or none): the port's answer for a departure that cannot take the party.
        if (!taken) return { ok: false, error: "CAPACITY_FULL" } as const;
        const [row] = await tx
          .insert(tourHolds)
          .values({
            offerId,
            departureId: departure.id,
            hotelId: found.hotel.hotelId,
            seats,
            rooms: roomsOf(chosen, seats),
            expiresAt: until,
          })
          .returning();
        return { ok: true, hold: holdOf(row!) } as const;
      });
    },

    async extend(hold, until) {
      if (!UUID.test(hold.holdId)) return { ok: false, error: "HOLD_LOST" } as const;
      const [row] = await db
        .update(tourHolds)
        .set({ expiresAt: sql`greatest(${tourHolds.expiresAt}, ${until})`, updatedAt: clock.now() })
        .where(and(eq(tourHolds.id, hold.holdId), eq(tourHolds.status, "held"), gt(tourHolds.expiresAt, clock.now())))
        .returning();
      return row ? ({ ok: true, hold: holdOf(row) } as const) : ({ ok: false, error: "HOLD_LOST" } as const);
    },

    /** One voucher per traveller (infants too), each naming the operator's confirmation and the room; asked again, the same vouchers. */
    async issue(hold, travellers) {
      if (!UUID.test(hold.holdId)) return { ok: false, error: "ISSUE_FAILED" } as const;
      const [existing] = await db.select().from(tourHolds).where(eq(tourHolds.id, hold.holdId)).limit(1);
      if (!existing) return { ok: false, error: "ISSUE_FAILED" } as const;
      if (existing.status === "issued") return { ok: true, tickets: await vouchersOf(existing) } as const;
      const count = travellers ?? existing.seats;
      if (!Number.isInteger(count) || count < existing.seats || count > MAX_TRAVELLERS)
        return { ok: false, error: "ISSUE_FAILED" } as const;
      const confirmation = `T${Array.from(randomBytes(7), (byte) => CONFIRMATION_LETTERS[byte % CONFIRMATION_LETTERS.length]).join("")}`;
      const issued = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(tourHolds)
          .set({ status: "issued", confirmation, updatedAt: clock.now() })
          .where(and(eq(tourHolds.id, hold.holdId), eq(tourHolds.status, "held")))
          .returning();
        if (!row) return null;
        // Every traveller has a room; one beyond the occupancies (never written so) sleeps in the first.
        const roomOf = roomOfEachTraveller(row.rooms);
        const rooms = Array.from({ length: count }, (_, position) => roomOf[position] ?? "1");
        await tx.insert(tourVouchers).values(
          rooms.map((room, position) => ({
            voucherNumber: `TV${String(randomInt(1e6)).padStart(6, "0")}${String(randomInt(1e6)).padStart(6, "0")}`,
            holdId: row.id,
            passengerPosition: position,
            room,
          })),
        );
        return row;
      });
      if (issued) return { ok: true, tickets: await vouchersOf(issued) } as const;
      // Issued by a concurrent call between the read and the update: the vouchers it made.
      const [again] = await db.select().from(tourHolds).where(eq(tourHolds.id, hold.holdId)).limit(1);
      return again?.status === "issued"
        ? ({ ok: true, tickets: await vouchersOf(again) } as const)
        : ({ ok: false, error: "ISSUE_FAILED" } as const);
    },

    /** Cancels a hold or its vouchers; its seats are on sale again the moment this returns. */
    async cancel(target) {
      const holdId = Array.isArray(target) ? target[0]?.holdId : target.holdId;
      if (!holdId || !UUID.test(holdId)) return { ok: false, error: "CANCEL_FAILED" } as const;
      return db.transaction(async (tx) => {
        const cancelled = await tx
          .update(tourHolds)
          .set({ status: "cancelled", updatedAt: clock.now() })
          .where(and(eq(tourHolds.id, holdId), inArray(tourHolds.status, ["held", "issued"])))
          .returning();
        if (cancelled.length === 0) return { ok: false, error: "CANCEL_FAILED" } as const;
        await giveBack(tx, cancelled);
        return { ok: true } as const;
      });
    },

    /** Holds past their expiry give their seats back; returns how many were released. */
    releaseExpired: () => releaseHolds(),

    /** The package's cancellation rule, counted back from the group's departure. */
    async refundTerms(offerId) {
      const parsed = parseTourOfferId(offerId);
      const found = parsed ? await departureOf(parsed.tourId) : null;
      if (!found) return null;
      return { rule: tourRefundRuleOf(found.rule, found.tour.id), departAt: found.departure.departAt, cancelledByAirline: false };
    },
  };
}
