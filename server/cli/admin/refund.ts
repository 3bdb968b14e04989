/**
 * `npm run admin -- refund <list|paid> …`: card refunds the agency pays by bank transfer to the
 * traveller's Sheba account (issue 16 §4). `list` shows a tenant's refunds; `paid` records once
 * that a card refund was transferred (who, when, the bank's reference), moves its booking to
 * refunded and tells the traveller by SMS in the booking's language. The rule is core's
 * (core/refunds/settle-card-refund.ts, through the audit log by core/back-office/refund-queue.ts);
 * this file reads options and prints.
 */
import { createAuditLog } from "#adapters/db/audit-log.ts";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { createRefundRepository } from "#adapters/db/refund-repository.ts";
import { REFUND_STATUSES, type RefundListing, type RefundStatus } from "#core/refunds/refund-booking.ts";
import { CLI_ACTOR } from "#core/back-office/audit.ts";
import { markRefundPaid } from "#core/back-office/refund-queue.ts";
import { SETTLEMENT_TEXT_MAX } from "#core/refunds/settle-card-refund.ts";
import type { Clock } from "#core/ports.ts";
import { tenantSmsSenders } from "../../database-adapters.ts";
import { createNotifications } from "../../notifications.ts";
import { formatNumber, tehranTime } from "./discount.ts";
import {
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

const REFUND_USAGE = [
  "Usage: npm run admin -- refund <list|paid> [options]",
  "",
  "Refunds to a card: the agency transfers the money to the traveller's Sheba account, then records",
  "it here once. Refunds to the wallet are credited at once and need nothing from an operator.",
  "",
  "Subcommands:",
  "  list  --tenant <slug> [--status requested|paid]",
  "  paid  --tenant <slug> --reference <refund reference> --bank-reference <text> --by <name>",
  "",
  "Run `npm run admin -- refund <subcommand> --help` for the options of each.",
  "",
].join("\n");

const LIST_USAGE = [
  "Usage: npm run admin -- refund list --tenant <slug> [--status requested|paid]",
  "",
  "Lists a tenant's refunds, newest first: the refund's reference, its booking's reference, the",
  "amount (tomans), where the money goes (card with its Sheba, or wallet), the status and when it",
  "was requested (Tehran time); a paid card refund also shows who recorded it and the bank's reference.",
  "",
  "Options:",
  "  --tenant <slug>     the tenant's slug, e.g. parvaz-sabz (required)",
  "  --status <status>   only refunds in this status: requested (waiting to be paid) or paid",
  "  -h, --help          this help",
  "",
].join("\n");

const PAID_USAGE = [
  "Usage: npm run admin -- refund paid --tenant <slug> --reference <refund reference>",
  "         --bank-reference <text> --by <name>",
  "",
  "Records that a card refund was transferred to the traveller: once, with who recorded it, when and",
  "the bank's reference of the transfer. The booking becomes refunded and the traveller gets an SMS",
  "in the booking's language. A refund already recorded is refused with what was recorded first.",
  "",
  "Options:",
  "  --tenant <slug>          the tenant's slug, e.g. parvaz-sabz (required)",
  "  --reference <reference>  the refund's reference from `refund list`, e.g. R7K2Q9M4X (required)",
  `  --bank-reference <text>  the bank's reference of the transfer (required, at most ${SETTLEMENT_TEXT_MAX} characters)`,
  `  --by <name>              who records it (required, at most ${SETTLEMENT_TEXT_MAX} characters)`,
  "  -h, --help               this help",
  "",
  "Example:",
  "  npm run admin -- refund paid --tenant hamsafar --reference R7K2Q9M4X \\",
  "      --bank-reference 'PAYA 140312150001234' --by 'Sara Ahmadi'",
  "",
].join("\n");

export interface RefundCommandOptions {
  /** The clock (tests fix it). */
  now?: () => Date;
}

function readStatus(text: string | undefined): Parsed<RefundStatus | undefined> {
  if (text === undefined) return { ok: true, value: undefined };
  const status = text.trim().toLowerCase();
  return (REFUND_STATUSES as readonly string[]).includes(status)
    ? { ok: true, value: status as RefundStatus }
    : { ok: false, error: `--status must be requested or paid (got "${printable(text)}")` };
}

function readRequired(name: "reference" | "bank-reference" | "by", text: string | undefined, what: string): Parsed<string> {
  const value = printable(text ?? "");
  if (value === "") return { ok: false, error: `--${name} is required: ${what}` };
  if ([...value].length > SETTLEMENT_TEXT_MAX) return { ok: false, error: `--${name} may have at most ${SETTLEMENT_TEXT_MAX} characters` };
  return { ok: true, value };
}

const tomans = (amount: number) => `${formatNumber(amount)} tomans`;

function destinationText(refund: RefundListing): string {
  return refund.destination === "card" ? `card ${refund.sheba ?? ""}`.trim() : "wallet";
}

/** One refund per line, then its settlement indented under it. */
export function formatRefunds(slug: string, refunds: readonly RefundListing[], status: RefundStatus | undefined): string {
  const which = status ? `${status} refunds` : "refunds";
  if (refunds.length === 0) return `Tenant ${printable(slug)} has no ${which}.\n`;
  const rows = refunds.map((refund) => [
    refund.reference,
    refund.bookingReference,
    tomans(refund.amount),
    destinationText(refund),
    refund.status,
    tehranTime(refund.createdAt),
  ]);
  const head = ["reference", "booking", "amount", "method", "status", "requested (Tehran)"];
  const widths = head.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  const lines = [`${refunds.length} ${which} of tenant ${printable(slug)}, newest first:`, line(head)];
  refunds.forEach((refund, index) => {
    lines.push(line(rows[index]!));
    if (refund.status === "paid" && refund.paidAt) {
      lines.push(
        `  paid ${tehranTime(refund.paidAt)}${refund.paidBy ? ` by ${printable(refund.paidBy)}` : ""}${refund.bankReference ? `, bank reference ${printable(refund.bankReference)}` : ""}`,
      );
    }
  });
  return `${lines.join("\n")}\n`;
}

interface Subcommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean" }>;
  run(values: Record<string, string | boolean | undefined>, context: AdminContext, clock: Clock): Promise<number>;
}

