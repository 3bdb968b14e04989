import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CODE_TTL_SECONDS,
  DEFAULT_DAILY_SMS_BUDGET,
  IP_LIMIT,
  MAX_WRONG_TRIES,
  NUMBER_LIMIT,
  RESEND_AFTER_SECONDS,
  codesEqual,
  createOtp,
  decideSend,
  hashCode,
  newCode,
  newSalt,
  proofOfWorkRequired,
  tehranDayStart,
  verifyCode,
  type OtpChallenge,
  type SendInput,
} from "./otp.ts";

const now = new Date("2026-11-22T10:00:00Z");
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const MOBILE = "09121234567";

function persian(code: string): string {
  return code.replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)));
}
function arabicIndic(code: string): string {
  return code.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
}
/** A six-digit code that is not `code`. */
function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("newCode", () => {
  it("gives six digits, leading zeros kept, each position roughly uniform over 10,000 codes", () => {
    const counts = Array.from({ length: 6 }, () => new Array<number>(10).fill(0));
    const codes = Array.from({ length: 10_000 }, () => newCode());
    for (const code of codes) {
      expect(code).toMatch(/^\d{6}$/);
      [...code].forEach((digit, position) => counts[position]![Number(digit)]!++);
    }
    expect(codes.some((code) => code.startsWith("0"))).toBe(true);
    // Chi-square with 9 degrees of freedom; 50 is beyond p = 1e-6, so the test does not flake,
    // while a stuck or badly biased digit scores in the hundreds or thousands.
    for (const position of counts) {
      const chiSquare = position.reduce((sum, observed) => sum + (observed - 1000) ** 2 / 1000, 0);
      expect(chiSquare).toBeLessThan(50);
    }
    expect(new Set(codes).size).toBeGreaterThan(9_900);
  });

  it("draws again instead of folding the top of the 32-bit range onto small codes", () => {
    const draws = [0xffffffff, 4_294_000_000, 4_293_999_999];
    vi.spyOn(crypto, "getRandomValues").mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      (array as unknown as Uint32Array)[0] = draws.shift()!;
      return array;
    });
    // 4,293,999,999 is the last value kept: it ends in 999,999.
    expect(newCode()).toBe("999999");
    expect(draws).toEqual([]);
  });
});

describe("hashCode and codesEqual", () => {
  it("hashes salt and code with SHA-256, never leaving the code in clear", async () => {
    const hash = await hashCode("012345", "ab");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("012345");
    const expected = Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode("ab012345"))).toString("hex");
    expect(hash).toBe(expected);
  });

  it("gives different hashes for another salt or another code", async () => {
    const salt = newSalt();
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    expect(newSalt()).not.toBe(salt);
    const hash = await hashCode("123456", salt);
    expect(await hashCode("123456", salt)).toBe(hash);
    expect(await hashCode("123457", salt)).not.toBe(hash);
    expect(await hashCode("123456", newSalt())).not.toBe(hash);
  });

  it("compares hashes exactly", async () => {
    const a = await hashCode("123456", "s");
    const b = await hashCode("123457", "s");
    expect(codesEqual(a, a.slice())).toBe(true);
    expect(codesEqual(a, b)).toBe(false);
    expect(codesEqual(a, a.slice(0, -1) + (a.endsWith("0") ? "1" : "0"))).toBe(false);
    expect(codesEqual(a, a.slice(0, 63))).toBe(false);
    expect(codesEqual("", "")).toBe(true);
  });
});

describe("createOtp", () => {
  it("stores a hash of the code with three minutes of life", async () => {
    const { code, challenge } = await createOtp({ mobile: MOBILE, tenantId: "t1", now });
    expect(code).toMatch(/^\d{6}$/);
    expect(challenge).toMatchObject({ mobile: MOBILE, tenantId: "t1", createdAt: now, lastSentAt: now, wrongTries: 0, usedAt: null });
    expect(challenge.expiresAt).toEqual(later(CODE_TTL_SECONDS));
    expect(CODE_TTL_SECONDS).toBeGreaterThanOrEqual(120);
    expect(CODE_TTL_SECONDS).toBeLessThanOrEqual(300);
    expect(challenge.codeHash).toBe(await hashCode(code, challenge.salt));
    expect(JSON.stringify(challenge)).not.toContain(code);
  });

  it("refuses a mobile that was not normalised", async () => {
    await expect(createOtp({ mobile: "+989121234567", tenantId: "t1", now })).rejects.toThrow(/normalised/);
  });
});

