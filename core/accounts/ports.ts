import type { Account, Profile, SavedPassenger, SavedPassengerFields, Session, SessionKind } from "./account.ts";
import type { OtpChallenge } from "./otp.ts";
import type { PowChallenge } from "./proof-of-work.ts";

/** Travellers' accounts (issue 9), each within one tenant, with their previous-passengers list. */
export interface AccountRepository {
  /** The account of this number at this tenant, opened on its first sign-in (two first sign-ins at once open one). */
  findOrCreate(input: { tenantId: string; mobile: string; now: Date }): Promise<{ account: Account; created: boolean }>;
  findById(tenantId: string, id: string): Promise<Account | null>;
  updateProfile(tenantId: string, id: string, profile: Profile, now: Date): Promise<Account | null>;
  /** Bookings of this tenant made as a guest with the account's mobile become the account's; returns how many. */
  attachGuestBookings(tenantId: string, userId: string, mobile: string): Promise<number>;
  /** Most recently updated first. */
  savedPassengers(userId: string): Promise<SavedPassenger[]>;
  /** Adds a person or updates the one with the same national code (or passport). */
  savePassenger(userId: string, passenger: SavedPassengerFields, now: Date): Promise<SavedPassenger>;
  /** False when the entry is not this account's (or is gone). */
  deletePassenger(userId: string, id: string): Promise<boolean>;
}

export interface SessionRepository {
  create(input: {
    tenantId: string;
    userId: string;
    tokenHash: string;
    kind: SessionKind;
    userAgent: string | null;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<Session>;
  /** The live (not revoked, not expired) session with this token hash at this tenant, with its account. */
  findLive(tenantId: string, tokenHash: string, now: Date): Promise<{ session: Session; account: Account } | null>;
  revoke(sessionId: string, now: Date): Promise<void>;
  /** Sign out everywhere: every live session of the account ends. Returns how many. */
  revokeAll(tenantId: string, userId: string, now: Date): Promise<number>;
}

/** The sign-in counters (sent codes, failures), the current code of each number, and proof-of-work challenges. */
export interface SignInStore {
  current(tenantId: string, mobile: string): Promise<OtpChallenge | null>;
  counts(input: {
    tenantId: string;
    mobile: string;
    ipHash: string;
    now: Date;
    numberWindowSeconds: number;
    ipWindowSeconds: number;
    failureWindowSeconds: number;
    tenantDayStart: Date;
  }): Promise<{
    forNumber: number;
    oldestForNumber: Date | null;
    forIp: number;
    oldestForIp: Date | null;
    forTenantToday: number;
    failuresForIp: number;
  }>;
  /**
   * Stores a new code and counts its send, if the number's current code is still `previous` (by
   * its lastSentAt; null for none). False when another request sent one first.
   */
  recordSend(challenge: OtpChallenge, previous: OtpChallenge | null, ipHash: string): Promise<boolean>;
  /** Stores a try's outcome if the code is still as `previous` (same hash, tries and use). */
  recordTry(previous: OtpChallenge, next: OtpChallenge): Promise<boolean>;
  recordFailure(tenantId: string, ipHash: string, at: Date): Promise<void>;
  issueChallenge(tenantId: string, challenge: PowChallenge): Promise<void>;
  findChallenge(tenantId: string, id: string): Promise<PowChallenge | null>;
  /** Marks a challenge used; false when it was already used (or is unknown). */
  consumeChallenge(tenantId: string, id: string, at: Date): Promise<boolean>;
}

/** Google reCAPTCHA v3, for tenants that configure its keys: a token from the page, judged by Google. */
export interface RecaptchaVerifier {
  verify(input: {
    token: string;
    secret: string;
    remoteIp: string | null;
    expectedAction: string;
  }): Promise<{ ok: true; score: number } | { ok: false; error: "INVALID" | "UNAVAILABLE" }>;
}
