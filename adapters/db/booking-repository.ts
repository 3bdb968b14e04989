import { and, asc, count, desc, eq, inArray, lte, notInArray, sql, type SQL } from "drizzle-orm";
import type { Booking, BookingChange, BookingDetails, BookingItem, NewBooking } from "#core/booking/booking.ts";
import { isBookingState, type BookingState } from "#core/booking/booking-state.ts";
import type { DiscountCode } from "#core/booking/discount.ts";
import type { NormalizedPassenger, PassengerType } from "#core/passengers/passenger-rules.ts";
import { passengerFromRecord, passengerRecord } from "#core/passengers/passenger-record.ts";
import type { BookingRepository } from "#core/booking/ports.ts";
import { isServiceId } from "#core/services/service-ids.ts";
import { moveBookingState, uniqueViolation, type Tx } from "./booking-changes.ts";
import { rowsOf } from "./chunks.ts";
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

function bookingRow(booking: NewBooking) {
  return {
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
    contactEmail: booking.contact.email ?? null,
    company: booking.company,
    locale: booking.locale,
    userId: booking.userId ?? null,
    createdAt: booking.createdAt,
    updatedAt: booking.createdAt,
  } satisfies typeof bookings.$inferInsert;
}

function itemRows(bookingId: string, items: BookingItem[]) {
  return items.map((item) => ({
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
  }));
}

function firstEventRow(bookingId: string, booking: NewBooking) {
  return { bookingId, fromStatus: null, toStatus: "held", event: "hold_placed", cause: booking.cause, at: booking.createdAt };
}

/**
 * One statement writing a held booking without a discount code: the booking, then its items,
 * passengers and `hold_placed` event, each naming the booking's new id. A failed part (a unique
 * reference drawn twice) fails the whole statement, so nothing is left half written.
 */
function insertHeldBooking(booking: NewBooking): SQL {
  const row = bookingRow(booking);
  const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
  const bookingId = sql`(select id from booking)`;
  const items = itemRows("", booking.items).map(
    (item) =>
      sql`(${bookingId}, ${item.position}, ${item.service}, ${item.supplier}, ${item.offerId}, ${item.holdId}, ${item.seats}, ${JSON.stringify(item.offer)}::jsonb, ${item.baseTotal}, ${item.taxesTotal})`,
  );
  const passengers = passengerRows("", booking.passengers).map(
    (passenger) =>
      sql`(${bookingId}, ${passenger.position}, ${passenger.type}, ${passenger.firstName}, ${passenger.lastName}, ${passenger.firstNameLatin}, ${passenger.lastNameLatin}, ${passenger.gender}, ${passenger.birthDate}, ${passenger.nationality}, ${passenger.nationalCode}, ${passenger.passportNumber}, ${passenger.passportCountry}, ${passenger.passportExpiry}, ${passenger.wheelchair})`,
  );
  return sql`
    with booking as (
      insert into ${bookings} (tenant_id, service, reference, hash_id, status, hold_expires_at, adults, children, infants,
                               base_total, taxes_total, discount_total, total, discount_code_id, contact_mobile, contact_email,
                               company, locale, user_id, created_at, updated_at)
      values (${row.tenantId}::uuid, ${row.service}, ${row.reference}, ${row.hashId}, ${row.status}, ${at(row.holdExpiresAt)},
              ${row.adults}, ${row.children}, ${row.infants}, ${row.baseTotal}, ${row.taxesTotal}, ${row.discountTotal}, ${row.total},
              null, ${row.contactMobile}, ${row.contactEmail}, ${row.company === null ? null : JSON.stringify(row.company)}::jsonb,
              ${row.locale}, ${row.userId}::uuid, ${at(row.createdAt)}, ${at(row.updatedAt)})
      returning id
    ),
    items as (
      insert into ${bookingItems} (booking_id, position, service, supplier, offer_id, hold_id, seats, offer, base_total, taxes_total)
      values ${sql.join(items, sql`, `)}
    ),
    passengers as (
      insert into ${bookingPassengers} (booking_id, position, type, first_name, last_name, first_name_latin, last_name_latin, gender,
                                        birth_date, nationality, national_code, passport_number, passport_country, passport_expiry, wheelchair)
      values ${sql.join(passengers, sql`, `)}
    ),
    event as (
      insert into ${bookingEvents} (booking_id, from_status, to_status, event, cause, at)
      values (${bookingId}, null, 'held', 'hold_placed', ${booking.cause}, ${at(booking.createdAt)})
    )
    select id from booking`;
}

/** JSON as the database gives it back: what a stored jsonb value reads as. */
const asStoredJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The booking `insertHeldBooking` wrote, as `load` would read it back. */
function heldBookingOf(id: string, booking: NewBooking): Booking {
  return {
    id,
    tenantId: booking.tenantId,
    service: booking.service,
    reference: booking.reference,
    hashId: booking.hashId,
    status: "held",
    holdExpiresAt: new Date(booking.holdExpiresAt.getTime()),
    party: { adults: booking.party.adults, children: booking.party.children, infants: booking.party.infants },
    price: { base: booking.price.base, taxes: booking.price.taxes, discount: booking.price.discount, total: booking.price.total },
    discountCode: null,
    contact: { mobile: booking.contact.mobile, email: booking.contact.email ?? null },
    company: booking.company === null ? null : asStoredJson(booking.company),
    locale: booking.locale,
    createdAt: new Date(booking.createdAt.getTime()),
    userId: booking.userId ?? null,
    items: [...booking.items]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        position: item.position,
        service: item.service,
        supplier: item.supplier,
        offerId: item.offerId,
        holdId: item.holdId,
        seats: item.seats,
        offer: asStoredJson(item.offer),
        base: item.base,
        taxes: item.taxes,
      })),
    passengers: booking.passengers.map((passenger) => ({ type: passenger.type, ...passengerFromRecord(passengerRecord(passenger)) })),
  };
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
        // An empty list would leave a VALUES clause empty: such a booking takes the general path.
        if (!booking.discount && booking.items.length > 0 && booking.passengers.length > 0) {
          // The common case, without a code to count: booking, items, passengers and its first
          // event in one statement (one round trip, its own transaction), and the booking answered
          // from what was written rather than read back.
          const [row] = rowsOf<{ id: string }>(await db.execute(insertHeldBooking(booking)));
          return { ok: true as const, booking: heldBookingOf(row!.id, booking) };
        }
        const id = await db.transaction(async (tx) => {
          const [row] = await tx.insert(bookings).values(bookingRow(booking)).returning({ id: bookings.id });
          const bookingId = row!.id;
          await tx.insert(bookingItems).values(itemRows(bookingId, booking.items));
          await tx.insert(bookingPassengers).values(passengerRows(bookingId, booking.passengers));
          await tx.insert(bookingEvents).values(firstEventRow(bookingId, booking));
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
