/**
 * Buying a mobile top-up (issue 23 §3, ADR 0029): the order is checked and written with our
 * amount before anyone pays, then paid like a booking: through the tenant's gateway (with part
 * from the wallet when the buyer is signed in), or from the wallet alone. What happens after the
 * bank is the pipeline's (settle-payment.ts) and the top-up's (settle-charge.ts).
 */
import { newHashId } from "../booking/booking.ts";
import type { PaymentDeps } from "../payments/deps.ts";
import { BANK_SESSION_MINUTES, WALLET_GATEWAY, gatewayAmount, toRials, type Payment } from "../payments/payment.ts";
import { releaseWalletPart, walletAvailable } from "../payments/wallet-part.ts";
import { debitWallet } from "../wallet/wallet.ts";
import type { MobileCharge } from "./charge.ts";
import { checkChargeOrder, type ChargeOrder, type ChargeOrderError } from "./order.ts";
import { createChargeSettlement, type ChargeDeps } from "./settle-charge.ts";

export interface ChargeRequest {
  tenantId: string;
  mobile: unknown;
  operator: unknown;
  kind: unknown;
  amount: unknown;
  locale: string;
  /** The signed-in buyer; required to pay any part from the wallet. */
  userId: string | null;
}

export type BuyChargeError =
  | { error: "INVALID"; errors: Partial<Record<keyof ChargeOrder, ChargeOrderError>> }
  | { error: "GATEWAY_UNAVAILABLE" | "WALLET_NOT_ALLOWED" | "WALLET_AMOUNT_INVALID" | "INSUFFICIENT_FUNDS" };

async function openCharge(request: ChargeRequest, order: ChargeOrder, chargeDeps: ChargeDeps, at: Date): Promise<MobileCharge> {
  // The provider is chosen when the order is made: the charge is delivered and inquired by that one.
  const provider = (await chargeDeps.providers.forTenant(request.tenantId)).current;
  return chargeDeps.charges.create({
    tenantId: request.tenantId,
    hashId: newHashId(),
    userId: request.userId,
    ...order,
    provider: provider.name,
    locale: request.locale,
    at,
  });
}

/**
 * Sends the buyer to the bank for a top-up; with `walletAmount`, that part is held from the
 * signed-in buyer's wallet first and the bank is asked for the rest (at least one toman).
 */
export async function startCharge(
  request: ChargeRequest & {
    gateway: string;
    allowedGateways: readonly string[];
    callbackUrl: string;
    description: string;
    walletAmount?: number;
  },
  chargeDeps: ChargeDeps,
  deps: Pick<PaymentDeps, "payments" | "clock" | "gateway" | "ledger">,
): Promise<
  | { ok: true; charge: MobileCharge; payment: Payment; redirect: { method: "GET" | "POST"; url: string; fields?: Record<string, string> } }
  | ({ ok: false } & BuyChargeError)
