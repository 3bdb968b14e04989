/**
 * `npm run admin -- discount <create|list|disable> …`: a tenant's discount codes. Codes are never
 * deleted, since bookings refer to them; an operator disables one instead.
 */
import { userInfo } from "node:os";
import {
  createDiscountCodeStore,
  type DiscountCodeStore,
  type NewDiscountCode,
  type StoredDiscountCode,
} from "#adapters/db/discount-code-store.ts";
import { isWellFormedDiscountCode, normalizeDiscountCode, type DiscountKind } from "#core/booking/discount.ts";
import { TEHRAN_OFFSET_MINUTES, instantMillis } from "#core/flights/clock.ts";
import { readWholeNumber } from "#core/back-office/secrets.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import { addDays, isIsoDate } from "#core/search/dates.ts";
import { SERVICE_IDS, type ServiceId } from "#core/services/service-ids.ts";
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

/** Services a code can be limited to: every bookable one (the blog sells nothing). */
export const DISCOUNTABLE_SERVICES: readonly ServiceId[] = SERVICE_IDS.filter((service) => service !== "blog");

/** PostgreSQL's `integer`, the type of every amount and limit of a code. */
const MAX_INTEGER = 2_147_483_647;
const MAX_NOTE_LENGTH = 500;
const MAX_OPERATOR_LENGTH = 100;

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

// A whole number as typed (Latin, Persian or Arabic digits, grouped or not): the core reads it for every screen and command.
export { readWholeNumber };

function wholeNumberOption(name: string, text: string, min: number, max: number, what: string): Parsed<number> {
  const value = readWholeNumber(text);
  if (value === null || value < min || value > max) {
    return { ok: false, error: `--${name} must be ${what} (got "${printable(text)}")` };
  }
  return { ok: true, value };
}

const grouped = new Intl.NumberFormat("en-US", { useGrouping: true, maximumFractionDigits: 0 });
export const formatNumber = (value: number): string => grouped.format(value);

const TEHRAN_OFFSET = "+03:30";
const ZONE = /(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * One end of a code's window: an ISO date means 00:00 Tehran of that day for the start and the end
 * of that day (00:00 Tehran of the next) for the end; a datetime without an offset is Tehran time.
 */
export function readWindowEdge(text: string, edge: "start" | "end"): Date | null {
  const value = latinDigits(text.trim()).replace(/z$/, "Z");
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    if (!isIsoDate(value)) return null;
    return new Date(instantMillis(`${edge === "end" ? addDays(value, 1) : value}T00:00:00${TEHRAN_OFFSET}`)!);
  }
  const datetime = value.replace(/^(\d{4}-\d{2}-\d{2}) (?=\d)/, "$1T");
  const millis = instantMillis(ZONE.test(datetime) ? datetime : `${datetime}${TEHRAN_OFFSET}`);
  return millis === null ? null : new Date(millis);
}

/** An instant as Tehran wall-clock time, to the minute: `2025-03-21 00:00`. */
export function tehranTime(date: Date): string {
  return new Date(date.getTime() + TEHRAN_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16).replace("T", " ");
}

function windowEdgeOption(name: "from" | "until", text: string): Parsed<Date> {
  const date = readWindowEdge(text, name === "from" ? "start" : "end");
  const shown = printable(text);
  if (!date) {
    return {
      ok: false,
      error: `--${name} must be a date (2025-03-21) or a datetime (2025-03-21T18:30, Tehran time unless it has an offset) (got "${shown}")`,
    };
  }
  const year = Number(tehranTime(date).slice(0, 4));
  if (year < 1900 || year > 2999) {
    return {
      ok: false,
      error: `--${name} "${shown}" is not a Gregorian date of this era${year >= 1300 && year < 1500 ? " (it looks like a Persian date: give the Gregorian one)" : ""}`,
    };
  }
  return { ok: true, value: date };
}

export function readServices(text: string): Parsed<ServiceId[]> {
  const names = text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return { ok: false, error: "--services needs at least one service (leave it out for all services)" };
  const services: ServiceId[] = [];
  for (const name of names) {
    const service = DISCOUNTABLE_SERVICES.find((candidate) => candidate === name);
    if (!service)
      return {
        ok: false,
        error: `Unknown service "${printable(name)}" in --services; the services are ${DISCOUNTABLE_SERVICES.join(", ")}`,
      };
    if (!services.includes(service)) services.push(service);
  }
  return { ok: true, value: services };
}

function readCode(text: string | undefined): Parsed<string> {
  if (text === undefined || text.trim() === "") return { ok: false, error: "--code is required" };
  const code = normalizeDiscountCode(text);
  if (!isWellFormedDiscountCode(code))
    return { ok: false, error: `--code must be 3 to 32 Latin letters and digits (got "${printable(text)}")` };
  return { ok: true, value: code };
}

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

