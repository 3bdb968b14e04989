/**
 * `npm run admin -- card-to-card <list|confirm|reject|webhook> …`: the operator's side of
 * card-to-card payments (issue 23 §2). `list` shows a tenant's receipts (the pending ones wait
 * for a decision); `confirm` says which booking a waiting receipt paid, having seen the money in
 * the agency's account, and pays it through the same steps as a matched receipt (tickets and
 * their SMS); `reject` refuses one; `webhook` makes the secret of the inbound SMS webhook and
 * prints its URL. The rules are core's (core/card-to-card/card-to-card.ts); this file reads
 * options and prints.
 */
import { randomBytes } from "node:crypto";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import {
  confirmReceipt,
  RECEIPT_STATUSES,
  rejectReceipt,
  type CardToCardReceipt,
  type ReceiptStatus,
} from "#core/card-to-card/card-to-card.ts";
import type { Clock } from "#core/ports.ts";
import { databaseAdapters } from "../../database-adapters.ts";
import { createNotifications } from "../../notifications.ts";
import { INBOUND_SMS_CREDENTIAL_KIND, INBOUND_SMS_PATH, cardToCardDeps } from "../../pay-by-others.ts";
import { formatNumber, tehranTime } from "./discount.ts";
import {
  credentialsKeySet,
  fail,
  parseSubcommand,
  printable,
  readTenant,
  refuse,
  withTenantId,
  type AdminCommand,
  type AdminContext,
  type Parsed,
} from "./shared.ts";

const USAGE = [
  "Usage: npm run admin -- card-to-card <list|confirm|reject|webhook> [options]",
  "",
  "Card-to-card payments: receipts payers pasted on a booking's page or forwarded by SMS. An exact",
  "match paid its booking at once; the others wait here (pending) for an operator.",
  "",
  "Subcommands:",
  "  list     --tenant <slug> [--status pending|matched|confirmed|refused|rejected]",
  "  confirm  <receipt id> --tenant <slug> --booking <reference> [--by <name>]",
  "  reject   <receipt id> --tenant <slug> --reason <text> [--by <name>]",
  "  webhook  --tenant <slug> --host <host>",
  "",
  "Run `npm run admin -- card-to-card <subcommand> --help` for the options of each.",
  "",
].join("\n");

const LIST_USAGE = [
  "Usage: npm run admin -- card-to-card list --tenant <slug> [--status <status>]",
  "",
  "A tenant's receipts, newest first: id, status, the booking (when known), the bank, the amount",
  "(rials), the card's last digits, the trace, when the transfer was made and why it waits.",
  "",
  "Options:",
  "  --tenant <slug>    the tenant's slug, e.g. hamsafar (required)",
  `  --status <status>  only receipts in this status: ${RECEIPT_STATUSES.join(", ")}`,
  "  -h, --help         this help",
  "",
].join("\n");

const CONFIRM_USAGE = [
  "Usage: npm run admin -- card-to-card confirm <receipt id> --tenant <slug> --booking <reference> [--by <name>]",
  "",
  "The money of a pending receipt arrived for this booking: the booking is paid and issued (its",
  "traveller gets the ticket SMS). Refused when the booking can no longer be paid: the money must",
  "then be returned to the payer.",
  "",
  "Options:",
  "  --tenant <slug>          the tenant's slug (required)",
  "  --receipt <id>           the receipt's id from `card-to-card list` (or given first, without --receipt)",
  "  --booking <reference>    the booking's reference (required)",
  "  --by <name>              who confirms (default: operator)",
  "  -h, --help               this help",
  "",
].join("\n");

const REJECT_USAGE = [
  "Usage: npm run admin -- card-to-card reject <receipt id> --tenant <slug> --reason <text> [--by <name>]",
  "",
  "A pending receipt paid nothing of ours (no money arrived, or it was for something else).",
  "",
  "Options:",
  "  --tenant <slug>   the tenant's slug (required)",
  "  --receipt <id>    the receipt's id from `card-to-card list` (or given first, without --receipt)",
  "  --reason <text>   why (required)",
  "  --by <name>       who rejects (default: operator)",
  "  -h, --help        this help",
  "",
].join("\n");

const WEBHOOK_USAGE = [
  "Usage: npm run admin -- card-to-card webhook --tenant <slug> --host <host>",
  "",
  "Makes a new secret for the tenant's inbound SMS webhook (the old one stops working) and prints",
  "the URL to give the SMS provider as the receive address of the agency's receipts number",
  '(Kavenegar: the line\'s "receive" URL; it sends from, to and message). Needs CREDENTIALS_KEY:',
  "the secret is stored encrypted like the other credentials.",
  "",
  "Options:",
  "  --tenant <slug>  the tenant's slug (required)",
  "  --host <host>    the tenant's public host, e.g. www.hamsafar.example (required)",
  "  -h, --help       this help",
  "",
].join("\n");

