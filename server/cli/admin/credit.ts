/**
 * `npm run admin -- credit <show|set> …`: a traveller's wallet balance and the credit an operator
 * grants it (issue 10). Each change of a credit limit is kept with who made it and why; the money
 * itself moves only through the ledger, never from here.
 */
import { asc, eq } from "drizzle-orm";
import { createAuditLog } from "#adapters/db/audit-log.ts";
import type { Database } from "#adapters/db/client.ts";
import { createCreditAccounts } from "#adapters/db/credit-accounts.ts";
import { createLedgerRepository } from "#adapters/db/ledger-repository.ts";
import { tenants } from "#adapters/db/schema.ts";
import { CLI_ACTOR, type AuditLog } from "#core/back-office/audit.ts";
import {
  MAX_GRANTOR_LENGTH as MAX_OPERATOR_LENGTH,
  MAX_REASON_LENGTH,
  creditWallet,
  readCreditLimit,
  readCreditMobile,
  readCreditRecordText,
  setWalletCreditLimit,
  type CreditRead,
} from "#core/wallet/credit-limits.ts";
import type { LedgerRepository } from "#core/wallet/ports.ts";
import { MAX_CREDIT_LIMIT, type CreditGrant, type LedgerBalance } from "#core/wallet/ledger.ts";
import { formatNumber, tehranTime } from "./discount.ts";
import {
  fail,
  parseSubcommand,
  printable,
  readTenant,
  refuse,
  unknownTenant,
  withDatabase,
  type AdminCommand,
  type AdminContext,
  type Parsed,
} from "./shared.ts";

const CREDIT_USAGE = [
  "Usage: npm run admin -- credit <show|set> [options]",
  "",
  "A traveller's wallet: its balance and the credit limit an operator grants it, how far below zero",
  "it may be spent. Every change of a limit is recorded with who made it and why.",
  "",
  "Subcommands:",
  "  show  --tenant <slug> --mobile <number>",
  `  set   --tenant <slug> --mobile <number> --limit <0-${formatNumber(MAX_CREDIT_LIMIT)}> --by <name> --reason <text>`,
  "",
  "Run `npm run admin -- credit <subcommand> --help` for the options of each.",
  "",
].join("\n");

const SHOW_USAGE = [
  "Usage: npm run admin -- credit show --tenant <slug> --mobile <number>",
  "",
  "Shows the wallet of a traveller's account: balance, credit limit, what may still be spent, and",
  "every change of its credit limit (Tehran time), newest first. Amounts are tomans.",
  "",
  "Options:",
  "  --tenant <slug>    the tenant's slug, e.g. parvaz-sabz (required)",
  "  --mobile <number>  the account's mobile number, e.g. 09121234567 or +989121234567 (required)",
  "  -h, --help         this help",
  "",
].join("\n");

const SET_USAGE = [
  `Usage: npm run admin -- credit set --tenant <slug> --mobile <number> --limit <0-${formatNumber(MAX_CREDIT_LIMIT)}>`,
  "         --by <name> --reason <text>",
  "",
  "Sets how far below zero a traveller's wallet may be spent, opening the wallet if it has none.",
  "0 takes the credit away. A limit lowered below what the wallet already owes keeps the debt: new",
  "debits are refused until money comes in.",
  "",
  "Options:",
  "  --tenant <slug>    the tenant's slug, e.g. parvaz-sabz (required)",
  "  --mobile <number>  the account's mobile number (required; the traveller must have signed in once)",
  "  --limit <tomans>   whole tomans; Persian digits and thousands separators are accepted (required)",
  `  --by <name>        who grants it, recorded with the change (required, at most ${MAX_OPERATOR_LENGTH} characters)`,
  `  --reason <text>    why, recorded with the change (required, at most ${MAX_REASON_LENGTH} characters)`,
  "  -h, --help         this help",
  "",
  "Example:",
  "  npm run admin -- credit set --tenant parvaz-sabz --mobile 09121234567 --limit 5,000,000 \\",
  "      --by 'Sara Ahmadi' --reason 'corporate client, contract 1403-17'",
  "",
].join("\n");

export interface CreditCommandOptions {
  /** The clock (tests fix it). */
  now?: () => Date;
}

// ---------------------------------------------------------------------------------------------
// Reading options

// The readers are the core's, shared with the back-office; the command line prints their sentence.
const parsed = <T>(read: CreditRead<T>): Parsed<T> => (read.ok ? read : { ok: false, error: read.error });
export const readMobile = (text: string | undefined) => parsed(readCreditMobile(text));
export const readLimit = (text: string | undefined) => parsed(readCreditLimit(text));
export const readRecordText = (name: "by" | "reason", text: string | undefined) => parsed(readCreditRecordText(name, text));

// ---------------------------------------------------------------------------------------------
// Output

const tomans = (amount: number) => `${formatNumber(amount)} tomans`;

