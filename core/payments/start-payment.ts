import { newHashId, type Booking } from "../booking/booking.ts";
import { isPayable } from "../booking/booking-state.ts";
import { holdOf, supplierOf } from "../suppliers/registry.ts";
import { minutes, moveBooking, reopenBooking, type PaymentDeps, type StartPaymentResult } from "./deps.ts";
import { BANK_SESSION_MINUTES, WALLET_GATEWAY, gatewayAmount, toRials } from "./payment.ts";
import { holdWalletPart, releaseWalletPart, walletAvailable } from "./wallet-part.ts";

/**
 * Stretches every item's hold to `until` at the supplier that made it. False when one cannot be:
 * its hold is lost, or this deployment has no such supplier any more.
 */
export async function extendItemHolds(
  booking: Pick<Booking, "items" | "holdExpiresAt">,
  until: Date,
  deps: Pick<PaymentDeps, "suppliers">,
): Promise<boolean> {
  for (const item of booking.items) {
    const supplier = supplierOf(deps.suppliers, item);
    if (!supplier) return false;
    const extended = await supplier.extend(holdOf(item, booking.holdExpiresAt), until);
    if (!extended.ok) return false;
  }
  return true;
}

/**
 * Sends the buyer to the bank: the hold is stretched to cover the bank's page and its verify
 * deadline, the booking goes to the bank, and a payment with our amount is opened.
 */
export async function startPayment(
  input: {
    tenantId: string;
    bookingHashId: string;
    gateway: string;
    allowedGateways: readonly string[];
    callbackUrl: string;
    description: string;
    /** Issue 10: this part of the total is held from `userId`'s wallet, and the bank is asked for the rest. */
    wallet?: { userId: string; amount: number };
  },
  deps: PaymentDeps,
): Promise<StartPaymentResult> {
  const now = deps.clock.now();
  const booking = await deps.bookings.findByHashId(input.tenantId, input.bookingHashId);
  if (!booking || !isPayable(booking.status, booking.holdExpiresAt, now)) return { ok: false, error: "NOT_PAYABLE" };
  const gateway = input.allowedGateways.includes(input.gateway) && input.gateway !== WALLET_GATEWAY ? deps.gateway(input.gateway) : null;
  if (!gateway) return { ok: false, error: "GATEWAY_UNAVAILABLE" };
  const wallet = input.wallet;
  if (wallet) {
    // Only the booking's own account spends its wallet on it; a split leaves the bank a whole toman at least.
    if (booking.userId === null || booking.userId !== wallet.userId) return { ok: false, error: "WALLET_NOT_ALLOWED" };
    if (!Number.isSafeInteger(wallet.amount) || wallet.amount <= 0 || wallet.amount >= booking.price.total)
      return { ok: false, error: "WALLET_AMOUNT_INVALID" };
    if ((await walletAvailable(deps, input.tenantId, wallet.userId)) < wallet.amount) return { ok: false, error: "INSUFFICIENT_FUNDS" };
  }

  const verifyBy = new Date(now.getTime() + minutes(BANK_SESSION_MINUTES + gateway.verifyDeadlineMinutes));
  if (!(await extendItemHolds(booking, verifyBy, deps))) return { ok: false, error: "NOT_PAYABLE" };
  await deps.bookings.extendHold(booking.id, verifyBy);
  if (booking.status === "held") await moveBooking(deps, booking, "go_to_bank", `traveller went to ${gateway.name}`);

  const payment = await deps.payments.create({
    tenantId: input.tenantId,
    bookingId: booking.id,
    hashId: newHashId(),
    gateway: gateway.name,
    amount: booking.price.total,
    verifyBy,
    at: now,
    ...(wallet ? { userId: wallet.userId, walletAmount: wallet.amount } : {}),
  });
  if (wallet) {
    // The wallet part is held before the buyer leaves: the bank is asked only for what it does not cover.
    const held = await holdWalletPart(payment, booking, wallet, deps);
    if (!held.ok) {
      await deps.payments.move(payment.id, ["created"], "failed", deps.clock.now(), { failure: held.error });
      await reopenBooking(deps, input.tenantId, payment, "the wallet could not hold its part");
      return { ok: false, error: "INSUFFICIENT_FUNDS" };
    }
    // Ended meanwhile (the booking's hold ran out): whoever ended it may have found no hold yet.
    const current = await deps.payments.findByHashId(input.tenantId, payment.hashId);
    if (current?.status !== "created") {
      await releaseWalletPart(payment, deps);
      return { ok: false, error: "NOT_PAYABLE" };
    }
  }
  const requested = await gateway.request({
    orderId: payment.hashId,
    amountRials: toRials(gatewayAmount(payment)),
    callbackUrl: input.callbackUrl,
    description: input.description,
    mobile: booking.contact.mobile,
    ...(booking.contact.email ? { email: booking.contact.email } : {}),
  });
  if (!requested.ok) {
    if (await deps.payments.move(payment.id, ["created"], "failed", deps.clock.now(), { failure: requested.error }))
      await releaseWalletPart(payment, deps);
    const current = await deps.bookings.findByHashId(input.tenantId, input.bookingHashId);
    if (current?.status === "awaiting_payment")
      await moveBooking(deps, current, "payment_cancelled", `${gateway.name} refused the request`);
    return { ok: false, error: "GATEWAY_UNAVAILABLE" };
  }
  await deps.payments.setToken(payment.id, requested.token, deps.clock.now());
  return { ok: true, payment: { ...payment, token: requested.token, status: "pending" }, redirect: requested.redirect };
}
