import { TEHRAN_OFFSET_MINUTES } from "../flights/clock.ts";
import { latinDigits } from "../i18n/digits.ts";

/**
 * Sign-in codes sent by SMS (issue 9; ARCHITECTURE.md §9): the rules as pure functions over an
 * explicit state. A repository stores an `OtpChallenge` per tenant and mobile; a use case reads
 * the counters, asks `decideSend`, sends, and later applies `verifyCode` and stores what it returns.
 *
 * Nothing here looks at whether a mobile number has an account: the decisions are the same for a
 * registered and an unregistered number, so the traveller gets the same answer for both and the
 * sign-in form cannot be used to find out who is a customer.
 */

/** Six digits: a million codes, short enough to type from a notification. */
export const CODE_LENGTH = 6;
/** Three minutes of life (the rule allows 2–5): time to switch apps and type, little time to guess. */
export const CODE_TTL_SECONDS = 180;
/** Wrong tries before a code is locked. With the per-number limit, at most 5 × 5 = 25 guesses an hour: a 1-in-40,000 chance. */
export const MAX_WRONG_TRIES = 5;
/** A new code no sooner than a minute after the last one: SMS can be slow, and each one costs money. */
export const RESEND_AFTER_SECONDS = 60;
/** Codes per number per hour: a real traveller needs one or two; more is someone bombing a phone. */
export const NUMBER_LIMIT = 5;
export const NUMBER_WINDOW_SECONDS = 3600;
/** Codes per IP per hour: higher than per number, as many travellers can share one mobile-carrier NAT address. */
export const IP_LIMIT = 20;
export const IP_WINDOW_SECONDS = 3600;
/**
 * SMS per tenant per Tehran day unless the tenant sets its own: far above a small agency's sign-ins,
 * low enough that SMS pumping (fraudsters sending to premium numbers for a share of the fee) costs
 * a bounded sum before someone notices.
 */
export const DEFAULT_DAILY_SMS_BUDGET = 2000;
/** Failed tries (wrong codes, refused sends) from one IP in the window after which a proof of work (or reCAPTCHA) is asked. */
export const PROOF_AFTER_FAILURES = 3;
export const FAILURE_WINDOW_SECONDS = 3600;

const SALT_BYTES = 16;
const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);
const CODE_SPACE = 10 ** CODE_LENGTH;
/** The largest multiple of a million below 2³²: values from it up are drawn again, so every code is equally likely. */
const UNBIASED_LIMIT = 2 ** 32 - (2 ** 32 % CODE_SPACE);

/** A fresh code: six random digits, leading zeros included. */
export function newCode(): string {
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    const value = word[0]!;
    // A plain `% 1e6` would favour the codes below 2³² mod 1e6 (967,296 of them) a little.
    if (value < UNBIASED_LIMIT) return String(value % CODE_SPACE).padStart(CODE_LENGTH, "0");
  }
}

/** A random salt (32 hex digits), new for every code. */
export function newSalt(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(SALT_BYTES)));
}

/**
 * What is stored instead of the code: SHA-256 of salt and code, in hex. A code only lives a few
 * minutes, so a salted hash is enough to keep it out of database dumps and logs.
 */
export async function hashCode(code: string, salt: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(salt + code));
  return toHex(new Uint8Array(digest));
}

/** Compares two hashes in time that does not depend on where they differ. */
export function codesEqual(a: string, b: string): boolean {
  // Hashes are always 64 hex digits; a length mismatch is not a secret.
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The code of one number at one tenant; a new send replaces it. */
export interface OtpChallenge {
  /** Normalised by `normalizeMobile`: 09 and nine digits. */
  mobile: string;
  tenantId: string;
  /** `hashCode(code, salt)`; the code itself is only ever in the SMS. */
  codeHash: string;
  salt: string;
  createdAt: Date;
  /** The code is refused from this instant on. */
  expiresAt: Date;
  wrongTries: number;
  /** Set by the one successful try. */
  usedAt: Date | null;
  lastSentAt: Date;
}

/**
 * A new code and the challenge to store for it (after `decideSend` said "send"). It starts with no
 * wrong tries: the per-number limit is what bounds guesses across codes.
 */
export async function createOtp(input: {
  mobile: string;
  tenantId: string;
  now: Date;
}): Promise<{ code: string; challenge: OtpChallenge }> {
  // A fault of the caller, not an expected failure: the use case normalises first.
  if (!/^09\d{9}$/.test(input.mobile)) throw new Error("createOtp: mobile must be normalised (09 and nine digits)");
  const code = newCode();
  const salt = newSalt();
  return {
    code,
    challenge: {
      mobile: input.mobile,
      tenantId: input.tenantId,
      codeHash: await hashCode(code, salt),
      salt,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + CODE_TTL_SECONDS * 1000),
      wrongTries: 0,
      usedAt: null,
      lastSentAt: input.now,
    },
  };
}

/** The instant the current day began in Tehran: the SMS budget counts sends from it. */
export function tehranDayStart(now: Date): Date {
  const offset = TEHRAN_OFFSET_MINUTES * 60_000;
  const day = 24 * 3600_000;
  return new Date(Math.floor((now.getTime() + offset) / day) * day - offset);
}

