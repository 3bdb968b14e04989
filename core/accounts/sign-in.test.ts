import { beforeEach, describe, expect, it } from "vitest";
import type { SmsSender } from "../ports.ts";
import type { AccountRepository, SessionRepository, SignInStore } from "./ports.ts";
import { EMPTY_PROFILE, type Account, type Session } from "./account.ts";
import { MAX_WRONG_TRIES, PROOF_AFTER_FAILURES, type OtpChallenge } from "./otp.ts";
import { solve, type PowChallenge } from "./proof-of-work.ts";
import { requestSignInCode, verifySignInCode, currentSession, type CodeRequest } from "./sign-in.ts";
import { hashSessionToken } from "./session-token.ts";

/** The store's contract in memory: the same guards as the database adapter, without a database. */
function memoryStore() {
  const challenges = new Map<string, OtpChallenge>();
  const sends: { tenantId: string; mobile: string; ipHash: string; at: Date }[] = [];
  const failures: { ipHash: string; at: Date }[] = [];
  const pows = new Map<string, PowChallenge & { usedAt: Date | null }>();
  const key = (tenantId: string, mobile: string) => `${tenantId}:${mobile}`;
  const store: SignInStore = {
    async current(tenantId, mobile) {
      return challenges.get(key(tenantId, mobile)) ?? null;
    },
    async counts({ tenantId, mobile, ipHash, now, numberWindowSeconds, ipWindowSeconds, failureWindowSeconds, tenantDayStart }) {
      const since = (seconds: number) => now.getTime() - seconds * 1000;
      const forNumber = sends.filter(
        (send) => send.tenantId === tenantId && send.mobile === mobile && send.at.getTime() > since(numberWindowSeconds),
      );
      const forIp = sends.filter((send) => send.ipHash === ipHash && send.at.getTime() > since(ipWindowSeconds));
      return {
        forNumber: forNumber.length,
        oldestForNumber: forNumber[0]?.at ?? null,
        forIp: forIp.length,
        oldestForIp: forIp[0]?.at ?? null,
        forTenantToday: sends.filter((send) => send.tenantId === tenantId && send.at >= tenantDayStart).length,
        failuresForIp: failures.filter((failure) => failure.ipHash === ipHash && failure.at.getTime() > since(failureWindowSeconds)).length,
      };
    },
    async recordSend(challenge, previous, ipHash) {
      const stored = challenges.get(key(challenge.tenantId, challenge.mobile)) ?? null;
      if ((stored?.lastSentAt.getTime() ?? null) !== (previous?.lastSentAt.getTime() ?? null)) return false;
      challenges.set(key(challenge.tenantId, challenge.mobile), challenge);
      sends.push({ tenantId: challenge.tenantId, mobile: challenge.mobile, ipHash, at: challenge.lastSentAt });
      return true;
    },
    async recordTry(previous, next) {
      const stored = challenges.get(key(previous.tenantId, previous.mobile));
      if (
        !stored ||
        stored.codeHash !== previous.codeHash ||
        stored.wrongTries !== previous.wrongTries ||
        stored.usedAt !== previous.usedAt
      )
        return false;
      challenges.set(key(next.tenantId, next.mobile), next);
      return true;
    },
    async recordFailure(_tenantId, ipHash, at) {
      failures.push({ ipHash, at });
    },
    async issueChallenge(_tenantId, challenge) {
      pows.set(challenge.id, { ...challenge, usedAt: null });
    },
    async findChallenge(_tenantId, id) {
      return pows.get(id) ?? null;
    },
    async consumeChallenge(_tenantId, id, at) {
      const pow = pows.get(id);
      if (!pow || pow.usedAt) return false;
      pow.usedAt = at;
      return true;
    },
  };
  return { store, challenges };
}

function memoryAccounts() {
  const accounts: Account[] = [];
  const sessions: (Session & { tokenHash: string; revokedAt: Date | null })[] = [];
  const repository: AccountRepository = {
    async findOrCreate({ tenantId, mobile, now }) {
      const found = accounts.find((account) => account.tenantId === tenantId && account.mobile === mobile);
      if (found) return { account: found, created: false };
      const account: Account = {
        id: `u${accounts.length + 1}`,
        tenantId,
        publicId: `p${accounts.length + 1}`,
        mobile,
        profile: EMPTY_PROFILE,
        createdAt: now,
      };
      accounts.push(account);
      return { account, created: true };
    },
    findById: async (_tenantId, id) => accounts.find((account) => account.id === id) ?? null,
    updateProfile: async () => null,
    attachGuestBookings: async () => 2,
    savedPassengers: async () => [],
    savePassenger: async () => {
      throw new Error("not used");
    },
    deletePassenger: async () => false,
  };
  const sessionRepository: SessionRepository = {
    async create(input) {
      const session = {
        id: `s${sessions.length + 1}`,
        tenantId: input.tenantId,
        userId: input.userId,
        kind: input.kind,
        createdAt: input.createdAt,
        expiresAt: input.expiresAt,
        tokenHash: input.tokenHash,
        revokedAt: null,
      };
      sessions.push(session);
      return session;
    },
    async findLive(tenantId, tokenHash, now) {
      const session = sessions.find(
        (candidate) =>
          candidate.tenantId === tenantId && candidate.tokenHash === tokenHash && !candidate.revokedAt && candidate.expiresAt > now,
      );
      const account = session && accounts.find((candidate) => candidate.id === session.userId);
      return session && account ? { session, account } : null;
    },
    async revoke(id, now) {
      const session = sessions.find((candidate) => candidate.id === id);
      if (session) session.revokedAt = now;
    },
    async revokeAll() {
      return 0;
    },
  };
  return { repository, sessionRepository, accounts };
}

