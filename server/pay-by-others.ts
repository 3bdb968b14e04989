/**
 * Payment by others (issue 23 §2) where the server meets it: the SMS that carries a payment link,
 * the payment steps of a tenant for card-to-card receipts, and the inbound SMS webhook that
 * receives receipts payers forward to the agency's number.
 *
 * The webhook (`GET` or `POST /sms/inbound/{secret}`, Kavenegar's "receive" style: `from`, `to`,
 * `message` as query or form fields) is on the tenant's own host; `{secret}` is the tenant's,
 * stored encrypted (`npm run admin -- card-to-card webhook --tenant <slug>` makes it and prints
 * the URL). A wrong secret, or a tenant without card-to-card, is an ordinary 404.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import express, { Router, type Request, type Response } from "express";
import type { Booking, BookingTicket } from "#core/booking/booking.ts";
import { receiveReceiptSms, type CardToCardDeps, type CardToCardRepository } from "#core/card-to-card/card-to-card.ts";
import type { PaymentGateway, PaymentRepository } from "#core/payments/ports.ts";
import type { Clock } from "#core/ports.ts";
import type { SupplierRegistry } from "#core/suppliers/ports.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import { tenantOffers } from "#core/tenants/options.ts";
import type { BookingRepository } from "#core/booking/ports.ts";
import type { LedgerRepository } from "#core/wallet/ports.ts";

/** The credential kind that holds a tenant's inbound SMS secret (field `secret`). */
export const INBOUND_SMS_CREDENTIAL_KIND = "sms:inbound";
export const INBOUND_SMS_PATH = "/sms/inbound";

/** What the server has that card-to-card payments of one tenant need. */
export interface PayByOthersServerDeps {
  bookings: BookingRepository;
  payments: PaymentRepository;
  suppliers: SupplierRegistry;
  ledger: LedgerRepository;
  cardToCardReceipts: CardToCardRepository;
  paymentGateways: { forTenant(tenantId: string): Promise<(name: string) => PaymentGateway | null> };
}

/** The pipeline's steps for a tenant's card-to-card payments, with its ticket SMS. */
export async function cardToCardDeps(
  deps: PayByOthersServerDeps,
  tenantId: string,
  clock: Clock,
  onIssued: (booking: Booking, tickets: BookingTicket[]) => Promise<void>,
): Promise<CardToCardDeps> {
  return {
    bookings: deps.bookings,
    payments: deps.payments,
    suppliers: deps.suppliers,
    ledger: deps.ledger,
    clock,
    gateway: await deps.paymentGateways.forTenant(tenantId),
    onIssued,
    receipts: deps.cardToCardReceipts,
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** The two secrets are equal, compared in constant time (their digests are). */
export function secretsEqual(given: string, stored: string): boolean {
  return timingSafeEqual(digest(given), digest(stored));
}

/** Fields of the webhook: the form or JSON body first, the query otherwise; a string each, bounded. */
function field(req: Request, name: string): string | null {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const value = body[name] ?? req.query[name];
  return typeof value === "string" ? value.slice(0, 2000) : null;
}

/**
 * The inbound SMS webhook. `siteOf` is the request's tenant (resolved by host before this runs);
 * `depsFor` the card-to-card steps of that tenant.
 */
export function inboundSmsRoutes(input: {
  siteOf(res: Response): Tenant | null;
  secretOf(tenantId: string): Promise<string | null>;
  depsFor(tenant: Tenant): Promise<CardToCardDeps>;
  log: { warn(obj: object, msg: string): void };
}): Router {
  const router = Router();
  const body = [express.urlencoded({ extended: false, limit: "8kb" }), express.json({ limit: "8kb" })];
  const handle = async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const tenant = input.siteOf(res);
    const secret = typeof req.params.secret === "string" ? req.params.secret : "";
    const stored = tenant && tenantOffers(tenant, "payByOthers") && tenant.cardToCard ? await input.secretOf(tenant.id) : null;
    if (!tenant || !stored || !secretsEqual(secret, stored)) {
      res.status(404).json({ status: "not_found" });
      return;
    }
    const message = field(req, "message");
    if (!message) {
      res.status(422).json({ status: "refused", reason: "MESSAGE_REQUIRED" });
      return;
    }
    const outcome = await receiveReceiptSms({ tenant, from: field(req, "from"), text: message }, await input.depsFor(tenant));
    // The SMS provider only needs to know it was taken; the verdict is for the operator's list.
    res
      .status(200)
      .json(outcome.ok ? { status: outcome.status, receiptId: outcome.receipt.id } : { status: "refused", reason: outcome.error });
  };
  const safely = (req: Request, res: Response) => {
    handle(req, res).catch((error: unknown) => {
      input.log.warn({ err: error }, "inbound SMS not handled");
      if (!res.headersSent) res.status(503).json({ status: "unavailable" });
    });
  };
  router.get(`${INBOUND_SMS_PATH}/:secret`, safely);
  router.post(`${INBOUND_SMS_PATH}/:secret`, ...body, safely);
  return router;
}
