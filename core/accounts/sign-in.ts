import { normalizeMobile } from "../passengers/passenger-rules.ts";
import type { Clock, SmsSender } from "../ports.ts";
import type { AccountRepository, SessionRepository, SignInStore } from "./ports.ts";
import type { Account, Session, SessionKind } from "./account.ts";
import {
  createOtp,
  decideSend,
  FAILURE_WINDOW_SECONDS,
  IP_WINDOW_SECONDS,
  NUMBER_WINDOW_SECONDS,
  proofOfWorkRequired,
  RESEND_AFTER_SECONDS,
  tehranDayStart,
  verifyCode,
  type OtpChallenge,
} from "./otp.ts";
import { newChallenge, verifySolution, type PowChallenge } from "./proof-of-work.ts";
import { hashSessionToken, isSessionToken, newSessionToken, SESSION_TTL_SECONDS } from "./session-token.ts";

/**
 * Signing in by mobile number and SMS code (issue 9): ask for a code, then trade the code for a
 * session. Registering is the same thing: the first verified code opens the account. Every answer
 * depends only on the number's counters, never on whether it has an account.
 */

/** What came with a request for a code to prove it is not a script. */
export type HumanProof =
  | { kind: "pow"; challengeId: string; nonce: string }
  /** The caller already asked Google (RecaptchaVerifier) and got this verdict. */
  | { kind: "recaptcha"; passed: boolean };

export interface SignInDeps {
  store: SignInStore;
  clock: Clock;
}

export interface CodeRequest {
  tenantId: string;
  /** As typed: 0912…, +98912…, 98912…, any digits. */
  mobile: string;
  /** HMAC of the client's address (never the address itself). */
  ipHash: string;
  dailyBudget: number;
  proof: HumanProof | null;
  /** The tenant uses reCAPTCHA v3: every request carries a token, and it decides instead of the proof of work. */
  recaptcha: boolean;
  /** The message for the code, in the visitor's language. */
  message(code: string): string;
}

export type CodeRequestResult =
  /** A code was sent. The same answer whether the number has an account or not. */
  | { ok: true; mobile: string; resendAfterSeconds: number }
  | { ok: false; error: "MOBILE_INVALID" }
  | { ok: false; error: "WAIT" | "LIMITED"; retryAfterSeconds: number; limit?: "number" | "ip" | "tenant" }
  /** Solve this challenge (or pass reCAPTCHA when `challenge` is null) and ask again. */
  | { ok: false; error: "PROOF_REQUIRED"; challenge: PowChallenge | null }
  /** The SMS provider refused or did not answer: nothing was sent. */
  | { ok: false; error: "SEND_FAILED" };

async function proofAccepted(store: SignInStore, tenantId: string, proof: HumanProof | null, now: Date): Promise<boolean> {
  if (!proof) return false;
  if (proof.kind === "recaptcha") return proof.passed;
  const challenge = await store.findChallenge(tenantId, proof.challengeId);
  if (!challenge || !(await verifySolution(challenge, proof.nonce, now))) return false;
  // Consumed only once it was right, and only by the first request that brings it.
  return store.consumeChallenge(tenantId, challenge.id, now);
}

/** Sends a sign-in code to a number, within the limits (ARCHITECTURE.md §9). */
export async function requestSignInCode(deps: SignInDeps & { sms: SmsSender }, input: CodeRequest): Promise<CodeRequestResult> {
  const mobile = normalizeMobile(input.mobile);
  if (!mobile) return { ok: false, error: "MOBILE_INVALID" };
  const now = deps.clock.now();
  const [existing, counts] = await Promise.all([
    deps.store.current(input.tenantId, mobile),
    deps.store.counts({
      tenantId: input.tenantId,
      mobile,
      ipHash: input.ipHash,
      now,
      numberWindowSeconds: NUMBER_WINDOW_SECONDS,
      ipWindowSeconds: IP_WINDOW_SECONDS,
      failureWindowSeconds: FAILURE_WINDOW_SECONDS,
      tenantDayStart: tehranDayStart(now),
    }),
  ]);
  const proofRequired = input.recaptcha || proofOfWorkRequired(counts.failuresForIp);
  const base = {
    existing,
    now,
    sentForNumberInWindow: counts.forNumber,
    oldestForNumberInWindow: counts.oldestForNumber,
    sentForIpInWindow: counts.forIp,
    oldestForIpInWindow: counts.oldestForIp,
    sentForTenantToday: counts.forTenantToday,
    budget: input.dailyBudget,
    proofRequired,
  };
  // The proof is looked at (and spent) only when everything else would allow a send.
  const before = decideSend({ ...base, proofOk: true });
  if (before.kind === "wait") return { ok: false, error: "WAIT", retryAfterSeconds: before.retryAfterSeconds };
  if (before.kind === "limited") {
    await deps.store.recordFailure(input.tenantId, input.ipHash, now);
    return { ok: false, error: "LIMITED", retryAfterSeconds: before.retryAfterSeconds, limit: before.limit };
  }
  if (proofRequired && !(await proofAccepted(deps.store, input.tenantId, input.proof, now))) {
    if (input.recaptcha) return { ok: false, error: "PROOF_REQUIRED", challenge: null };
    const challenge = newChallenge({ now });
    await deps.store.issueChallenge(input.tenantId, challenge);
    return { ok: false, error: "PROOF_REQUIRED", challenge };
  }
  const { code, challenge } = await createOtp({ mobile, tenantId: input.tenantId, now });
  // Stored before it is sent, guarded by the code it replaces: of two requests at once, one sends.
  if (!(await deps.store.recordSend(challenge, existing, input.ipHash)))
    return { ok: false, error: "WAIT", retryAfterSeconds: RESEND_AFTER_SECONDS };
  const sent = await deps.sms.send({ mobile, text: input.message(code), template: { name: "login-code", tokens: [code] } });
  if (!sent.ok) return { ok: false, error: "SEND_FAILED" };
  return { ok: true, mobile, resendAfterSeconds: RESEND_AFTER_SECONDS };
}

