/**
 * The account adapters of issue 9 on each database engine: accounts and their saved passengers,
 * sessions, and the sign-in store's guarded writes and counters. Races are real concurrent calls,
 * which matter on PostgreSQL (PGlite runs them one after another).
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAVED_PASSENGERS_LIMIT, createAccountRepository } from "#adapters/db/account-repository.ts";
import { authFailures, bookings, otpChallenges, otpSends, powChallenges, users } from "#adapters/db/schema.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createSessionRepository } from "#adapters/db/session-repository.ts";
import { createSignInStore } from "#adapters/db/sign-in-store.ts";
import { EMPTY_PROFILE, type SavedPassengerFields } from "#core/accounts/account.ts";
import { createOtp, type OtpChallenge } from "#core/accounts/otp.ts";
import { newChallenge } from "#core/accounts/proof-of-work.ts";
import type { AccountRepository, SessionRepository, SignInStore } from "#core/accounts/ports.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Every time in this file is relative to this instant; nothing waits on the wall clock. */
const T0 = new Date("2030-03-01T08:00:00Z");
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);

const IRANIAN: SavedPassengerFields = {
  iranian: true,
  nationality: "IR",
  firstName: "علی",
  lastName: "رضایی",
  gender: "male",
  birthDate: "1990-05-01",
  nationalCode: "0499370899",
  wheelchair: false,
};
const FOREIGNER: SavedPassengerFields = {
  iranian: false,
  nationality: "DE",
  firstName: "Anna",
  lastName: "Schmidt",
  firstNameLatin: "Anna",
  lastNameLatin: "Schmidt",
  gender: "female",
  birthDate: "1988-11-20",
  passportNumber: "C01X00T47",
  passportCountry: "DE",
  passportExpiry: "2033-01-01",
  wheelchair: true,
};

let mobileCounter = 0;
/** A fresh normalised mobile for each case, so cases sharing the database never see each other's rows. */
const freshMobile = () => `0912${String(10_000_000 + ++mobileCounter).slice(1)}`;
const freshIp = () => randomBytes(16).toString("hex");