describe("signing in by SMS code", () => {
  let now: Date;
  const clock = { now: () => now };
  let sent: { mobile: string; text: string }[];
  const sms: SmsSender = {
    name: "memory",
    async send(input) {
      sent.push(input);
      return { ok: true, messageId: String(sent.length) };
    },
  };
  let store: ReturnType<typeof memoryStore>;
  let people: ReturnType<typeof memoryAccounts>;

  const ask = (overrides: Partial<CodeRequest> = {}) =>
    requestSignInCode(
      { store: store.store, clock, sms },
      {
        tenantId: "t1",
        mobile: "۰۹۱۲۳۴۵۶۷۸۹",
        ipHash: "ip1",
        dailyBudget: 100,
        proof: null,
        recaptcha: false,
        message: (code) => `code ${code}`,
        ...overrides,
      },
    );
  const lastCode = () => /code (\d{6})/.exec(sent.at(-1)?.text ?? "")?.[1] ?? "";
  const verify = (code: string, previousToken: string | null = null) =>
    verifySignInCode(
      { store: store.store, clock, accounts: people.repository, sessions: people.sessionRepository },
      { tenantId: "t1", mobile: "+989123456789", code, ipHash: "ip1", kind: "web", userAgent: "test", previousToken },
    );

  beforeEach(() => {
    now = new Date("2026-11-22T10:00:00Z");
    sent = [];
    store = memoryStore();
    people = memoryAccounts();
  });

  it("normalises the number, sends a code and trades it once for a session", async () => {
    expect(await ask()).toEqual({ ok: true, mobile: "09123456789", resendAfterSeconds: 60 });
    expect(sent[0]?.mobile).toBe("09123456789");
    const result = await verify(lastCode());
    if (!result.ok) throw new Error(`refused: ${result.error}`);
    expect(result.created).toBe(true);
    expect(result.attachedBookings).toBe(2);
    expect(await currentSession({ sessions: people.sessionRepository, clock }, "t1", result.token)).not.toBeNull();
    expect(await verify(lastCode())).toEqual({ ok: false, error: "EXPIRED" });
  });

  it("refuses an invalid number without sending", async () => {
    expect(await ask({ mobile: "12345" })).toEqual({ ok: false, error: "MOBILE_INVALID" });
    expect(sent).toHaveLength(0);
  });

  it("locks the code at the fifth wrong try, after which the right code fails too", async () => {
    await ask();
    const right = lastCode();
    const wrong = right === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt < MAX_WRONG_TRIES; attempt++)
      expect(await verify(wrong)).toEqual({ ok: false, error: "WRONG", triesLeft: MAX_WRONG_TRIES - attempt });
    expect(await verify(wrong)).toEqual({ ok: false, error: "LOCKED" });
    expect(await verify(right)).toEqual({ ok: false, error: "LOCKED" });
  });

  it("refuses a code after its three minutes", async () => {
    await ask();
    now = new Date(now.getTime() + 181_000);
    expect(await verify(lastCode())).toEqual({ ok: false, error: "EXPIRED" });
  });

  it("makes the traveller wait a minute between codes, then sends a new one that replaces the old", async () => {
    await ask();
    const first = lastCode();
    now = new Date(now.getTime() + 30_000);
    expect(await ask()).toMatchObject({ ok: false, error: "WAIT", retryAfterSeconds: 30 });
    now = new Date(now.getTime() + 30_000);
    expect(await ask()).toMatchObject({ ok: true });
    expect(sent).toHaveLength(2);
    if (first !== lastCode()) expect(await verify(first)).toMatchObject({ ok: false, error: "WRONG" });
  });

  it("stops at the tenant's daily budget", async () => {
    expect(await ask({ dailyBudget: 1 })).toMatchObject({ ok: true });
    expect(await ask({ dailyBudget: 1, mobile: "09350000000" })).toMatchObject({ ok: false, error: "LIMITED", limit: "tenant" });
    expect(sent).toHaveLength(1);
  });

  it("asks for a proof of work after repeated failures and accepts a solved one only once", async () => {
    for (let failure = 0; failure < PROOF_AFTER_FAILURES; failure++) await verify("123456");
    const asked = await ask();
    if (asked.ok || asked.error !== "PROOF_REQUIRED" || !asked.challenge)
      throw new Error(`expected a proof step, got ${JSON.stringify(asked)}`);
    expect(sent).toHaveLength(0);
    const challenge = { ...asked.challenge, difficultyBits: 4 };
    await store.store.issueChallenge("t1", challenge);
    const nonce = await solve(challenge);
    expect(await ask({ proof: { kind: "pow", challengeId: challenge.id, nonce } })).toMatchObject({ ok: true });
    now = new Date(now.getTime() + 61_000);
    expect(await ask({ proof: { kind: "pow", challengeId: challenge.id, nonce } })).toMatchObject({ ok: false, error: "PROOF_REQUIRED" });
  });

  it("ends the browser's previous session when it signs in again (rotation)", async () => {
    await ask();
    const first = await verify(lastCode());
    if (!first.ok) throw new Error("first sign-in refused");
    now = new Date(now.getTime() + 61_000);
    await ask();
    const second = await verify(lastCode(), first.token);
    if (!second.ok) throw new Error("second sign-in refused");
    expect(second.token).not.toBe(first.token);
    expect(second.created).toBe(false);
    expect(await people.sessionRepository.findLive("t1", await hashSessionToken(first.token), now)).toBeNull();
    expect(await people.sessionRepository.findLive("t1", await hashSessionToken(second.token), now)).not.toBeNull();
  });

  it("does not resolve a malformed token", async () => {
    expect(await currentSession({ sessions: people.sessionRepository, clock }, "t1", "not a token")).toBeNull();
  });
});