export interface CodeVerification {
  tenantId: string;
  mobile: string;
  code: string;
  ipHash: string;
  kind: SessionKind;
  userAgent: string | null;
  /** The token of the session this browser had (rotated: it ends when the new one starts). */
  previousToken: string | null;
}

export type CodeVerificationResult =
  | { ok: true; account: Account; session: Session; token: string; created: boolean; attachedBookings: number }
  | { ok: false; error: "MOBILE_INVALID" }
  /** Wrong code: `triesLeft` more before it locks. */
  | { ok: false; error: "WRONG"; triesLeft: number }
  /** Too many wrong tries: ask for a new code (after the resend wait). */
  | { ok: false; error: "LOCKED" }
  /** No live code for this number (never sent, used, or run out): ask for a new one. */
  | { ok: false; error: "EXPIRED" };

/** Trades a code for a new session; the first one opens the account and claims the number's guest bookings. */
export async function verifySignInCode(
  deps: SignInDeps & { accounts: AccountRepository; sessions: SessionRepository },
  input: CodeVerification,
): Promise<CodeVerificationResult> {
  const verified = await verifyMobileCode(deps, input);
  if (!verified.ok) return verified;
  const { account, created } = verified;
  const now = deps.clock.now();
  const attachedBookings = await deps.accounts.attachGuestBookings(input.tenantId, account.id, account.mobile);
  if (input.previousToken) {
    const previous = await deps.sessions.findLive(input.tenantId, await hashSessionToken(input.previousToken), now);
    if (previous) await deps.sessions.revoke(previous.session.id, now);
  }
  const token = newSessionToken();
  const session = await deps.sessions.create({
    tenantId: input.tenantId,
    userId: account.id,
    tokenHash: await hashSessionToken(token),
    kind: input.kind,
    userAgent: input.userAgent?.slice(0, 256) ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
  });
  return { ok: true, account, session, token, created, attachedBookings };
}

export type MobileVerificationResult = { ok: true; account: Account; created: boolean } | Extract<CodeVerificationResult, { ok: false }>;

/**
 * Proves a mobile by its sign-in code without signing in (a notify-me alert's number, issue 22):
 * the same code, store, tries and locks as verifySignInCode; the number's account is found or
 * opened, and no session starts.
 */
export async function verifyMobileCode(
  deps: SignInDeps & { accounts: AccountRepository },
  input: Pick<CodeVerification, "tenantId" | "mobile" | "code" | "ipHash">,
): Promise<MobileVerificationResult> {
  const mobile = normalizeMobile(input.mobile);
  if (!mobile) return { ok: false, error: "MOBILE_INVALID" };
  const now = deps.clock.now();
  const outcome = await tryCode(deps.store, input.tenantId, mobile, input.code, now);
  if (outcome.kind !== "ok") {
    await deps.store.recordFailure(input.tenantId, input.ipHash, now);
    if (outcome.kind === "WRONG") return { ok: false, error: "WRONG", triesLeft: outcome.triesLeft };
    return { ok: false, error: outcome.kind };
  }
  const { account, created } = await deps.accounts.findOrCreate({ tenantId: input.tenantId, mobile, now });
  return { ok: true, account, created };
}

type TryOutcome = { kind: "ok" } | { kind: "WRONG"; triesLeft: number } | { kind: "LOCKED" | "EXPIRED" };

/** One try against the stored code, stored guarded; a try that lost a race is tried again on the fresh state. */
async function tryCode(store: SignInStore, tenantId: string, mobile: string, typed: string, now: Date): Promise<TryOutcome> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const challenge: OtpChallenge | null = await store.current(tenantId, mobile);
    if (!challenge) return { kind: "EXPIRED" };
    const result = await verifyCode(challenge, typed, now);
    if (!result.ok && (result.error === "USED" || result.error === "EXPIRED")) return { kind: "EXPIRED" };
    if (!result.ok && result.error === "LOCKED" && result.challenge === challenge) return { kind: "LOCKED" };
    if (!(await store.recordTry(challenge, result.challenge))) continue;
    if (result.ok) return { kind: "ok" };
    if (result.error === "WRONG") return { kind: "WRONG", triesLeft: result.triesLeft };
    return { kind: "LOCKED" };
  }
  // Five lost races in a row can only be a flood of tries at once: refuse this one.
  return { kind: "LOCKED" };
}

/** Resolves a presented session token (cookie or bearer) to its live session and account. */
export async function currentSession(
  deps: { sessions: SessionRepository; clock: Clock },
  tenantId: string,
  token: string,
): Promise<{ session: Session; account: Account } | null> {
  if (!isSessionToken(token)) return null;
  return deps.sessions.findLive(tenantId, await hashSessionToken(token), deps.clock.now());
}
