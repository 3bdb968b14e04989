/** `npm run admin -- client-errors [--tenant <slug>] [--limit N]`: the newest client error reports. */
import { parseArgs } from "node:util";
import { MAX_LISTED_REPORTS, createClientErrorRepository, type ListedClientErrorReport } from "#adapters/db/client-error-repository.ts";
import { PAGE_URL_LINE_PREFIX } from "#core/client-errors/limits.ts";
import { DEFAULT_REPORT_LIMIT, readReportLimit } from "#core/client-errors/listing.ts";
import { printable, type AdminCommand } from "./shared.ts";

export { DEFAULT_REPORT_LIMIT };

const USAGE = [
  "Usage: npm run admin -- client-errors [--tenant <slug>] [--limit N]",
  "",
  "Lists the newest error reports browsers sent (POST /userTask/createtikets/0), newest first:",
  "time (UTC), tenant, category, title, the first line of the text and the page URL.",
  "",
  "Options:",
  "  --tenant <slug>  only reports of this tenant (its slug, e.g. parvaz-sabz)",
  `  --limit N        how many reports, 1 to ${MAX_LISTED_REPORTS} (default ${DEFAULT_REPORT_LIMIT})`,
  "  -h, --help       this help",
  "",
].join("\n");

const COLUMNS = [
  { title: "time (UTC)", width: 20 },
  { title: "tenant", width: 16 },
  { title: "category", width: 16 },
  { title: "title", width: 36 },
  { title: "text", width: 48 },
  { title: "page", width: 60 },
] as const;

function cell(text: string, width: number): string {
  const clean = printable(text);
  const chars = [...clean];
  return chars.length <= width ? clean + " ".repeat(width - chars.length) : `${chars.slice(0, width - 1).join("")}…`;
}

function firstLine(text: string): string {
  return text.split(/\r?\n/).find((line) => line.trim() !== "" && !line.startsWith(PAGE_URL_LINE_PREFIX)) ?? "";
}

function time(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")}Z`;
}

/** The reports as a plain-text table, one line each; never raw control characters. */
export function formatClientErrorTable(reports: readonly ListedClientErrorReport[]): string {
  const line = (values: string[]) =>
    values
      .map((value, index) => cell(value, COLUMNS[index]!.width))
      .join("  ")
      .trimEnd();
  const rows = reports.map((report) =>
    line([time(report.createdAt), report.tenantSlug ?? "-", report.category, report.title, firstLine(report.text), report.pageUrl ?? "-"]),
  );
  return [line(COLUMNS.map((column) => column.title)), line(COLUMNS.map((column) => "-".repeat(column.width))), ...rows, ""].join("\n");
}

export const clientErrorsCommand: AdminCommand = {
  name: "client-errors",
  summary: "list the newest client error reports [--tenant <slug>] [--limit N]",
  usage: USAGE,
  async run(args, { io, openDatabase }) {
    let values: { tenant?: string; limit?: string; help?: boolean };
    try {
      ({ values } = parseArgs({
        args,
        options: { tenant: { type: "string" }, limit: { type: "string" }, help: { type: "boolean", short: "h" } },
        strict: true,
        allowPositionals: false,
      }));
    } catch (error) {
      io.err(`${printable((error as Error).message)}\n\n${USAGE}`);
      return 1;
    }
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const limit = readReportLimit(values.limit);
    if (limit === null) {
      io.err(`--limit must be a whole number from 1 to ${MAX_LISTED_REPORTS}\n\n${USAGE}`);
      return 1;
    }
    const tenant = values.tenant?.trim();
    if (tenant === "") {
      io.err(`--tenant needs a tenant's slug\n\n${USAGE}`);
      return 1;
    }

    const database = await openDatabase();
    try {
      const reports = await createClientErrorRepository(database.db).list({ tenantSlug: tenant, limit });
      if (reports.length === 0) {
        io.out(tenant ? `No client error reports for tenant ${printable(tenant)}.\n` : "No client error reports.\n");
      } else {
        io.out(formatClientErrorTable(reports));
      }
      return 0;
    } catch (error) {
      io.err(`Could not read the reports: ${printable((error as Error).message)}\n`);
      return 1;
    } finally {
      await database.close();
    }
  },
};
