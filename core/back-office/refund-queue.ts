import { normalizeReference } from "../booking/booking.ts";
import type { Clock } from "../ports.ts";
import type { RefundListing, RefundRepository } from "../refunds/refund-booking.ts";
import {
  settleCardRefund,
  type SettleCardRefundDeps,
  type SettleCardRefundInput,
  type SettleCardRefundResult,
} from "../refunds/settle-card-refund.ts";
import { audited, maskMobileForRecord, type Actor, type AuditLog } from "./audit.ts";

/**
 * The refund queue of the back-office (issue 25 §1): the refunds an operator still has to pay,
 * oldest first, and "mark paid" for a card refund. Marking goes through the same rule as
 * `admin refund paid` (core/refunds/settle-card-refund.ts) and through the audit log; a second
 * mark is refused by that rule with what was recorded first, so it changes and records nothing.
 */

/** The refunds of a tenant waiting for the agency, the longest-waiting first. */
export async function refundQueue(refunds: Pick<RefundRepository, "listByTenant">, tenantId: string): Promise<RefundListing[]> {
  const requested = await refunds.listByTenant(tenantId, { status: "requested" });
  return [...requested].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.reference.localeCompare(b.reference));
}

/** How a settlement names who recorded it when a staff member does: never a whole mobile. */
export function recorderName(actor: Actor): string {
  const who = maskMobileForRecord(actor.mobile) ?? "CLI";
  return actor.role ? `${who} (${actor.role})` : who;
}

/** What the audit log keeps of a refund: its state, not the traveller's Sheba. */
function refundRecord(refund: RefundListing) {
  return {
    reference: refund.reference,
    bookingReference: refund.bookingReference,
    amount: refund.amount,
    destination: refund.destination,
    status: refund.status,
    paidAt: refund.paidAt,
    paidBy: refund.paidBy,
    bankReference: refund.bankReference,
  };
}

/**
 * Records a card refund as paid by `actor`, in the audit log with its before and after. A refusal
 * (unknown reference, a wallet refund, already paid, a bad bank reference) records nothing.
 */
export async function markRefundPaid(
  deps: SettleCardRefundDeps & { audit: AuditLog; clock: Clock },
  actor: Actor,
  input: SettleCardRefundInput,
): Promise<SettleCardRefundResult> {
  let answer: SettleCardRefundResult | null = null;
  await audited(
    deps,
    { tenantId: input.tenantId, actor, action: "refund.markPaid", subject: { type: "refund", id: normalizeReference(input.reference) } },
    async () => {
      const result = await settleCardRefund(input, deps);
      answer = result;
      if (!result.ok) return null;
      const before: RefundListing = { ...result.refund, status: "requested", paidAt: null, paidBy: null, bankReference: null };
      return { result, before: refundRecord(before), after: refundRecord(result.refund), subjectId: result.refund.reference };
    },
  );
  return answer!;
}
