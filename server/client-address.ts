import { createHmac } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";

/**
 * A client's address as the server keeps it: one form per client, counted by the network a
 * subscriber holds, and stored only as a keyed hash (client error reports, rate limits, sign-in).
 */

/** The address as one client: IPv4-mapped IPv6 is the IPv4 address, zones and case are dropped. */
export function normalizeAddress(address: string | undefined): string {
  if (!address) return "unknown";
  let value = address.trim().toLowerCase();
  const zone = value.indexOf("%");
  if (zone >= 0) value = value.slice(0, zone);
  if (value.startsWith("::ffff:") && isIPv4(value.slice(7))) return value.slice(7);
  return value;
}

/** The eight groups of a valid IPv6 address, each four hex digits. */
function ipv6Groups(address: string): string[] {
  let text = address;
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split(".").map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  if (rest === undefined) return headGroups.map((group) => group.padStart(4, "0"));
  const tailGroups = rest === "" ? [] : rest.split(":");
  const zeros = Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => "0");
  return [...headGroups, ...zeros, ...tailGroups].map((group) => group.padStart(4, "0"));
}

/**
 * Who a rate limit counts: an IPv4 address, or an IPv6 address's /64 network, since one
 * subscriber usually holds a whole /64 and could otherwise step around the limit.
 */
export function rateLimitSubject(address: string): string {
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}

/** HMAC-SHA256 of an address (or subject) under the server's secret, in hex: never the address itself. */
export function hashClientAddress(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("hex");
}