const SUBCOMMANDS: Record<"list" | "paid", Subcommand> = {
  list: {
    usage: LIST_USAGE,
    options: { tenant: { type: "string" }, status: { type: "string" } },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, LIST_USAGE);
      const status = readStatus(values.status as string | undefined);
      if (!status.ok) return refuse(context, status.error, LIST_USAGE);
      return withTenantId(context, tenant.value, "list the refunds", async (database, tenantId) => {
        const refunds = await createRefundRepository(database.db).listByTenant(tenantId, status.value ? { status: status.value } : {});
        context.io.out(formatRefunds(tenant.value, refunds, status.value));
        return 0;
      });
    },
  },

  paid: {
    usage: PAID_USAGE,
    options: { tenant: { type: "string" }, reference: { type: "string" }, "bank-reference": { type: "string" }, by: { type: "string" } },
    async run(values, context, clock) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, PAID_USAGE);
      const reference = readRequired("reference", values.reference as string | undefined, "the refund's reference, from `refund list`");
      if (!reference.ok) return refuse(context, reference.error, PAID_USAGE);
      const bankReference = readRequired(
        "bank-reference",
        values["bank-reference"] as string | undefined,
        "the bank's reference of the transfer",
      );
      if (!bankReference.ok) return refuse(context, bankReference.error, PAID_USAGE);
      const by = readRequired("by", values.by as string | undefined, "who records the payment");
      if (!by.ok) return refuse(context, by.error, PAID_USAGE);
      return withTenantId(context, tenant.value, "record the refund as paid", async (database, tenantId) => {
        // What the SMS sender reports goes into the command's answer, not a log nobody reads.
        const warnings: string[] = [];
        const log = {
          warn: (details: unknown, text?: string) =>
            void warnings.push([text, (details as { error?: unknown } | null)?.error].filter(Boolean).map(String).join(": ")),
        };
        const { smsForTenantId } = tenantSmsSenders(database, clock, { credentialsKey: context.credentialsKey?.(), log });
        const notifications = createNotifications({ smsFor: smsForTenantId, log });
        // The back-office's refund queue records the same way, so the audit log has both.
        const result = await markRefundPaid(
          {
            refunds: createRefundRepository(database.db),
            bookings: createBookingRepository(database.db),
            audit: createAuditLog(database.db),
            clock,
            notifyPaid: (booking, refund) =>
              notifications.refundPaid(booking, { amount: refund.amount, bankReference: refund.bankReference ?? "" }),
          },
          CLI_ACTOR,
          { tenantId, reference: reference.value, bankReference: bankReference.value, paidBy: by.value },
        );
        const slug = printable(tenant.value);
        if (!result.ok) {
          switch (result.error) {
            case "NOT_FOUND":
              return fail(
                context,
                `Tenant ${slug} has no refund with the reference ${reference.value}: see \`npm run admin -- refund list --tenant ${slug}\`.`,
              );
            case "NOT_A_CARD_REFUND":
              return fail(
                context,
                `Refund ${result.refund.reference} goes to the traveller's wallet and was credited by the system: there is nothing to record.`,
              );
            case "ALREADY_PAID": {
              const { refund } = result;
              return fail(
                context,
                `Refund ${refund.reference} was already recorded as paid${refund.paidAt ? ` on ${tehranTime(refund.paidAt)} (Tehran)` : ""}${refund.paidBy ? ` by ${printable(refund.paidBy)}` : ""}${refund.bankReference ? `, bank reference ${printable(refund.bankReference)}` : ""}; nothing changed.`,
              );
            }
            case "BANK_REFERENCE_INVALID":
              return refuse(context, `--bank-reference must be one line of at most ${SETTLEMENT_TEXT_MAX} characters`, PAID_USAGE);
            case "PAID_BY_INVALID":
              return refuse(context, `--by must be one line of at most ${SETTLEMENT_TEXT_MAX} characters`, PAID_USAGE);
          }
        }
        const { refund } = result;
        const lines = [
          `Refund ${refund.reference} of booking ${refund.bookingReference} (${tomans(refund.amount)} to ${destinationText(refund)}) is recorded as paid on ${tehranTime(refund.paidAt!)} (Tehran) by ${printable(refund.paidBy!)}, bank reference ${printable(refund.bankReference!)}.`,
          "The booking is now refunded.",
          result.notified
            ? "The traveller was sent an SMS."
            : `The traveller's SMS could not be sent${warnings.length > 0 ? ` (${warnings.map(printable).join("; ")})` : ""}; the payment stays recorded.`,
        ];
        context.io.out(`${lines.join("\n")}\n`);
        return 0;
      });
    },
  },
};

export function createRefundCommand(options: RefundCommandOptions = {}): AdminCommand {
  const now = options.now ?? (() => new Date());
  const clock: Clock = { now };
  return {
    name: "refund",
    summary: "list a tenant's refunds, or record a card refund as paid (once; the traveller gets an SMS)",
    usage: REFUND_USAGE,
    async run(args, context) {
      const chosen = parseSubcommand(args, context, { name: "refund", usage: REFUND_USAGE, subcommands: SUBCOMMANDS });
      return typeof chosen === "number" ? chosen : chosen.subcommand.run(chosen.values, context, clock);
    },
  };
}

export const refundCommand = createRefundCommand();
