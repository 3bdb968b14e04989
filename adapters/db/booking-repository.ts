import { and, asc, count, desc, eq, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { Booking, BookingChange, BookingDetails, BookingItem, NewBooking } from "#core/booking/booking.ts";
import { isBookingState, type BookingState } from "#core/booking/booking-state.ts";
import type { DiscountCode } from "#core/booking/discount.ts";
import type { NormalizedPassenger, PassengerType } from "#core/passengers/passenger-rules.ts";
import { passengerFromRecord, passengerRecord } from "#core/passengers/passenger-record.ts";
import type { BookingRepository } from "#core/booking/ports.ts";
import { isServiceId } from "#core/services/service-ids.ts";
import { moveBookingState, uniqueViolation, type Tx } from "./booking-changes.ts";
import type { Database } from "./client.ts";
import { bookingEvents, bookingItems, bookingPassengers, bookings, bookingTickets, discountCodes, discountRedemptions } from "./schema.ts";

type BookingRow = typeof bookings.$inferSelect;

/** States in which a booking no longer holds its discount code's use. */
const RELEASES_DISCOUNT: readonly BookingState[] = ["expired", "cancelled"];

function passengerRows(bookingId: string, passengers: NormalizedPassenger[]) {
  return passengers.map((passenger, position) => ({ bookingId, position, type: passenger.type, ...passengerRecord(passenger) }));
}

/** Counts a use of a code, unless it ran out meanwhile (the guarded update is the limit). */
async function redeem(tx: Tx, bookingId: string, discount: { codeId: string; mobile: string }): Promise<boolean> {
  const [used] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, discount.codeId),
        sql`(${discountCodes.maxUses} is null or ${discountCodes.uses} < ${discountCodes.maxUses})`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (!used) return false;
  await tx.insert(discountRedemptions).values({ bookingId, codeId: discount.codeId, mobile: discount.mobile });
  return true;
}

async function releaseRedemption(tx: Tx, bookingId: string): Promise<void> {
  const [released] = await tx
    .delete(discountRedemptions)
    .where(eq(discountRedemptions.bookingId, bookingId))
    .returning({ codeId: discountRedemptions.codeId });
  if (released)
    await tx
      .update(discountCodes)
      .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
      .where(eq(discountCodes.id, released.codeId));
}

