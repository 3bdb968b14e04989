/**
 * The sandbox top-up provider (issue 23 §3): a complete TopupProvider that charges no real line.
 * Everything it answers derives from the order id and the number, so a repeated call answers the
 * same in any process: the reference is an HMAC of the order id, a voucher's PIN and serial too.
 * It remembers the orders it saw (per process) for `inquire`; one it never saw is "unknown", and
 * ordering it again is safe for the same reason.
 *
 * Failures on purpose, so the refund path can be tried by hand and in tests:
 * - a number ending in 0000 is refused for good (`retryable: false`): the money goes back;
 * - a number ending in 0009 makes the provider "unavailable" (`retryable: true`): the job asks again,
 *   and gives the money back after DELIVERY_GIVE_UP_MINUTES.
 */
import { createHmac } from "node:crypto";
import type { Delivered, DeliveryFailed, TopupProvider } from "#core/topup/ports.ts";

export const SANDBOX_TOPUP_PROVIDER = "sandbox";
/** A fixed key: the sandbox's answers are meant to be reproducible, not secret. */
const SANDBOX_KEY = "hamsafar-sandbox-topup";

export const SANDBOX_REFUSED_SUFFIX = "0000";
/** Orders remembered for `inquire`, per process. */
const SANDBOX_MEMORY = 10_000;
export const SANDBOX_UNAVAILABLE_SUFFIX = "0009";

function digest(purpose: string, orderId: string): string {
  return createHmac("sha256", SANDBOX_KEY).update(`${purpose}:${orderId}`).digest("hex");
}

/** Decimal digits from a hex digest: a PIN or serial looks like the operators' (digits only). */
function digits(hex: string, length: number): string {
  let out = "";
  for (let index = 0; out.length < length; index += 2)
    out += String(parseInt(hex.slice(index % hex.length, (index % hex.length) + 2), 16) % 10);
  return out;
}

export function createSandboxTopupProvider(): TopupProvider & { readonly orders: ReadonlyMap<string, Delivered | DeliveryFailed> } {
  const orders = new Map<string, Delivered | DeliveryFailed>();
  const answer = (orderId: string, mobile: string, pin: boolean): Delivered | DeliveryFailed => {
    if (mobile.endsWith(SANDBOX_UNAVAILABLE_SUFFIX)) return { status: "failed", reason: "sandbox: provider unavailable", retryable: true };
    const known = orders.get(orderId);
    if (known) return known;
    const result: Delivered | DeliveryFailed = mobile.endsWith(SANDBOX_REFUSED_SUFFIX)
      ? { status: "failed", reason: "sandbox: the operator refused this number", retryable: false }
      : {
          status: "delivered",
          reference: `SBX-${digest("ref", orderId).slice(0, 12).toUpperCase()}`,
          ...(pin ? { pin: digits(digest("pin", orderId), 16), serial: digits(digest("serial", orderId), 12) } : {}),
        };
    orders.set(orderId, result);
    // A long-running sandbox forgets its oldest orders; ordering one again answers the same anyway.
    if (orders.size > SANDBOX_MEMORY) orders.delete(orders.keys().next().value!);
    return result;
  };
  return {
    name: SANDBOX_TOPUP_PROVIDER,
    orders,
    topUp: ({ orderId, mobile }) => Promise.resolve(answer(orderId, mobile, false)),
    buyPin: ({ orderId, mobile }) => Promise.resolve(answer(orderId, mobile, true)),
    inquire: (orderId) => Promise.resolve(orders.get(orderId) ?? { status: "unknown" as const }),
  };
}
