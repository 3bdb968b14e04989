import type { Payment } from "../payments/payment.ts";
import type { ChargeState, MobileCharge } from "./charge.ts";
import type { ChargeKind, Operator } from "./operators.ts";

/** What a provider handed over: a direct top-up's reference, or a voucher's PIN and serial too. */
export interface Delivered {
  status: "delivered";
  reference: string;
  pin?: string;
  serial?: string;
}

/** Not delivered: `retryable` when asking again may succeed (the provider was down), false when it refused for good. */
export interface DeliveryFailed {
  status: "failed";
  reason: string;
  retryable: boolean;
}

/**
 * A top-up and PIN aggregator. `orderId` is the provider's own idempotency key: a call repeated
 * with the same order id (after a timeout, a crash, a second worker) never charges twice; it
 * answers what the first call did.
 */
export interface TopupProvider {
  /** "sandbox", "chargereseller"…: stored with each charge, so it is delivered and inquired by the same provider. */
  readonly name: string;
  topUp(input: { orderId: string; mobile: string; operator: Operator; amount: number }): Promise<Delivered | DeliveryFailed>;
  /** A voucher; `mobile` is where the provider may also text it (the real APIs take it). */
  buyPin(input: { orderId: string; operator: Operator; amount: number; mobile: string }): Promise<Delivered | DeliveryFailed>;
  /** What became of an order: delivered, failed, or unknown (never received, or still being processed). */
  inquire(orderId: string): Promise<Delivered | DeliveryFailed | { status: "unknown" }>;
}

/** The providers a tenant's charges may go through: the one new orders use, and any by name for old ones. */
export interface TopupProviders {
  forTenant(tenantId: string): Promise<{ current: TopupProvider; byName(name: string): TopupProvider | null }>;
}

/** Mobile top-ups (issue 23 §3). Every change is guarded by the state it expects. */
export interface MobileChargeRepository {
  create(input: {
    tenantId: string;
    hashId: string;
    userId: string | null;
    mobile: string;
    operator: Operator;
    kind: ChargeKind;
    amount: number;
    provider: string;
    locale: string;
    at: Date;
  }): Promise<MobileCharge>;
  findByHashId(tenantId: string, hashId: string): Promise<MobileCharge | null>;
  findById(tenantId: string, id: string): Promise<MobileCharge | null>;
  /** Moves a charge from one of `from` to `to`; false when it was in none of them. */
  move(
    chargeId: string,
    from: readonly ChargeState[],
    to: ChargeState,
    at: Date,
    details?: { failure?: string; providerReference?: string; pin?: string; pinSerial?: string; deliveredAt?: Date },
  ): Promise<boolean>;
  /** The payment opened for a charge (there is one per charge). */
  paymentOf(chargeId: string): Promise<Payment | null>;
  /** Paid charges not delivered nor refunded, last touched before `before`: a crash or a provider that did not answer. */
  paidUndelivered(before: Date, limit: number): Promise<MobileCharge[]>;
}
