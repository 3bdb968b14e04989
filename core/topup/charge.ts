/**
 * A mobile top-up order (issue 23 §3, ADR 0029): bought like a booking, on the payment pipeline
 * (a payment with purpose "charge"), but with no travellers and no supplier hold, so it is its
 * own small record. It moves only forward, by guarded updates:
 *
 *   awaiting_payment → paid → delivered
 *                    ↘ failed (never paid)   paid → refunded (not delivered; money returned once)
 */
import type { ChargeKind, Operator } from "./operators.ts";

export const CHARGE_STATES = ["awaiting_payment", "paid", "delivered", "failed", "refunded"] as const;
export type ChargeState = (typeof CHARGE_STATES)[number];

export function isChargeState(value: unknown): value is ChargeState {
  return typeof value === "string" && (CHARGE_STATES as readonly string[]).includes(value);
}

export interface MobileCharge {
  id: string;
  tenantId: string;
  /** Unguessable: the key of its result page and the provider's order id. */
  hashId: string;
  /** The signed-in buyer, when there was one (a wallet payment needs one). */
  userId: string | null;
  mobile: string;
  operator: Operator;
  kind: ChargeKind;
  /** Integer tomans, one of the operator's amounts. */
  amount: number;
  /** The provider that delivers it, chosen when it was ordered: inquiries go back to the same one. */
  provider: string;
  providerReference: string | null;
  pin: string | null;
  pinSerial: string | null;
  status: ChargeState;
  failure: string | null;
  locale: string;
  deliveredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
