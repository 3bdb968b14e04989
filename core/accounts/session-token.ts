/**
 * Session tokens (issue 9; ARCHITECTURE.md §9): 256 random bits, url-safe, in the browser's
 * HttpOnly cookie or an app's `Authorization: Bearer` header. The database keeps only their
 * SHA-256, so reading the sessions table opens no session.
 */

/** Thirty days: a traveller who books a few times a year stays signed in between trips on their own phone. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES))).toString("base64url");
}

/** Whether a presented value can be a token at all: anything else is refused before hashing or a query. */
export function isSessionToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export async function hashSessionToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Buffer.from(digest).toString("hex");
}