function readStatus(text: string | undefined): Parsed<ReceiptStatus | undefined> {
  if (text === undefined) return { ok: true, value: undefined };
  const status = text.trim().toLowerCase();
  return (RECEIPT_STATUSES as readonly string[]).includes(status)
    ? { ok: true, value: status as ReceiptStatus }
    : { ok: false, error: `--status must be one of ${RECEIPT_STATUSES.join(", ")} (got "${printable(text)}")` };
}

function readRequired(name: string, text: string | undefined, what: string): Parsed<string> {
  const value = printable(text ?? "");
  if (value === "") return { ok: false, error: `--${name} is required: ${what}` };
  if ([...value].length > 200) return { ok: false, error: `--${name} may have at most 200 characters` };
  return { ok: true, value };
}

/** One receipt per line, its reason under it. */
export function formatReceipts(slug: string, receipts: readonly CardToCardReceipt[], bookingRefs: ReadonlyMap<string, string>): string {
  if (receipts.length === 0) return `Tenant ${printable(slug)} has no such receipts.\n`;
  const lines = [`${receipts.length} receipts of tenant ${printable(slug)}, newest first:`];
  for (const receipt of receipts) {
    const booking = receipt.bookingId ? (bookingRefs.get(receipt.bookingId) ?? "?") : "-";
    lines.push(
      [
        receipt.id,
        receipt.status,
        `booking ${booking}`,
        receipt.bank ?? "unknown bank",
        receipt.amountRials !== null ? `${formatNumber(receipt.amountRials)} rials` : "no amount",
        `card ****${receipt.cardSuffix ?? "?"}`,
        `trace ${receipt.trace ?? "-"}`,
        receipt.paidAt ? `paid ${tehranTime(receipt.paidAt)}` : "no time",
        `via ${receipt.source}${receipt.senderMobile ? ` from ${printable(receipt.senderMobile)}` : ""}`,
      ].join("  "),
    );
    if (receipt.reason) lines.push(`  ${printable(receipt.reason)}${receipt.decidedBy ? ` (by ${printable(receipt.decidedBy)})` : ""}`);
  }
  return `${lines.join("\n")}\n`;
}

interface Subcommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean" }>;
  run(values: Record<string, string | boolean | undefined>, context: AdminContext, clock: Clock): Promise<number>;
}

