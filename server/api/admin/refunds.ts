import { z } from "zod";
import type { RefundListing } from "#core/refunds/refund-booking.ts";
import { markRefundPaid, recorderName, refundQueue } from "#core/back-office/refund-queue.ts";
import { SETTLEMENT_TEXT_MAX } from "#core/refunds/settle-card-refund.ts";
import { createNotifications } from "../../notifications.ts";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG, apiActor } from "./shared.ts";

const refundSchema = z.object({
  reference: z.string().describe("The refund's reference, quoted to the bank."),
  bookingReference: z.string(),
  amount: z.number().int().describe("Tomans."),
  destination: z.enum(["card", "wallet"]),
  sheba: z.string().nullable().describe("The traveller's Sheba (IBAN) for a card refund; the operator transfers to it."),
  status: z.enum(["requested", "paid"]),
  requestedAt: z.string().describe("ISO 8601."),
  paidAt: z.string().nullable(),
  paidBy: z.string().nullable(),
  bankReference: z.string().nullable(),
});

function apiRefund(refund: RefundListing): z.output<typeof refundSchema> {
  return {
    reference: refund.reference,
    bookingReference: refund.bookingReference,
    amount: refund.amount,
    destination: refund.destination,
    sheba: refund.sheba,
    status: refund.status,
    requestedAt: refund.createdAt.toISOString(),
    paidAt: refund.paidAt?.toISOString() ?? null,
    paidBy: refund.paidBy,
    bankReference: refund.bankReference,
  };
}

/** `GET /api/v1/admin/refunds`: the host's tenant's refunds waiting to be paid, oldest first. */
export const adminRefundQueueRoute = defineRoute({
  operationId: "adminRefundQueue",
  method: "get",
  path: "/api/v1/admin/refunds",
  summary: "Refunds waiting for the agency, oldest first",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "refunds.read",
  responses: {
    200: { description: "Requested refunds, the longest-waiting first.", schema: z.object({ refunds: z.array(refundSchema) }) },
  },
  async handler({ deps, tenant }) {
    return json({ refunds: (await refundQueue(deps.refunds, tenant.id)).map(apiRefund) });
  },
});

/** `POST /api/v1/admin/refunds/{reference}/paid`: records once that a card refund was transferred. */
export const adminRefundPaidRoute = defineRoute({
  operationId: "adminRefundPaid",
  method: "post",
  path: "/api/v1/admin/refunds/{reference}/paid",
  summary: "Record a card refund as paid (once; the traveller gets an SMS)",
  description:
    "The booking becomes refunded and the change is in the audit log. A refund already recorded answers 409 ALREADY_PAID with what was recorded first, and nothing changes.",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "refunds.write",
  params: z.object({ reference: z.string().max(40) }),
  body: z.object({ bankReference: z.string().max(SETTLEMENT_TEXT_MAX * 2) }).strict(),
  responses: {
    200: { description: "The refund as recorded.", schema: z.object({ refund: refundSchema, notified: z.boolean() }) },
    404: { description: "NOT_FOUND: this tenant has no refund of that reference.", codes: ["NOT_FOUND"] },
    409: {
      description:
        "ALREADY_PAID: recorded before (the refund as recorded first); NOT_A_CARD_REFUND: a wallet refund, credited by the system.",
      codes: ["ALREADY_PAID", "NOT_A_CARD_REFUND"],
    },
    422: { description: "VALIDATION_FAILED: the bank reference is empty or longer than 100 characters.", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, params, body, staff, signedIn, req, log, problem, field }) {
    const actor = apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret });
    const notifications = createNotifications({ smsFor: () => deps.payByOthers.smsFor(tenant), log });
    const result = await markRefundPaid(
      {
        refunds: deps.refunds,
        bookings: deps.bookings,
        audit: deps.backOffice.audit,
        clock: deps.clock,
        notifyPaid: (booking, refund) =>
          notifications.refundPaid(booking, { amount: refund.amount, bankReference: refund.bankReference ?? "" }),
      },
      actor,
      { tenantId: tenant.id, reference: params.reference, bankReference: body.bankReference, paidBy: recorderName(actor) },
    );
    if (result.ok) return json({ refund: apiRefund(result.refund), notified: result.notified });
    switch (result.error) {
      case "NOT_FOUND":
        return problem(404, "NOT_FOUND", "adminOps.refunds.notFound");
      case "ALREADY_PAID":
        return problem(409, "ALREADY_PAID", "adminOps.refunds.alreadyPaid");
      case "NOT_A_CARD_REFUND":
        return problem(409, "NOT_A_CARD_REFUND", "adminOps.refunds.notCard");
      case "BANK_REFERENCE_INVALID":
      case "PAID_BY_INVALID":
        return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [
          field("bankReference", "INVALID", "adminOps.refunds.bankReferenceInvalid"),
        ]);
    }
  },
});
