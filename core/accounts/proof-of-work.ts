/**
 * A self-hosted proof of work (hashcash style), asked after repeated sign-in failures from one IP
 * (issue 9) when the tenant has no reCAPTCHA keys. The server hands out a random seed; the browser
 * searches for a nonce such that SHA-256(seed + ":" + nonce) starts with `difficultyBits` zero
 * bits, which costs it about 2^difficultyBits hashes and the server one hash to check. It makes
 * scripted SMS requests slow and costly without sending anyone's data to a third party.
 *
 * Replay: a solution is good for exactly one request. The server keeps the challenges it issued,
 * verifies against its stored copy (never the browser's), and marks a challenge used atomically
 * when it accepts a solution; a used or unknown id is refused. That bookkeeping is the
 * repository's job (ChallengeRepository), not this module's.
 */

/**
 * About 65,000 hashes on average. `solve` awaits crypto.subtle once per nonce, about 24 µs a hash
 * in Node on a server core (measured), so 16 bits is ~1.5 s there and several seconds on a phone;
 * 18 bits would be ~6 s on the server and too long on a phone. Raise it only with a synchronous
 * SHA-256 in a Web Worker in the browser.
 */
export const DEFAULT_DIFFICULTY_BITS = 16;
/** Time to solve, with room for a slow phone. */
export const DEFAULT_POW_TTL_SECONDS = 300;
/** Bounds on the difficulty: 0 would prove nothing, more than 32 would not finish in a browser. */
export const MIN_DIFFICULTY_BITS = 1;
export const MAX_DIFFICULTY_BITS = 32;
/** A nonce is short text; anything longer is refused before hashing. */
export const MAX_NONCE_LENGTH = 32;

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const NONCE = new RegExp(`^[0-9A-Za-z_-]{1,${MAX_NONCE_LENGTH}}$`);

export interface PowChallenge {
  /** 22 url-safe characters (132 random bits): how the browser names the challenge it solved. */
  id: string;
  /** 32 hex digits (128 random bits). */
  seed: string;
  difficultyBits: number;
  expiresAt: Date;
}

export function newChallenge(input: { now: Date; difficultyBits?: number; ttlSeconds?: number }): PowChallenge {
  const difficultyBits = input.difficultyBits ?? DEFAULT_DIFFICULTY_BITS;
  if (!Number.isInteger(difficultyBits) || difficultyBits < MIN_DIFFICULTY_BITS || difficultyBits > MAX_DIFFICULTY_BITS) {
    throw new RangeError(`difficultyBits must be an integer from ${MIN_DIFFICULTY_BITS} to ${MAX_DIFFICULTY_BITS}`);
  }
  const ttlSeconds = input.ttlSeconds ?? DEFAULT_POW_TTL_SECONDS;
  if (!(ttlSeconds > 0)) throw new RangeError("ttlSeconds must be positive");
  // 64 letters divide 256, so every letter is equally likely.
  const id = Array.from(crypto.getRandomValues(new Uint8Array(22)), (byte) => ID_ALPHABET[byte % 64]).join("");
  const seed = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return { id, seed, difficultyBits, expiresAt: new Date(input.now.getTime() + ttlSeconds * 1000) };
}

/** SHA-256(seed + ":" + nonce). */
export async function powHash(seed: string, nonce: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${seed}:${nonce}`)));
}

/** The number of zero bits a byte string starts with. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Whether `nonce` solves the (server's stored copy of the) challenge before it expires. Replay is checked by the caller. */
export async function verifySolution(challenge: PowChallenge, nonce: string, now: Date): Promise<boolean> {
  if (now.getTime() >= challenge.expiresAt.getTime()) return false;
  if (typeof nonce !== "string" || !NONCE.test(nonce)) return false;
  return leadingZeroBits(await powHash(challenge.seed, nonce)) >= challenge.difficultyBits;
}

/**
 * The first nonce (0, 1, 2… in decimal) that solves the challenge: what the browser script runs,
 * and tests. Gives up after `maxTries` (by default 2^(difficulty + 8), where failing has odds of
 * about e^-256) by throwing, since that can only mean a broken challenge.
 */
export async function solve(
  challenge: Pick<PowChallenge, "seed" | "difficultyBits">,
  options: { maxTries?: number } = {},
): Promise<string> {
  const maxTries = options.maxTries ?? 2 ** Math.min(challenge.difficultyBits + 8, 48);
  for (let nonce = 0; nonce < maxTries; nonce++) {
    const text = String(nonce);
    if (leadingZeroBits(await powHash(challenge.seed, text)) >= challenge.difficultyBits) return text;
  }
  throw new Error(`no solution in ${maxTries} tries`);
}
