import { and, asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { newPublicId, type Account, type Profile, type SavedPassenger, type SavedPassengerFields } from "#core/accounts/account.ts";
import type { Gender } from "#core/passengers/passenger-rules.ts";
import { passengerFromRecord, passengerRecord } from "#core/passengers/passenger-record.ts";
import type { AccountRepository } from "#core/accounts/ports.ts";
import { uniqueViolation } from "./booking-changes.ts";
import type { Database } from "./client.ts";
import { bookings, savedPassengers, users } from "./schema.ts";

/**
 * Entries of an account's previous-passengers list. A full list drops its least recently updated
 * entry for a new person rather than refusing: the list only fills forms in a tap, a booking must
 * never fail because of it, and the entry nobody used for longest is the one least missed.
 */
export const SAVED_PASSENGERS_LIMIT = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and forms: anything else than a uuid is "not found", never a cast error from the database. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

type UserRow = typeof users.$inferSelect;
type SavedPassengerRow = typeof savedPassengers.$inferSelect;

/** An account from its row; the session repository reads the same row in its join. */
export function accountFromRow(row: UserRow): Account {
  return {
    id: row.id,
    tenantId: row.tenantId,
    publicId: row.publicId,
    mobile: row.mobile,
    profile: {
      firstName: row.firstName,
      lastName: row.lastName,
      firstNameLatin: row.firstNameLatin,
      lastNameLatin: row.lastNameLatin,
      nationalCode: row.nationalCode,
      birthDate: row.birthDate,
      gender: row.gender as Gender | null,
      email: row.email,
    },
    createdAt: row.createdAt,
  };
}

function savedPassengerFromRow(row: SavedPassengerRow): SavedPassenger {
  return { id: row.id, updatedAt: row.updatedAt, ...passengerFromRecord(row) };
}

function passengerColumns(passenger: SavedPassengerFields) {
  return passengerRecord(passenger);
}

/**
 * Accounts in `users`, one per tenant and mobile (`users_tenant_mobile_key`), and their saved
 * passengers. Every read and write is scoped by tenant or by account, so an id from another
 * agency finds nothing.
 */
export function createAccountRepository(db: Database): AccountRepository {
  return {
    async findOrCreate({ tenantId, mobile, now }) {
      // Insert-if-absent, then touch: of two first sign-ins at once exactly one inserts (the other
      // waits on the unique index and then finds its row), so `created` is true for one only.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        let inserted: UserRow | undefined;
        try {
          [inserted] = await db
            .insert(users)
            .values({ tenantId, mobile, publicId: newPublicId(), createdAt: now, updatedAt: now, lastSignInAt: now })
            .onConflictDoNothing({ target: [users.tenantId, users.mobile] })
            .returning();
        } catch (error) {
          // 96 random bits: a taken public id is near impossible, but costs only a new draw.
          if (uniqueViolation(error) === "users_public_id_key") continue;
          throw error;
        }
        if (inserted) return { account: accountFromRow(inserted), created: true };
        const [existing] = await db
          .update(users)
          .set({ lastSignInAt: now })
          .where(and(eq(users.tenantId, tenantId), eq(users.mobile, mobile)))
          .returning();
        if (existing) return { account: accountFromRow(existing), created: false };
        // The row went between the two statements (its tenant was deleted): try the insert again.
      }
      throw new Error("findOrCreate: could not open or find the account");
    },

    async findById(tenantId, id) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
        .limit(1);
      return row ? accountFromRow(row) : null;
    },

    async updateProfile(tenantId, id, profile: Profile, now) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .update(users)
        .set({
          firstName: profile.firstName,
          lastName: profile.lastName,
          firstNameLatin: profile.firstNameLatin,
          lastNameLatin: profile.lastNameLatin,
          nationalCode: profile.nationalCode,
          birthDate: profile.birthDate,
          gender: profile.gender,
          email: profile.email,
          updatedAt: now,
        })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
        .returning();
      return row ? accountFromRow(row) : null;
    },

    async attachGuestBookings(tenantId, userId, mobile) {
      if (!isUuid(userId)) return 0;
      // Only to an account of this tenant with this very mobile: a mismatched caller claims nothing
      // rather than handing one agency's bookings, or another number's, to the wrong account.
      const rows = await db
        .update(bookings)
        .set({ userId })
        .where(
          and(
            eq(bookings.tenantId, tenantId),
            eq(bookings.contactMobile, mobile),
            isNull(bookings.userId),
            sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.tenantId} = ${tenantId} and ${users.mobile} = ${mobile})`,
          ),
        )
        .returning({ id: bookings.id });
      return rows.length;
    },

    async savedPassengers(userId) {
      if (!isUuid(userId)) return [];
      const rows = await db
        .select()
        .from(savedPassengers)
        .where(eq(savedPassengers.userId, userId))
        .orderBy(desc(savedPassengers.updatedAt), desc(savedPassengers.createdAt), asc(savedPassengers.id));
      return rows.map(savedPassengerFromRow);
    },

    async savePassenger(userId, passenger, now) {
      if (!isUuid(userId)) throw new RangeError("savePassenger: userId must be an account id");
      const nationalCode = passenger.nationalCode ?? null;
      const passportNumber = passenger.passportNumber ?? null;
      const passportCountry = passenger.passportCountry ?? null;
      // The table refuses it too (saved_passengers_identity_check); this error names the mistake plainly.
      if (!nationalCode && !passportNumber) throw new RangeError("savePassenger: a national code or a passport number is needed");
      const iranian = passenger.nationality === "IR";
      const byNationalCode = nationalCode ? eq(savedPassengers.nationalCode, nationalCode) : undefined;
      const byPassport = passportNumber
        ? and(
            eq(savedPassengers.passportNumber, passportNumber),
            passportCountry ? eq(savedPassengers.passportCountry, passportCountry) : isNull(savedPassengers.passportCountry),
          )
        : undefined;

      return db.transaction(async (tx) => {
        // Locking the account's row makes its saves take turns on PostgreSQL, so two at once can
        // neither both insert the same person nor both take the last free place.
        const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
        if (!owner) throw new Error("savePassenger: no such account");

        // A person is known by their national code (Iranians) or passport: an entry holding either
        // document is them. The primary document decides which entry is kept.
        const matches = await tx
          .select()
          .from(savedPassengers)
          .where(and(eq(savedPassengers.userId, userId), or(byNationalCode, byPassport)));
        const isPrimary = (row: SavedPassengerRow) =>
          iranian && nationalCode
            ? row.nationalCode === nationalCode
            : row.passportNumber === passportNumber && row.passportCountry === passportCountry;
        const target = matches.find(isPrimary) ?? matches[0];
        const others = matches.filter((row) => row !== target);
        // Another entry with one of this person's documents would break a unique index; the same
        // document means the same person, so the entries merge into the one being saved.
        if (others.length > 0)
          await tx.delete(savedPassengers).where(
            inArray(
              savedPassengers.id,
              others.map((row) => row.id),
            ),
          );

        if (target) {
          const [row] = await tx
            .update(savedPassengers)
            .set({ ...passengerColumns(passenger), updatedAt: now })
            .where(eq(savedPassengers.id, target.id))
            .returning();
          return savedPassengerFromRow(row!);
        }

        const [held] = await tx.select({ entries: count() }).from(savedPassengers).where(eq(savedPassengers.userId, userId));
        const excess = Number(held?.entries ?? 0) - SAVED_PASSENGERS_LIMIT + 1;
        if (excess > 0) {
          const stale = await tx
            .select({ id: savedPassengers.id })
            .from(savedPassengers)
            .where(eq(savedPassengers.userId, userId))
            .orderBy(asc(savedPassengers.updatedAt), asc(savedPassengers.createdAt), asc(savedPassengers.id))
            .limit(excess);
          await tx.delete(savedPassengers).where(
            inArray(
              savedPassengers.id,
              stale.map((row) => row.id),
            ),
          );
        }
        const [row] = await tx
          .insert(savedPassengers)
          .values({ userId, ...passengerColumns(passenger), createdAt: now, updatedAt: now })
          .returning();
        return savedPassengerFromRow(row!);
      });
    },

    async deletePassenger(userId, id) {
      if (!isUuid(userId) || !isUuid(id)) return false;
      const rows = await db
        .delete(savedPassengers)
        .where(and(eq(savedPassengers.id, id), eq(savedPassengers.userId, userId)))
        .returning({ id: savedPassengers.id });
      return rows.length > 0;
    },
  };
}
