import { data, redirect, type AppLoadContext } from "react-router";
import { markRefundPaid, recorderName, refundQueue } from "#core/back-office/refund-queue.ts";
import { can } from "#core/back-office/roles.ts";
import { formatNumber } from "#core/i18n/messages.ts";
import { SETTLEMENT_TEXT_MAX } from "#core/refunds/settle-card-refund.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { href } from "#app/links.ts";
import { adminAction, adminLoader } from "./guard.server.ts";
import { whenOf, type When } from "./when.server.ts";

export interface RefundRow {
  reference: string;
  bookingReference: string;
  /** Tomans, in the page's digits. */
  amount: string;
  destination: "card" | "wallet";
  /** The Sheba to transfer to (a card refund). */
  sheba: string | null;
  requested: When;
}

export interface RefundQueuePage {
  rows: RefundRow[];
  /** Operators and owners mark refunds paid; support only reads. */
  canWrite: boolean;
  maxLength: number;
  notice: { kind: "paid"; reference: string; notified: boolean } | null;
}

export type RefundMarkError = "BANK_REFERENCE_INVALID" | "NOT_FOUND" | "ALREADY_PAID" | "NOT_A_CARD_REFUND";

export interface RefundRefusal {
  reference: string;
  bankReference: string;
  error: RefundMarkError;
}

/** `/admin/refunds`: the refunds waiting for the agency, oldest first. */
export function refundsLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "refunds.read", async (staff): Promise<RefundQueuePage> => {
    const locale = context.locale.locale;
    const when = whenOf(request, context);
    const params = new URL(request.url).searchParams;
    const paid = params.get("paid");
    return {
      rows: (await refundQueue(context.refunds, staff.tenantId)).map((refund) => ({
        reference: refund.reference,
        bookingReference: refund.bookingReference,
        amount: formatNumber(locale, refund.amount),
        destination: refund.destination,
        sheba: refund.sheba,
        requested: when.format(refund.createdAt),
      })),
      canWrite: can(staff.member.role, "refunds.write"),
      maxLength: SETTLEMENT_TEXT_MAX,
      notice: paid && /^[A-Z0-9]{1,20}$/.test(paid) ? { kind: "paid", reference: paid, notified: params.get("sms") === "1" } : null,
    };
  });
}

/** "Mark paid" of one card refund: the same rule as `admin refund paid`, audited; then the queue again by GET. */
export function refundsAction(request: Request, context: AppLoadContext) {
  return adminAction(request, context, "refunds.write", async ({ form, staff }) => {
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value.trim().slice(0, SETTLEMENT_TEXT_MAX * 2) : "";
    };
    const reference = text("reference");
    const bankReference = text("bankReference");
    const result = await markRefundPaid(
      {
        refunds: context.refunds,
        bookings: context.bookings,
        audit: context.backOffice.audit,
        clock: { now: () => context.now() },
        notifyPaid: (booking, refund) =>
          context.notifications.refundPaid(booking, { amount: refund.amount, bankReference: refund.bankReference ?? "" }),
      },
      staff.actor,
      { tenantId: staff.tenantId, reference, bankReference, paidBy: recorderName(staff.actor) },
    );
    if (!result.ok) {
      const refusal: RefundRefusal = {
        reference,
        bankReference,
        error: result.error === "PAID_BY_INVALID" ? "BANK_REFERENCE_INVALID" : result.error,
      };
      const status = result.error === "NOT_FOUND" ? 404 : result.error === "BANK_REFERENCE_INVALID" ? 400 : 409;
      return data(refusal, { status: refusalStatus(context, status), headers: NO_STORE });
    }
    const query = new URLSearchParams({ paid: result.refund.reference, sms: result.notified ? "1" : "0" });
    throw redirect(`${href(context.locale.locale, "admin-refunds")}?${query.toString()}`, { status: 303, headers: NO_STORE });
  });
}