export function formatWallet(input: {
  slug: string;
  mobile: string;
  balance: LedgerBalance;
  opened: boolean;
  history: readonly CreditGrant[];
}): string {
  const lines = [`Wallet of ${input.mobile} at tenant ${printable(input.slug)}${input.opened ? "" : " (not opened yet)"}:`];
  lines.push(
    `  balance       ${tomans(input.balance.balance)}`,
    `  credit limit  ${tomans(input.balance.creditLimit)}`,
    `  available     ${tomans(input.balance.available)}`,
  );
  if (input.history.length === 0) {
    lines.push("No credit has ever been granted.");
  } else {
    lines.push("Credit limit changes, newest first (Tehran time):");
    for (const grant of input.history)
      lines.push(
        `  ${tehranTime(grant.at)}  ${formatNumber(grant.creditLimit).padStart(11)}  by ${printable(grant.grantedBy)}: ${printable(grant.reason)}`,
      );
  }
  return `${lines.join("\n")}\n`;
}

// ---------------------------------------------------------------------------------------------
// Running

/** Opens the database, finds the tenant and the account of the number, and runs `work`; anything missing exits 1. */
async function withAccount(
  context: AdminContext,
  slug: string,
  mobile: string,
  action: string,
  work: (input: { ledger: LedgerRepository; audit: AuditLog; tenantId: string; userId: string }) => Promise<number>,
): Promise<number> {
  return withDatabase(context, action, async (database) => {
    const db: Database = database.db;
    const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
    if (!tenant)
      return unknownTenant(
        context,
        slug,
        (await db.select({ slug: tenants.slug }).from(tenants).orderBy(asc(tenants.slug))).map((row) => row.slug),
      );
    const userId = await createCreditAccounts(db).userIdByMobile(tenant.id, mobile);
    if (!userId)
      return fail(
        context,
        `Tenant ${printable(slug)} has no account with the mobile ${mobile}: the traveller opens one by signing in once.`,
      );
    return work({ ledger: createLedgerRepository(db), audit: createAuditLog(db), tenantId: tenant.id, userId });
  });
}

interface Subcommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean" }>;
  run(values: Record<string, string | boolean | undefined>, context: AdminContext, now: () => Date): Promise<number>;
}

const ACCOUNT = { tenant: { type: "string" }, mobile: { type: "string" } } as const;

const SUBCOMMANDS: Record<"show" | "set", Subcommand> = {
  show: {
    usage: SHOW_USAGE,
    options: { ...ACCOUNT },
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, SHOW_USAGE);
      const mobile = readMobile(values.mobile as string | undefined);
      if (!mobile.ok) return refuse(context, mobile.error, SHOW_USAGE);
      return withAccount(context, tenant.value, mobile.value, "show the wallet", async ({ ledger, tenantId, userId }) => {
        // Looking does not open a wallet.
        const wallet = await creditWallet(ledger, tenantId, userId);
        context.io.out(formatWallet({ slug: tenant.value, mobile: mobile.value, ...wallet }));
        return 0;
      });
    },
  },

  set: {
    usage: SET_USAGE,
    options: { ...ACCOUNT, limit: { type: "string" }, by: { type: "string" }, reason: { type: "string" } },
    async run(values, context, now) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, SET_USAGE);
      const mobile = readMobile(values.mobile as string | undefined);
      if (!mobile.ok) return refuse(context, mobile.error, SET_USAGE);
      const limit = readLimit(values.limit as string | undefined);
      if (!limit.ok) return refuse(context, limit.error, SET_USAGE);
      const by = readRecordText("by", values.by as string | undefined);
      if (!by.ok) return refuse(context, by.error, SET_USAGE);
      const reason = readRecordText("reason", values.reason as string | undefined);
      if (!reason.ok) return refuse(context, reason.error, SET_USAGE);
      return withAccount(context, tenant.value, mobile.value, "set the credit limit", async ({ ledger, audit, tenantId, userId }) => {
        // The same use case as the back-office's screen, recorded in the audit log as "cli".
        const changed = await setWalletCreditLimit({ ledger, audit, clock: { now } }, CLI_ACTOR, {
          tenantId,
          userId,
          mobile: mobile.value,
          limit: limit.value,
          by: by.value,
          reason: reason.value,
        });
        const where = `the wallet of ${mobile.value} at tenant ${printable(tenant.value)}`;
        if (!changed.changed) {
          context.io.out(`The credit limit of ${where} is already ${tomans(limit.value)}; nothing recorded.\n`);
          return 0;
        }
        const balance = changed.balance;
        const lines = [
          `The credit limit of ${where} is now ${tomans(changed.creditLimit)} (was ${tomans(changed.previous)}), set by ${by.value}: ${reason.value}`,
          `  balance ${tomans(balance.balance)}, available ${tomans(balance.available)}`,
        ];
        if (balance.available < 0)
          lines.push(`It owes more than the new limit allows: debits are refused until ${tomans(-balance.available)} more come in.`);
        context.io.out(`${lines.join("\n")}\n`);
        return 0;
      });
    },
  },
};

export function createCreditCommand(options: CreditCommandOptions = {}): AdminCommand {
  const now = options.now ?? (() => new Date());
  return {
    name: "credit",
    summary: "show a traveller's wallet, or set its credit limit (recorded with who and why)",
    usage: CREDIT_USAGE,
    async run(args, context) {
      const chosen = parseSubcommand(args, context, { name: "credit", usage: CREDIT_USAGE, subcommands: SUBCOMMANDS });
      return typeof chosen === "number" ? chosen : chosen.subcommand.run(chosen.values, context, now);
    },
  };
}

export const creditCommand = createCreditCommand();
