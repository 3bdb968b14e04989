/**
 * `npm run admin -- credit <show|set> …`: a traveller's wallet balance and the credit an operator
 * grants it (issue 10). Each change of a credit limit is kept with who made it and why; the money
 * itself moves only through the ledger, never from here.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#adapters/db/client.ts";
import { createLedgerRepository } from "#adapters/db/ledger-repository.ts";
import { tenants, users } from "#adapters/db/schema.ts";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import type { LedgerRepository } from "#core/wallet/ports.ts";
import { MAX_CREDIT_LIMIT, balanceOf, type CreditGrant, type LedgerBalance } from "#core/wallet/ledger.ts";
import { formatNumber, readWholeNumber, tehranTime } from "./discount.ts";
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

const MAX_OPERATOR_LENGTH = 100;
const MAX_REASON_LENGTH = 500;

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

export function readMobile(text: string | undefined): Parsed<string> {
  if (text === undefined || text.trim() === "")
    return { ok: false, error: "--mobile is required: the account's mobile number, e.g. 09121234567" };
  const mobile = normalizeMobile(text);
  return mobile
    ? { ok: true, value: mobile }
    : { ok: false, error: `--mobile must be an Iranian mobile number, e.g. 09121234567 (got "${printable(text)}")` };
}

export function readLimit(text: string | undefined): Parsed<number> {
  if (text === undefined || text.trim() === "") return { ok: false, error: "--limit is required: whole tomans, 0 to take the credit away" };
  const value = readWholeNumber(text);
  if (value === null || value > MAX_CREDIT_LIMIT)
    return { ok: false, error: `--limit must be whole tomans from 0 to ${formatNumber(MAX_CREDIT_LIMIT)} (got "${printable(text)}")` };
  return { ok: true, value };
}

/** --by and --reason are stored as typed but terminal-safe, since `show` prints them back. */
export function readRecordText(name: "by" | "reason", text: string | undefined): Parsed<string> {
  const value = printable(text ?? "");
  const max = name === "by" ? MAX_OPERATOR_LENGTH : MAX_REASON_LENGTH;
  if (value === "")
    return {
      ok: false,
      error: name === "by" ? "--by is required: who grants the credit" : "--reason is required: why the credit is granted",
    };
  if ([...value].length > max) return { ok: false, error: `--${name} may have at most ${max} characters` };
  return { ok: true, value };
}

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
  work: (input: { ledger: LedgerRepository; tenantId: string; userId: string }) => Promise<number>,
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
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenant.id), eq(users.mobile, mobile)));
    if (!user)
      return fail(
        context,
        `Tenant ${printable(slug)} has no account with the mobile ${mobile}: the traveller opens one by signing in once.`,
      );
    return work({ ledger: createLedgerRepository(db), tenantId: tenant.id, userId: user.id });
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
        const wallet = await ledger.findWallet(tenantId, userId);
        const balance = wallet ? await ledger.balance(wallet.id) : balanceOf(0, 0);
        const history = wallet ? await ledger.creditHistory(wallet.id) : [];
        context.io.out(formatWallet({ slug: tenant.value, mobile: mobile.value, balance, opened: wallet !== null, history }));
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
      return withAccount(context, tenant.value, mobile.value, "set the credit limit", async ({ ledger, tenantId, userId }) => {
        const wallet = await ledger.walletOf(tenantId, userId);
        const where = `the wallet of ${mobile.value} at tenant ${printable(tenant.value)}`;
        // Nothing changes, so nothing is recorded: the history lists changes, not confirmations.
        if (wallet.creditLimit === limit.value) {
          context.io.out(`The credit limit of ${where} is already ${tomans(limit.value)}; nothing recorded.\n`);
          return 0;
        }
        const changed = await ledger.setCreditLimit(wallet.id, limit.value, by.value, reason.value, now());
        const balance = await ledger.balance(wallet.id);
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