export interface SendInput {
  /** The current challenge of this number at this tenant, if any (used, expired or live). */
  existing: OtpChallenge | null;
  now: Date;
  /** Codes sent to this number in the last `NUMBER_WINDOW_SECONDS`. */
  sentForNumberInWindow: number;
  /** Codes asked from this IP in the last `IP_WINDOW_SECONDS`. */
  sentForIpInWindow: number;
  /** SMS sent by the tenant since `tehranDayStart(now)`. */
  sentForTenantToday: number;
  /** The tenant's daily SMS budget (`DEFAULT_DAILY_SMS_BUDGET` unless it set its own). */
  budget: number;
  /** `proofOfWorkRequired(...)` for this IP (or the tenant always asks for reCAPTCHA). */
  proofRequired: boolean;
  /** A proof of work or a reCAPTCHA token came with the request and was accepted (and consumed). */
  proofOk: boolean;
  /** When the oldest send counted in `sentForNumberInWindow` happened, for an exact wait; when absent, the whole window. */
  oldestForNumberInWindow?: Date | null;
  /** The same for `sentForIpInWindow`. */
  oldestForIpInWindow?: Date | null;
}

export type SendDecision =
  /** Make a new code with `createOtp` and send it; an earlier code is never sent again (it is not kept in clear). */
  | { kind: "send"; reuse: false }
  /** The last code went out less than `RESEND_AFTER_SECONDS` ago. */
  | { kind: "wait"; retryAfterSeconds: number }
  /** A limit is reached; `limit` is for logs and metrics (a spent tenant budget should alert the operator). */
  | { kind: "limited"; retryAfterSeconds: number; limit: "number" | "ip" | "tenant" }
  /** Solve a proof of work (or pass reCAPTCHA) and ask again. */
  | { kind: "proof_required" };

function secondsUntil(at: number, now: Date): number {
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * Whether a code may be sent now. Checked in order: the resend wait, the limits of the number, the
 * IP and the tenant, then the proof; a traveller is never asked to solve a proof that would be
 * refused anyway. The answer depends only on counters, never on whether the number has an account.
 */
export function decideSend(input: SendInput): SendDecision {
  const { existing, now } = input;
  if (existing) {
    const resendAt = existing.lastSentAt.getTime() + RESEND_AFTER_SECONDS * 1000;
    if (now.getTime() < resendAt) return { kind: "wait", retryAfterSeconds: secondsUntil(resendAt, now) };
  }
  if (input.sentForNumberInWindow >= NUMBER_LIMIT) {
    const from = input.oldestForNumberInWindow?.getTime() ?? now.getTime();
    return { kind: "limited", limit: "number", retryAfterSeconds: secondsUntil(from + NUMBER_WINDOW_SECONDS * 1000, now) };
  }
  if (input.sentForIpInWindow >= IP_LIMIT) {
    const from = input.oldestForIpInWindow?.getTime() ?? now.getTime();
    return { kind: "limited", limit: "ip", retryAfterSeconds: secondsUntil(from + IP_WINDOW_SECONDS * 1000, now) };
  }
  if (input.sentForTenantToday >= input.budget) {
    return { kind: "limited", limit: "tenant", retryAfterSeconds: secondsUntil(tehranDayStart(now).getTime() + 24 * 3600_000, now) };
  }
  if (input.proofRequired && !input.proofOk) return { kind: "proof_required" };
  return { kind: "send", reuse: false };
}

export type VerifyError = "EXPIRED" | "USED" | "LOCKED" | "WRONG";

/**
 * The outcome of one try and the challenge to store after it. Store it guarded by the state that
 * was read (same codeHash, same wrongTries, usedAt still null), or two tries at once could both
 * succeed or both count as the fifth.
 */
export type VerifyResult =
  | { ok: true; challenge: OtpChallenge }
  | { ok: false; error: "WRONG"; triesLeft: number; challenge: OtpChallenge }
  | { ok: false; error: Exclude<VerifyError, "WRONG">; challenge: OtpChallenge };

/** The code as typed: any digit set (Persian, Arabic-Indic, Latin), spaces ignored. */
export function normalizeTypedCode(typed: string): string {
  return latinDigits(typed).replace(/\s+/g, "");
}

/**
 * One try of a code. A used, locked or expired code is refused without counting a try; a wrong
 * (or malformed) code counts one, and the try that reaches `MAX_WRONG_TRIES` locks the code and
 * answers LOCKED. The right code marks the challenge used.
 */
export async function verifyCode(challenge: OtpChallenge, typed: string, now: Date): Promise<VerifyResult> {
  if (challenge.usedAt) return { ok: false, error: "USED", challenge };
  if (challenge.wrongTries >= MAX_WRONG_TRIES) return { ok: false, error: "LOCKED", challenge };
  if (now.getTime() >= challenge.expiresAt.getTime()) return { ok: false, error: "EXPIRED", challenge };
  const code = normalizeTypedCode(typed);
  // Hashed even when malformed, so both paths take about the same time.
  const typedHash = await hashCode(code, challenge.salt);
  if (CODE_PATTERN.test(code) && codesEqual(typedHash, challenge.codeHash)) return { ok: true, challenge: { ...challenge, usedAt: now } };
  const wrongTries = challenge.wrongTries + 1;
  const next = { ...challenge, wrongTries };
  if (wrongTries >= MAX_WRONG_TRIES) return { ok: false, error: "LOCKED", challenge: next };
  return { ok: false, error: "WRONG", triesLeft: MAX_WRONG_TRIES - wrongTries, challenge: next };
}

/** Whether requests from an IP must come with a proof of work (or reCAPTCHA), given its recent failures. */
export function proofOfWorkRequired(failuresForIpRecently: number): boolean {
  return failuresForIpRecently >= PROOF_AFTER_FAILURES;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