const SUBCOMMANDS: Record<"list" | "confirm" | "reject" | "webhook", Subcommand> = {
  list: {
    usage: LIST_USAGE,
    options: { tenant: { type: "string" }, status: { type: "string" } },
    async run(values, context, clock) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, LIST_USAGE);
      const status = readStatus(values.status as string | undefined);
      if (!status.ok) return refuse(context, status.error, LIST_USAGE);
      return withTenantId(context, tenant.value, "list the receipts", async (database, tenantId) => {
        const adapters = databaseAdapters(database, clock);
        const receipts = await adapters.cardToCardReceipts.list(tenantId, {
          ...(status.value ? { status: status.value } : {}),
          limit: 200,
        });
        const refs = new Map<string, string>();
        for (const receipt of receipts)
          if (receipt.bookingId && !refs.has(receipt.bookingId))
            refs.set(receipt.bookingId, (await adapters.bookings.findById(tenantId, receipt.bookingId))?.reference ?? "?");
        context.io.out(formatReceipts(tenant.value, receipts, refs));
        return 0;
      });
    },
  },

  confirm: {
    usage: CONFIRM_USAGE,
    options: { tenant: { type: "string" }, receipt: { type: "string" }, booking: { type: "string" }, by: { type: "string" } },
    async run(values, context, clock) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, CONFIRM_USAGE);
      const receipt = readRequired("receipt", values.receipt as string | undefined, "the receipt's id, from `card-to-card list`");
      if (!receipt.ok) return refuse(context, receipt.error, CONFIRM_USAGE);
      const booking = readRequired("booking", values.booking as string | undefined, "the reference of the booking the money was for");
      if (!booking.ok) return refuse(context, booking.error, CONFIRM_USAGE);
      const by = printable((values.by as string | undefined) ?? "") || "operator";
      return withTenantId(context, tenant.value, "confirm the receipt", async (database, tenantId) => {
        const log = { warn: () => undefined };
        const adapters = databaseAdapters(database, clock, { credentialsKey: context.credentialsKey?.(), log });
        const notifications = createNotifications({ smsFor: adapters.smsForTenantId, log });
        const deps = await cardToCardDeps(adapters, tenantId, clock, (paid, tickets) => notifications.ticketIssued(paid, tickets));
        const result = await confirmReceipt({ tenantId, receiptId: receipt.value, bookingReference: booking.value, operator: by }, deps);
        if (!result.ok) {
          switch (result.error) {
            case "NOT_FOUND":
              return fail(context, `Tenant ${printable(tenant.value)} has no receipt ${receipt.value}: see \`card-to-card list\`.`);
            case "NOT_PENDING":
              return fail(context, `Receipt ${receipt.value} is not pending any more: nothing changed.`);
            case "BOOKING_NOT_FOUND":
              return fail(context, `Tenant ${printable(tenant.value)} has no booking ${booking.value}.`);
            case "BOOKING_NOT_PAYABLE":
              return fail(
                context,
                `Booking ${booking.value} can no longer be paid (paid, expired or cancelled): the money of receipt ${receipt.value} must be returned to the payer. The receipt stays pending.`,
              );
          }
        }
        context.io.out(`Receipt ${receipt.value} confirmed by ${by}: booking ${result.booking.reference} is ${result.booking.status}.\n`);
        return 0;
      });
    },
  },

  reject: {
    usage: REJECT_USAGE,
    options: { tenant: { type: "string" }, receipt: { type: "string" }, reason: { type: "string" }, by: { type: "string" } },
    async run(values, context, clock) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, REJECT_USAGE);
      const receipt = readRequired("receipt", values.receipt as string | undefined, "the receipt's id, from `card-to-card list`");
      if (!receipt.ok) return refuse(context, receipt.error, REJECT_USAGE);
      const reason = readRequired("reason", values.reason as string | undefined, "why it is rejected");
      if (!reason.ok) return refuse(context, reason.error, REJECT_USAGE);
      const by = printable((values.by as string | undefined) ?? "") || "operator";
      return withTenantId(context, tenant.value, "reject the receipt", async (database, tenantId) => {
        const adapters = databaseAdapters(database, clock);
        const result = await rejectReceipt(
          { tenantId, receiptId: receipt.value, reason: reason.value, operator: by },
          { receipts: adapters.cardToCardReceipts, clock },
        );
        if (!result.ok)
          return fail(
            context,
            result.error === "NOT_FOUND"
              ? `Tenant ${printable(tenant.value)} has no receipt ${receipt.value}.`
              : `Receipt ${receipt.value} is not pending: nothing changed.`,
          );
        context.io.out(`Receipt ${receipt.value} rejected by ${by}.\n`);
        return 0;
      });
    },
  },

  webhook: {
    usage: WEBHOOK_USAGE,
    options: { tenant: { type: "string" }, host: { type: "string" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, WEBHOOK_USAGE);
      const host = readRequired("host", values.host as string | undefined, "the tenant's public host");
      if (!host.ok) return refuse(context, host.error, WEBHOOK_USAGE);
      const key = context.credentialsKey?.();
      if (!credentialsKeySet(key)) return fail(context, "CREDENTIALS_KEY is not set: the webhook's secret is stored encrypted with it.");
      return withTenantId(context, tenant.value, "make the webhook's secret", async (database, tenantId) => {
        const secret = randomBytes(24).toString("base64url");
        await createCredentialStore(database.db, { key }).put(tenantId, INBOUND_SMS_CREDENTIAL_KIND, { secret });
        context.io.out(`https://${host.value}${INBOUND_SMS_PATH}/${secret}\n`);
        return 0;
      });
    },
  },
};

export function createCardToCardCommand(options: { now?: () => Date } = {}): AdminCommand {
  const clock: Clock = { now: options.now ?? (() => new Date()) };
  return {
    name: "card-to-card",
    summary: "list card-to-card receipts, confirm or reject a pending one, or set the inbound SMS webhook",
    usage: USAGE,
    async run(args, context) {
      // `confirm <receipt id> --booking …` as well as `confirm --receipt <id> …`.
      const [name, first, ...rest] = args;
      const given =
        (name === "confirm" || name === "reject") && first !== undefined && !first.startsWith("-")
          ? [name, "--receipt", first, ...rest]
          : args;
      const chosen = parseSubcommand(given, context, { name: "card-to-card", usage: USAGE, subcommands: SUBCOMMANDS });
      return typeof chosen === "number" ? chosen : chosen.subcommand.run(chosen.values, context, clock);
    },
  };
}

export const cardToCardCommand = createCardToCardCommand();
