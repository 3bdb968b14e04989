/**
 * `npm run admin -- invoices list|file`: official invoices (issue 23 §1). `list` shows invoices by
 * status, `overdue` being every one not accepted 60 hours after payment (so none passes the 72
 * hours unseen); `file` makes a booking's invoice now if it is missing and takes its next filing
 * step at once, through the same use case the worker runs; `setup` gives an agency its tax
 * profile and, for Moadian, stores its key encrypted.
 */
import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { asc, eq } from "drizzle-orm";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import type { DatabaseHandle } from "#adapters/db/client.ts";
import { createPaymentRepository } from "#adapters/db/payment-repository.ts";
import { createRefundRepository } from "#adapters/db/refund-repository.ts";
import { tenants } from "#adapters/db/schema.ts";
import { createTaxInvoiceRepository } from "#adapters/db/tax-invoice-repository.ts";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import type { Clock } from "#core/ports.ts";
import { OVERDUE_AFTER_HOURS } from "#core/tax/backoff.ts";
import { fileBookingNow, hoursSincePayment, type TaxFilingDeps } from "#core/tax/file-invoices.ts";
import { TAX_INVOICE_STATUSES } from "#core/tax/invoice.ts";
import { isMemoryId } from "#core/tax/tax-id.ts";
import { TAX_REGISTRIES, type TaxProfile } from "#core/tax/tax-profile.ts";
import { MOADIAN_CREDENTIAL_KIND } from "#adapters/tax/moadian/moadian-registry.ts";
import type { TaxInvoiceListing } from "#core/tax/ports.ts";
import { createTaxRegistries } from "../../tax-registries.ts";
import {
  credentialsKeySet,
  parseSubcommand,
  printable,
  readTenant,
  refuse,
  unknownTenant,
  withDatabase,
  type AdminCommand,
  type AdminContext,
  type Parsed,
  type SubcommandShape,
} from "./shared.ts";

const LIST_STATUSES = ["overdue", ...TAX_INVOICE_STATUSES, "all"] as const;
type ListStatus = (typeof LIST_STATUSES)[number];

const LIST_USAGE = [
  "Usage: npm run admin -- invoices list [--status <status>] [--tenant <slug>]",
  "",
  "Lists official invoices, oldest payment first: tenant, booking reference, tax id, status,",
  "attempts, the last error and the hours since payment.",
  "",
  "Options:",
  `  --status <status>  overdue (default: not accepted ${OVERDUE_AFTER_HOURS} hours after payment),`,
  "                     pending, submitted, accepted, refused, failed or all",
  "  --tenant <slug>    only this agency",
  "  -h, --help         this help",
  "",
].join("\n");

const FILE_USAGE = [
  "Usage: npm run admin -- invoices file <booking reference> --tenant <slug>",
  "",
  "Makes the booking's official invoice if it has none, and files it now (or asks the registry",
  "about it when it was filed); a refused or failed invoice is filed afresh. Prints its status.",
  "",
  "Options:",
  "  --tenant <slug>  the booking's agency (required)",
  "  -h, --help       this help",
  "",
].join("\n");

const SETUP_USAGE = [
  "Usage: npm run admin -- invoices setup --tenant <slug> --registry <sandbox|moadian> --memory-id <id>",
  "           --economic-code <digits> --national-id <digits> --postal-code <digits> [--every-booking]",
  "           [--key-file <private key PEM> [--client-id <id>]]",
  "       npm run admin -- invoices setup --tenant <slug> --off",
  "",
  "Gives an agency its tax profile: the registry it files with, the fiscal memory id its tax ids",
  "start with and the seller's codes. Company purchases get an official invoice; with",
  "--every-booking every paid booking does. For moadian, the agency's RSA private key (PEM file)",
  "and client id (the memory id unless given) are stored encrypted with CREDENTIALS_KEY; they are",
  "never printed. --off removes the profile (no new invoices; those made are still filed).",
  "",
].join("\n");

const INVOICES_USAGE = [
  "Usage: npm run admin -- invoices <list|file|setup> [options]",
  "",
  "  list   official invoices by status (overdue by default)",
  "  file   make and file a booking's invoice now",
  "  setup  give an agency its tax profile (and its Moadian key)",
  "",
].join("\n");

export interface InvoicesCommandOptions {
  /** The clock (tests fix it). */
  now?: () => Date;
  /** Where Moadian tenants file (MOADIAN_BASE_URL); the environment's by default. */
  moadianBaseUrl?: string;
  fetch?: typeof fetch;
}

function readStatus(text: string | undefined): Parsed<ListStatus> {
  if (text === undefined) return { ok: true, value: "overdue" };
  const status = text.trim().toLowerCase();
  return (LIST_STATUSES as readonly string[]).includes(status)
    ? { ok: true, value: status as ListStatus }
    : { ok: false, error: `--status must be one of ${LIST_STATUSES.join(", ")} (got "${printable(text)}")` };
}