describe.each(ENGINES)("account adapters on %s", (engine) => {
  let database: TestDatabase;
  let tenantA: string;
  let tenantB: string;
  /** Only the counting cases use this one, so its day count is theirs alone. */
  let tenantC: string;
  let accounts: AccountRepository;
  let sessions: SessionRepository;
  let store: SignInStore;

  const insertBooking = async (tenantId: string, contactMobile: string, userId: string | null = null) => {
    const [row] = await database.handle.db
      .insert(bookings)
      .values({
        tenantId,
        service: "flight",
        reference: randomBytes(4).toString("hex").toUpperCase(),
        hashId: randomBytes(16).toString("base64url"),
        status: "held",
        holdExpiresAt: at(15 * MINUTE),
        adults: 1,
        children: 0,
        infants: 0,
        baseTotal: 1_000_000,
        taxesTotal: 0,
        total: 1_000_000,
        contactMobile,
        userId,
        locale: "fa",
      })
      .returning({ id: bookings.id });
    return row!.id;
  };
  const ownerOf = async (bookingId: string) =>
    (await database.handle.db.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.id, bookingId)))[0]!.userId;
  /**
   * Opens enough PostgreSQL connections for the racing calls to really run at once: on a cold pool
   * the first call would finish on the one open connection while the others are still connecting.
   */
  const warmPool = () => Promise.all(Array.from({ length: 12 }, () => database.handle.db.execute(sql`select 1`)));
  const otp = async (tenantId: string, mobile: string, now: Date) => (await createOtp({ tenantId, mobile, now })).challenge;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    tenantA = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    tenantB = (await tenantIdBySlug(database.handle.db, "parvaz-sabz"))!;
    tenantC = (await tenantIdBySlug(database.handle.db, "safar-nur"))!;
    accounts = createAccountRepository(database.handle.db);
    sessions = createSessionRepository(database.handle.db);
    store = createSignInStore(database.handle.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  describe("accounts", () => {
    it("opens an account on the first sign-in and finds the same one on the next", async () => {
      const mobile = freshMobile();
      const first = await accounts.findOrCreate({ tenantId: tenantA, mobile, now: T0 });
      expect(first.created).toBe(true);
      expect(first.account).toMatchObject({ tenantId: tenantA, mobile, profile: EMPTY_PROFILE });
      expect(first.account.publicId).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(first.account.publicId).not.toBe(first.account.id);

      const second = await accounts.findOrCreate({ tenantId: tenantA, mobile, now: at(HOUR) });
      expect(second.created).toBe(false);
      expect(second.account).toEqual(first.account);
      const [row] = await database.handle.db.select({ lastSignInAt: users.lastSignInAt }).from(users).where(eq(users.id, first.account.id));
      expect(row?.lastSignInAt).toEqual(at(HOUR));

      expect(await accounts.findById(tenantA, first.account.id)).toEqual(first.account);
      expect(await accounts.findById(tenantB, first.account.id)).toBeNull();
      expect(await accounts.findById(tenantA, "not-a-uuid")).toBeNull();
    });

    it("opens exactly one account when ten first sign-ins of a number arrive at once", async () => {
      const mobile = freshMobile();
      await warmPool();
      const results = await Promise.all(Array.from({ length: 10 }, () => accounts.findOrCreate({ tenantId: tenantA, mobile, now: T0 })));
      expect(new Set(results.map((result) => result.account.id)).size).toBe(1);
      expect(results.filter((result) => result.created)).toHaveLength(1);
      const rows = await database.handle.db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantA), eq(users.mobile, mobile)));
      expect(rows).toHaveLength(1);
    });

    it("keeps the same number at two agencies as two accounts", async () => {
      const mobile = freshMobile();
      const atA = await accounts.findOrCreate({ tenantId: tenantA, mobile, now: T0 });
      const atB = await accounts.findOrCreate({ tenantId: tenantB, mobile, now: T0 });
      expect(atA.created && atB.created).toBe(true);
      expect(atA.account.id).not.toBe(atB.account.id);
      expect(atB.account.tenantId).toBe(tenantB);
    });

    it("updates a profile only at the account's own agency", async () => {
      const { account } = await accounts.findOrCreate({ tenantId: tenantA, mobile: freshMobile(), now: T0 });
      const profile = {
        ...EMPTY_PROFILE,
        firstName: "مریم",
        lastName: "کریمی",
        gender: "female" as const,
        birthDate: "1992-02-11",
        email: "maryam@example.com",
      };
      const updated = await accounts.updateProfile(tenantA, account.id, profile, at(MINUTE));
      expect(updated?.profile).toEqual(profile);
      expect(await accounts.findById(tenantA, account.id)).toEqual(updated);
      const [row] = await database.handle.db.select({ updatedAt: users.updatedAt }).from(users).where(eq(users.id, account.id));
      expect(row?.updatedAt).toEqual(at(MINUTE));

      expect(await accounts.updateProfile(tenantB, account.id, { ...profile, firstName: "x" }, at(2 * MINUTE))).toBeNull();
      expect(await accounts.updateProfile(tenantA, "nope", profile, at(2 * MINUTE))).toBeNull();
      expect((await accounts.findById(tenantA, account.id))?.profile.firstName).toBe("مریم");
    });

    it("claims only this agency's unclaimed guest bookings of the number", async () => {
      const mobile = freshMobile();
      const { account } = await accounts.findOrCreate({ tenantId: tenantA, mobile, now: T0 });
      const { account: someoneElse } = await accounts.findOrCreate({ tenantId: tenantA, mobile: freshMobile(), now: T0 });
      const guestOne = await insertBooking(tenantA, mobile);
      const guestTwo = await insertBooking(tenantA, mobile);
      const claimedBefore = await insertBooking(tenantA, mobile, someoneElse.id);
      const otherNumber = await insertBooking(tenantA, freshMobile());
      const otherAgency = await insertBooking(tenantB, mobile);

      // Mismatched callers claim nothing: another agency, or a number that is not the account's.
      expect(await accounts.attachGuestBookings(tenantB, account.id, mobile)).toBe(0);
      expect(await accounts.attachGuestBookings(tenantA, someoneElse.id, mobile)).toBe(0);

      expect(await accounts.attachGuestBookings(tenantA, account.id, mobile)).toBe(2);
      expect(await ownerOf(guestOne)).toBe(account.id);
      expect(await ownerOf(guestTwo)).toBe(account.id);
      expect(await ownerOf(claimedBefore)).toBe(someoneElse.id);
      expect(await ownerOf(otherNumber)).toBeNull();
      expect(await ownerOf(otherAgency)).toBeNull();
      expect(await accounts.attachGuestBookings(tenantA, account.id, mobile)).toBe(0);
    });
  });

  describe("saved passengers", () => {
    it("updates the same person by national code or by passport instead of adding them again", async () => {
      const { account } = await accounts.findOrCreate({ tenantId: tenantA, mobile: freshMobile(), now: T0 });
      const iranian = await accounts.savePassenger(account.id, IRANIAN, at(1 * MINUTE));
      const renamed = await accounts.savePassenger(account.id, { ...IRANIAN, firstName: "علیرضا" }, at(2 * MINUTE));
      expect(renamed.id).toBe(iranian.id);
      expect(renamed).toEqual({ ...IRANIAN, firstName: "علیرضا", id: iranian.id, updatedAt: at(2 * MINUTE) });
      // Absent, not null, like a booking's passenger.
      expect(renamed).not.toHaveProperty("passportNumber");
      expect(renamed).not.toHaveProperty("firstNameLatin");

      const foreigner = await accounts.savePassenger(account.id, FOREIGNER, at(3 * MINUTE));
      expect(foreigner).toEqual({ ...FOREIGNER, id: foreigner.id, updatedAt: at(3 * MINUTE) });
      expect(foreigner).not.toHaveProperty("nationalCode");
      const renewed = await accounts.savePassenger(account.id, { ...FOREIGNER, passportExpiry: "2035-06-30" }, at(4 * MINUTE));
      expect(renewed.id).toBe(foreigner.id);
      expect(renewed.passportExpiry).toBe("2035-06-30");
      // The same number in another country's passport is another person.
      const otherCountry = await accounts.savePassenger(
        account.id,
        { ...FOREIGNER, nationality: "AT", passportCountry: "AT", firstName: "Eva" },
        at(5 * MINUTE),
      );
      expect(otherCountry.id).not.toBe(foreigner.id);

      const list = await accounts.savedPassengers(account.id);
      expect(list.map((entry) => entry.id)).toEqual([otherCountry.id, foreigner.id, iranian.id]);
      expect(list.map((entry) => entry.iranian)).toEqual([false, false, true]);
      // Touching an older entry brings it first.
      await accounts.savePassenger(account.id, IRANIAN, at(6 * MINUTE));
      expect((await accounts.savedPassengers(account.id))[0]?.id).toBe(iranian.id);
    });

    it("merges two entries when a save names the documents of both", async () => {
      const { account } = await accounts.findOrCreate({ tenantId: tenantA, mobile: freshMobile(), now: T0 });
      const byPassport = await accounts.savePassenger(
        account.id,
        { ...FOREIGNER, nationality: "IR", iranian: true, passportCountry: "IR", passportNumber: "K12345678" },
        at(MINUTE),
      );
      const byCode = await accounts.savePassenger(account.id, IRANIAN, at(2 * MINUTE));
      const both = await accounts.savePassenger(
        account.id,
        { ...IRANIAN, passportCountry: "IR", passportNumber: "K12345678" },
        at(3 * MINUTE),
      );
      expect(both.id).toBe(byCode.id);
      const list = await accounts.savedPassengers(account.id);
      expect(list.map((entry) => entry.id)).toEqual([byCode.id]);
      expect(list.map((entry) => entry.id)).not.toContain(byPassport.id);
    });

    it("stores one entry when the same new person is saved several times at once", async () => {
      const { account } = await accounts.findOrCreate({ tenantId: tenantA, mobile: freshMobile(), now: T0 });
      await warmPool();
      const saved = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          accounts.savePassenger(account.id, { ...FOREIGNER, firstName: `Anna${index}` }, at(index * SECOND)),
        ),
      );
      expect(new Set(saved.map((entry) => entry.id)).size).toBe(1);
      expect(await accounts.savedPassengers(account.id)).toHaveLength(1);
    });

    it(`keeps at most ${SAVED_PASSENGERS_LIMIT} people, dropping the least recently updated for a new one`, async () => {
      const { account } = await accounts.findOrCreate({ tenantId: tenantA, mobile: freshMobile(), now: T0 });
      const code = (index: number) => String(1_000_000_000 + index);
      const first: string[] = [];
      for (let index = 0; index < SAVED_PASSENGERS_LIMIT; index++) {
        first.push((await accounts.savePassenger(account.id, { ...IRANIAN, nationalCode: code(index) }, at(index * MINUTE))).id);
      }
      // The oldest is touched, so the second oldest is the one nobody used for longest.
      await accounts.savePassenger(account.id, { ...IRANIAN, nationalCode: code(0) }, at(100 * MINUTE));
      expect(await accounts.savedPassengers(account.id)).toHaveLength(SAVED_PASSENGERS_LIMIT);

      const newcomer = await accounts.savePassenger(account.id, { ...IRANIAN, nationalCode: code(999) }, at(101 * MINUTE));
      const ids = (await accounts.savedPassengers(account.id)).map((entry) => entry.id);
      expect(ids).toHaveLength(SAVED_PASSENGERS_LIMIT);
      expect(ids[0]).toBe(newcomer.id);
      expect(ids).toContain(first[0]);
      expect(ids).not.toContain(first[1]);
    });

    it("deletes only the account's own entries and never throws on a malformed id", async () => {
      const { account } = await accounts.findOrCreate({ tenantId: tenantA, mobile: freshMobile(), now: T0 });
      const { account: stranger } = await accounts.findOrCreate({ tenantId: tenantA, mobile: freshMobile(), now: T0 });
      const entry = await accounts.savePassenger(account.id, IRANIAN, T0);
      expect(await accounts.savedPassengers(stranger.id)).toEqual([]);

      expect(await accounts.deletePassenger(stranger.id, entry.id)).toBe(false);
      expect(await accounts.savedPassengers(account.id)).toHaveLength(1);
      expect(await accounts.deletePassenger(account.id, "1; drop table users")).toBe(false);
      expect(await accounts.deletePassenger("nope", entry.id)).toBe(false);
      expect(await accounts.savedPassengers("nope")).toEqual([]);

      expect(await accounts.deletePassenger(account.id, entry.id)).toBe(true);
      expect(await accounts.deletePassenger(account.id, entry.id)).toBe(false);
      expect(await accounts.savedPassengers(account.id)).toEqual([]);
    });
  });

  describe("sessions", () => {
    const newSession = async (tenantId: string, userId: string, expiresAt: Date) => {
      const tokenHash = randomBytes(32).toString("hex");
      const session = await sessions.create({ tenantId, userId, tokenHash, kind: "web", userAgent: "vitest", createdAt: T0, expiresAt });
      return { session, tokenHash };
    };

    it("finds a live session only at its agency and before it expires, and never after a sign-out", async () => {
      const { account } = await accounts.findOrCreate({ tenantId: tenantA, mobile: freshMobile(), now: T0 });
      const { session, tokenHash } = await newSession(tenantA, account.id, at(HOUR));
      expect(session).toMatchObject({ tenantId: tenantA, userId: account.id, kind: "web", createdAt: T0, expiresAt: at(HOUR) });

      expect(await sessions.findLive(tenantA, tokenHash, at(HOUR - SECOND))).toEqual({ session, account });
      expect(await sessions.findLive(tenantB, tokenHash, T0)).toBeNull();
      expect(await sessions.findLive(tenantA, tokenHash, at(HOUR))).toBeNull();
      expect(await sessions.findLive(tenantA, "0".repeat(64), T0)).toBeNull();

      await sessions.revoke(session.id, at(MINUTE));
      expect(await sessions.findLive(tenantA, tokenHash, at(2 * MINUTE))).toBeNull();
      await sessions.revoke("not-a-uuid", T0);
    });

    it("signs out everywhere: ends every live session of the account and counts them", async () => {
      const { account } = await accounts.findOrCreate({ tenantId: tenantA, mobile: freshMobile(), now: T0 });
      const { account: other } = await accounts.findOrCreate({ tenantId: tenantA, mobile: freshMobile(), now: T0 });
      const live = [await newSession(tenantA, account.id, at(HOUR)), await newSession(tenantA, account.id, at(2 * HOUR))];
      await newSession(tenantA, account.id, at(MINUTE));
      const revoked = await newSession(tenantA, account.id, at(HOUR));
      await sessions.revoke(revoked.session.id, T0);
      const others = await newSession(tenantA, other.id, at(HOUR));

      const now = at(10 * MINUTE);
      expect(await sessions.revokeAll(tenantB, account.id, now)).toBe(0);
      expect(await sessions.revokeAll(tenantA, account.id, now)).toBe(2);
      for (const { tokenHash } of live) expect(await sessions.findLive(tenantA, tokenHash, now)).toBeNull();
      expect(await sessions.findLive(tenantA, others.tokenHash, now)).not.toBeNull();
      expect(await sessions.revokeAll(tenantA, account.id, now)).toBe(0);
    });
  });

  describe("sign-in store", () => {
    it("stores a code only over the code that was read, and counts each send", async () => {
      const mobile = freshMobile();
      const ip = freshIp();
      const first = await otp(tenantA, mobile, T0);
      expect(await store.current(tenantA, mobile)).toBeNull();
      expect(await store.recordSend(first, null, ip)).toBe(true);
      // Another request that also read "no code" lost.
      expect(await store.recordSend(await otp(tenantA, mobile, T0), null, ip)).toBe(false);
      expect(await store.current(tenantA, mobile)).toEqual(first);
      expect(await store.current(tenantB, mobile)).toBeNull();

      const second = await otp(tenantA, mobile, at(2 * MINUTE));
      expect(await store.recordSend(second, first, ip)).toBe(true);
      expect(await store.recordSend(await otp(tenantA, mobile, at(2 * MINUTE)), first, ip)).toBe(false);
      expect(await store.current(tenantA, mobile)).toEqual(second);

      // Two requests at once over the same code: one stores and sends.
      await warmPool();
      const racing = await Promise.all([otp(tenantA, mobile, at(4 * MINUTE)), otp(tenantA, mobile, at(4 * MINUTE))]);
      const outcomes = await Promise.all(racing.map((challenge) => store.recordSend(challenge, second, ip)));
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const winner = racing[outcomes.indexOf(true)]!;
      expect((await store.current(tenantA, mobile))?.codeHash).toBe(winner.codeHash);

      const sends = await database.handle.db
        .select()
        .from(otpSends)
        .where(and(eq(otpSends.tenantId, tenantA), eq(otpSends.mobile, mobile)));
      expect(sends.map((send) => send.createdAt.getTime()).sort()).toEqual(
        [T0, at(2 * MINUTE), at(4 * MINUTE)].map((date) => date.getTime()),
      );
      expect(sends.every((send) => send.ipHash === ip)).toBe(true);
    });

    it("stores a try only over the state it was judged on", async () => {
      const mobile = freshMobile();
      const code = await otp(tenantA, mobile, T0);
      await store.recordSend(code, null, freshIp());
      const wrong: OtpChallenge = { ...code, wrongTries: 1 };
      expect(await store.recordTry(code, wrong)).toBe(true);
      // A second try judged on the same (now stale) state must not overwrite the count.
      expect(await store.recordTry(code, wrong)).toBe(false);
      expect((await store.current(tenantA, mobile))?.wrongTries).toBe(1);

      await warmPool();
      const racing = await Promise.all([
        store.recordTry(wrong, { ...wrong, usedAt: at(MINUTE) }),
        store.recordTry(wrong, { ...wrong, usedAt: at(MINUTE) }),
      ]);
      expect(racing.filter(Boolean)).toHaveLength(1);
      expect(await store.current(tenantA, mobile)).toEqual({ ...wrong, usedAt: at(MINUTE) });
      // Used: a try read before the use is refused.
      expect(await store.recordTry(wrong, { ...wrong, wrongTries: 2 })).toBe(false);

      // A new code (new hash) turns tries judged on the old one away.
      const fresh = await otp(tenantA, mobile, at(2 * MINUTE));
      expect(await store.recordSend(fresh, await store.current(tenantA, mobile), freshIp())).toBe(true);
      expect(await store.recordTry({ ...wrong, usedAt: null }, { ...wrong, wrongTries: 2 })).toBe(false);
      expect((await store.current(tenantA, mobile))?.wrongTries).toBe(0);
    });

    it("hands out a proof-of-work challenge to its agency and accepts it once", async () => {
      const challenge = newChallenge({ now: T0 });
      await store.issueChallenge(tenantA, challenge);
      expect(await store.findChallenge(tenantA, challenge.id)).toEqual(challenge);
      expect(await store.findChallenge(tenantB, challenge.id)).toBeNull();
      expect(await store.findChallenge(tenantA, "short")).toBeNull();
      expect(await store.findChallenge(tenantA, "'; select 1 --'xxxxxxxxx")).toBeNull();
      expect(await store.findChallenge(tenantA, "A".repeat(22))).toBeNull();

      expect(await store.consumeChallenge(tenantB, challenge.id, at(SECOND))).toBe(false);
      await warmPool();
      const consumed = await Promise.all([
        store.consumeChallenge(tenantA, challenge.id, at(SECOND)),
        store.consumeChallenge(tenantA, challenge.id, at(SECOND)),
      ]);
      expect(consumed.filter(Boolean)).toHaveLength(1);
      expect(await store.consumeChallenge(tenantA, challenge.id, at(2 * SECOND))).toBe(false);
      expect(await store.consumeChallenge(tenantA, "bad id", at(2 * SECOND))).toBe(false);

      const expired = newChallenge({ now: T0, ttlSeconds: 60 });
      await store.issueChallenge(tenantA, expired);
      expect(await store.consumeChallenge(tenantA, expired.id, at(60 * SECOND))).toBe(false);
    });

    it("counts sends and failures inside each window only", async () => {
      const mobile = freshMobile();
      const ip = freshIp();
      const otherIp = freshIp();
      const now = at(3 * HOUR);
      const ago = (ms: number) => new Date(now.getTime() - ms);
      const dayStart = ago(90 * MINUTE);
      await database.handle.db.insert(otpSends).values([
        { tenantId: tenantC, mobile, ipHash: ip, createdAt: ago(2 * HOUR) },
        // Exactly one window ago: out (the window is the last hour, open at its start).
        { tenantId: tenantC, mobile, ipHash: ip, createdAt: ago(HOUR) },
        { tenantId: tenantC, mobile, ipHash: ip, createdAt: ago(59 * MINUTE) },
        { tenantId: tenantC, mobile, ipHash: ip, createdAt: ago(MINUTE) },
        // The same number at another agency: not this number's count here, but the same address.
        { tenantId: tenantB, mobile, ipHash: ip, createdAt: ago(30 * MINUTE) },
        // Another number from another address at this agency: only the agency's day; the first
        // is exactly at the day's start, which belongs to the day.
        { tenantId: tenantC, mobile: freshMobile(), ipHash: otherIp, createdAt: dayStart },
        { tenantId: tenantC, mobile: freshMobile(), ipHash: otherIp, createdAt: ago(5 * MINUTE) },
      ]);
      await database.handle.db.insert(authFailures).values([
        { tenantId: tenantC, ipHash: ip, createdAt: ago(HOUR) },
        { tenantId: tenantC, ipHash: ip, createdAt: ago(10 * MINUTE) },
        { tenantId: tenantB, ipHash: ip, createdAt: ago(5 * MINUTE) },
        { tenantId: tenantC, ipHash: otherIp, createdAt: ago(MINUTE) },
      ]);
      const hourly = { numberWindowSeconds: 3600, ipWindowSeconds: 3600, failureWindowSeconds: 3600 };
      expect(await store.counts({ tenantId: tenantC, mobile, ipHash: ip, now, ...hourly, tenantDayStart: dayStart })).toEqual({
        forNumber: 2,
        oldestForNumber: ago(59 * MINUTE),
        // An address is counted across agencies.
        forIp: 3,
        oldestForIp: ago(59 * MINUTE),
        // ago(HOUR), ago(59 min), ago(1 min), the day's start and ago(5 min); not ago(2 h) nor tenant B's.
        forTenantToday: 5,
        failuresForIp: 2,
      });

      const wider = await store.counts({
        tenantId: tenantC,
        mobile,
        ipHash: ip,
        now,
        numberWindowSeconds: 3 * 3600,
        ipWindowSeconds: 3600 + 1,
        failureWindowSeconds: 2 * 3600,
        tenantDayStart: ago(3 * HOUR),
      });
      expect(wider).toEqual({
        forNumber: 4,
        oldestForNumber: ago(2 * HOUR),
        forIp: 4,
        oldestForIp: ago(HOUR),
        forTenantToday: 6,
        failuresForIp: 3,
      });
      // The same number at tenant B: its one send there.
      expect(await store.counts({ tenantId: tenantB, mobile, ipHash: ip, now, ...hourly, tenantDayStart: now })).toMatchObject({
        forNumber: 1,
        oldestForNumber: ago(30 * MINUTE),
        forTenantToday: 0,
      });

      const nobody = await store.counts({
        tenantId: tenantC,
        mobile: freshMobile(),
        ipHash: freshIp(),
        now,
        ...hourly,
        tenantDayStart: now,
      });
      expect(nobody).toEqual({ forNumber: 0, oldestForNumber: null, forIp: 0, oldestForIp: null, forTenantToday: 0, failuresForIp: 0 });

      // A window longer than the rows are kept would silently count too few.
      await expect(
        store.counts({ tenantId: tenantC, mobile, ipHash: ip, now, ...hourly, numberWindowSeconds: 49 * 3600, tenantDayStart: now }),
      ).rejects.toThrow(RangeError);
    });

    it("deletes rows past their retention on the way of a write, and only those", async () => {
      const db = database.handle.db;
      const mobile = freshMobile();
      const ip = freshIp();
      const pruning = createSignInStore(db, { retentionSeconds: 3600 });
      const late = at(10 * HOUR);
      const oldChallenge = newChallenge({ now: at(7 * HOUR) });
      await pruning.issueChallenge(tenantC, oldChallenge);
      await db.insert(otpSends).values([
        { tenantId: tenantC, mobile, ipHash: ip, createdAt: at(8 * HOUR) },
        { tenantId: tenantC, mobile, ipHash: ip, createdAt: at(9 * HOUR + 30 * MINUTE) },
      ]);
      await db.insert(authFailures).values({ tenantId: tenantC, ipHash: ip, createdAt: at(8 * HOUR) });
      await db.insert(otpChallenges).values(await otp(tenantC, mobile, at(8 * HOUR)));
      const keptMobile = freshMobile();
      await db.insert(otpChallenges).values(await otp(tenantC, keptMobile, at(9 * HOUR + 30 * MINUTE)));

      await pruning.recordFailure(tenantC, ip, late);
      const sends = await db.select({ createdAt: otpSends.createdAt }).from(otpSends).where(eq(otpSends.ipHash, ip));
      expect(sends.map((send) => send.createdAt)).toEqual([at(9 * HOUR + 30 * MINUTE)]);
      const failures = await db.select({ createdAt: authFailures.createdAt }).from(authFailures).where(eq(authFailures.ipHash, ip));
      expect(failures.map((failure) => failure.createdAt)).toEqual([late]);
      expect(await db.select().from(powChallenges).where(eq(powChallenges.id, oldChallenge.id))).toEqual([]);
      expect(await pruning.current(tenantC, mobile)).toBeNull();
      expect(await pruning.current(tenantC, keptMobile)).not.toBeNull();
    });
  });
});
