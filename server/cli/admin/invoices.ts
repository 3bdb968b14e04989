/**
 * `npm run admin -- invoices list|file`: official invoices (issue 23 §1). `list` shows invoices by
 * status, `overdue` being every one not accepted 60 hours after payment (so none passes the 72
 * hours unseen); `file` makes a booking's invoice now if it is missing and takes its next filing
 * step at once, through the same use case the worker runs.
 */
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
import type { TaxInvoiceListing } from "#core/tax/ports.ts";
import { createTaxRegistries } from "../../tax-registries.ts";
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

const INVOICES_USAGE = [
  "Usage: npm run admin -- invoices <list|file> [options]",
  "",
  "  list  official invoices by status (overdue by default)",
  "  file  make and file a booking's invoice now",
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

  const subcommands: Record<"list" | "file", Subcommand> = {
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

export const invoicesCommand = createInvoicesCommand();
