import { describe, expect, it } from "vitest";
import {
  DEFAULT_DIFFICULTY_BITS,
  DEFAULT_POW_TTL_SECONDS,
  leadingZeroBits,
  newChallenge,
  powHash,
  solve,
  verifySolution,
  type PowChallenge,
} from "./proof-of-work.ts";

const now = new Date("2026-11-22T10:00:00Z");
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe("newChallenge", () => {
  it("gives a random id and seed, the difficulty and an expiry", () => {
    const a = newChallenge({ now });
    const b = newChallenge({ now });
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.seed).not.toBe(b.seed);
    expect(a.difficultyBits).toBe(DEFAULT_DIFFICULTY_BITS);
    expect(a.expiresAt).toEqual(later(DEFAULT_POW_TTL_SECONDS));
    expect(newChallenge({ now, difficultyBits: 8, ttlSeconds: 60 })).toMatchObject({ difficultyBits: 8, expiresAt: later(60) });
  });

  it("refuses a difficulty that proves nothing or never ends", () => {
    expect(() => newChallenge({ now, difficultyBits: 0 })).toThrow(RangeError);
    expect(() => newChallenge({ now, difficultyBits: 33 })).toThrow(RangeError);
    expect(() => newChallenge({ now, difficultyBits: 8.5 })).toThrow(RangeError);
    expect(() => newChallenge({ now, ttlSeconds: 0 })).toThrow(RangeError);
  });
});

describe("leadingZeroBits", () => {
  it("counts zero bits across bytes", () => {
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00, 0x3f]))).toBe(18);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00]))).toBe(16);
  });
});

describe("solve and verifySolution", () => {
  const challenge: PowChallenge = {
    ...newChallenge({ now, difficultyBits: 8, ttlSeconds: 120 }),
    seed: "00112233445566778899aabbccddeeff",
  };

  it("finds the first nonce with enough zero bits, and the server accepts it", async () => {
    const nonce = await solve(challenge);
    expect(nonce).toMatch(/^\d+$/);
    expect(leadingZeroBits(await powHash(challenge.seed, nonce))).toBeGreaterThanOrEqual(8);
    for (let earlier = 0; earlier < Number(nonce); earlier++) {
      expect(await verifySolution(challenge, String(earlier), later(1))).toBe(false);
    }
    expect(await verifySolution(challenge, nonce, later(1))).toBe(true);
  });

  it("hashes the seed and nonce with a colon between them", async () => {
    const nonce = await solve(challenge);
    const expected = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${challenge.seed}:${nonce}`)));
    expect(await powHash(challenge.seed, nonce)).toEqual(expected);
  });

  it("refuses a nonce that does not solve it, and odd nonces", async () => {
    const nonce = await solve(challenge);
    let wrong = Number(nonce) + 1;
    while (leadingZeroBits(await powHash(challenge.seed, String(wrong))) >= 8) wrong++;
    expect(await verifySolution(challenge, String(wrong), later(1))).toBe(false);
    expect(await verifySolution(challenge, "", later(1))).toBe(false);
    expect(await verifySolution(challenge, `${nonce} `, later(1))).toBe(false);
    expect(await verifySolution(challenge, "1".repeat(33), later(1))).toBe(false);
  });

  it("refuses a solution for another seed", async () => {
    const nonce = await solve(challenge);
    // Another seed whose hash with this nonce has fewer than 8 zero bits.
    let other = 0;
    while (leadingZeroBits(await powHash(`seed${other}`, nonce)) >= 8) other++;
    expect(await verifySolution({ ...challenge, seed: `seed${other}` }, nonce, later(1))).toBe(false);
  });

  it("refuses a solution once the challenge has expired", async () => {
    const nonce = await solve(challenge);
    expect(await verifySolution(challenge, nonce, later(119))).toBe(true);
    expect(await verifySolution(challenge, nonce, later(120))).toBe(false);
  });

  it("honours the difficulty: a solution with z zero bits passes z and fails z + 1", async () => {
    const nonce = await solve(challenge);
    const zeros = leadingZeroBits(await powHash(challenge.seed, nonce));
    expect(await verifySolution({ ...challenge, difficultyBits: zeros }, nonce, later(1))).toBe(true);
    expect(await verifySolution({ ...challenge, difficultyBits: zeros + 1 }, nonce, later(1))).toBe(false);
  });

  it("solves a harder challenge with more zero bits", async () => {
    const harder = { seed: challenge.seed, difficultyBits: 12 };
    const nonce = await solve(harder);
    expect(leadingZeroBits(await powHash(harder.seed, nonce))).toBeGreaterThanOrEqual(12);
  });

  it("gives up after maxTries instead of looping for ever", async () => {
    await expect(solve({ seed: challenge.seed, difficultyBits: 32 }, { maxTries: 10 })).rejects.toThrow(/no solution/);
  });
});