/** The invoices as a plain-text table; an empty one says so. */
export function formatInvoices(invoices: readonly TaxInvoiceListing[], now: Date): string {
  if (invoices.length === 0) return "No invoices.\n";
  const header = ["tenant", "booking", "tax id", "kind", "status", "attempts", "hours", "last error"];
  const rows = invoices.map((invoice) => [
    printable(invoice.tenantSlug),
    printable(invoice.bookingReference),
    invoice.taxId,
    invoice.kind,
    invoice.status,
    String(invoice.attempts),
    String(hoursSincePayment(invoice, now)),
    printable(invoice.lastError ?? "").slice(0, 80),
  ]);
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index]!.length)));
  const line = (values: string[]) =>
    values
      .map((value, index) => value.padEnd(widths[index]!))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line), ""].join("\n");
}

/** The invoices a `list` shows. */
export async function listInvoices(
  database: DatabaseHandle,
  filter: { status: ListStatus; tenantId?: string; now: Date },
): Promise<TaxInvoiceListing[]> {
  const repository = createTaxInvoiceRepository(database.db);
  const tenant = filter.tenantId ? { tenantId: filter.tenantId } : {};
  if (filter.status === "overdue")
    return repository.list({ ...tenant, overdueAt: new Date(filter.now.getTime() - OVERDUE_AFTER_HOURS * 3_600_000) });
  if (filter.status === "all") return repository.list(tenant);
  return repository.list({ ...tenant, status: filter.status });
}

async function tenantIdOf(database: DatabaseHandle, context: AdminContext, slug: string): Promise<string | number> {
  const [tenant] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
  if (tenant) return tenant.id;
  return unknownTenant(
    context,
    slug,
    (await database.db.select({ slug: tenants.slug }).from(tenants).orderBy(asc(tenants.slug))).map((row) => row.slug),
  );
}

interface Subcommand extends SubcommandShape {
  run(values: Record<string, string | boolean | undefined>, context: AdminContext, positional: string | undefined): Promise<number>;
}

export function createInvoicesCommand(options: InvoicesCommandOptions = {}): AdminCommand {
  const now = options.now ?? (() => new Date());
  const clock: Clock = { now };

  const subcommands: Record<"list" | "file" | "setup", Subcommand> = {
    setup: {
      usage: SETUP_USAGE,
      options: {
        tenant: { type: "string" },
        registry: { type: "string" },
        "memory-id": { type: "string" },
        "economic-code": { type: "string" },
        "national-id": { type: "string" },
        "postal-code": { type: "string" },
        "every-booking": { type: "boolean" },
        "key-file": { type: "string" },
        "client-id": { type: "string" },
        off: { type: "boolean" },
      },
      run: (values, context) => setupProfile(values, context),
    },
    list: {
      usage: LIST_USAGE,
      options: { status: { type: "string" }, tenant: { type: "string" } },
      async run(values, context) {
        const status = readStatus(values.status as string | undefined);
        if (!status.ok) return refuse(context, status.error, LIST_USAGE);
        return withDatabase(context, "list the invoices", async (database) => {
          let tenantId: string | undefined;
          if (typeof values.tenant === "string") {
            const found = await tenantIdOf(database, context, values.tenant.trim());
            if (typeof found === "number") return found;
            tenantId = found;
          }
          const at = now();
          context.io.out(
            formatInvoices(await listInvoices(database, { status: status.value, now: at, ...(tenantId ? { tenantId } : {}) }), at),
          );
          return 0;
        });
      },
    },
    file: {
      usage: FILE_USAGE,
      options: { tenant: { type: "string" } },
      async run(values, context, reference) {
        const tenant = readTenant(values.tenant as string | undefined);
        if (!tenant.ok) return refuse(context, tenant.error, FILE_USAGE);
        if (!reference?.trim()) return refuse(context, "The booking's reference is required.", FILE_USAGE);
        return withDatabase(context, "file the invoice", async (database) => {
          const tenantId = await tenantIdOf(database, context, tenant.value);
          if (typeof tenantId === "number") return tenantId;
          const warnings: string[] = [];
          const log = { warn: (_details: object, text: string) => void warnings.push(text) };
          const deps: TaxFilingDeps = {
            invoices: createTaxInvoiceRepository(database.db),
            bookings: createBookingRepository(database.db),
            payments: createPaymentRepository(database.db),
            refunds: createRefundRepository(database.db),
            registryFor: (seller) =>
              createTaxRegistries({
                credentials: createCredentialStore(database.db, { key: context.credentialsKey?.() }),
                moadianBaseUrl: options.moadianBaseUrl ?? process.env.MOADIAN_BASE_URL,
                ...(options.fetch ? { fetch: options.fetch } : {}),
                log,
              }).registryFor(seller),
            clock,
            log,
          };
          const result = await fileBookingNow({ tenantId, reference: reference.trim() }, deps);
          if (!result.ok) {
            const why = {
              BOOKING_NOT_FOUND: `No booking ${printable(reference)} at ${printable(tenant.value)}.`,
              NO_TAX_PROFILE: `${printable(tenant.value)} has no tax profile: it files no official invoices.`,
              NOT_INVOICED: "This booking gets no official invoice (not paid and issued, or not a company's purchase).",
            }[result.error];
            context.io.err(`${why}\n`);
            return 1;
          }
          const { invoice } = result;
          context.io.out(
            [
              `${invoice.kind} invoice ${invoice.taxId}: ${invoice.status} (${result.step}), attempts ${invoice.attempts}`,
              ...(invoice.lastError ? [`last error: ${printable(invoice.lastError)}`] : []),
              ...warnings.map((warning) => `warning: ${printable(warning)}`),
              "",
            ].join("\n"),
          );
          return 0;
        });
      },
    },
  };

  return {
    name: "invoices",
    summary: "official invoices: list them by status (overdue by default) or file a booking's now",
    usage: INVOICES_USAGE,
    async run(args, context) {
      // `file <reference>`: the one positional is taken out before the options are parsed.
      let positional: string | undefined;
      let rest = args;
      if (args[0] === "file" && args[1] !== undefined && !args[1].startsWith("-")) {
        positional = args[1];
        rest = [args[0], ...args.slice(2)];
      }
      const chosen = parseSubcommand(rest, context, { name: "invoices", usage: INVOICES_USAGE, subcommands });
      return typeof chosen === "number" ? chosen : chosen.subcommand.run(chosen.values, context, positional);
    },
  };
}