describe("decideSend", () => {
  const base: SendInput = {
    existing: null,
    now,
    sentForNumberInWindow: 0,
    sentForIpInWindow: 0,
    sentForTenantToday: 0,
    budget: DEFAULT_DAILY_SMS_BUDGET,
    proofRequired: false,
    proofOk: false,
  };
  async function sentAt(at: Date): Promise<OtpChallenge> {
    return (await createOtp({ mobile: MOBILE, tenantId: "t1", now: at })).challenge;
  }

  it("sends a first code", () => {
    expect(decideSend(base)).toEqual({ kind: "send", reuse: false });
  });

  it("makes a resend wait until 60 seconds after the last one", async () => {
    const existing = await sentAt(now);
    expect(decideSend({ ...base, existing, now: later(1) })).toEqual({ kind: "wait", retryAfterSeconds: 59 });
    expect(decideSend({ ...base, existing, now: new Date(now.getTime() + 59_500) })).toEqual({ kind: "wait", retryAfterSeconds: 1 });
    expect(decideSend({ ...base, existing, now: later(RESEND_AFTER_SECONDS) })).toEqual({ kind: "send", reuse: false });
  });

  it("waits on a used or locked code too: the spacing is about SMS, not about the code", async () => {
    const existing = { ...(await sentAt(now)), usedAt: later(10) };
    expect(decideSend({ ...base, existing, now: later(20) })).toEqual({ kind: "wait", retryAfterSeconds: 40 });
  });

  it("limits codes per number, until the oldest one leaves the window", () => {
    expect(decideSend({ ...base, sentForNumberInWindow: NUMBER_LIMIT - 1 }).kind).toBe("send");
    expect(decideSend({ ...base, sentForNumberInWindow: NUMBER_LIMIT, oldestForNumberInWindow: later(-3000) })).toEqual({
      kind: "limited",
      limit: "number",
      retryAfterSeconds: 600,
    });
    expect(decideSend({ ...base, sentForNumberInWindow: NUMBER_LIMIT })).toEqual({
      kind: "limited",
      limit: "number",
      retryAfterSeconds: 3600,
    });
  });

  it("limits codes per IP", () => {
    expect(decideSend({ ...base, sentForIpInWindow: IP_LIMIT - 1 }).kind).toBe("send");
    expect(decideSend({ ...base, sentForIpInWindow: IP_LIMIT, oldestForIpInWindow: later(-3599) })).toEqual({
      kind: "limited",
      limit: "ip",
      retryAfterSeconds: 1,
    });
  });

  it("stops at the tenant's daily SMS budget until midnight in Tehran", () => {
    // 10:00 UTC is 13:30 in Tehran: 10 h 30 min to midnight.
    expect(decideSend({ ...base, sentForTenantToday: 99, budget: 100 }).kind).toBe("send");
    expect(decideSend({ ...base, sentForTenantToday: 100, budget: 100 })).toEqual({
      kind: "limited",
      limit: "tenant",
      retryAfterSeconds: 10.5 * 3600,
    });
    expect(decideSend({ ...base, sentForTenantToday: 0, budget: 0 }).kind).toBe("limited");
  });

  it("asks for a proof when one is required, and sends once it came", () => {
    expect(decideSend({ ...base, proofRequired: true, proofOk: false })).toEqual({ kind: "proof_required" });
    expect(decideSend({ ...base, proofRequired: true, proofOk: true })).toEqual({ kind: "send", reuse: false });
  });

  it("does not ask for a proof that a limit would refuse anyway", () => {
    expect(decideSend({ ...base, proofRequired: true, sentForNumberInWindow: NUMBER_LIMIT }).kind).toBe("limited");
  });
});