export function createBookingRepository(db: Database): BookingRepository {
  async function load(rows: BookingRow[]): Promise<Booking[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [items, passengers, codes] = await Promise.all([
      db.select().from(bookingItems).where(inArray(bookingItems.bookingId, ids)).orderBy(asc(bookingItems.position)),
      db.select().from(bookingPassengers).where(inArray(bookingPassengers.bookingId, ids)).orderBy(asc(bookingPassengers.position)),
      db
        .select({ id: discountCodes.id, code: discountCodes.code })
        .from(discountCodes)
        .where(
          inArray(
            discountCodes.id,
            rows.flatMap((row) => (row.discountCodeId ? [row.discountCodeId] : [])),
          ),
        ),
    ]);
    const codeOf = new Map(codes.map((code) => [code.id, code.code]));
    return rows.map((row) => ({
      id: row.id,
      tenantId: row.tenantId,
      service: isServiceId(row.service) ? row.service : "flight",
      reference: row.reference,
      hashId: row.hashId,
      status: isBookingState(row.status) ? row.status : "cancelled",
      holdExpiresAt: row.holdExpiresAt,
      party: { adults: row.adults, children: row.children, infants: row.infants },
      price: { base: row.baseTotal, taxes: row.taxesTotal, discount: row.discountTotal, total: row.total },
      discountCode: row.discountCodeId ? (codeOf.get(row.discountCodeId) ?? null) : null,
      contact: { mobile: row.contactMobile, email: row.contactEmail },
      company: row.company ?? null,
      locale: row.locale,
      createdAt: row.createdAt,
      userId: row.userId,
      items: items
        .filter((item) => item.bookingId === row.id)
        .map((item): BookingItem => ({
          position: item.position,
          // Written by every insert; an unknown name (a service since removed) is kept under the booking's.
          service: isServiceId(item.service) ? item.service : isServiceId(row.service) ? row.service : "flight",
          supplier: item.supplier,
          offerId: item.offerId,
          holdId: item.holdId,
          seats: item.seats,
          offer: item.offer,
          base: item.baseTotal,
          taxes: item.taxesTotal,
        })),
      passengers: passengers
        .filter((passenger) => passenger.bookingId === row.id)
        .map((passenger): NormalizedPassenger => ({ type: passenger.type as PassengerType, ...passengerFromRecord(passenger) })),
    }));
  }

  return {
    async create(booking: NewBooking) {
      try {
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(bookings)
            .values({
              tenantId: booking.tenantId,
              service: booking.service,
              reference: booking.reference,
              hashId: booking.hashId,
              status: "held",
              holdExpiresAt: booking.holdExpiresAt,
              adults: booking.party.adults,
              children: booking.party.children,
              infants: booking.party.infants,
              baseTotal: booking.price.base,
              taxesTotal: booking.price.taxes,
              discountTotal: booking.price.discount,
              total: booking.price.total,
              discountCodeId: booking.discount?.codeId ?? null,
              contactMobile: booking.contact.mobile,
              contactEmail: booking.contact.email,
              company: booking.company,
              locale: booking.locale,
              userId: booking.userId ?? null,
              createdAt: booking.createdAt,
              updatedAt: booking.createdAt,
            })
            .returning({ id: bookings.id });
          const bookingId = row!.id;
          await tx.insert(bookingItems).values(
            booking.items.map((item) => ({
              bookingId,
              position: item.position,
              service: item.service,
              supplier: item.supplier,
              offerId: item.offerId,
              holdId: item.holdId,
              seats: item.seats,
              offer: item.offer as Record<string, unknown>,
              baseTotal: item.base,
              taxesTotal: item.taxes,
            })),
          );
          await tx.insert(bookingPassengers).values(passengerRows(bookingId, booking.passengers));
          await tx
            .insert(bookingEvents)
            .values({ bookingId, fromStatus: null, toStatus: "held", event: "hold_placed", cause: booking.cause, at: booking.createdAt });
          if (booking.discount && !(await redeem(tx, bookingId, booking.discount))) {
            tx.rollback();
          }
          return bookingId;
        });
        const [stored] = await load(await db.select().from(bookings).where(eq(bookings.id, id)));
        return { ok: true as const, booking: stored! };
      } catch (error) {
        if ((error as { name?: string })?.name === "TransactionRollbackError")
          return { ok: false as const, error: "DISCOUNT_INVALID" as const };
        const constraint = uniqueViolation(error);
        if (constraint === "bookings_tenant_reference_key" || constraint === "bookings_hash_id_key")
          return { ok: false as const, error: "REFERENCE_TAKEN" as const };
        throw error;
      }
    },

    async findByHashId(tenantId, hashId) {
      const [booking] = await load(
        await db
          .select()
          .from(bookings)
          .where(and(eq(bookings.tenantId, tenantId), eq(bookings.hashId, hashId)))
          .limit(1),
      );
      return booking ?? null;
    },

    async findById(tenantId, id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [booking] = await load(
        await db
          .select()
          .from(bookings)
          .where(and(eq(bookings.tenantId, tenantId), eq(bookings.id, id)))
          .limit(1),
      );
      return booking ?? null;
    },

    async findHashIdByReference(tenantId, reference, mobile) {
      const [row] = await db
        .select({ hashId: bookings.hashId })
        .from(bookings)
        .where(and(eq(bookings.tenantId, tenantId), eq(bookings.reference, reference), eq(bookings.contactMobile, mobile)))
        .limit(1);
      return row?.hashId ?? null;
    },

    async updateDetails(bookingId: string, expectStatus: BookingState, details: BookingDetails, change) {
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .update(bookings)
            .set({
              baseTotal: details.price.base,
              taxesTotal: details.price.taxes,
              discountTotal: details.price.discount,
              total: details.price.total,
              discountCodeId: details.discount?.codeId ?? null,
              contactMobile: details.contact.mobile,
              contactEmail: details.contact.email,
              company: details.company,
              updatedAt: change.at,
            })
            .where(and(eq(bookings.id, bookingId), eq(bookings.status, expectStatus)))
            .returning({ id: bookings.id });
          if (!row) throw new NotEditable();
          await tx.delete(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId));
          await tx.insert(bookingPassengers).values(passengerRows(bookingId, details.passengers));
          await releaseRedemption(tx, bookingId);
          if (details.discount && !(await redeem(tx, bookingId, details.discount))) tx.rollback();
          await tx.insert(bookingEvents).values({
            bookingId,
            fromStatus: expectStatus,
            toStatus: expectStatus,
            event: "details_edited",
            cause: change.cause,
            at: change.at,
          });
        });
        return { ok: true as const };
      } catch (error) {
        if (error instanceof NotEditable) return { ok: false as const, error: "NOT_EDITABLE" as const };
        if ((error as { name?: string })?.name === "TransactionRollbackError")
          return { ok: false as const, error: "DISCOUNT_INVALID" as const };
        throw error;
      }
    },

    async applyChange(bookingId: string, change: BookingChange) {
      return db.transaction(async (tx) => {
        if (!(await moveBookingState(tx, bookingId, change))) return false;
        if (RELEASES_DISCOUNT.includes(change.to)) await releaseRedemption(tx, bookingId);
        return true;
      });
    },

    async dueForExpiry(now: Date, limit: number) {
      const rows = await db
        .select()
        .from(bookings)
        .where(and(inArray(bookings.status, ["held", "awaiting_payment"]), lte(bookings.holdExpiresAt, now)))
        .orderBy(asc(bookings.holdExpiresAt))
        .limit(limit);
      return load(rows);
    },

    async extendHold(bookingId: string, until: Date) {
      await db
        .update(bookings)
        .set({ holdExpiresAt: sql`greatest(${bookings.holdExpiresAt}, ${until})`, updatedAt: new Date() })
        .where(eq(bookings.id, bookingId));
    },

    async replaceHold(bookingId: string, position: number, holdId: string) {
      await db
        .update(bookingItems)
        .set({ holdId })
        .where(and(eq(bookingItems.bookingId, bookingId), eq(bookingItems.position, position)));
    },

    async recordTickets(bookingId: string, tickets, change: BookingChange) {
      return db.transaction(async (tx) => {
        if (!(await moveBookingState(tx, bookingId, change))) return false;
        if (tickets.length > 0) await tx.insert(bookingTickets).values(tickets.map((ticket) => ({ bookingId, ...ticket })));
        return true;
      });
    },

    async tickets(bookingId: string) {
      return db
        .select({
          itemPosition: bookingTickets.itemPosition,
          passengerPosition: bookingTickets.passengerPosition,
          leg: bookingTickets.leg,
          pnr: bookingTickets.pnr,
          ticketNumber: bookingTickets.ticketNumber,
          placement: bookingTickets.placement,
        })
        .from(bookingTickets)
        .where(eq(bookingTickets.bookingId, bookingId))
        .orderBy(asc(bookingTickets.itemPosition), asc(bookingTickets.passengerPosition), asc(bookingTickets.leg));
    },

    async paidWithoutTickets(before: Date, limit: number) {
      return load(
        await db
          .select()
          .from(bookings)
          .where(and(eq(bookings.status, "paid"), lte(bookings.updatedAt, before)))
          .orderBy(asc(bookings.updatedAt))
          .limit(limit),
      );
    },

    async history(bookingId: string) {
      const rows = await db
        .select()
        .from(bookingEvents)
        .where(eq(bookingEvents.bookingId, bookingId))
        .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
      return rows.map((row) => ({
        from: row.fromStatus as BookingState | null,
        to: row.toStatus as BookingState,
        event: row.event as BookingChange["event"],
        cause: row.cause,
        at: row.at.toISOString(),
      }));
    },

    async findDiscount(tenantId: string, code: string): Promise<DiscountCode | null> {
      const [row] = await db
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.tenantId, tenantId), eq(discountCodes.code, code)))
        .limit(1);
      if (!row) return null;
      return {
        id: row.id,
        code: row.code,
        kind: row.kind === "fixed" ? "fixed" : "percent",
        amount: row.amount,
        maxDiscount: row.maxDiscount,
        minTotal: row.minTotal,
        services: row.services.filter(isServiceId),
        validFrom: row.validFrom,
        validUntil: row.validUntil,
        maxUses: row.maxUses,
        maxUsesPerMobile: row.maxUsesPerMobile,
        uses: row.uses,
        active: row.active,
      };
    },

    async countDiscountUses(codeId: string, mobile: string) {
      const [row] = await db
        .select({ uses: count() })
        .from(discountRedemptions)
        .innerJoin(bookings, eq(discountRedemptions.bookingId, bookings.id))
        .where(
          and(
            eq(discountRedemptions.codeId, codeId),
            eq(discountRedemptions.mobile, mobile),
            notInArray(bookings.status, [...RELEASES_DISCOUNT]),
          ),
        );
      return Number(row?.uses ?? 0);
    },

    async listForUser(tenantId: string, userId: string, limit: number) {
      const rows = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.tenantId, tenantId), eq(bookings.userId, userId)))
        .orderBy(desc(bookings.createdAt))
        .limit(Math.max(1, Math.min(limit, 200)));
      return load(rows);
    },
  };
}

class NotEditable extends Error {}
