import { timingSafeEqual } from "node:crypto";

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === "::1") return true;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps an upstream proxy's request id when it looks like one, so logs join across hops. */
export function acceptRequestId(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : null;
}

// Pages read cookies too (app/ may not import server/): one reader for both, in core.
export { readCookie } from "#core/web/cookies.ts";
