/**
 * A mobile top-up's payment after the bank (issue 23 §3, ADR 0029): the charge is paid, then
 * delivered through its provider, or its money goes back through the pipeline's own return path
 * (return-money.ts), once. Every step is guarded by the state it expects and the provider is
 * idempotent by order id (the charge's hash), so a replayed callback, a second worker or a
 * restart after a crash delivers once and returns the money at most once.
 */
import type { SmsSender } from "../ports.ts";
import type { ChargeSettlement, PaymentDeps } from "../payments/deps.ts";
import type { Payment } from "../payments/payment.ts";
import { returnMoney } from "../payments/return-money.ts";
import { captureWalletPart } from "../payments/wallet-part.ts";
import { debitWallet } from "../wallet/wallet.ts";
import type { MobileCharge } from "./charge.ts";
import { chargeSms, refundedChargeSms } from "./charge-sms.ts";
import type { Delivered, DeliveryFailed, MobileChargeRepository, TopupProvider, TopupProviders } from "./ports.ts";

/** A provider that keeps failing "try again" is given this long after payment before the money goes back. */
export const DELIVERY_GIVE_UP_MINUTES = 30;
/** A paid charge untouched this long was interrupted (a crash, a provider that did not answer): the job takes it up. */
export const STALE_DELIVERY_SECONDS = 120;

export interface ChargeDeps {
  charges: MobileChargeRepository;
  providers: TopupProviders;
  /** The tenant's SMS sender: the top-up's confirmation (and a voucher's PIN) goes to the charged mobile. */
  smsFor?(tenantId: string): Promise<SmsSender>;
  log?: { warn(details: object, message: string): void };
}

/** The ledger key of a top-up paid from the wallet alone: one debit per charge, whatever is replayed. */
export const walletChargeKey = (chargeId: string) => `charge:${chargeId}`;

export function createChargeSettlement(chargeDeps: ChargeDeps): ChargeSettlement {
  return {
    async verified(payment, proof, deps) {
      const charge = await chargeOf(chargeDeps, payment);
      if (!charge) return;
      // A split's held wallet part becomes the agency's with the card part (keyed by the payment).
      await captureWalletPart(payment, deps);
      await chargeDeps.charges.move(charge.id, ["awaiting_payment"], "paid", proof.at);
      await deps.payments.move(payment.id, ["verifying"], "verified", proof.at, {
        referenceId: proof.referenceId,
        ...(proof.maskedPan ? { maskedPan: proof.maskedPan } : {}),
      });
      await deliverCharge(charge.tenantId, charge.id, chargeDeps, deps, { inquireFirst: false });
    },

    async walletPayment(payment, deps) {
      const charge = await chargeOf(chargeDeps, payment);
      if (!charge || !payment.userId) return;
      const debit = await debitWallet(deps.ledger, {
        tenantId: payment.tenantId,
        userId: payment.userId,
        amount: payment.amount,
        to: "revenue",
        kind: "booking_payment",
        idempotencyKey: walletChargeKey(charge.id),
        reason: `mobile top-up ${charge.mobile} paid from the wallet`,
        createdBy: "traveller",
        links: { paymentId: payment.id },
        at: deps.clock.now(),
      });
      if (!debit.ok) {
        await deps.payments.move(payment.id, ["verifying"], "failed", deps.clock.now(), { failure: "INSUFFICIENT_FUNDS" });
        await chargeDeps.charges.move(charge.id, ["awaiting_payment"], "failed", deps.clock.now(), { failure: "INSUFFICIENT_FUNDS" });
        return;
      }
      const at = deps.clock.now();
      await chargeDeps.charges.move(charge.id, ["awaiting_payment"], "paid", at);
      await deps.payments.move(payment.id, ["verifying"], "verified", at, { referenceId: debit.transactionId });
      await deliverCharge(charge.tenantId, charge.id, chargeDeps, deps, { inquireFirst: false });
    },

    async notPaid(payment, deps) {
      const charge = await chargeOf(chargeDeps, payment);
      if (charge)
        await chargeDeps.charges.move(charge.id, ["awaiting_payment"], "failed", deps.clock.now(), {
          failure: payment.failure ?? "NOT_PAID",
        });
    },
  };
}

async function chargeOf(chargeDeps: ChargeDeps, payment: Payment): Promise<MobileCharge | null> {
  return payment.chargeId ? chargeDeps.charges.findById(payment.tenantId, payment.chargeId) : null;
}

async function askProvider(provider: TopupProvider, charge: MobileCharge, inquireFirst: boolean): Promise<Delivered | DeliveryFailed> {
  // After an interruption the provider may have delivered already: ask before ordering (the order id makes a repeat safe anyway).
  const known = inquireFirst ? await provider.inquire(charge.hashId) : { status: "unknown" as const };
  if (known.status !== "unknown") return known;
  const order = { orderId: charge.hashId, operator: charge.operator, amount: charge.amount, mobile: charge.mobile };
  return charge.kind === "direct" ? provider.topUp(order) : provider.buyPin(order);
}

/**
 * Delivers a paid charge through the provider it was ordered from, or returns its money when the
 * provider refuses for good (or keeps failing past DELIVERY_GIVE_UP_MINUTES). A charge in any other
 * state is left alone, so calling this again is harmless.
 */
