/**
 * Topping up a wallet through a card gateway (issue 10). It is a payment like a booking's: our
 * amount is written before the buyer leaves, the bank's callback only names the payment, and the
 * gateway's verify is the proof. The callback and reconciliation are the booking payment's own
 * (settle-payment.ts, reconcile.ts): a verified top-up posts one ledger transaction,
 * gateway_clearing → wallet, under the key `topup:{paymentId}`, so a replayed callback credits once.
 */
import { newHashId } from "../booking/booking.ts";
import type { PaymentDeps, StartPaymentResult } from "./deps.ts";
import { BANK_SESSION_MINUTES, WALLET_GATEWAY, toRials } from "./payment.ts";

/**
 * The smallest top-up, in tomans: below it the bank's fixed fee is a large part of the money,
 * and Shaparak's own floor (1,000 rials) is far below, so this is the shop's choice.
 */
export const MIN_TOP_UP = 10_000;
/**
 * The largest top-up, in tomans: 500,000,000 rials is the common daily limit of an Iranian card
 * at internet gateways, so a larger amount would fail at the bank rather than here.
 */
export const MAX_TOP_UP = 50_000_000;

export type TopUpError = "AMOUNT_INVALID" | "GATEWAY_UNAVAILABLE";

/** A top-up amount the shop accepts: whole tomans within the limits. */
export function checkTopUpAmount(amount: number): "AMOUNT_INVALID" | null {
  return Number.isSafeInteger(amount) && amount >= MIN_TOP_UP && amount <= MAX_TOP_UP ? null : "AMOUNT_INVALID";
}

/** Sends the traveller to the bank to put `amount` tomans into their wallet. */
export async function startTopUp(
  input: {
    tenantId: string;
    userId: string;
    amount: number;
    gateway: string;
    allowedGateways: readonly string[];
    callbackUrl: string;
    description: string;
    mobile?: string;
  },
  deps: Pick<PaymentDeps, "payments" | "clock" | "gateway">,
): Promise<StartPaymentResult | { ok: false; error: TopUpError }> {
  if (checkTopUpAmount(input.amount)) return { ok: false, error: "AMOUNT_INVALID" };
  const gateway = input.allowedGateways.includes(input.gateway) && input.gateway !== WALLET_GATEWAY ? deps.gateway(input.gateway) : null;
  if (!gateway) return { ok: false, error: "GATEWAY_UNAVAILABLE" };
  const now = deps.clock.now();
  // As a booking's: reconciliation must verify before the bank reverses what nobody verified.
  const verifyBy = new Date(now.getTime() + (BANK_SESSION_MINUTES + gateway.verifyDeadlineMinutes) * 60_000);
  const payment = await deps.payments.create({
    tenantId: input.tenantId,
    bookingId: null,
    purpose: "topup",
    userId: input.userId,
    hashId: newHashId(),
    gateway: gateway.name,
    amount: input.amount,
    verifyBy,
    at: now,
  });
  const requested = await gateway.request({
    orderId: payment.hashId,
    amountRials: toRials(payment.amount),
    callbackUrl: input.callbackUrl,
    description: input.description,
    ...(input.mobile ? { mobile: input.mobile } : {}),
  });
  if (!requested.ok) {
    await deps.payments.move(payment.id, ["created"], "failed", deps.clock.now(), { failure: requested.error });
    return { ok: false, error: "GATEWAY_UNAVAILABLE" };
  }
  await deps.payments.setToken(payment.id, requested.token, deps.clock.now());
  return { ok: true, payment: { ...payment, token: requested.token, status: "pending" }, redirect: requested.redirect };
}
