/**
 * The wallet API (issue 10): the signed-in traveller's wallet (balance, credit, what they may
 * spend and the latest movements) and a top-up through the agency's gateway. Signed in as the
 * accounts API is: `Authorization: Bearer <token>`, or the session cookie with `X-CSRF-Token` on
 * a write. Errors are `{ "error": CODE, ... }` like the rest of `/api/v1/me*`; answers are private.
 */
import express, { Router, type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import type { LedgerEntry } from "#core/wallet/ledger.ts";
import { startTopUp } from "#core/wallet/top-up.ts";
import { walletSummary } from "#core/wallet/wallet.ts";
import { localizePath } from "#core/i18n/locales.ts";
import type { BookingRepository, Clock, LedgerRepository, PaymentRepository } from "#core/ports.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import { translate } from "#app/i18n/messages.ts";
import { apiSessionMayAct, requestAuth, type AuthDeps, type SignedIn } from "./auth.ts";
import { BOOKINGS_PATH } from "./api/bookings/paths.ts";
import { requestLocale } from "./flights-api.ts";
import type { Logger } from "./logger.ts";
import type { PaymentGateways } from "./payment-gateways.ts";

export const MY_WALLET_PATH = "/api/v1/me/wallet";
export const MY_WALLET_TOPUP_PATH = "/api/v1/me/wallet/topup";
/** Entries `GET /api/v1/me/wallet` lists by default, and at most (`?limit=`). */
export const WALLET_ENTRIES_DEFAULT = 50;
export const WALLET_ENTRIES_MAX = 200;

/** An amount and a gateway name: nothing else is read, and anything else is refused by name. */
const topUpSchema = z.object({ amount: z.number(), gateway: z.string().max(40).optional() }).strict();

interface Locals {
  log?: Logger;
  site?: { tenant: Tenant; configLoaded: boolean };
}

export interface WalletRouteDeps {
  auth: AuthDeps;
  ledger: LedgerRepository;
  payments: PaymentRepository;
  bookings: Pick<BookingRepository, "findById">;
  paymentGateways: PaymentGateways;
  clock?: Clock;
}

function fail(res: Response, status: number, code: string, extra: Record<string, unknown> = {}): void {
  res.status(status).json({ error: code, ...extra });
}

export function walletRoutes(deps: WalletRouteDeps): Router {
  const router = Router();
  const clock = deps.clock ?? deps.auth.clock;
  const parseJson = express.json({ limit: 4 * 1024, type: ["application/json", "application/*+json"], inflate: false, strict: true });

  /** The signed-in traveller and their tenant, or null once the answer (503, 401, 403) is sent. */
  async function signedIn(req: Request, res: Response): Promise<{ tenant: Tenant; current: SignedIn } | null> {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Vary", "Host, Authorization, Cookie, language, Accept-Language");
    const site = (res.locals as Locals).site;
    if (!site?.configLoaded) {
      fail(res, 503, "UNAVAILABLE");
      return null;
    }
    const current = await requestAuth(deps.auth, req, res, site.tenant).current();
    if (!current) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="hamsafar"');
      fail(res, 401, "UNAUTHORIZED");
      return null;
    }
    // A cookie rides along on any request a page makes: on a write it counts only with the CSRF header.
    if (!apiSessionMayAct(req, current.via)) {
      fail(res, 403, "CSRF");
      return null;
    }
    return { tenant: site.tenant, current };
  }

  /** Public keys only: a booking by its API path (hashId), a payment by its result page; never database ids. */
  async function entryOf(entry: LedgerEntry, tenantId: string, locale: ReturnType<typeof requestLocale>) {
    const [booking, payment] = await Promise.all([
      entry.links.bookingId ? deps.bookings.findById(tenantId, entry.links.bookingId) : null,
      entry.links.paymentId ? deps.payments.findById(tenantId, entry.links.paymentId) : null,
    ]);
    return {
      id: entry.id,
      at: entry.at.toISOString(),
      amount: entry.amount,
      kind: entry.kind,
      reason: entry.reason,
      links: {
        ...(booking ? { booking: `${BOOKINGS_PATH}/${booking.hashId}` } : {}),
        ...(payment ? { payment: `${localizePath(locale, "/payment")}?hash=${payment.hashId}` } : {}),
      },
    };
  }

  router.get(MY_WALLET_PATH, async (req: Request, res: Response) => {
    const opened = await signedIn(req, res);
    if (!opened) return;
    const asked = Number(req.query.limit ?? WALLET_ENTRIES_DEFAULT);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, WALLET_ENTRIES_MAX) : WALLET_ENTRIES_DEFAULT;
    const summary = await walletSummary(deps.ledger, { tenantId: opened.tenant.id, userId: opened.current.account.id, limit });
    const locale = requestLocale(req);
    res.json({
      balance: summary.balance,
      credit: summary.creditLimit,
      available: summary.available,
      entries: await Promise.all(summary.entries.map((entry) => entryOf(entry, opened.tenant.id, locale))),
    });
  });

  // `POST /api/v1/me/wallet/topup` {amount, gateway?}: the bank's page for the top-up, with our amount.
  router.post(MY_WALLET_TOPUP_PATH, (req: Request, res: Response, next: NextFunction) => {
    if (req.is(["application/json", "application/*+json"])) return next();
    res.setHeader("Cache-Control", "no-store");
    fail(res, 415, "UNSUPPORTED_MEDIA_TYPE");
  }, parseJson, async (req: Request, res: Response) => {
    const opened = await signedIn(req, res);
    if (!opened) return;
    const parsed = topUpSchema.safeParse(req.body);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        if (issue.code === "unrecognized_keys") for (const key of issue.keys) fields[key] = "UNKNOWN_FIELD";
        else fields[issue.path.join(".") || "body"] ??= issue.code === "invalid_type" && issue.input === undefined ? "REQUIRED" : "INVALID";
      }
      fail(res, 400, "VALIDATION", { fields });
      return;
    }
    const { tenant, current } = opened;
    const locale = requestLocale(req);
    const gatewayName = parsed.data.gateway ?? tenant.paymentGateways[0] ?? "";
    const origin = `${req.protocol}://${req.get("host") ?? "localhost"}`;
    const started = await startTopUp(
      {
        tenantId: tenant.id,
        userId: current.account.id,
        amount: parsed.data.amount,
        gateway: gatewayName,
        allowedGateways: tenant.paymentGateways,
        callbackUrl: `${origin}${localizePath(locale, `/payment/callback/${encodeURIComponent(gatewayName)}`)}`,
        description: translate(locale, "wallet.pay.topup.title"),
        mobile: current.account.mobile,
      },
      { payments: deps.payments, clock, gateway: await deps.paymentGateways.forTenant(tenant.id) },
    );
    if (!started.ok) {
      if (started.error === "AMOUNT_INVALID") fail(res, 400, "VALIDATION", { fields: { amount: "AMOUNT_INVALID" } });
      else fail(res, 422, "GATEWAY_UNAVAILABLE");
      return;
    }
    res.status(200).json({
      redirectUrl: started.redirect.url,
      method: started.redirect.method,
      ...(started.redirect.fields ? { fields: started.redirect.fields } : {}),
      payment: { hashId: started.payment.hashId, amount: started.payment.amount },
    });
  });

  // Other methods: a JSON 405 naming the allowed ones.
  for (const [path, methods] of [
    [MY_WALLET_PATH, "GET, HEAD"],
    [MY_WALLET_TOPUP_PATH, "POST"],
  ] as const) {
    router.all(path, (_req: Request, res: Response) => {
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Allow", methods);
      fail(res, 405, "METHOD_NOT_ALLOWED");
    });
  }

  // Body parser faults and anything a handler threw: JSON on these paths, never the HTML error page.
  router.use(MY_WALLET_PATH, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    res.setHeader("Cache-Control", "no-store");
    const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
    if (type === "entity.too.large" || status === 413) return fail(res, 413, "BODY_TOO_LARGE");
    if (typeof status === "number" && status >= 400 && status < 500) return fail(res, 400, "BAD_JSON");
    (res.locals as Locals).log?.error({ err: error }, "wallet API failed");
    fail(res, 503, "UNAVAILABLE");
  });

  return router;
}