describe("tehranDayStart", () => {
  it("is 20:30 UTC of the day before", () => {
    expect(tehranDayStart(now)).toEqual(new Date("2026-11-21T20:30:00Z"));
    expect(tehranDayStart(new Date("2026-11-21T20:30:00Z"))).toEqual(new Date("2026-11-21T20:30:00Z"));
    expect(tehranDayStart(new Date("2026-11-21T20:29:59Z"))).toEqual(new Date("2026-11-20T20:30:00Z"));
  });
});

describe("verifyCode", () => {
  async function issued() {
    return createOtp({ mobile: MOBILE, tenantId: "t1", now });
  }

  it("accepts the right code once and marks it used", async () => {
    const { code, challenge } = await issued();
    const result = await verifyCode(challenge, code, later(30));
    expect(result).toEqual({ ok: true, challenge: { ...challenge, usedAt: later(30) } });
    const again = await verifyCode(result.challenge, code, later(31));
    expect(again).toEqual({ ok: false, error: "USED", challenge: result.challenge });
  });

  it("counts a wrong code and tells the tries left", async () => {
    const { code, challenge } = await issued();
    const result = await verifyCode(challenge, otherCode(code), later(5));
    expect(result).toEqual({ ok: false, error: "WRONG", triesLeft: MAX_WRONG_TRIES - 1, challenge: { ...challenge, wrongTries: 1 } });
  });

  it("locks on the fifth wrong code and then refuses even the right one", async () => {
    const { code, challenge } = await issued();
    let state = challenge;
    for (let i = 1; i < MAX_WRONG_TRIES; i++) {
      const result = await verifyCode(state, otherCode(code), later(i));
      expect(result).toMatchObject({ ok: false, error: "WRONG", triesLeft: MAX_WRONG_TRIES - i });
      state = result.challenge;
    }
    const fifth = await verifyCode(state, otherCode(code), later(10));
    expect(fifth).toMatchObject({ ok: false, error: "LOCKED" });
    expect(fifth.challenge.wrongTries).toBe(MAX_WRONG_TRIES);
    const right = await verifyCode(fifth.challenge, code, later(11));
    expect(right).toEqual({ ok: false, error: "LOCKED", challenge: fifth.challenge });
  });

  it("still accepts the right code after four wrong ones", async () => {
    const { code, challenge } = await issued();
    const result = await verifyCode({ ...challenge, wrongTries: MAX_WRONG_TRIES - 1 }, code, later(5));
    expect(result.ok).toBe(true);
  });

  it("refuses an expired code without counting a try", async () => {
    const { code, challenge } = await issued();
    expect((await verifyCode(challenge, code, later(CODE_TTL_SECONDS - 1))).ok).toBe(true);
    const expired = await verifyCode(challenge, code, later(CODE_TTL_SECONDS));
    expect(expired).toEqual({ ok: false, error: "EXPIRED", challenge });
    expect((await verifyCode(challenge, otherCode(code), later(CODE_TTL_SECONDS + 60))).challenge.wrongTries).toBe(0);
  });

  it("reads Persian and Arabic-Indic digits and ignores spaces around and inside", async () => {
    const { code, challenge } = await issued();
    expect((await verifyCode(challenge, ` ${persian(code)} `, later(5))).ok).toBe(true);
    expect((await verifyCode(challenge, arabicIndic(code), later(5))).ok).toBe(true);
    expect((await verifyCode(challenge, `${code.slice(0, 3)} ${persian(code.slice(3))}\n`, later(5))).ok).toBe(true);
  });

  it("counts a malformed code as a wrong try", async () => {
    const { code, challenge } = await issued();
    for (const typed of ["", code.slice(0, 5), `${code}0`, `${code.slice(0, 5)}x`]) {
      expect(await verifyCode(challenge, typed, later(5))).toMatchObject({ ok: false, error: "WRONG", challenge: { wrongTries: 1 } });
    }
  });
});

describe("proofOfWorkRequired", () => {
  it("asks for a proof from the third recent failure", () => {
    expect(proofOfWorkRequired(0)).toBe(false);
    expect(proofOfWorkRequired(2)).toBe(false);
    expect(proofOfWorkRequired(3)).toBe(true);
    expect(proofOfWorkRequired(50)).toBe(true);
  });
});
