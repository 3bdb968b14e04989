import { z } from "zod";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { LEDGER_TRANSACTION_KINDS, type LedgerEntry } from "#core/wallet/ledger.ts";
import { walletSummary } from "#core/wallet/wallet.ts";
import type { ApiDeps } from "../deps.ts";
import { defineRoute, json } from "../route.ts";

/** Entries `GET /api/v1/me/wallet` lists by default, and at most (`?limit=`). */
export const WALLET_ENTRIES_DEFAULT = 50;
export const WALLET_ENTRIES_MAX = 200;
/** Where the bookings API answers about one booking (with the same session). */
const BOOKING_API_PATH = "/api/v1/bookings";

const entrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    amount: z.number().int().describe("Signed tomans: positive came in."),
    kind: z.enum(LEDGER_TRANSACTION_KINDS),
    reason: z.string(),
    links: z
      .object({
        booking: z.string().optional().describe("The booking's API path."),
        payment: z.string().optional().describe("The payment's result page."),
      })
      .strict()
      .describe("Public keys only, never database ids."),
  })
  .strict();

/** Public keys only: a booking by its API path (hashId), a payment by its result page; never database ids. */
async function apiEntry(entry: LedgerEntry, tenantId: string, locale: Locale, deps: ApiDeps): Promise<z.output<typeof entrySchema>> {
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
      ...(booking ? { booking: `${BOOKING_API_PATH}/${booking.hashId}` } : {}),
      ...(payment ? { payment: `${localizePath(locale, "/payment")}?hash=${payment.hashId}` } : {}),
    },
  };
}

/** `GET /api/v1/me/wallet`: the signed-in traveller's wallet (issue 10). */
export const getMyWalletRoute = defineRoute({
  operationId: "getMyWallet",
  method: "get",
  path: "/api/v1/me/wallet",
  summary: "The traveller's wallet: balance, credit, what they may spend, and the latest movements",
  description:
    "The balance is derived from the double-entry ledger; below zero while granted credit is in use. Entries are newest first; a positive amount came in.",
  tags: ["wallet"],
  auth: "required",
  query: z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .optional()
      .describe(
        `Entries to list: ${WALLET_ENTRIES_DEFAULT} unless given, at most ${WALLET_ENTRIES_MAX} (more reads as ${WALLET_ENTRIES_MAX}).`,
      ),
  }),
  responses: {
    200: {
      description: "The wallet (all zero and no entries when it was never used).",
      schema: z
        .object({
          balance: z.number().int().describe("Tomans the agency owes the traveller."),
          credit: z.number().int().describe("Tomans the wallet may go below zero."),
          available: z.number().int().describe("balance + credit."),
          entries: z.array(entrySchema),
        })
        .strict(),
    },
  },
  async handler({ query, signedIn, tenant, locale, deps }) {
    const limit = Math.min(query.limit ?? WALLET_ENTRIES_DEFAULT, WALLET_ENTRIES_MAX);
    const summary = await walletSummary(deps.ledger, { tenantId: tenant.id, userId: signedIn.account.id, limit });
    return json({
      balance: summary.balance,
      credit: summary.creditLimit,
      available: summary.available,
      entries: await Promise.all(summary.entries.map((entry) => apiEntry(entry, tenant.id, locale, deps))),
    });
  },
});