> {
  const checked = checkChargeOrder(request);
  if (!checked.ok) return { ok: false, error: "INVALID", errors: checked.errors };
  const order = checked.order;
  const gateway =
    request.allowedGateways.includes(request.gateway) && request.gateway !== WALLET_GATEWAY ? deps.gateway(request.gateway) : null;
  if (!gateway) return { ok: false, error: "GATEWAY_UNAVAILABLE" };
  const walletAmount = request.walletAmount ?? 0;
  if (walletAmount !== 0) {
    if (!request.userId) return { ok: false, error: "WALLET_NOT_ALLOWED" };
    if (!Number.isSafeInteger(walletAmount) || walletAmount < 0 || walletAmount >= order.amount)
      return { ok: false, error: "WALLET_AMOUNT_INVALID" };
    if ((await walletAvailable(deps, request.tenantId, request.userId)) < walletAmount) return { ok: false, error: "INSUFFICIENT_FUNDS" };
  }
  const now = deps.clock.now();
  const charge = await openCharge(request, order, chargeDeps, now);
  const payment = await deps.payments.create({
    tenantId: request.tenantId,
    bookingId: null,
    purpose: "charge",
    chargeId: charge.id,
    hashId: newHashId(),
    gateway: gateway.name,
    amount: order.amount,
    // As a booking's: reconciliation verifies before the bank reverses what nobody verified.
    verifyBy: new Date(now.getTime() + (BANK_SESSION_MINUTES + gateway.verifyDeadlineMinutes) * 60_000),
    at: now,
    ...(walletAmount > 0 ? { userId: request.userId, walletAmount } : request.userId ? { userId: request.userId } : {}),
  });
  const fail = async (failure: string) => {
    if (await deps.payments.move(payment.id, ["created"], "failed", deps.clock.now(), { failure }))
      await releaseWalletPart({ ...payment, failure }, deps);
    await chargeDeps.charges.move(charge.id, ["awaiting_payment"], "failed", deps.clock.now(), { failure });
  };
  if (walletAmount > 0 && request.userId) {
    // Held under the key the pipeline's release and capture look for (wallet-part.ts), linked to the payment alone.
    const held = await debitWallet(deps.ledger, {
      tenantId: request.tenantId,
      userId: request.userId,
      amount: walletAmount,
      to: "wallet_holds",
      kind: "wallet_hold",
      idempotencyKey: `hold:${payment.id}`,
      reason: `held for a mobile top-up of ${order.mobile} while the card pays the rest`,
      createdBy: "traveller",
      links: { paymentId: payment.id },
      at: deps.clock.now(),
    });
    if (!held.ok) {
      await fail("INSUFFICIENT_FUNDS");
      return { ok: false, error: "INSUFFICIENT_FUNDS" };
    }
  }
  const requested = await gateway.request({
    orderId: payment.hashId,
    amountRials: toRials(gatewayAmount(payment)),
    callbackUrl: request.callbackUrl,
    description: request.description,
    mobile: order.mobile,
  });
  if (!requested.ok) {
    await fail(requested.error);
    return { ok: false, error: "GATEWAY_UNAVAILABLE" };
  }
  await deps.payments.setToken(payment.id, requested.token, deps.clock.now());
  return { ok: true, charge, payment: { ...payment, token: requested.token, status: "pending" }, redirect: requested.redirect };
}

/**
 * Pays a top-up from the signed-in buyer's wallet alone and delivers it at once: the answer is
 * the charge as it ended (delivered, or refunded when the provider refused).
 */
export async function payChargeFromWallet(
  request: ChargeRequest & { userId: string },
  chargeDeps: ChargeDeps,
  deps: PaymentDeps,
): Promise<{ ok: true; charge: MobileCharge } | ({ ok: false } & BuyChargeError)> {
  const checked = checkChargeOrder(request);
  if (!checked.ok) return { ok: false, error: "INVALID", errors: checked.errors };
  const order = checked.order;
  // Asked first so a refusal leaves nothing behind; the guarded debit decides under the wallet's lock.
  if ((await walletAvailable(deps, request.tenantId, request.userId)) < order.amount) return { ok: false, error: "INSUFFICIENT_FUNDS" };
  const now = deps.clock.now();
  const charge = await openCharge(request, order, chargeDeps, now);
  const payment = await deps.payments.create({
    tenantId: request.tenantId,
    bookingId: null,
    purpose: "charge",
    chargeId: charge.id,
    userId: request.userId,
    hashId: newHashId(),
    gateway: WALLET_GATEWAY,
    amount: order.amount,
    walletAmount: order.amount,
    verifyBy: now,
    at: now,
  });
  // No bank to wait for: straight to verifying, which reconciliation takes up again after a crash.
  await deps.payments.move(payment.id, ["created"], "verifying", now);
  await createChargeSettlement(chargeDeps).walletPayment({ ...payment, status: "verifying" }, deps);
  const ended = (await chargeDeps.charges.findById(request.tenantId, charge.id)) ?? charge;
  if (ended.status === "failed" && ended.failure === "INSUFFICIENT_FUNDS") return { ok: false, error: "INSUFFICIENT_FUNDS" };
  return { ok: true, charge: ended };
}