const DIGITS = (min: number, max: number) => new RegExp(`^\\d{${min},${max}}$`);

/** `invoices setup`: the tenant's tax profile, and for Moadian its key and client id, encrypted. */
async function setupProfile(values: Record<string, string | boolean | undefined>, context: AdminContext): Promise<number> {
  const tenant = readTenant(values.tenant as string | undefined);
  if (!tenant.ok) return refuse(context, tenant.error, SETUP_USAGE);
  if (values.off) {
    return withDatabase(context, "remove the tax profile", async (database) => {
      const tenantId = await tenantIdOf(database, context, tenant.value);
      if (typeof tenantId === "number") return tenantId;
      await database.db.update(tenants).set({ taxProfile: null, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
      context.io.out(`${printable(tenant.value)}: no tax profile; no new official invoices.\n`);
      return 0;
    });
  }
  const text = (name: string) => (typeof values[name] === "string" ? values[name].trim() : "");
  const registry = text("registry");
  if (!(TAX_REGISTRIES as readonly string[]).includes(registry))
    return refuse(context, `--registry must be ${TAX_REGISTRIES.join(" or ")}`, SETUP_USAGE);
  const memoryId = text("memory-id").toUpperCase();
  if (!isMemoryId(memoryId))
    return refuse(context, "--memory-id is the 6 Latin letters or digits the registry gave the agency", SETUP_USAGE);
  const checks: [string, RegExp, string][] = [
    ["economic-code", DIGITS(11, 14), "11 to 14 digits"],
    ["national-id", DIGITS(10, 11), "10 or 11 digits"],
    ["postal-code", DIGITS(10, 10), "10 digits"],
  ];
  for (const [name, pattern, what] of checks)
    if (!pattern.test(text(name))) return refuse(context, `--${name} must be ${what}`, SETUP_USAGE);
  let privateKey: string | null = null;
  if (registry === "moadian") {
    const keyFile = text("key-file");
    if (!keyFile) return refuse(context, "--key-file is required for moadian: the agency's RSA private key, PEM", SETUP_USAGE);
    try {
      privateKey = readFileSync(keyFile, "utf8");
      createPrivateKey(privateKey);
    } catch {
      return refuse(context, `--key-file: ${printable(keyFile)} is not a readable PEM private key`, SETUP_USAGE);
    }
    if (!credentialsKeySet(context.credentialsKey?.()))
      return refuse(context, "CREDENTIALS_KEY must be set: the key is stored encrypted with it", SETUP_USAGE);
  }
  const profile: TaxProfile = {
    registry,
    memoryId,
    economicCode: text("economic-code"),
    nationalId: text("national-id"),
    postalCode: text("postal-code"),
    invoiceEveryBooking: values["every-booking"] === true,
  };
  return withDatabase(context, "set the tax profile", async (database) => {
    const tenantId = await tenantIdOf(database, context, tenant.value);
    if (typeof tenantId === "number") return tenantId;
    await database.db.transaction(async (tx) => {
      if (privateKey)
        await createCredentialStore(tx, { key: context.credentialsKey?.() }).put(tenantId, MOADIAN_CREDENTIAL_KIND, {
          clientId: text("client-id") || memoryId,
          privateKey,
        });
      await tx.update(tenants).set({ taxProfile: profile, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
    });
    context.io.out(
      [
        `${printable(tenant.value)} files official invoices with ${registry} (memory id ${memoryId}),`,
        profile.invoiceEveryBooking ? "for every paid booking." : "for company purchases.",
        ...(privateKey ? ["Its Moadian client id and private key are stored encrypted."] : []),
        "",
      ].join("\n"),
    );
    return 0;
  });
}

export const invoicesCommand = createInvoicesCommand();
