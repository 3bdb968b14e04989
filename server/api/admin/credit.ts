import { z } from "zod";
import { creditFieldMessage } from "#core/back-office/commerce-messages.ts";
import { recorderName } from "#core/back-office/refund-queue.ts";
import {
  MAX_REASON_LENGTH,
  creditWallet,
  readCreditLimit,
  readCreditMobile,
  readCreditRecordText,
  setWalletCreditLimit,
} from "#core/wallet/credit-limits.ts";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG, apiActor, maskedMobile } from "./shared.ts";

/** The admin API of credit limits (issue 25): the same core use cases as the screen and `admin credit`. */

const whole = z.union([z.number().int(), z.string().max(40)]);

const walletSchema = z.object({
  mobile: z.string().describe("Masked, e.g. 0912***4567."),
  opened: z.boolean(),
  balance: z.number().int(),
  creditLimit: z.number().int(),
  available: z.number().int(),
  history: z.array(z.object({ at: z.string(), creditLimit: z.number().int(), by: z.string(), reason: z.string() })),
});

/** `GET /api/v1/admin/credit?mobile=`: a traveller's wallet and its credit history. */
export const adminCreditShowRoute = defineRoute({
  operationId: "adminCreditShow",
  method: "get",
  path: "/api/v1/admin/credit",
  summary: "A traveller's wallet: balance, credit limit and every change of it",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "credit.read",
  query: z.object({ mobile: z.string().max(20) }).strict(),
  responses: {
    200: { description: "The wallet (not opened by looking).", schema: z.object({ wallet: walletSchema }) },
    404: { description: "ACCOUNT_NOT_FOUND: no account of this agency signs in with the number.", codes: ["ACCOUNT_NOT_FOUND"] },
    422: { description: "VALIDATION_FAILED: not a mobile number.", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, query, problem, field }) {
    const mobile = readCreditMobile(query.mobile);
    if (!mobile.ok) {
      const message = creditFieldMessage(mobile.field, mobile.code);
      return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [field("mobile", mobile.code, message.key, message.params)]);
    }
    const userId = await deps.backOffice.creditAccounts.userIdByMobile(tenant.id, mobile.value);
    if (!userId)
      return problem(404, "ACCOUNT_NOT_FOUND", "adminCommerce.credit.notFound", undefined, { mobile: maskedMobile(mobile.value) });
    const wallet = await creditWallet(deps.ledger, tenant.id, userId);
    return json({
      wallet: {
        mobile: maskedMobile(mobile.value),
        opened: wallet.opened,
        ...wallet.balance,
        history: wallet.history.map((grant) => ({
          at: grant.at.toISOString(),
          creditLimit: grant.creditLimit,
          by: grant.grantedBy,
          reason: grant.reason,
        })),
      },
    });
  },
});

/** `PUT /api/v1/admin/credit`: sets a wallet's credit limit with a reason; audited. */
export const adminCreditSetRoute = defineRoute({
  operationId: "adminCreditSet",
  method: "put",
  path: "/api/v1/admin/credit",
  summary: "Set a traveller's credit limit (0 takes it away), with the reason",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "credit.write",
  body: z.object({ mobile: z.string().max(20), limit: whole, reason: z.string().max(MAX_REASON_LENGTH * 2) }).strict(),
  responses: {
    200: {
      description: "The wallet after the change; `changed` is false (and nothing is recorded) when the limit already was this.",
      schema: z.object({ wallet: walletSchema, changed: z.boolean() }),
    },
    404: { description: "ACCOUNT_NOT_FOUND: no account of this agency signs in with the number.", codes: ["ACCOUNT_NOT_FOUND"] },
    422: { description: "VALIDATION_FAILED: each refused field with its reason.", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, body, staff, signedIn, req, problem, field }) {
    const actor = apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret });
    const reads = [
      readCreditMobile(body.mobile),
      readCreditLimit(String(body.limit)),
      readCreditRecordText("reason", body.reason),
    ] as const;
    const refused = reads.flatMap((read) => (read.ok ? [] : [read]));
    if (refused.length > 0 || !reads[0].ok || !reads[1].ok || !reads[2].ok)
      return problem(
        422,
        "VALIDATION_FAILED",
        "api.error.VALIDATION_FAILED",
        refused.map((read) => {
          const message = creditFieldMessage(read.field, read.code);
          return field(read.field, read.code, message.key, message.params);
        }),
      );
    const [mobile, limit, reason] = [reads[0].value, reads[1].value, reads[2].value];
    const userId = await deps.backOffice.creditAccounts.userIdByMobile(tenant.id, mobile);
    if (!userId) return problem(404, "ACCOUNT_NOT_FOUND", "adminCommerce.credit.notFound", undefined, { mobile: maskedMobile(mobile) });
    const result = await setWalletCreditLimit({ ledger: deps.ledger, audit: deps.backOffice.audit, clock: deps.clock }, actor, {
      tenantId: tenant.id,
      userId,
      mobile,
      limit,
      by: recorderName(actor),
      reason,
    });
    const wallet = await creditWallet(deps.ledger, tenant.id, userId);
    return json({
      wallet: {
        mobile: maskedMobile(mobile),
        opened: wallet.opened,
        ...wallet.balance,
        history: wallet.history.map((grant) => ({
          at: grant.at.toISOString(),
          creditLimit: grant.creditLimit,
          by: grant.grantedBy,
          reason: grant.reason,
        })),
      },
      changed: result.changed,
    });
  },
});