export async function deliverCharge(
  tenantId: string,
  chargeId: string,
  chargeDeps: ChargeDeps,
  deps: PaymentDeps,
  options: { inquireFirst: boolean },
): Promise<void> {
  const charge = await chargeDeps.charges.findById(tenantId, chargeId);
  if (charge?.status !== "paid") return;
  const provider = (await chargeDeps.providers.forTenant(tenantId)).byName(charge.provider);
  const answer: Delivered | DeliveryFailed = provider
    ? await askProvider(provider, charge, options.inquireFirst).catch((error: unknown): DeliveryFailed => ({
        status: "failed",
        reason: `provider error: ${String(error)}`.slice(0, 200),
        retryable: true,
      }))
    : { status: "failed", reason: `provider ${charge.provider} is not configured`, retryable: true };
  const now = deps.clock.now();
  if (answer.status === "delivered") {
    const moved = await chargeDeps.charges.move(charge.id, ["paid"], "delivered", now, {
      providerReference: answer.reference,
      ...(answer.pin ? { pin: answer.pin } : {}),
      ...(answer.serial ? { pinSerial: answer.serial } : {}),
      deliveredAt: now,
    });
    if (moved)
      await sendChargeSms(
        { ...charge, providerReference: answer.reference, pin: answer.pin ?? null, pinSerial: answer.serial ?? null },
        chargeDeps,
        "delivered",
      );
    return;
  }
  // A provider that may still deliver is asked again by the job, until it has had its chance.
  const paidFor = now.getTime() - charge.updatedAt.getTime();
  if (answer.retryable && paidFor < DELIVERY_GIVE_UP_MINUTES * 60_000) return;
  await refundCharge(charge, answer.reason, chargeDeps, deps);
}

/**
 * The money of a charge that will not be delivered goes back through the payment's own return
 * (the card part reversed at its gateway, the wallet part credited under `return:{paymentId}`;
 * a charge has exactly one payment, so that key is the charge's). Stays paid, for the job, while
 * the bank does not take the reversal.
 */
export async function refundCharge(charge: MobileCharge, reason: string, chargeDeps: ChargeDeps, deps: PaymentDeps): Promise<void> {
  const payment = await chargeDeps.charges.paymentOf(charge.id);
  if (!payment) return;
  // The provider's reason stays with the charge while the bank is asked (the job may finish it later).
  if (!charge.failure) await chargeDeps.charges.move(charge.id, ["paid"], "paid", charge.updatedAt, { failure: reason.slice(0, 200) });
  await deps.payments.move(payment.id, ["verified"], "refund_due", deps.clock.now(), { failure: "DELIVERY_FAILED" });
  const due = await deps.payments.findById(payment.tenantId, payment.id);
  if (due?.status === "refund_due") await returnMoney(due, deps);
  const after = await deps.payments.findById(payment.tenantId, payment.id);
  if (after?.status !== "reversed") return;
  const moved = await chargeDeps.charges.move(charge.id, ["paid"], "refunded", deps.clock.now(), { failure: reason.slice(0, 200) });
  // Only the call that moved it tells the traveller, so a replayed callback or a second job run sends nothing more.
  if (moved) await sendChargeSms(charge, chargeDeps, "refunded");
}

/**
 * The job's part (run with the payment reconciliation): paid charges left undelivered by a crash
 * or a provider that did not answer. A payment whose money is already on its way back is finished;
 * otherwise the provider is asked first what became of the order, then it is delivered or refunded.
 */
export async function finishPaidCharges(
  chargeDeps: ChargeDeps,
  depsFor: (tenantId: string) => Promise<PaymentDeps>,
  clock: { now(): Date },
  limit = 50,
): Promise<{ looked: number }> {
  const due = await chargeDeps.charges.paidUndelivered(new Date(clock.now().getTime() - STALE_DELIVERY_SECONDS * 1000), limit);
  for (const charge of due) {
    const deps = await depsFor(charge.tenantId);
    const payment = await chargeDeps.charges.paymentOf(charge.id);
    if (payment?.status === "refund_due" || payment?.status === "reversed")
      await refundCharge(charge, charge.failure ?? "DELIVERY_FAILED", chargeDeps, deps);
    else if (payment?.status === "verified") await deliverCharge(charge.tenantId, charge.id, chargeDeps, deps, { inquireFirst: true });
  }
  return { looked: due.length };
}

async function sendChargeSms(charge: MobileCharge, chargeDeps: ChargeDeps, outcome: "delivered" | "refunded"): Promise<void> {
  if (!chargeDeps.smsFor) return;
  const template =
    outcome === "refunded"
      ? { name: "topup-refunded", tokens: [charge.hashId] }
      : { name: charge.kind === "pin" ? "topup-pin" : "topup-delivered", tokens: [charge.pin ?? charge.providerReference ?? ""] };
  try {
    const sms = await chargeDeps.smsFor(charge.tenantId);
    const sent = await sms.send({
      mobile: charge.mobile,
      text: outcome === "refunded" ? refundedChargeSms(charge) : chargeSms(charge),
      template,
    });
    if (!sent.ok) chargeDeps.log?.warn({ charge: charge.hashId, error: sent.error }, "top-up SMS not sent");
  } catch (error) {
    // The top-up is delivered or refunded whatever the SMS does: its page shows the same.
    chargeDeps.log?.warn({ err: error, charge: charge.hashId }, "top-up SMS failed");
  }
}