/** Everything of a new code but its tenant's id, read from the options; the first problem otherwise. */
export function readCreateOptions(
  values: CreateValues,
  now: Date,
  operator: () => string,
): Parsed<{ tenant: string; code: Omit<NewDiscountCode, "tenantId"> }> {
  const tenant = readTenant(values.tenant);
  if (!tenant.ok) return tenant;
  const code = readCode(values.code);
  if (!code.ok) return code;

  if (values.percent !== undefined && values.amount !== undefined)
    return { ok: false, error: "Give either --percent or --amount, not both" };
  if (values.percent === undefined && values.amount === undefined)
    return { ok: false, error: "Give --percent <1-100> or --amount <tomans>" };
  let kind: DiscountKind;
  let amount: number;
  let maxDiscount: number | null = null;
  if (values.percent !== undefined) {
    const percent = wholeNumberOption("percent", values.percent, 1, 100, "a whole number from 1 to 100");
    if (!percent.ok) return percent;
    kind = "percent";
    amount = percent.value;
    if (values.max !== undefined) {
      const max = wholeNumberOption("max", values.max, 1, MAX_INTEGER, `a whole number of tomans from 1 to ${formatNumber(MAX_INTEGER)}`);
      if (!max.ok) return max;
      maxDiscount = max.value;
    }
  } else {
    if (values.max !== undefined) return { ok: false, error: "--max caps a percentage; a fixed --amount needs no cap" };
    const fixed = wholeNumberOption(
      "amount",
      values.amount!,
      1,
      MAX_INTEGER,
      `a whole number of tomans from 1 to ${formatNumber(MAX_INTEGER)}`,
    );
    if (!fixed.ok) return fixed;
    kind = "fixed";
    amount = fixed.value;
  }

  let minTotal = 0;
  if (values["min-total"] !== undefined) {
    const parsed = wholeNumberOption(
      "min-total",
      values["min-total"],
      0,
      MAX_INTEGER,
      `a whole number of tomans from 0 to ${formatNumber(MAX_INTEGER)}`,
    );
    if (!parsed.ok) return parsed;
    minTotal = parsed.value;
  }
  const limits: { maxUses: number | null; maxUsesPerMobile: number | null } = { maxUses: null, maxUsesPerMobile: null };
  for (const [name, key] of [
    ["max-uses", "maxUses"],
    ["max-uses-per-mobile", "maxUsesPerMobile"],
  ] as const) {
    const text = values[name];
    if (text === undefined) continue;
    const parsed = wholeNumberOption(name, text, 1, MAX_INTEGER, `a whole number from 1 to ${formatNumber(MAX_INTEGER)}`);
    if (!parsed.ok) return parsed;
    limits[key] = parsed.value;
  }

  let validFrom = now;
  if (values.from !== undefined) {
    const from = windowEdgeOption("from", values.from);
    if (!from.ok) return from;
    validFrom = from.value;
  }
  if (values.until === undefined) return { ok: false, error: "--until is required: the date (Tehran time) the code ends, e.g. 2025-04-02" };
  const until = windowEdgeOption("until", values.until);
  if (!until.ok) return until;
  const validUntil = until.value;
  if (validUntil <= validFrom) {
    return {
      ok: false,
      error: `--until (${tehranTime(validUntil)}) must be after --from (${tehranTime(validFrom)}${values.from === undefined ? ", now" : ""}), Tehran time`,
    };
  }
  if (validUntil <= now) return { ok: false, error: `--until (${tehranTime(validUntil)} Tehran time) has already passed` };

  let services: ServiceId[] = [];
  if (values.services !== undefined) {
    const parsed = readServices(values.services);
    if (!parsed.ok) return parsed;
    services = parsed.value;
  }

  const note = values.note === undefined ? null : printable(values.note) || null;
  if (note !== null && [...note].length > MAX_NOTE_LENGTH)
    return { ok: false, error: `--note may have at most ${MAX_NOTE_LENGTH} characters` };
  const createdBy = printable(values.by ?? operator());
  if (createdBy === "") return { ok: false, error: "--by needs the name of the operator creating the code" };
  if ([...createdBy].length > MAX_OPERATOR_LENGTH) return { ok: false, error: `--by may have at most ${MAX_OPERATOR_LENGTH} characters` };

  return {
    ok: true,
    value: {
      tenant: tenant.value,
      code: { code: code.value, kind, amount, maxDiscount, minTotal, services, validFrom, validUntil, ...limits, note, createdBy },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Showing codes

/** `10% (max 200,000)`, `10%` or `50,000 toman`. */
export function formatDiscount(code: Pick<StoredDiscountCode, "kind" | "amount" | "maxDiscount">): string {
  if (code.kind === "fixed") return `${formatNumber(code.amount)} toman`;
  return code.maxDiscount === null ? `${code.amount}%` : `${code.amount}% (max ${formatNumber(code.maxDiscount)})`;
}

export function discountStatus(code: StoredDiscountCode, now: Date): "disabled" | "ended" | "not started" | "used up" | "active" {
  if (!code.active) return "disabled";
  if (code.validUntil <= now) return "ended";
  if (code.validFrom > now) return "not started";
  if (code.maxUses !== null && code.uses >= code.maxUses) return "used up";
  return "active";
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
  work: (store: DiscountCodeStore, tenantId: string) => Promise<number>,
): Promise<number> {
  return withDatabase(context, action, async (database) => {
    const store = createDiscountCodeStore(database.db);
    const tenantId = await store.tenantIdBySlug(slug);
    if (!tenantId) return unknownTenant(context, slug, await store.tenantSlugs());
    return work(store, tenantId);
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
      return withTenant(context, tenant, "create the code", async (store, tenantId) => {
        const created = await store.create({ ...code, tenantId });
        if (!created.ok) {
          const existing = await store.find(tenantId, code.code);
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
      return withTenant(context, tenant.value, "list the codes", async (store, tenantId) => {
        const codes = await store.list({ tenantId, now, includeEnded });
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
    async run(values, context) {
      const tenant = readTenant(values.tenant as string | undefined);
      if (!tenant.ok) return refuse(context, tenant.error, DISABLE_USAGE);
      const code = readCode(values.code as string | undefined);
      if (!code.ok) return refuse(context, code.error, DISABLE_USAGE);
      return withTenant(context, tenant.value, "disable the code", async (store, tenantId) => {
        const slug = printable(tenant.value);
        const result = await store.disable(tenantId, code.value);
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
