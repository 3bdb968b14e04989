/**
 * `npm run admin -- discount <create|list|disable> …`: a tenant's discount codes. Codes are never
 * deleted, since bookings refer to them; an operator disables one instead.
 */
import { userInfo } from "node:os";
import { createAuditLog } from "#adapters/db/audit-log.ts";
import { createDiscountCodeStore, type DiscountCodeStore, type StoredDiscountCode } from "#adapters/db/discount-code-store.ts";
import { CLI_ACTOR, type AuditLog } from "#core/back-office/audit.ts";
import {
  DISCOUNTABLE_SERVICES,
  createDiscountCode,
  disableDiscountCode,
  discountStatus,
  formatNumber,
  listDiscountCodes,
  readDiscountCode,
  readNewDiscountCode,
  tehranTime,
  type DiscountCodeText,
  type NewDiscountCode,
} from "#core/booking/discount-codes.ts";
import {
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

// The readers moved to core, shared with the back-office and the admin API; the credit command
// and the tests still find them here.
export {
  DISCOUNTABLE_SERVICES,
  discountStatus,
  formatNumber,
  readServices,
  readWholeNumber,
  readWindowEdge,
  tehranTime,
} from "#core/booking/discount-codes.ts";

const DISCOUNT_USAGE = [
  "Usage: npm run admin -- discount <create|list|disable> [options]",
  "",
  "A tenant's discount codes. Codes are never deleted (bookings refer to them): disable them instead.",
  "",
  "Subcommands:",
  "  create   --tenant <slug> --code <CODE> (--percent <1-100> [--max <tomans>] | --amount <tomans>) --until <date> [options]",
  "  list     --tenant <slug> [--all]",
  "  disable  --tenant <slug> --code <CODE>",
  "",
  "Run `npm run admin -- discount <subcommand> --help` for the options of each.",
  "",
].join("\n");

const CREATE_USAGE = [
  "Usage: npm run admin -- discount create --tenant <slug> --code <CODE>",
  "         (--percent <1-100> [--max <tomans>] | --amount <tomans>) --until <date> [options]",
  "",
  "Creates a discount code of one tenant and prints it. Amounts are whole tomans; Persian digits and",
  "thousands separators (50,000) are accepted.",
  "",
  "Options:",
  "  --tenant <slug>          the tenant's slug, e.g. parvaz-sabz (required)",
  "  --code <CODE>            3 to 32 Latin letters and digits; case, spaces, dashes and Persian digits",
  "                           do not matter: it is stored upper case (required)",
  "  --percent <1-100>        a percentage of the order total off",
  "  --max <tomans>           with --percent: the largest discount (default: no cap)",
  "  --amount <tomans>        a fixed amount off (never more than the order total)",
  "  --min-total <tomans>     the smallest order total, before the discount, it applies to (default 0)",
  "  --from <date|datetime>   when it starts (default: now)",
  "  --until <date|datetime>  when it ends (required)",
  "  --max-uses N             uses in all (default: no limit)",
  "  --max-uses-per-mobile N  uses per contact mobile (default: no limit)",
  "  --services a,b,…         the services it applies to (default: all). One-way flights are `flight`,",
  "                           round trips `flightRtrip`; the others are",
  `                           ${DISCOUNTABLE_SERVICES.filter((service) => service !== "flight" && service !== "flightRtrip").join(", ")}`,
  "  --note <text>            why the code exists, for other operators",
  "  --by <name>              who creates it (default: your operating-system user name)",
  "  -h, --help               this help",
  "",
  "Dates are Gregorian, in Tehran time (UTC+03:30). A date alone (2025-03-21) means 00:00 of that day",
  "for --from and the end of that day (00:00 of the next) for --until. A datetime is 2025-03-21T18:30,",
  "or with its own offset 2025-03-21T15:00Z. The code is valid from --from up to, not including, --until.",
  "",
  "Examples:",
  "  npm run admin -- discount create --tenant parvaz-sabz --code NOROOZ10 --percent 10 --max 200,000 --until 2025-04-02",
  "  npm run admin -- discount create --tenant parvaz-sabz --code WELCOME --amount 50,000 --min-total 1,000,000 \\",
  "      --until 2025-06-30 --max-uses-per-mobile 1 --services flight,flightRtrip --note 'first booking'",
  "",
].join("\n");

const LIST_USAGE = [
  "Usage: npm run admin -- discount list --tenant <slug> [--all]",
  "",
  "Lists a tenant's discount codes, newest first: code, discount, minimum total, services, validity",
  "window (Tehran time), uses so far / allowed, uses allowed per mobile, status and note.",
  "",
  "Options:",
  "  --tenant <slug>  the tenant's slug, e.g. parvaz-sabz (required)",
  "  --all            also disabled codes and codes whose window has ended (default: only codes that",
  "                   are active and not yet ended)",
  "  -h, --help       this help",
  "",
].join("\n");

const DISABLE_USAGE = [
  "Usage: npm run admin -- discount disable --tenant <slug> --code <CODE>",
  "",
  "Disables a discount code: it is refused from now on. Bookings already made with it keep their",
  "discount. Codes are never deleted, and a disabled code cannot be created again.",
  "",
  "Options:",
  "  --tenant <slug>  the tenant's slug, e.g. parvaz-sabz (required)",
  "  --code <CODE>    the code (case, spaces, dashes and Persian digits do not matter) (required)",
  "  -h, --help       this help",
  "",
].join("\n");

export interface DiscountCommandOptions {
  /** The clock (tests fix it). */
  now?: () => Date;
  /** Who runs the command when `--by` is not given. */
  operator?: () => string;
}

/** The operating-system user running the command, recorded as the code's creator. */
export function operatingSystemUser(): string {
  try {
    const name = userInfo().username.trim();
    if (name) return name;
  } catch {
    // No passwd entry (some containers): fall back to the environment.
  }
  return process.env.USER?.trim() || process.env.LOGNAME?.trim() || "unknown";
}

// ---------------------------------------------------------------------------------------------
// Reading options

type CreateValues = Partial<
  Record<
    | "tenant"
    | "code"
    | "percent"
    | "max"
    | "amount"
    | "min-total"
    | "from"
    | "until"
    | "max-uses"
    | "max-uses-per-mobile"
    | "services"
    | "note"
    | "by",
    string
  >
>;

/** The command line's options by the core's field names. */
function codeText(values: CreateValues): DiscountCodeText {
  return {
    code: values.code,
    percent: values.percent,
    max: values.max,
    amount: values.amount,
    minTotal: values["min-total"],
    from: values.from,
    until: values.until,
    maxUses: values["max-uses"],
    maxUsesPerMobile: values["max-uses-per-mobile"],
    services: values.services,
    note: values.note,
    by: values.by,
  };
}

/** Everything of a new code but its tenant's id, read from the options; the first problem otherwise. */
export function readCreateOptions(
  values: CreateValues,
  now: Date,
  operator: () => string,
): Parsed<{ tenant: string; code: Omit<NewDiscountCode, "tenantId"> }> {
  const tenant = readTenant(values.tenant);
  if (!tenant.ok) return tenant;
  const read = readNewDiscountCode(codeText(values), now, operator);
  if (!read.ok) return { ok: false, error: read.errors[0]!.error };
  return { ok: true, value: { tenant: tenant.value, code: read.value } };
}

// ---------------------------------------------------------------------------------------------
// Showing codes

/** `10% (max 200,000)`, `10%` or `50,000 toman`. */
export function formatDiscount(code: Pick<StoredDiscountCode, "kind" | "amount" | "maxDiscount">): string {
  if (code.kind === "fixed") return `${formatNumber(code.amount)} toman`;
  return code.maxDiscount === null ? `${code.amount}%` : `${code.amount}% (max ${formatNumber(code.maxDiscount)})`;
}

const uses = (code: StoredDiscountCode) => `${code.uses}/${code.maxUses === null ? "∞" : code.maxUses}`;
const serviceList = (code: StoredDiscountCode) => (code.services.length === 0 ? "all" : code.services.join(","));
const validity = (code: StoredDiscountCode) => `${tehranTime(code.validFrom)} to ${tehranTime(code.validUntil)}`;

function cell(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text + " ".repeat(width - chars.length) : `${chars.slice(0, width - 1).join("")}…`;
}

const NOTE_WIDTH = 40;

/** The codes as a plain-text table, one line each; never raw control characters. */
export function formatDiscountTable(codes: readonly StoredDiscountCode[], now: Date): string {
  const titles = ["code", "discount", "min total", "services", "valid (Tehran time)", "uses", "per mobile", "status", "note"];
  const rows = codes.map((code) =>
    [
      code.code,
      formatDiscount(code),
      formatNumber(code.minTotal),
      serviceList(code),
      validity(code),
      uses(code),
      code.maxUsesPerMobile === null ? "-" : String(code.maxUsesPerMobile),
      discountStatus(code, now),
      code.note ?? "",
    ].map(printable),
  );
  const widths = titles.map((title, index) =>
    Math.min(
      index === titles.length - 1 ? NOTE_WIDTH : Infinity,
      Math.max([...title].length, ...rows.map((row) => [...row[index]!].length)),
    ),
  );
  const line = (values: string[]) =>
    values
      .map((value, index) => cell(value, widths[index]!))
      .join("  ")
      .trimEnd();
  return [line(titles), line(widths.map((width) => "-".repeat(width))), ...rows.map(line), ""].join("\n");
}

/** A created code, one field a line. */
export function formatDiscountSummary(code: StoredDiscountCode, tenant: string, now: Date): string {
  const untilMidnight = tehranTime(code.validUntil).endsWith(" 00:00");
  const lastDay = untilMidnight ? ` (until the end of ${tehranTime(new Date(code.validUntil.getTime() - 1)).slice(0, 10)})` : "";
  const fields: [string, string][] = [
    ["discount", code.kind === "fixed" ? `${formatDiscount(code)} off` : `${formatDiscount(code)} off the order total`],
    ["min total", code.minTotal === 0 ? "none" : `${formatNumber(code.minTotal)} toman`],
    ["services", code.services.length === 0 ? "all" : code.services.join(", ")],
    ["valid", `${validity(code)} Tehran time${lastDay}`],
    ["uses", code.maxUses === null ? "no limit" : `at most ${formatNumber(code.maxUses)}`],
    ["per mobile", code.maxUsesPerMobile === null ? "no limit" : `at most ${formatNumber(code.maxUsesPerMobile)}`],
    ["status", discountStatus(code, now)],
    ["note", code.note ?? "-"],
    ["created by", code.createdBy],
  ];
  return [
    `Created discount code ${code.code} of tenant ${printable(tenant)}:`,
    ...fields.map(([name, value]) => `  ${name.padEnd(10)}  ${printable(value)}`),
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Subcommands

interface Subcommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean"; short?: string }>;
  /** Returns the exit code; `values` are the parsed options, help excluded. */
  run(
    values: Record<string, string | boolean | undefined>,
    context: AdminContext,
    clock: Required<DiscountCommandOptions>,
  ): Promise<number>;
}

const TENANT_AND_CODE = { tenant: { type: "string" }, code: { type: "string" } } as const;

/** Opens the database, finds the tenant and runs `work`; an unknown tenant or a database error exits 1. */
async function withTenant(
  context: AdminContext,
  slug: string,
  action: string,
  work: (deps: { discountCodes: DiscountCodeStore; audit: AuditLog }, tenantId: string) => Promise<number>,
): Promise<number> {
  return withDatabase(context, action, async (database) => {
    const store = createDiscountCodeStore(database.db);
    const tenantId = await store.tenantIdBySlug(slug);
    if (!tenantId) return unknownTenant(context, slug, await store.tenantSlugs());
    return work({ discountCodes: store, audit: createAuditLog(database.db) }, tenantId);
  });
}

const SUBCOMMANDS: Record<"create" | "list" | "disable", Subcommand> = {
  create: {
    usage: CREATE_USAGE,
    options: {
      ...TENANT_AND_CODE,
      percent: { type: "string" },
      max: { type: "string" },
      amount: { type: "string" },
      "min-total": { type: "string" },
      from: { type: "string" },
      until: { type: "string" },
      "max-uses": { type: "string" },
      "max-uses-per-mobile": { type: "string" },
      services: { type: "string" },
      note: { type: "string" },
      by: { type: "string" },
    },
    async run(values, context, clock) {
      const now = clock.now();
      const read = readCreateOptions(values, now, clock.operator);
      if (!read.ok) return refuse(context, read.error, CREATE_USAGE);
      const { tenant, code } = read.value;
      return withTenant(context, tenant, "create the code", async (stores, tenantId) => {
        // The same use case as the back-office's form, recorded in the audit log as "cli".
        const created = await createDiscountCode({ ...stores, clock: { now: () => now } }, CLI_ACTOR, {
          tenantId,
          values: codeText(values),
          operator: () => code.createdBy,
        });
        if (!created.ok) {
          if (created.error === "INVALID") return refuse(context, created.errors[0]!.error, CREATE_USAGE);
          const existing = created.existing;
          const about = existing
            ? ` (created ${tehranTime(existing.createdAt)} Tehran time by ${printable(existing.createdBy)}, ${discountStatus(existing, now)})`
            : "";
          context.io.err(
            `Tenant ${printable(tenant)} already has the code ${code.code}${about}. Codes are never deleted or reused: choose another code.\n`,
          );
          return 1;
        }
        context.io.out(formatDiscountSummary(created.code, tenant, now));
        return 0;
      });
    },
  },

  list: {
    usage: LIST_USAGE,
    options: { tenant: { type: "string" }, all: { type: "boolean" } },
    async run(values, context, clock) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, LIST_USAGE);
      const now = clock.now();
      const includeEnded = values.all === true;
      return withTenant(context, tenant.value, "list the codes", async ({ discountCodes }, tenantId) => {
        const codes = await listDiscountCodes(discountCodes, { tenantId, now, status: includeEnded ? "all" : "live" });
        if (codes.length === 0) {
          const slug = printable(tenant.value);
          context.io.out(
            includeEnded
              ? `Tenant ${slug} has no discount codes.\n`
              : `Tenant ${slug} has no active discount codes (--all shows disabled and ended ones too).\n`,
          );
        } else {
          context.io.out(formatDiscountTable(codes, now));
        }
        return 0;
      });
    },
  },

  disable: {
    usage: DISABLE_USAGE,
    options: { ...TENANT_AND_CODE },
    async run(values, context, clock) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, DISABLE_USAGE);
      const code = readDiscountCode(values.code as string | undefined);
      if (!code.ok) return refuse(context, code.error, DISABLE_USAGE);
      return withTenant(context, tenant.value, "disable the code", async (stores, tenantId) => {
        const slug = printable(tenant.value);
        const outcome = await disableDiscountCode({ ...stores, clock: { now: clock.now } }, CLI_ACTOR, { tenantId, code: code.value });
        const result = outcome.ok ? outcome.result : "not-found";
        if (result === "not-found") {
          context.io.err(`Tenant ${slug} has no code ${code.value}\n`);
          return 1;
        }
        context.io.out(
          result === "disabled"
            ? `Disabled ${code.value} of tenant ${slug}: it is refused from now on; bookings already made with it keep their discount.\n`
            : `${code.value} of tenant ${slug} was already disabled.\n`,
        );
        return 0;
      });
    },
  },
};

export function createDiscountCommand(options: DiscountCommandOptions = {}): AdminCommand {
  const clock = { now: options.now ?? (() => new Date()), operator: options.operator ?? operatingSystemUser };
  return {
    name: "discount",
    summary: "create, list and disable a tenant's discount codes",
    usage: DISCOUNT_USAGE,
    async run(args, context) {
      const chosen = parseSubcommand(args, context, { name: "discount", usage: DISCOUNT_USAGE, subcommands: SUBCOMMANDS });
      return typeof chosen === "number" ? chosen : chosen.subcommand.run(chosen.values, context, clock);
    },
  };
}

export const discountCommand = createDiscountCommand();
